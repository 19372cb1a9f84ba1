package ipaddr

import (
	"math/rand/v2"
	"net/netip"
	"testing"
)

// checkAsNetip compares Parse and IsPrefix on s with net/netip.
func checkAsNetip(t *testing.T, s string) {
	t.Helper()
	want, err := netip.ParseAddr(s)
	got, ok := Parse(s)
	if ok != (err == nil) {
		t.Fatalf("Parse(%q) ok = %v; netip.ParseAddr: %v", s, ok, err)
	}
	if ok && (got.Is4() != want.Is4() || got.Zone() != want.Zone() || got.Is4() && got.As4() != want.As4()) {
		t.Fatalf("Parse(%q) = %v %v %q; netip: %v", s, got.Is4(), got.As4(), got.Zone(), want)
	}
	if _, err := netip.ParsePrefix(s); IsPrefix(s) != (err == nil) {
		t.Fatalf("IsPrefix(%q) = %v; netip.ParsePrefix: %v", s, IsPrefix(s), err)
	}
}

func TestReadsAsNetip(t *testing.T) {
	for _, s := range []string{
		"", "1", "1.2.3.4", "0.0.0.0", "255.255.255.255", "256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", "1..2.3", ".1.2.3", "1.2.3.",
		"1.2.3.4%eth0", "1.2.3.4:80", "::", ":::", "::1", "1::", "1:", ":1", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7::",
		"::1:2:3:4:5:6:7", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6::7:8", "1::2::3", "12345::", "fffff::", "FFFF::", "g::",
		"::ffff:1.2.3.4", "::1.2.3.4", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "1:2:3:4:5::1.2.3.4",
		"1:2:3:4:5:6:7::1.2.3.4", "::a.2.3.4", "::256.2.3.4", "::01.2.3.4", "::1.2.3", "::1.2.3.4.5", "::1.2.3.4:5",
		"fe80::1%eth0", "fe80::1%", "fe80::1%a%b", "%eth0", "::%x", "::%",
		"10.0.0.0/8", "10.0.0.0/32", "10.0.0.0/33", "10.0.0.0/08", "10.0.0.0/0", "10.0.0.0/00", "10.0.0.0/+8", "10.0.0.0/-1",
		"10.0.0.0/", "10.0.0.0", "::/0", "::/128", "::/129", "fe80::1%eth0/64", "::ffff:1.2.3.4/96", "::ffff:1.2.3.4/129",
		"1.2.3.4/8/8", "/8", "2001:db8::/99999999999999999999", "10.0.0.0/+", "10.0.0.0/-",
	} {
		checkAsNetip(t, s)
	}
	r := rand.New(rand.NewPCG(3, 4))
	alphabet := []string{"0", "1", "9", "a", "f", "F", "g", ".", ":", ":", "::", "%", "/", "2", "25", "255", "256", "ffff", "12345", "1.2.3.4", "0"}
	for range 300000 {
		s := ""
		for range r.IntN(14) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		checkAsNetip(t, s)
	}
}

func FuzzReadsAsNetip(f *testing.F) {
	for _, s := range []string{"1.2.3.4", "::ffff:1.2.3.4", "fe80::1%eth0", "10.0.0.0/8", "1:2:3:4:5:6:7:8", "::/0"} {
		f.Add(s)
	}
	f.Fuzz(checkAsNetip)
}
