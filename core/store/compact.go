package store

import (
	"fmt"
	"time"

	"kubeplay/core/trace"
)

// Compact discards the history below rev, as etcd's Compact does: reads
// and watches below rev fail with ErrCompacted afterwards, while the latest
// value of every key that exists at rev is kept. Keys deleted before rev
// disappear entirely. Errors: ErrCompacted if rev is not above the last
// compaction, ErrFutureRev if rev is above the current revision.
func (s *Store) Compact(rev int64) error {
	if rev <= s.compactRev {
		return ErrCompacted
	}
	if rev > s.rev {
		return ErrFutureRev
	}
	s.compactRev = rev
	if rev <= s.revBase {
		return nil
	}
	// Only keys written in [revBase, rev) can have history to drop.
	for _, h := range s.byRev[:rev-s.revBase] {
		if h.compactedAt == rev {
			continue
		}
		h.compactedAt = rev
		s.history -= h.trim(rev)
		// A key deleted before rev is now gone entirely.
		if len(h.revs) == 0 {
			delete(s.keys, h.key)
			s.index.remove(h)
		}
	}
	rest := s.byRev[rev-s.revBase:]
	s.byRev = append(make([]*keyHistory, 0, len(rest)+len(rest)/4+16), rest...)
	s.revBase = rev
	return nil
}

// DefaultCompactionInterval is kube-apiserver's --etcd-compaction-interval.
const DefaultCompactionInterval = 5 * time.Minute

// StartAutoCompaction compacts the store periodically on sim background
// timers, the way kube-apiserver's compactor does with
// --etcd-compaction-interval: at every tick it compacts to the revision it
// observed at the previous tick, so at least one interval of history is
// always kept. It returns a function that stops it.
func (s *Store) StartAutoCompaction(interval time.Duration) (stop func()) {
	if interval <= 0 {
		interval = DefaultCompactionInterval
	}
	var last int64
	return s.sim.Every(interval, "etcd compaction", func() {
		target := last
		last = s.rev
		if target <= s.compactRev || target == 0 {
			return
		}
		if s.Compact(target) == nil {
			s.sim.Trace.Add(trace.Record{
				Kind:      trace.Action,
				Component: "etcd",
				Revision:  target,
				Message:   fmt.Sprintf("finished scheduled compaction at revision %d", target),
			})
		}
	})
}
