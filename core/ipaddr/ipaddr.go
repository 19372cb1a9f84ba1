// Package ipaddr reads IP addresses and CIDR prefixes exactly as net/netip's
// ParseAddr and ParsePrefix accept them, without net/netip in the wasm (it
// brings package unique and its concurrent map: 40 KB of code).
package ipaddr

import (
	"strconv"
	"strings"
)

// Addr is an IP address read by Parse.
type Addr struct {
	v4   [4]byte
	is4  bool
	zone string
}

// Is4 reports whether a is an IPv4 address written as such ("10.0.0.1";
// "::ffff:10.0.0.1" is IPv6).
func (a Addr) Is4() bool { return a.is4 }

// As4 is an IPv4 address's four bytes.
func (a Addr) As4() [4]byte { return a.v4 }

// Zone is an IPv6 address's zone ("eth0" of "fe80::1%eth0"), or "".
func (a Addr) Zone() string { return a.zone }

// Parse reads s as netip.ParseAddr does: dotted-decimal IPv4 without
// leading zeros, or IPv6 (at most one "::", an embedded IPv4 address in
// the last 32 bits, an optional non-empty zone after "%").
func Parse(s string) (Addr, bool) {
	switch i := strings.IndexAny(s, ".:%"); {
	case i < 0 || s[i] == '%':
		return Addr{}, false
	case s[i] == '.':
		v4, ok := parse4(s)
		return Addr{v4: v4, is4: true}, ok
	}
	addr, zone, hasZone := strings.Cut(s, "%")
	if hasZone && zone == "" {
		return Addr{}, false
	}
	return Addr{zone: zone}, valid6(addr)
}

// parse4 reads exactly four decimal fields of 0 to 255, none with a
// leading zero.
func parse4(s string) ([4]byte, bool) {
	var b [4]byte
	for i := range b {
		field := s
		if i < 3 {
			var ok bool
			if field, s, ok = strings.Cut(s, "."); !ok {
				return b, false
			}
		}
		if field == "" || len(field) > 3 || len(field) > 1 && field[0] == '0' {
			return b, false
		}
		v := 0
		for j := 0; j < len(field); j++ {
			if field[j] < '0' || field[j] > '9' {
				return b, false
			}
			v = v*10 + int(field[j]-'0')
		}
		if v > 255 {
			return b, false
		}
		b[i] = byte(v)
	}
	return b, true
}

// valid6 tells whether s (without its zone) is an IPv6 address: 16 bytes of
// groups of one to four hex digits, with one "::" standing for at least one
// zero group, and optionally an IPv4 address as the last four bytes.
func valid6(s string) bool {
	n := 0            // bytes read
	ellipsis := false // a "::" was read
	if strings.HasPrefix(s, "::") {
		ellipsis, s = true, s[2:]
		if s == "" {
			return true
		}
	}
	for n < 16 {
		digits := 0
		for digits < len(s) && isHex(s[digits]) {
			if digits++; digits > 4 {
				return false
			}
		}
		if digits == 0 {
			return false
		}
		if digits < len(s) && s[digits] == '.' {
			// An embedded IPv4 address: the last four bytes, or anywhere after a "::".
			if !ellipsis && n != 12 || n+4 > 16 {
				return false
			}
			if _, ok := parse4(s); !ok {
				return false
			}
			n, s = n+4, ""
			break
		}
		n += 2
		if s = s[digits:]; s == "" {
			break
		}
		if s[0] != ':' || len(s) == 1 {
			return false
		}
		if s = s[1:]; s[0] == ':' {
			if ellipsis {
				return false
			}
			ellipsis, s = true, s[1:]
			if s == "" {
				break
			}
		}
	}
	// All of s read, and 16 bytes with a "::" that stands for zeros or
	// without one.
	return s == "" && (n < 16) == ellipsis
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// IsPrefix tells whether netip.ParsePrefix accepts s: an address, "/" and a
// prefix length (no sign, no leading zero) of at most 32 for IPv4 and 128
// for IPv6; an IPv6 address there takes no zone.
func IsPrefix(s string) bool {
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return false
	}
	a, ok := Parse(s[:i])
	if !ok || a.zone != "" {
		return false
	}
	bits := s[i+1:]
	if len(bits) > 1 && (bits[0] < '1' || bits[0] > '9') {
		return false
	}
	n, err := strconv.Atoi(bits)
	if a.is4 {
		return err == nil && 0 <= n && n <= 32
	}
	return err == nil && 0 <= n && n <= 128
}
