package apiserver

import (
	"fmt"
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// ExpireWatches plays what happens to open watches after a compaction when
// their connections are re-established (a watch request times out after
// --min-request-timeout, or the apiserver restarts): each client watches
// again from the last revision it saw. A watcher whose revision is still in
// the watch cache's window carries on unharmed; one whose revision was
// compacted away gets a single ERROR event with a 410 Expired Status
// (`too old resource version: X (Y)`) and must re-list, as reflectors do.
// It reports how many watchers were expired.
func (s *Server) ExpireWatches() int {
	n := 0
	compact := s.store.CompactRevision()
	for _, r := range s.resources {
		r.cache.evict(s.sim.Now(), compact)
		var ws []*watcher
		ws = append(ws, r.watchers...)
		nodes := make([]string, 0, len(r.byNode))
		for node := range r.byNode {
			nodes = append(nodes, node)
		}
		sort.Strings(nodes) // delivery draws latencies from the sim: keep the order fixed
		for _, node := range nodes {
			ws = append(ws, r.byNode[node]...)
		}
		for _, w := range ws {
			seen := w.fromRev
			if w.lastRev > seen {
				seen = w.lastRev
			}
			if w.stopped || seen >= r.cache.oldest-1 {
				continue
			}
			se := api.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", seen, r.cache.oldest-1))
			s.deliver(w, request.WatchEvent{Type: request.Error, Object: &se.ErrStatus})
			s.stopWatch(w)
			n++
		}
	}
	return n
}
