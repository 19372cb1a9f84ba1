package cluster

import (
	"net"
	"testing"
)

// isIP answers as net.ParseIP does, which Lookup used before.
func TestIsIPAsNetParseIP(t *testing.T) {
	for _, s := range []string{
		"10.96.0.10", "0.0.0.0", "255.255.255.255", "256.1.1.1", "10.96.0", "10.96.0.10.1", "010.96.0.10",
		"::1", "fe80::1", "fe80::1%eth0", "::ffff:10.0.0.1", "2001:db8::", "2001:db8:::1", "[::1]",
		"", " 10.0.0.1", "10.0.0.1 ", "web", "web.default", "kube-dns.kube-system.svc.cluster.local", "1e3",
	} {
		if got, want := isIP(s), net.ParseIP(s) != nil; got != want {
			t.Errorf("isIP(%q) = %v, net.ParseIP says %v", s, got, want)
		}
	}
}
