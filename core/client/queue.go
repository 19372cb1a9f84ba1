package client

import (
	"time"

	"kubeplay/core/sim"
)

// DefaultProcessingDelay is how long after an Add a queue's worker picks up
// the next key, and the gap between two keys processed one after another.
const DefaultProcessingDelay = time.Millisecond

// Queue is client-go's rate-limiting work queue, driven by the sim instead of
// worker goroutines.
//
// Semantics (util/workqueue): a key added while it is already queued is not
// queued twice; a key added while it is being processed is queued again once
// processing finishes, so one key is never processed twice at the same time;
// keys come out in the order they were first added. AddAfter holds a key back
// on a sim timer (of several pending delays for one key, the earliest wins);
// AddRateLimited delays it by the rate limiter.
//
// With a handler set (SetHandler), the queue calls it from a sim event one
// processing delay after work arrives, one key per event: an error requeues
// the key with AddRateLimited, nil Forgets it. Without a handler, drain the
// queue by hand with Get and Done.
type Queue struct {
	s       *sim.Sim
	name    string
	limiter RateLimiter
	delay   time.Duration

	items      []string
	dirty      map[string]struct{}
	processing map[string]struct{}
	waiting    map[string]*sim.Timer

	handler  func(key string) error
	pump     *sim.Timer
	shutdown bool

	adds, retries int
}

// NewQueue returns a queue on s. name labels its sim events; a nil limiter
// means DefaultControllerRateLimiter().
func NewQueue(s *sim.Sim, name string, limiter RateLimiter) *Queue {
	if limiter == nil {
		limiter = DefaultControllerRateLimiter()
	}
	if cu, ok := limiter.(clockUser); ok {
		cu.useClock(s.Now)
	}
	return &Queue{
		s:          s,
		name:       name,
		limiter:    limiter,
		delay:      DefaultProcessingDelay,
		dirty:      map[string]struct{}{},
		processing: map[string]struct{}{},
		waiting:    map[string]*sim.Timer{},
	}
}

// Name reports the queue's name.
func (q *Queue) Name() string { return q.name }

// SetProcessingDelay changes the processing delay (default 1ms).
func (q *Queue) SetProcessingDelay(d time.Duration) { q.delay = d }

// SetHandler installs the function that processes keys and starts
// processing whatever is already queued.
func (q *Queue) SetHandler(fn func(key string) error) {
	q.handler = fn
	q.schedule()
}

// Add queues key unless it is already queued.
func (q *Queue) Add(key string) {
	if q.shutdown {
		return
	}
	if _, ok := q.dirty[key]; ok {
		return
	}
	q.adds++
	q.dirty[key] = struct{}{}
	if _, ok := q.processing[key]; ok {
		return
	}
	q.items = append(q.items, key)
	q.schedule()
}

// AddAfter queues key once d has passed (d <= 0: now). If key is already
// waiting to be added earlier, the earlier time stands.
func (q *Queue) AddAfter(key string, d time.Duration) {
	if q.shutdown {
		return
	}
	if d <= 0 {
		q.Add(key)
		return
	}
	at := q.s.Now().Add(d)
	if t, ok := q.waiting[key]; ok {
		if !t.When().After(at) {
			return
		}
		t.Stop()
	}
	q.waiting[key] = q.s.After(d, "workqueue "+q.name+" delay "+key, func() {
		delete(q.waiting, key)
		q.Add(key)
	})
}

// AddRateLimited queues key after the rate limiter's delay.
func (q *Queue) AddRateLimited(key string) {
	if q.shutdown {
		return
	}
	q.retries++
	q.AddAfter(key, q.limiter.When(key))
}

// Forget clears key's retry history in the rate limiter.
func (q *Queue) Forget(key string) { q.limiter.Forget(key) }

// NumRequeues reports how many times key has been rate-limited since it was last forgotten.
func (q *Queue) NumRequeues(key string) int { return q.limiter.NumRequeues(key) }

// Len reports how many keys are queued (not waiting, not processing).
func (q *Queue) Len() int { return len(q.items) }

// Waiting reports how many keys are held back by AddAfter or AddRateLimited.
func (q *Queue) Waiting() int { return len(q.waiting) }

// Adds reports how many times a key was actually queued (deduplicated Adds
// do not count); Retries how many times AddRateLimited was called.
func (q *Queue) Adds() int    { return q.adds }
func (q *Queue) Retries() int { return q.retries }

// Get takes the next key for processing; the caller must call Done(key).
// ok is false when the queue is empty or shut down.
func (q *Queue) Get() (key string, ok bool) {
	if q.shutdown || len(q.items) == 0 {
		return "", false
	}
	key = q.items[0]
	q.items[0] = ""
	q.items = q.items[1:]
	delete(q.dirty, key)
	q.processing[key] = struct{}{}
	return key, true
}

// Done marks key as processed; if it was added meanwhile, it is queued again.
func (q *Queue) Done(key string) {
	delete(q.processing, key)
	if q.shutdown {
		return
	}
	if _, ok := q.dirty[key]; ok {
		q.items = append(q.items, key)
		q.schedule()
	}
}

// ShutDown stops the queue: pending delays are cancelled, queued keys
// dropped, later Adds ignored.
func (q *Queue) ShutDown() {
	q.shutdown = true
	for k, t := range q.waiting {
		t.Stop()
		delete(q.waiting, k)
	}
	if q.pump != nil {
		q.pump.Stop()
		q.pump = nil
	}
	q.items = nil
	clear(q.dirty)
}

// ShuttingDown reports whether ShutDown was called.
func (q *Queue) ShuttingDown() bool { return q.shutdown }

func (q *Queue) schedule() {
	if q.handler == nil || q.pump != nil || q.shutdown || len(q.items) == 0 {
		return
	}
	q.pump = q.s.After(q.delay, "workqueue "+q.name, q.processOne)
}

func (q *Queue) processOne() {
	q.pump = nil
	key, ok := q.Get()
	if !ok {
		return
	}
	if err := q.handler(key); err != nil {
		q.AddRateLimited(key)
	} else {
		q.Forget(key)
	}
	q.Done(key)
	q.schedule()
}
