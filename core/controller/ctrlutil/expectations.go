package ctrlutil

import (
	"time"

	"kubeplay/core/sim"
)

// ExpectationsTimeout is how long unfulfilled expectations hold a
// controller back before it syncs anyway (controller.ExpectationsTimeout).
const ExpectationsTimeout = 5 * time.Minute

// Expectations remember, per controller key, how many creations and
// deletions a controller has asked for and not yet seen in its informer
// (controller.ControllerExpectations). While they are unfulfilled the
// controller does not act on its lagging cache, so it never creates a pod
// twice.
type Expectations struct {
	s     *sim.Sim
	items map[string]*expectation
}

type expectation struct {
	add, del  int
	deleting  map[string]bool // pod keys whose deletion is expected
	timestamp time.Time
}

// NewExpectations returns empty expectations on the sim's clock.
func NewExpectations(s *sim.Sim) *Expectations {
	return &Expectations{s: s, items: map[string]*expectation{}}
}

// Satisfied reports whether key may sync: nothing is expected, everything
// expected was observed, or the expectations expired.
func (e *Expectations) Satisfied(key string) bool {
	x, ok := e.items[key]
	if !ok {
		return true
	}
	if x.add <= 0 && x.del <= 0 {
		return true
	}
	return e.s.Now().Sub(x.timestamp) > ExpectationsTimeout
}

// ExpectCreations records that n creations are on their way.
func (e *Expectations) ExpectCreations(key string, n int) {
	e.items[key] = &expectation{add: n, timestamp: e.s.Now()}
}

// ExpectDeletions records that the pods podKeys are being deleted. Each is
// observed once, however many times its deletion is seen (a
// deletionTimestamp, then the delete): UIDTrackingControllerExpectations.
func (e *Expectations) ExpectDeletions(key string, podKeys []string) {
	x := &expectation{del: len(podKeys), deleting: map[string]bool{}, timestamp: e.s.Now()}
	for _, k := range podKeys {
		x.deleting[k] = true
	}
	e.items[key] = x
}

// CreationObserved lowers the expected creations by one.
func (e *Expectations) CreationObserved(key string) {
	if x, ok := e.items[key]; ok {
		x.add--
	}
}

// DeletionObserved lowers the expected deletions by one if podKey was
// expected to go.
func (e *Expectations) DeletionObserved(key, podKey string) {
	if x, ok := e.items[key]; ok && x.deleting[podKey] {
		delete(x.deleting, podKey)
		x.del--
	}
}

// Pending reports the outstanding creations and deletions of key.
func (e *Expectations) Pending(key string) (add, del int) {
	if x, ok := e.items[key]; ok {
		return x.add, x.del
	}
	return 0, 0
}

// Delete forgets key.
func (e *Expectations) Delete(key string) { delete(e.items, key) }

// Reset forgets everything (a restarted controller manager).
func (e *Expectations) Reset() { clear(e.items) }

// SlowStartInitialBatchSize is the first batch of slowStartBatch.
const SlowStartInitialBatchSize = 1
