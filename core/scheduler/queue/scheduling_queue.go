package queue

import (
	"container/heap"
	"reflect"
	"sort"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/sim"
)

// Defaults from kube-scheduler's configuration.
const (
	DefaultPodInitialBackoff = 1 * time.Second
	DefaultPodMaxBackoff     = 10 * time.Second
	// DefaultPodMaxInUnschedulablePodsDuration: after this long a pod in
	// unschedulablePods is retried even without a cluster event.
	DefaultPodMaxInUnschedulablePodsDuration = 5 * time.Minute
	// UnschedulableFlushInterval is how often that leftover check runs.
	UnschedulableFlushInterval = 30 * time.Second
)

// Where a queued pod currently is.
type Where int

// Queue locations.
const (
	NotQueued Where = iota
	ActiveQ
	BackoffQ
	Unschedulable
	Gated
)

func (w Where) String() string {
	return [...]string{"none", "activeQ", "backoffQ", "unschedulablePods", "gated"}[w]
}

type entry struct {
	qp    *framework.QueuedPodInfo
	where Where
	index int // heap index in activeQ
	timer *sim.Timer
	// since is when the pod entered unschedulablePods.
	since time.Time
}

// Queue is the scheduling queue. It is driven by the sim loop: not safe for
// concurrent use.
type Queue struct {
	s          *sim.Sim
	less       func(a, b *framework.QueuedPodInfo) bool
	preEnqueue func(pod *api.Pod) *framework.Status
	onActive   func()

	InitialBackoff, MaxBackoff time.Duration
	MaxInUnschedulable         time.Duration

	pods map[string]*entry
	// unsched indexes the pods in unschedulablePods, so cluster events do
	// not scan the whole queue.
	unsched map[string]*entry
	active  activeHeap
	seq     uint64
	stop    func()
}

// New returns a queue ordering activeQ with less, gating pods with
// preEnqueue, and calling onActive whenever a pod becomes poppable.
func New(s *sim.Sim, less func(a, b *framework.QueuedPodInfo) bool, preEnqueue func(*api.Pod) *framework.Status, onActive func()) *Queue {
	q := &Queue{s: s, less: less, preEnqueue: preEnqueue, onActive: onActive,
		InitialBackoff: DefaultPodInitialBackoff, MaxBackoff: DefaultPodMaxBackoff,
		MaxInUnschedulable: DefaultPodMaxInUnschedulablePodsDuration, pods: map[string]*entry{}, unsched: map[string]*entry{}}
	q.active.less = less
	return q
}

// Run starts the periodic flush of unschedulable leftovers.
func (q *Queue) Run() {
	if q.stop == nil {
		q.stop = q.s.Every(UnschedulableFlushInterval, "kube-scheduler: flush unschedulable pods", q.flushUnschedulableLeftover)
	}
}

// Close stops timers and forgets every pod.
func (q *Queue) Close() {
	if q.stop != nil {
		q.stop()
		q.stop = nil
	}
	for _, e := range q.pods {
		if e.timer != nil {
			e.timer.Stop()
		}
	}
	q.pods = map[string]*entry{}
	q.unsched = map[string]*entry{}
	q.active.items = nil
}

// Key returns the queue key of a pod.
func Key(pod *api.Pod) string { return pod.Namespace + "/" + pod.Name }

// Add queues a new pending pod (or updates it if already queued).
func (q *Queue) Add(pod *api.Pod) {
	key := Key(pod)
	if e, ok := q.pods[key]; ok {
		q.Update(pod)
		_ = e
		return
	}
	qp := &framework.QueuedPodInfo{PodInfo: framework.NewPodInfo(pod), Timestamp: q.s.Now()}
	e := &entry{qp: qp}
	q.pods[key] = e
	q.toActiveOrGated(e)
}

func (q *Queue) toActiveOrGated(e *entry) {
	if e.timer != nil {
		e.timer.Stop()
		e.timer = nil
	}
	if q.preEnqueue != nil {
		if st := q.preEnqueue(e.qp.Pod); !st.IsSuccess() {
			q.remove(e)
			e.where, e.qp.Gated = Gated, true
			// The plugin that holds it back is the one whose registered events retry it.
			e.qp.UnschedulablePlugins = map[string]bool{st.Plugin(): true}
			return
		}
	}
	e.qp.Gated = false
	if e.where == ActiveQ {
		return
	}
	q.remove(e)
	e.where = ActiveQ
	q.seq++
	e.qp.Seq = q.seq
	heap.Push(&q.active, e)
	if q.onActive != nil {
		q.onActive()
	}
}

// remove takes e out of activeQ if it is there.
func (q *Queue) remove(e *entry) {
	if e.where == ActiveQ && e.index >= 0 {
		heap.Remove(&q.active, e.index)
	}
	if e.where == Unschedulable {
		delete(q.unsched, Key(e.qp.Pod))
	}
	if e.timer != nil {
		e.timer.Stop()
		e.timer = nil
	}
	e.where = NotQueued
}

// Update replaces a queued pod's object. A gated or unschedulable pod whose
// spec or labels changed is tried again (its own update may help it).
func (q *Queue) Update(pod *api.Pod) {
	e, ok := q.pods[Key(pod)]
	if !ok {
		q.Add(pod)
		return
	}
	old := e.qp.Pod
	if old == pod {
		return
	}
	changed := !reflect.DeepEqual(old.Spec, pod.Spec) || !reflect.DeepEqual(old.Labels, pod.Labels)
	if changed {
		e.qp.PodInfo = framework.NewPodInfo(pod)
	} else {
		e.qp.Pod = pod
	}
	// The resource claim controller recording a claim in the pod's status
	// is what a pod waiting for its ResourceClaims waits for.
	claimsRecorded := !reflect.DeepEqual(old.Status.ResourceClaimStatuses, pod.Status.ResourceClaimStatuses)
	switch e.where {
	case ActiveQ:
		heap.Fix(&q.active, e.index)
	case Gated, Unschedulable:
		if changed || claimsRecorded {
			q.moveOne(e)
		}
	}
}

// RetryGated runs the PreEnqueue plugins again for the gated pods for which
// hint returns true, in a deterministic order.
func (q *Queue) RetryGated(hint func(qp *framework.QueuedPodInfo) bool) {
	var keys []string
	for k, e := range q.pods {
		if e.where == Gated && hint(e.qp) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		q.toActiveOrGated(q.pods[k])
	}
}

// Delete forgets a pod.
func (q *Queue) Delete(pod *api.Pod) {
	if e, ok := q.pods[Key(pod)]; ok {
		q.remove(e)
		delete(q.pods, Key(pod))
	}
}

// Pop returns the next pod of activeQ (nil when empty), counting an attempt.
// The pod stays known to the queue (in flight) until Done or
// AddUnschedulable.
func (q *Queue) Pop() *framework.QueuedPodInfo {
	if len(q.active.items) == 0 {
		return nil
	}
	e := heap.Pop(&q.active).(*entry)
	e.where = NotQueued
	e.qp.Attempts++
	if e.qp.InitialAttemptTimestamp.IsZero() {
		e.qp.InitialAttemptTimestamp = q.s.Now()
	}
	return e.qp
}

// Done forgets a pod that was scheduled (assumed).
func (q *Queue) Done(pod *api.Pod) {
	if e, ok := q.pods[Key(pod)]; ok && e.where == NotQueued {
		delete(q.pods, Key(pod))
	}
}

// BackoffDuration is 1s doubled per attempt after the first, capped at 10s.
func (q *Queue) BackoffDuration(attempts int) time.Duration {
	d := q.InitialBackoff
	for i := 1; i < attempts; i++ {
		if d > q.MaxBackoff-d {
			return q.MaxBackoff
		}
		d += d
	}
	return d
}

// AddUnschedulable returns a popped pod after a failed attempt. A rejection
// parks it in unschedulablePods until a helpful event; an error sends it to
// backoffQ directly.
func (q *Queue) AddUnschedulable(qp *framework.QueuedPodInfo, isError bool) {
	key := Key(qp.Pod)
	e, ok := q.pods[key]
	if !ok {
		// Deleted while in flight.
		return
	}
	if e.qp != qp {
		// Updated while in flight: keep the newer object, but the attempt counts.
		e.qp.Attempts = qp.Attempts
		e.qp.UnschedulablePlugins = qp.UnschedulablePlugins
		e.qp.InitialAttemptTimestamp = qp.InitialAttemptTimestamp
	}
	now := q.s.Now()
	e.qp.Timestamp = now
	e.qp.BackoffExpiration = now.Add(q.BackoffDuration(e.qp.Attempts))
	if isError {
		q.toBackoff(e)
		return
	}
	q.remove(e)
	e.where, e.since = Unschedulable, now
	q.unsched[key] = e
}

func (q *Queue) toBackoff(e *entry) {
	q.remove(e)
	e.where = BackoffQ
	d := e.qp.BackoffExpiration.Sub(q.s.Now())
	e.timer = q.s.After(d, "kube-scheduler: backoff "+Key(e.qp.Pod), func() {
		e.timer = nil
		if e.where == BackoffQ {
			q.toActiveOrGated(e)
		}
	})
}

// moveOne moves a gated or unschedulable pod to activeQ, or to backoffQ
// while its backoff has not expired.
func (q *Queue) moveOne(e *entry) {
	if e.where == Gated || !e.qp.BackoffExpiration.After(q.s.Now()) {
		q.toActiveOrGated(e)
		return
	}
	q.toBackoff(e)
}

// MoveAllToActiveOrBackoff moves the unschedulable pods for which hint
// returns true (nil hint = all), in a deterministic order.
func (q *Queue) MoveAllToActiveOrBackoff(hint func(qp *framework.QueuedPodInfo) bool) int {
	if len(q.unsched) == 0 {
		return 0
	}
	var keys []string
	for k, e := range q.unsched {
		if hint == nil || hint(e.qp) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		q.moveOne(q.pods[k])
	}
	return len(keys)
}

func (q *Queue) flushUnschedulableLeftover() {
	now := q.s.Now()
	var keys []string
	for k, e := range q.unsched {
		if now.Sub(e.since) > q.MaxInUnschedulable {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		q.moveOne(q.pods[k])
	}
}

// Where reports where a pod is.
func (q *Queue) Where(namespace, name string) Where {
	if e, ok := q.pods[namespace+"/"+name]; ok {
		return e.where
	}
	return NotQueued
}

// Get returns a queued pod.
func (q *Queue) Get(namespace, name string) (*framework.QueuedPodInfo, bool) {
	e, ok := q.pods[namespace+"/"+name]
	if !ok {
		return nil, false
	}
	return e.qp, true
}

// Len counts pods per location.
func (q *Queue) Len() map[Where]int {
	m := map[Where]int{}
	for _, e := range q.pods {
		m[e.where]++
	}
	return m
}

// ActiveLen is the length of activeQ.
func (q *Queue) ActiveLen() int { return len(q.active.items) }

type activeHeap struct {
	items []*entry
	less  func(a, b *framework.QueuedPodInfo) bool
}

func (h *activeHeap) Len() int           { return len(h.items) }
func (h *activeHeap) Less(i, j int) bool { return h.less(h.items[i].qp, h.items[j].qp) }
func (h *activeHeap) Swap(i, j int) {
	h.items[i], h.items[j] = h.items[j], h.items[i]
	h.items[i].index = i
	h.items[j].index = j
}
func (h *activeHeap) Push(x any) {
	e := x.(*entry)
	e.index = len(h.items)
	h.items = append(h.items, e)
}
func (h *activeHeap) Pop() any {
	n := len(h.items)
	e := h.items[n-1]
	h.items[n-1] = nil
	h.items = h.items[:n-1]
	e.index = -1
	return e
}
