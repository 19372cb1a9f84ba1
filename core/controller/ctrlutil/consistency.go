package ctrlutil

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/sim"
)

// ConsistencyStore lets a controller read its own writes (KEP-5647, stale
// controller mitigation: pkg/controller/util/consistency in Kubernetes).
// After each write made while syncing an object, the controller records the
// resourceVersion the apiserver returned (WroteAt). Before it syncs that
// object again, EnsureReady checks that every informer written through has
// observed at least that resourceVersion; until then the sync is skipped and
// retried, so the controller never acts on a cache older than its own last
// action: no ReplicaSet created twice, no 409 Conflict on its own update.
//
// The controller stays level-triggered: the informer event of its own write
// (or the retry) queues the key again, and the next sync reads the caught-up
// cache. A record older than ExpectationsTimeout no longer blocks, so a lost
// event cannot wedge a controller.
type ConsistencyStore struct {
	s         *sim.Sim
	informers map[string]*client.Informer // by resource
	writes    map[string]*written         // by controller key
}

type written struct {
	rv map[string]int64 // resource -> highest resourceVersion written
	at time.Time
}

// NotCaughtUpError is EnsureReady's error: an informer has not yet seen the
// controller's last write for a key.
type NotCaughtUpError struct {
	Key, Resource string
	Want, Have    string
}

func (e *NotCaughtUpError) Error() string {
	return fmt.Sprintf("%s: %s informer at resourceVersion %q has not yet observed our write at %s", e.Key, e.Resource, e.Have, e.Want)
}

// NewConsistencyStore tracks writes to the informers' resources.
func NewConsistencyStore(s *sim.Sim, informers ...*client.Informer) *ConsistencyStore {
	cs := &ConsistencyStore{s: s, informers: map[string]*client.Informer{}, writes: map[string]*written{}}
	for _, inf := range informers {
		cs.informers[inf.Resource()] = inf
	}
	return cs
}

// WroteAt records that syncing key wrote obj (as returned by the
// apiserver) through the informer of resource. Unknown resources and
// objects without a numeric resourceVersion are ignored.
func (cs *ConsistencyStore) WroteAt(key, resource string, obj api.Object) {
	if obj == nil || cs.informers[resource] == nil {
		return
	}
	rv, err := strconv.ParseInt(obj.GetObjectMeta().ResourceVersion, 10, 64)
	if err != nil {
		return
	}
	w := cs.writes[key]
	if w == nil {
		w = &written{rv: map[string]int64{}}
		cs.writes[key] = w
	}
	w.rv[resource] = max(w.rv[resource], rv)
	w.at = cs.s.Now()
}

// EnsureReady returns nil once every informer key wrote through has
// observed the write (the record is then dropped), else a
// *NotCaughtUpError naming the first lagging resource.
func (cs *ConsistencyStore) EnsureReady(key string) error {
	w := cs.writes[key]
	if w == nil {
		return nil
	}
	if cs.s.Now().Sub(w.at) > ExpectationsTimeout {
		delete(cs.writes, key)
		return nil
	}
	resources := make([]string, 0, len(w.rv))
	for r := range w.rv {
		resources = append(resources, r)
	}
	sort.Strings(resources)
	for _, r := range resources {
		have := cs.informers[r].LastSyncResourceVersion()
		n, err := strconv.ParseInt(have, 10, 64)
		if err != nil || n < w.rv[r] {
			return &NotCaughtUpError{Key: key, Resource: r, Want: strconv.FormatInt(w.rv[r], 10), Have: have}
		}
	}
	delete(cs.writes, key)
	return nil
}

// Clear forgets key (the object is gone).
func (cs *ConsistencyStore) Clear(key string) { delete(cs.writes, key) }

// Reset forgets everything (a restarted controller manager).
func (cs *ConsistencyStore) Reset() { clear(cs.writes) }
