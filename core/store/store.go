package store

import (
	"kubeplay/core/sim"
)

// Store is an etcd-like MVCC key-value store. Every write (create, update,
// delete, lease expiry) takes the next revision of one global counter; reads
// can be served at any retained revision.
//
// Values passed in are copied; values handed out (in KeyValue and Event) are
// shared with the store and must not be modified.
type Store struct {
	sim *sim.Sim

	rev        int64 // current revision; a fresh store is at 1
	compactRev int64 // revisions below it are gone; 0 before any compaction

	keys  map[string]*keyHistory
	index keyIndex
	// byRev[r-revBase] is the key written at revision r, for every revision
	// in [revBase, rev]. It lets watches replay history in revision order.
	byRev   []*keyHistory
	revBase int64

	live    int // keys that currently exist
	history int // retained entries over all keys

	watchers   []*watcher
	pending    []Event
	delivering bool
	sweep      bool

	leases    map[int64]*lease
	nextLease int64

	// Delta coding (delta.go, dictionary.go): the dictionary of each key
	// prefix, and scratch space.
	dicts    map[string]*dictionary
	deltaBuf []byte
}

// New returns an empty store at revision 1, like a fresh etcd. s drives
// lease expiry and auto compaction, and receives trace records; it may be
// nil for a store that uses neither.
func New(s *sim.Sim) *Store {
	return &Store{
		sim:       s,
		rev:       1,
		keys:      make(map[string]*keyHistory),
		revBase:   2,
		leases:    make(map[int64]*lease),
		nextLease: leaseIDBase,
	}
}

// Rev returns the current revision: the revision of the last write.
func (s *Store) Rev() int64 { return s.rev }

// CompactRevision returns the revision of the last compaction (0 if none).
// Reads and watches below it fail with ErrCompacted.
func (s *Store) CompactRevision() int64 { return s.compactRev }

// Create writes key if it does not exist (or was deleted) and returns the
// new revision. leaseID, when not 0, attaches the key to a granted lease.
// Errors: ErrKeyExists, ErrLeaseNotFound.
func (s *Store) Create(key string, value []byte, leaseID int64) (int64, error) {
	h := s.keys[key]
	if h != nil && h.live() {
		return 0, ErrKeyExists
	}
	var l *lease
	if leaseID != 0 {
		if l = s.leases[leaseID]; l == nil {
			return 0, ErrLeaseNotFound
		}
	}
	if h == nil {
		h = &keyHistory{key: key}
		s.keys[key] = h
		s.index.insert(h)
	}
	rev := s.rev + 1
	v, dict := s.code(key, value)
	s.append(h, entry{mod: rev, create: rev, version: 1, lease: leaseID, value: v, dict: dict})
	s.live++
	if l != nil {
		l.attach(key)
	}
	s.publish(h)
	return rev, nil
}

// Update replaces the value of an existing key and returns the new
// revision. expectModRev, when not 0, must equal the key's mod revision
// (a compare-and-swap on mod_revision, as kube-apiserver's GuaranteedUpdate
// does). The key keeps its lease. Errors: ErrKeyNotFound, ErrConflict.
func (s *Store) Update(key string, value []byte, expectModRev int64) (int64, error) {
	h := s.keys[key]
	if h == nil || !h.live() {
		return 0, ErrKeyNotFound
	}
	cur := h.latest()
	if expectModRev != 0 && cur.mod != expectModRev {
		return 0, ErrConflict
	}
	rev := s.rev + 1
	v, dict := s.code(key, value)
	s.append(h, entry{mod: rev, create: cur.create, version: cur.version + 1, lease: cur.lease, value: v, dict: dict})
	s.publish(h)
	return rev, nil
}

// Delete removes an existing key and returns the delete revision and the
// value it had. expectModRev, when not 0, must equal the key's mod revision.
// Errors: ErrKeyNotFound, ErrConflict.
func (s *Store) Delete(key string, expectModRev int64) (int64, *KeyValue, error) {
	h := s.keys[key]
	if h == nil || !h.live() {
		return 0, nil, ErrKeyNotFound
	}
	if expectModRev != 0 && h.latest().mod != expectModRev {
		return 0, nil, ErrConflict
	}
	return s.del(h)
}

// del writes a tombstone for the live key h.
func (s *Store) del(h *keyHistory) (int64, *KeyValue, error) {
	prev := h.kv(len(h.revs) - 1)
	if prev.Lease != 0 {
		if l := s.leases[prev.Lease]; l != nil {
			l.detach(h.key)
		}
	}
	rev := s.rev + 1
	s.append(h, entry{mod: rev})
	s.live--
	s.publish(h)
	return rev, prev, nil
}

// append records e (at revision s.rev+1) as h's newest entry and advances
// the revision.
func (s *Store) append(h *keyHistory, e entry) {
	h.revs = append(h.revs, e)
	s.rev = e.mod
	s.byRev = append(s.byRev, h)
	s.history++
}

// checkRev resolves a read revision (0 = current).
func (s *Store) checkRev(rev int64) (int64, error) {
	switch {
	case rev == 0:
		return s.rev, nil
	case rev < s.compactRev:
		return 0, ErrCompacted
	case rev > s.rev:
		return 0, ErrFutureRev
	}
	return rev, nil
}

// Get returns key as of rev (0 = current). Errors: ErrKeyNotFound,
// ErrCompacted, ErrFutureRev.
func (s *Store) Get(key string, rev int64) (*KeyValue, error) {
	rev, err := s.checkRev(rev)
	if err != nil {
		return nil, err
	}
	h := s.keys[key]
	if h == nil {
		return nil, ErrKeyNotFound
	}
	i := h.at(rev)
	if i < 0 || h.revs[i].tombstone() {
		return nil, ErrKeyNotFound
	}
	return h.kv(i), nil
}

// Range returns every key with the prefix as of rev (0 = current), sorted
// by key, and the revision the range was served at. Errors: ErrCompacted,
// ErrFutureRev.
func (s *Store) Range(prefix string, rev int64) ([]KeyValue, int64, error) {
	rev, err := s.checkRev(rev)
	if err != nil {
		return nil, 0, err
	}
	var out []KeyValue
	s.index.ascend(prefix, func(h *keyHistory) bool {
		if i := h.at(rev); i >= 0 && !h.revs[i].tombstone() {
			out = append(out, *h.kv(i))
		}
		return true
	})
	return out, rev, nil
}

// Count returns how many keys with the prefix exist now.
func (s *Store) Count(prefix string) int {
	n := 0
	s.index.ascend(prefix, func(h *keyHistory) bool {
		if h.live() {
			n++
		}
		return true
	})
	return n
}

// Keys lists the keys with the prefix as they are now, sorted, with their
// create and mod revisions (the etcd panel's view).
func (s *Store) Keys(prefix string) []KeyValue {
	kvs, _, _ := s.Range(prefix, 0)
	return kvs
}

// Stats is a summary for the UI.
type Stats struct {
	Revision        int64
	CompactRevision int64
	Keys            int // keys that exist now
	HistoryEvents   int // retained revisions of all keys, tombstones included
}

// Stats returns the store's counters.
func (s *Store) Stats() Stats {
	return Stats{Revision: s.rev, CompactRevision: s.compactRev, Keys: s.live, HistoryEvents: s.history}
}

// Log returns every retained change from fromRev (inclusive, clamped to the
// oldest retained revision) to the current revision, in revision order.
func (s *Store) Log(fromRev int64) []Event {
	if fromRev < s.revBase {
		fromRev = s.revBase
	}
	if fromRev > s.rev {
		return nil
	}
	out := make([]Event, 0, s.rev-fromRev+1)
	for r := fromRev; r <= s.rev; r++ {
		out = append(out, s.eventAt(r))
	}
	return out
}

// EventAt returns the change written at revision rev, with its PrevKV, as
// a watch from rev would deliver it first. Errors: ErrCompacted below the
// oldest retained revision, ErrFutureRev above the current one.
func (s *Store) EventAt(rev int64) (Event, error) {
	switch {
	case rev < s.revBase || rev < s.compactRev:
		return Event{}, ErrCompacted
	case rev > s.rev:
		return Event{}, ErrFutureRev
	}
	return s.eventAt(rev), nil
}

// eventAt rebuilds the change written at retained revision r.
func (s *Store) eventAt(r int64) Event {
	h := s.byRev[r-s.revBase]
	return h.event(h.exact(r))
}

func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append(make([]byte, 0, len(b)), b...)
}
