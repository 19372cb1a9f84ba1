package store

import "strings"

// watcher is one Watch call: a key prefix, the next revision it expects,
// and the function events go to.
type watcher struct {
	prefix   string
	next     int64
	fn       func(Event)
	canceled bool
}

// Watch calls fn for every change to a key with the prefix, from startRev
// (inclusive) on, in revision order, each revision exactly once and with no
// gaps. Every event carries PrevKV when the key existed before it.
//
// History (startRev..Rev()) is replayed synchronously inside the call; later
// changes are delivered synchronously when they are written. A write made
// from inside fn is delivered once the event being delivered has reached
// every watcher, so all watchers see revisions in order. startRev 0 means
// "from the next write". A startRev below the compaction revision fails with
// ErrCompacted.
//
// cancel stops delivery at once, also when called from inside fn (for live
// events: during the replay inside Watch, cancel has not been returned yet).
func (s *Store) Watch(prefix string, startRev int64, fn func(Event)) (cancel func(), err error) {
	if startRev != 0 && startRev < s.compactRev {
		return nil, ErrCompacted
	}
	w := &watcher{prefix: prefix, fn: fn, next: startRev}
	if startRev == 0 {
		w.next = s.rev + 1
	}
	cancel = func() {
		if w.canceled {
			return
		}
		w.canceled = true
		s.sweep = true
		if !s.delivering {
			s.sweepWatchers()
		}
	}
	// Replay history; s.rev is re-read because fn may write.
	if w.next < s.revBase {
		w.next = s.revBase
	}
	for ; w.next <= s.rev && !w.canceled; w.next++ {
		h := s.byRev[w.next-s.revBase]
		if strings.HasPrefix(h.key, prefix) {
			fn(h.event(h.exact(w.next)))
		}
	}
	if !w.canceled {
		s.watchers = append(s.watchers, w)
	}
	return cancel, nil
}

// Watchers reports how many watches are open.
func (s *Store) Watchers() int {
	n := 0
	for _, w := range s.watchers {
		if !w.canceled {
			n++
		}
	}
	return n
}

// publish queues the change just written to h and delivers the queue unless
// a delivery is already running further up the stack.
func (s *Store) publish(h *keyHistory) {
	if len(s.watchers) == 0 && !s.delivering {
		return
	}
	s.pending = append(s.pending, h.event(len(h.revs)-1))
	if s.delivering {
		return
	}
	s.deliver()
}

// deliver hands the pending events to the watchers, in order, including
// those queued by writes made from inside a watcher.
func (s *Store) deliver() {
	s.delivering = true
	defer func() {
		s.delivering = false
		clear(s.pending)
		s.pending = s.pending[:0]
		if s.sweep {
			s.sweepWatchers()
		}
	}()
	for i := 0; i < len(s.pending); i++ {
		ev := s.pending[i]
		rev := ev.KV.ModRevision
		// Watchers added during this loop replayed up to the current
		// revision already; their next check skips what they have seen.
		for j := 0; j < len(s.watchers); j++ {
			w := s.watchers[j]
			if w.canceled || w.next > rev || !strings.HasPrefix(ev.KV.Key, w.prefix) {
				continue
			}
			w.next = rev + 1
			w.fn(ev)
		}
	}
}

func (s *Store) sweepWatchers() {
	s.sweep = false
	kept := s.watchers[:0]
	for _, w := range s.watchers {
		if !w.canceled {
			kept = append(kept, w)
		}
	}
	clear(s.watchers[len(kept):])
	s.watchers = kept
}
