package ctrlutil

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"kubeplay/core/client"
	"kubeplay/core/sim"
)

// asyncLoop is a started loop whose sync for a key is sync(l, key).
func asyncLoop(t *testing.T, sync func(l *Loop, key string) error) (*sim.Sim, *Loop) {
	t.Helper()
	s := sim.New(1)
	var l *Loop
	l = NewLoop(s, "test-controller", func(key string) error { return sync(l, key) })
	l.Start()
	t.Cleanup(l.Stop)
	return s, l
}

// call is what a request saw when it ran.
type call struct {
	step    uint64 // the sim event it ran in
	pending int    // events still scheduled then: the rest of its batch
}

// batches groups calls into batches: a batch starts when nothing of the
// previous one is left in flight.
func batches(calls []call) []int {
	var out []int
	for i, c := range calls {
		if i == 0 || calls[i-1].pending == 0 {
			out = append(out, c.pending+1)
		}
	}
	return out
}

func TestSlowStartBatchSendsEachRequestAsItsOwnEventInDoublingBatches(t *testing.T) {
	for _, tc := range []struct {
		name          string
		count         int
		failAt        []int // 1-based calls that fail
		wantSuccesses int
		wantBatches   []int
		wantErr       bool
	}{
		{name: "ten creations go out as 1, 2, 4 and the 3 left", count: 10, wantSuccesses: 10, wantBatches: []int{1, 2, 4, 3}},
		{name: "a failure in the third batch ends it and no fourth batch starts", count: 10, failAt: []int{4}, wantSuccesses: 6, wantBatches: []int{1, 2, 4}, wantErr: true},
		{name: "a failing first request stops everything", count: 500, failAt: []int{1}, wantSuccesses: 0, wantBatches: []int{1}, wantErr: true},
		{name: "five hundred creations take nine batches", count: 500, wantSuccesses: 500, wantBatches: []int{1, 2, 4, 8, 16, 32, 64, 128, 245}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var calls []call
			var successes, attempted, doneCalls int
			var doneErr error
			s, l := asyncLoop(t, func(l *Loop, key string) error {
				l.SlowStartBatch(key, "create pods", tc.count, func() error {
					calls = append(calls, call{l.Sim().Steps(), l.Sim().Pending()})
					if slices.Contains(tc.failAt, len(calls)) {
						return errors.New("exceeded quota")
					}
					return nil
				}, func(ok, n int, err error) error {
					doneCalls++
					successes, attempted, doneErr = ok, n, err
					return nil
				})
				return nil
			})
			l.Enqueue("default/web")
			start := s.Now()
			for s.Step() {
			}
			got := batches(calls)
			if fmt.Sprint(got) != fmt.Sprint(tc.wantBatches) {
				t.Errorf("batches %v, want %v", got, tc.wantBatches)
			}
			for i := 1; i < len(calls); i++ {
				if calls[i].step == calls[i-1].step {
					t.Fatalf("calls %d and %d ran in the same sim event", i, i+1)
				}
			}
			if doneCalls != 1 || successes != tc.wantSuccesses || attempted != len(calls) || (doneErr != nil) != tc.wantErr {
				t.Errorf("done called %d times with (%d, %d, %v); %d calls", doneCalls, successes, attempted, doneErr, len(calls))
			}
			if d := s.Now().Sub(start); d != client.DefaultProcessingDelay {
				t.Errorf("took %v of virtual time: the requests must be in flight at the sync's instant", d)
			}
		})
	}
}

func TestParallelSendsEveryRequestAtOnceAndAFailureStopsNone(t *testing.T) {
	var calls []call
	var successes, attempted int
	var doneErr error
	s, l := asyncLoop(t, func(l *Loop, key string) error {
		l.Parallel(key, "delete pods", 6, func() error {
			calls = append(calls, call{l.Sim().Steps(), l.Sim().Pending()})
			if len(calls) == 2 || len(calls) == 5 {
				return fmt.Errorf("failure %d", len(calls))
			}
			return nil
		}, func(ok, n int, err error) error {
			successes, attempted, doneErr = ok, n, err
			return nil
		})
		return nil
	})
	l.Enqueue("default/web")
	for s.Step() {
	}
	if got := batches(calls); fmt.Sprint(got) != "[6]" {
		t.Errorf("batches %v, want one of 6", got)
	}
	if successes != 4 || attempted != 6 || doneErr == nil || doneErr.Error() != "failure 2" {
		t.Errorf("done(%d, %d, %v), want (4, 6, failure 2)", successes, attempted, doneErr)
	}
}

func TestAKeyWithRequestsInFlightIsNotSyncedAgainUntilTheyAreIn(t *testing.T) {
	syncs, inFlight := 0, 0
	s, l := asyncLoop(t, func(l *Loop, key string) error {
		syncs++
		if inFlight > 0 {
			t.Errorf("sync %d ran while %d requests of the previous one were in flight", syncs, inFlight)
		}
		if syncs > 1 {
			return nil
		}
		l.SlowStartBatch(key, "create pods", 7, func() error {
			inFlight--
			// The informer sees the new pod and queues the key again.
			l.Enqueue(key)
			return nil
		}, func(int, int, error) error { return nil })
		inFlight = 7
		if !l.Busy(key) {
			t.Error("the key is not busy while its requests are in flight")
		}
		return nil
	})
	l.Enqueue("default/web")
	for s.Step() {
	}
	if syncs != 2 {
		t.Errorf("%d syncs, want 2: the first, then one for everything queued while it was in flight", syncs)
	}
	if l.Busy("default/web") {
		t.Error("still busy after the requests are in")
	}
}

func TestTheErrorOfAnAsynchronousSyncRetriesTheKeyWithAGrowingBackOff(t *testing.T) {
	var at []int64
	s, l := asyncLoop(t, func(l *Loop, key string) error {
		at = append(at, l.Sim().Now().Sub(sim.Epoch).Milliseconds())
		if len(at) == 5 {
			return nil
		}
		l.SlowStartBatch(key, "create pods", 1, func() error { return errors.New("exceeded quota") },
			func(_, _ int, err error) error { return err })
		return nil
	})
	l.Enqueue("default/web")
	for s.Step() {
	}
	// 1ms processing delay, then retries after 5, 10, 20 ms (+1ms each to be processed).
	if want := "[1 7 18 39 80]"; fmt.Sprint(at) != want {
		t.Errorf("synced at %v ms, want %s", at, want)
	}
	if n := l.Queue().NumRequeues("default/web"); n != 0 {
		t.Errorf("%d requeues remembered after a successful sync, want 0", n)
	}
}

func TestStoppingTheLoopDropsTheRequestsInFlight(t *testing.T) {
	calls, done := 0, 0
	s, l := asyncLoop(t, func(l *Loop, key string) error {
		l.SlowStartBatch(key, "create pods", 100, func() error {
			calls++
			if calls == 10 {
				l.Stop()
			}
			return nil
		}, func(int, int, error) error { done++; return nil })
		return nil
	})
	l.Enqueue("default/web")
	for s.Step() {
	}
	if calls != 10 || done != 0 || l.Busy("default/web") {
		t.Errorf("%d calls, done %d times, busy %v: want 10 calls, no done, not busy", calls, done, l.Busy("default/web"))
	}
}
