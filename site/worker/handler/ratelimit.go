package handler

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"time"
)

// ratePrefix namespaces the rate-limit counters in KV.
const ratePrefix = "rate:"

// Client is who a request counts against: Cloudflare's CF-Connecting-IP (the remote address when run
// natively). IPv6 clients count per /64, since one host usually holds a whole /64.
func Client(r *http.Request) string {
	s := r.Header.Get("CF-Connecting-IP")
	if s == "" {
		s = r.RemoteAddr
		if host, _, err := net.SplitHostPort(s); err == nil {
			s = host
		}
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return s
	}
	if a.Is6() && !a.Is4In6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.Unmap().String()
}

// allow counts one write for the request's client in the current fixed window and reports whether it is
// within WritesPerWindow, and if not, how many seconds remain in the window. The counter is a KV entry
// that expires after the window; Workers KV is eventually consistent, so the limit is approximate across
// Cloudflare locations, which is what a guard against floods needs.
func (s *server) allow(r *http.Request) (ok bool, retryAfter int, err error) {
	if s.WritesPerWindow <= 0 {
		return true, 0, nil
	}
	now := s.Now()
	win := int64(s.RateWindow / time.Second)
	if win < 1 {
		win = 1
	}
	idx := now.Unix() / win
	key := ratePrefix + Client(r) + ":" + strconv.FormatInt(idx, 10)
	v, found, err := s.KV.Get(r.Context(), key)
	if err != nil {
		return false, 0, err
	}
	n := 0
	if found {
		n, _ = strconv.Atoi(v)
	}
	if n >= s.WritesPerWindow {
		return false, int((idx+1)*win - now.Unix()), nil
	}
	ttl := int(2 * win)
	if ttl < 60 {
		ttl = 60
	}
	if err := s.KV.Put(r.Context(), key, strconv.Itoa(n+1), ttl); err != nil {
		return false, 0, err
	}
	return true, 0, nil
}
