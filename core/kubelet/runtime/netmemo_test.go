package runtime

import (
	"slices"
	"testing"
	"time"
)

// countingNet serves one Service, web, and counts the requests it answers.
type countingNet struct{ lookups, gets int }

func (n *countingNet) Lookup(name string) (string, string, bool) {
	n.lookups++
	if name == "web" {
		return "web.default.svc.cluster.local", "10.96.0.20", true
	}
	return "", "", false
}

func (n *countingNet) HTTP(ip string, port int32, path string) (string, int, bool) {
	n.gets++
	return "hello from web", 200, false
}

func (n *countingNet) Nameserver() string { return "10.96.0.10" }

// A container's own wget reaches a Service through the cluster network, once
// per URL however often its loop asks; an unknown Service is a bad address
// (and the container fails); the internet answers quietly as before.
func TestAContainersOwnCommandsReachTheClustersServices(t *testing.T) {
	t0 := time.Unix(1000, 0)
	net := &countingNet{}
	s := spec(t, "docker.io/library/busybox", []string{"sh", "-c", "while true; do wget -qO- http://web; sleep 5; done"}, nil)
	s.Net = net
	p := Start(s)
	if p.Exits {
		t.Fatalf("the polling loop exited after %v", p.ExitAfter)
	}
	if got := p.Logs(t0, 12*time.Second, false); !slices.Equal(got, []string{"hello from web", "hello from web", "hello from web"}) {
		t.Errorf("logs after 12s = %q", got)
	}
	if net.gets != 1 {
		t.Errorf("the network answered %d requests, want 1 (kept for the process's life)", net.gets)
	}

	s = spec(t, "docker.io/library/busybox", []string{"wget", "-qO-", "http://nope"}, nil)
	s.Net = net
	if p := Start(s); !p.Exits || p.ExitCode != 1 || !slices.Equal(p.Logs(t0, time.Second, true), []string{"wget: bad address 'nope'"}) {
		t.Errorf("wget of an unknown Service: exits %v code %d logs %q", p.Exits, p.ExitCode, p.Logs(t0, time.Second, true))
	}

	s = spec(t, "docker.io/library/busybox", []string{"wget", "-O", "/work-dir/index.html", "http://info.cern.ch"}, nil)
	s.Net = net
	if p := Start(s); !p.Exits || p.ExitCode != 0 {
		t.Errorf("wget of an internet host: exits %v code %d", p.Exits, p.ExitCode)
	}
}
