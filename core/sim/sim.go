package sim

import (
	"container/heap"
	"math/rand/v2"
	"time"

	"kubeplay/core/trace"
)

// Epoch is the fixed instant at which every simulation starts.
var Epoch = time.Date(2026, time.January, 5, 9, 0, 0, 0, time.UTC)

// DefaultSeed is the seed used when none is given.
const DefaultSeed uint64 = 1

// Sim is the virtual clock and event loop. It is not safe for concurrent use:
// everything runs on the goroutine that calls Step, Advance or RunUntilIdle.
type Sim struct {
	now   time.Time
	seq   uint64
	q     eventQueue
	rng   *rand.Rand
	uids  *rand.Rand
	seed  uint64
	steps uint64
	// live counts scheduled, not yet run, non-background events.
	live int

	// Trace is the pipeline trace every component writes to.
	Trace *trace.Log
}

// New returns a simulation at Epoch whose randomness is drawn from seed.
func New(seed uint64) *Sim {
	s := &Sim{now: Epoch, seed: seed, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)),
		uids: rand.New(rand.NewPCG(seed^0xa0761d6478bd642f, seed^0xe7037ed1a0b428db))}
	s.Trace = trace.NewLog(s.Now)
	return s
}

// Seed reports the seed the simulation was created with.
func (s *Sim) Seed() uint64 { return s.seed }

// Now returns the current virtual time.
func (s *Sim) Now() time.Time { return s.now }

// Since returns the virtual time elapsed since t.
func (s *Sim) Since(t time.Time) time.Duration { return s.now.Sub(t) }

// Rand returns the simulation's seeded source. Draws from it are part of
// the deterministic history: draw only from the loop's goroutine.
func (s *Sim) Rand() *rand.Rand { return s.rng }

// UIDRand returns the source object UIDs are drawn from: seeded from the
// same seed, but a stream of its own, so that an object more or less does
// not change the names generated after it.
func (s *Sim) UIDRand() *rand.Rand { return s.uids }

// Steps reports how many events have run so far.
func (s *Sim) Steps() uint64 { return s.steps }

// Timer is a scheduled callback. Stop cancels it if it has not yet run.
type Timer struct {
	at         time.Time
	seq        uint64
	fn         func()
	name       string
	background bool
	index      int
	stopped    bool
	s          *Sim
}

// Stop cancels the timer. It reports whether the timer was still pending.
func (t *Timer) Stop() bool {
	if t == nil || t.stopped || t.index < 0 {
		return false
	}
	t.stopped = true
	heap.Remove(&t.s.q, t.index)
	if !t.background {
		t.s.live--
	}
	return true
}

// When reports the virtual time the timer is due.
func (t *Timer) When() time.Time { return t.at }

// Name reports the label given when the timer was scheduled.
func (t *Timer) Name() string { return t.name }

// After schedules fn to run d after now (d < 0 counts as 0). name labels the
// event for debugging and stepping UIs.
func (s *Sim) After(d time.Duration, name string, fn func()) *Timer {
	return s.schedule(d, name, fn, false)
}

// Every schedules fn after d and then every d, as background work (see
// AfterBackground), until the returned timer's Stop is called through stop().
func (s *Sim) Every(d time.Duration, name string, fn func()) (stop func()) {
	var cur *Timer
	stopped := false
	var tick func()
	tick = func() {
		if stopped {
			return
		}
		cur = s.schedule(d, name, tick, true)
		fn()
	}
	cur = s.schedule(d, name, tick, true)
	return func() {
		stopped = true
		cur.Stop()
	}
}

// AfterBackground schedules periodic or housekeeping work (heartbeats,
// resyncs, compaction). Background events run like any other, but they do
// not keep RunUntilIdle going.
func (s *Sim) AfterBackground(d time.Duration, name string, fn func()) *Timer {
	return s.schedule(d, name, fn, true)
}

func (s *Sim) schedule(d time.Duration, name string, fn func(), background bool) *Timer {
	if d < 0 {
		d = 0
	}
	s.seq++
	t := &Timer{at: s.now.Add(d), seq: s.seq, fn: fn, name: name, background: background, s: s}
	heap.Push(&s.q, t)
	if !background {
		s.live++
	}
	return t
}

// Pending reports the number of scheduled events, background ones included.
func (s *Sim) Pending() int { return len(s.q) }

// Next reports the due time and name of the next event, if any.
func (s *Sim) Next() (time.Time, string, bool) {
	if len(s.q) == 0 {
		return time.Time{}, "", false
	}
	return s.q[0].at, s.q[0].name, true
}

// Step runs the next event, moving the clock to its due time. It reports
// false when nothing is scheduled.
func (s *Sim) Step() bool {
	if len(s.q) == 0 {
		return false
	}
	t := heap.Pop(&s.q).(*Timer)
	if !t.background {
		s.live--
	}
	if t.at.After(s.now) {
		s.now = t.at
	}
	s.steps++
	t.fn()
	return true
}

// RunUntil runs every event due at or before t, then sets the clock to t.
func (s *Sim) RunUntil(t time.Time) {
	for len(s.q) > 0 && !s.q[0].at.After(t) {
		s.Step()
	}
	if t.After(s.now) {
		s.now = t
	}
}

// SetClock moves the clock forward to t without running any event, for
// exact replay (an input that originally ran at t between two events). It
// does nothing and reports false if t is before now or after the next
// event's due time.
func (s *Sim) SetClock(t time.Time) bool {
	if t.Before(s.now) || (len(s.q) > 0 && s.q[0].at.Before(t)) {
		return false
	}
	s.now = t
	return true
}

// Advance runs the simulation for d of virtual time.
func (s *Sim) Advance(d time.Duration) { s.RunUntil(s.now.Add(d)) }

// RunUntilIdle runs events until no foreground work is left (only background
// events such as heartbeats remain) or until limit of virtual time has passed.
// It reports whether the simulation became idle.
func (s *Sim) RunUntilIdle(limit time.Duration) bool {
	deadline := s.now.Add(limit)
	for s.live > 0 {
		if len(s.q) == 0 || s.q[0].at.After(deadline) {
			return false
		}
		s.Step()
	}
	return true
}

// RunWhile runs events while cond holds and events are due before limit.
// It reports whether cond became false.
func (s *Sim) RunWhile(limit time.Duration, cond func() bool) bool {
	deadline := s.now.Add(limit)
	for cond() {
		if len(s.q) == 0 || s.q[0].at.After(deadline) {
			if deadline.After(s.now) {
				s.now = deadline
			}
			return !cond()
		}
		s.Step()
	}
	return true
}

type eventQueue []*Timer

func (q eventQueue) Len() int { return len(q) }
func (q eventQueue) Less(i, j int) bool {
	if !q[i].at.Equal(q[j].at) {
		return q[i].at.Before(q[j].at)
	}
	return q[i].seq < q[j].seq
}
func (q eventQueue) Swap(i, j int) {
	q[i], q[j] = q[j], q[i]
	q[i].index = i
	q[j].index = j
}
func (q *eventQueue) Push(x any) {
	t := x.(*Timer)
	t.index = len(*q)
	*q = append(*q, t)
}
func (q *eventQueue) Pop() any {
	old := *q
	n := len(old)
	t := old[n-1]
	old[n-1] = nil
	t.index = -1
	*q = old[:n-1]
	return t
}
