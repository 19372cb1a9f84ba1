package ctrlutil

import "kubeplay/core/client"

// A controller's burst of pod creations is, in Kubernetes, many API requests
// in flight at once: slowStartBatch starts a batch of goroutines, waits for
// all of them, and only then starts the next, twice as large. kubeplay plays
// each of those requests as its own sim event (at the same virtual instant),
// so a ReplicaSet creating 500 pods is 500 short events, not one long one: the
// browser's play loop can yield between them, and a learner stepping through
// sees one request at a time.
//
// While such work is in flight the key stays "processing", as it would in a
// worker blocked in slowStartBatch: the queue does not hand it to the sync
// again (a key queued meanwhile is synced once the work is done) and its
// rate-limit history is not forgotten. The sync's outcome is reported when the
// last request is in: an error retries the key with the rate limiter.

// BatchDone is called once a key's asynchronous requests are over.
// successes and attempted count the calls that succeeded and that were made
// at all; err is the first failure, which stopped further batches. It
// returns the sync's error: non-nil retries the key with the rate limiter.
type BatchDone func(successes, attempted int, err error) error

// SlowStartBatch calls fn count times on behalf of key, each call in its own
// sim event, in batches of 1, 2, 4, ... (SlowStartInitialBatchSize, doubling):
// a batch starts when every call of the previous one has returned, and a
// batch with a failure is the last (controller slowStartBatch). done is then
// called from the event of the last call. what labels the sim events
// ("create pods").
//
// The sync that calls SlowStartBatch returns without waiting (normally nil).
// If the loop is stopped meanwhile, the remaining calls and done are dropped:
// a stopped controller manager loses its in-flight work.
func (l *Loop) SlowStartBatch(key, what string, count int, fn func() error, done BatchDone) {
	l.runBatches(key, what, count, SlowStartInitialBatchSize, true, fn, done)
}

// Parallel calls fn count times on behalf of key, all at once, each call in
// its own sim event, then done: the controllers' parallel deletions (a
// WaitGroup over one goroutine per pod). A failure does not stop the others.
func (l *Loop) Parallel(key, what string, count int, fn func() error, done BatchDone) {
	l.runBatches(key, what, count, count, false, fn, done)
}

// Busy reports whether key has asynchronous requests in flight.
func (l *Loop) Busy(key string) bool {
	_, ok := l.busy[key]
	return ok
}

// inflight is one key's asynchronous work.
type inflight struct {
	// dirty: the key was queued while its work was in flight.
	dirty bool
}

type batchRun struct {
	l          *Loop
	key, label string
	gen        uint64
	fn         func() error
	done       BatchDone
	slowStart  bool

	remaining, batch, outstanding int
	successes, attempted          int
	firstErr                      error
}

func (l *Loop) runBatches(key, what string, count, initial int, slowStart bool, fn func() error, done BatchDone) {
	if l.busy == nil {
		l.busy = map[string]*inflight{}
	}
	if _, ok := l.busy[key]; !ok {
		l.busy[key] = &inflight{}
	}
	r := &batchRun{l: l, key: key, label: l.name + ": " + what + " for " + key, gen: l.gen,
		fn: fn, done: done, slowStart: slowStart, remaining: count}
	if count <= 0 {
		l.s.After(0, r.label, r.finish)
		return
	}
	r.start(min(count, max(initial, 1)))
}

// start schedules one event per call of a batch of n.
func (r *batchRun) start(n int) {
	r.batch, r.outstanding = n, n
	for i := 0; i < n; i++ {
		r.l.s.After(0, r.label, r.call)
	}
}

func (r *batchRun) call() {
	if r.gen != r.l.gen {
		return // the controller was stopped: its requests died with it
	}
	r.attempted++
	if err := r.fn(); err != nil {
		if r.firstErr == nil {
			r.firstErr = err
		}
	} else {
		r.successes++
	}
	r.outstanding--
	if r.outstanding > 0 {
		return
	}
	r.remaining -= r.batch
	if r.firstErr != nil || r.remaining <= 0 || !r.slowStart {
		r.finish()
		return
	}
	r.start(min(2*r.batch, r.remaining))
}

func (r *batchRun) finish() {
	l := r.l
	if r.gen != l.gen {
		return
	}
	err := r.done(r.successes, r.attempted, r.firstErr)
	f := l.busy[r.key]
	delete(l.busy, r.key)
	if l.queue == nil {
		return
	}
	if err != nil {
		l.queue.AddRateLimited(r.key)
	} else {
		l.queue.Forget(r.key)
	}
	if f != nil && f.dirty {
		l.queue.Add(r.key)
	}
}

// handle is the queue's handler: a key whose asynchronous work is in flight
// is marked dirty instead of synced (synced again when the work is done).
func (l *Loop) handle(key string) error {
	if f, ok := l.busy[key]; ok {
		f.dirty = true
		return nil
	}
	return l.sync(key)
}

// loopLimiter keeps the rate-limit history of keys with work in flight: the
// queue forgets a key whose sync returned nil, but a sync that started
// asynchronous requests has not finished yet.
type loopLimiter struct {
	client.RateLimiter
	l *Loop
}

func (r loopLimiter) Forget(key string) {
	if _, busy := r.l.busy[key]; !busy {
		r.RateLimiter.Forget(key)
	}
}
