package store

import (
	"fmt"
	"slices"
	"time"

	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

// leaseIDBase makes lease IDs look like etcd's (printed in hex by etcdctl)
// while staying deterministic: the n-th lease granted is leaseIDBase+n.
const leaseIDBase int64 = 0x694d9c6d3a8e0000

// lease is a granted TTL. When it expires every key attached to it is
// deleted.
type lease struct {
	id     int64
	ttl    time.Duration
	expiry time.Time
	timer  *sim.Timer
	keys   map[string]struct{}
}

func (l *lease) attach(key string) { l.keys[key] = struct{}{} }
func (l *lease) detach(key string) { delete(l.keys, key) }

// GrantLease grants a lease of ttl on the sim clock and returns its ID.
// Keys created with it are deleted when it expires (see KeepAlive, Revoke).
func (s *Store) GrantLease(ttl time.Duration) int64 {
	s.nextLease++
	l := &lease{id: s.nextLease, ttl: ttl, keys: make(map[string]struct{})}
	s.leases[l.id] = l
	s.arm(l)
	return l.id
}

// KeepAlive renews the lease for another full TTL from now.
// Errors: ErrLeaseNotFound (never granted, revoked or expired).
func (s *Store) KeepAlive(id int64) error {
	l := s.leases[id]
	if l == nil {
		return ErrLeaseNotFound
	}
	l.timer.Stop()
	s.arm(l)
	return nil
}

// Revoke ends the lease now, deleting its keys in key order, each deletion
// its own revision and DELETE event. Errors: ErrLeaseNotFound.
func (s *Store) Revoke(id int64) error {
	l := s.leases[id]
	if l == nil {
		return ErrLeaseNotFound
	}
	l.timer.Stop()
	s.end(l, "revoked")
	return nil
}

// LeaseTTL reports a lease's granted TTL and the time left before it
// expires (etcdctl lease timetolive). Errors: ErrLeaseNotFound.
func (s *Store) LeaseTTL(id int64) (granted, remaining time.Duration, keys []string, err error) {
	l := s.leases[id]
	if l == nil {
		return 0, 0, nil, ErrLeaseNotFound
	}
	return l.ttl, l.expiry.Sub(s.sim.Now()), sortedKeys(l.keys), nil
}

// Leases reports how many leases are granted.
func (s *Store) Leases() int { return len(s.leases) }

func (s *Store) arm(l *lease) {
	l.expiry = s.sim.Now().Add(l.ttl)
	l.timer = s.sim.AfterBackground(l.ttl, fmt.Sprintf("etcd lease %x expiry", l.id), func() {
		s.end(l, "expired")
	})
}

// end removes the lease and deletes its keys.
func (s *Store) end(l *lease, why string) {
	delete(s.leases, l.id)
	for _, key := range sortedKeys(l.keys) {
		h := s.keys[key]
		if h == nil || !h.live() {
			continue
		}
		rev, _, _ := s.del(h)
		s.sim.Trace.Add(trace.Record{
			Kind:      trace.Write,
			Component: "etcd",
			To:        "etcd",
			Verb:      "delete",
			Revision:  rev,
			Message:   fmt.Sprintf("lease %x %s: deleted %s at revision %d", l.id, why, key, rev),
		})
	}
	l.keys = nil
}

func sortedKeys(m map[string]struct{}) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// LeaseExists reports whether a lease is still granted (cheap: no key listing).
func (s *Store) LeaseExists(id int64) bool { return s.leases[id] != nil }
