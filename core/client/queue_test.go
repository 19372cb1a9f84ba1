package client

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"kubeplay/core/sim"
)

// processed records which key was handled at which virtual offset.
type processed struct {
	at  time.Duration
	key string
}

func recordQueue(s *sim.Sim, q *Queue, fail func(key string, n int) bool) *[]processed {
	var got []processed
	calls := map[string]int{}
	q.SetHandler(func(key string) error {
		calls[key]++
		got = append(got, processed{s.Since(sim.Epoch), key})
		if fail != nil && fail(key, calls[key]) {
			return errors.New("boom")
		}
		return nil
	})
	return &got
}

func TestQueueDeduplicatesAndKeepsOrder(t *testing.T) {
	tests := []struct {
		name string
		adds []string
		want []processed
	}{
		{
			name: "a key added twice while queued is processed once",
			adds: []string{"a", "a"},
			want: []processed{{time.Millisecond, "a"}},
		},
		{
			name: "keys come out in the order they were first added",
			adds: []string{"b", "a", "b", "c"},
			want: []processed{{1 * time.Millisecond, "b"}, {2 * time.Millisecond, "a"}, {3 * time.Millisecond, "c"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sim.New(1)
			q := NewQueue(s, "test", nil)
			got := recordQueue(s, q, nil)
			for _, k := range tt.adds {
				q.Add(k)
			}
			s.RunUntilIdle(time.Hour)
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("processed (-want +got):\n- %v\n+ %v", tt.want, *got)
			}
		})
	}
}

func TestQueueRequeuesAKeyAddedWhileItIsBeingProcessed(t *testing.T) {
	s := sim.New(1)
	q := NewQueue(s, "test", nil)
	var got []processed
	first := true
	q.SetHandler(func(key string) error {
		got = append(got, processed{s.Since(sim.Epoch), key})
		if first {
			first = false
			q.Add("a") // the object changed while we were syncing it
			if q.Len() != 0 {
				t.Errorf("a key being processed must not be queued again before Done, Len = %d", q.Len())
			}
		}
		return nil
	})
	q.Add("a")
	s.RunUntilIdle(time.Hour)
	want := []processed{{time.Millisecond, "a"}, {2 * time.Millisecond, "a"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("processed (-want +got):\n- %v\n+ %v", want, got)
	}
}

func TestQueueRetriesFailuresWithExponentialBackoff(t *testing.T) {
	s := sim.New(1)
	q := NewQueue(s, "test", nil)
	got := recordQueue(s, q, func(key string, n int) bool { return n <= 4 })
	q.Add("a")
	s.RunUntilIdle(time.Hour)
	// processed at 1ms; fails; retried 5ms later (+1ms processing delay), then 10ms, 20ms, 40ms.
	want := []processed{
		{1 * time.Millisecond, "a"},
		{7 * time.Millisecond, "a"},
		{18 * time.Millisecond, "a"},
		{39 * time.Millisecond, "a"},
		{80 * time.Millisecond, "a"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("processed (-want +got):\n- %v\n+ %v", want, *got)
	}
	if n := q.NumRequeues("a"); n != 0 {
		t.Errorf("a success must Forget the key, NumRequeues = %d", n)
	}
}

func TestRateLimiters(t *testing.T) {
	tests := []struct {
		name    string
		limiter func() RateLimiter
		calls   int
		want    []time.Duration // the delays of the last len(want) calls
	}{
		{
			name:    "per-item exponential doubles from 5ms",
			limiter: func() RateLimiter { return NewItemExponentialFailureRateLimiter(5*time.Millisecond, 1000*time.Second) },
			calls:   5,
			want:    []time.Duration{5 * time.Millisecond, 10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond, 80 * time.Millisecond},
		},
		{
			name:    "per-item exponential is capped at 1000s",
			limiter: func() RateLimiter { return NewItemExponentialFailureRateLimiter(5*time.Millisecond, 1000*time.Second) },
			calls:   100,
			want:    []time.Duration{1000 * time.Second},
		},
		{
			name:    "the default bucket lets a burst of 100 through, then one per 100ms",
			limiter: func() RateLimiter { return NewBucketRateLimiter(10, 100) },
			calls:   102,
			want:    []time.Duration{0, 100 * time.Millisecond, 200 * time.Millisecond},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sim.New(1)
			l := tt.limiter()
			if cu, ok := l.(clockUser); ok {
				cu.useClock(s.Now)
			}
			var got []time.Duration
			for i := 0; i < tt.calls; i++ {
				got = append(got, l.When("k"))
			}
			got = got[len(got)-len(tt.want):]
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("delays (-want +got):\n- %v\n+ %v", tt.want, got)
			}
		})
	}
}

func TestDefaultControllerRateLimiterTakesTheLongerOfItsTwoLimits(t *testing.T) {
	s := sim.New(1)
	q := NewQueue(s, "test", nil) // binds the bucket's clock
	l := q.limiter
	var got []time.Duration
	for i := 0; i < 101; i++ {
		got = append(got, l.When(fmt.Sprint("k", i)))
	}
	if got[0] != 5*time.Millisecond {
		t.Errorf("a first failure waits 5ms, got %v", got[0])
	}
	if got[100] != 100*time.Millisecond {
		t.Errorf("the 101st failure in one instant waits for the bucket (100ms), got %v", got[100])
	}
	s.Advance(10 * time.Second)
	if d := l.When("k0"); d != 10*time.Millisecond {
		t.Errorf("once the bucket has refilled, the per-item delay rules: want 10ms, got %v", d)
	}
}

func TestQueueAddAfter(t *testing.T) {
	tests := []struct {
		name  string
		delay []time.Duration
		want  []processed
	}{
		{
			name:  "a key is processed once its delay has passed",
			delay: []time.Duration{time.Second},
			want:  []processed{{time.Second + time.Millisecond, "a"}},
		},
		{
			name:  "the earlier of two delays for one key wins",
			delay: []time.Duration{5 * time.Second, 2 * time.Second, 3 * time.Second},
			want:  []processed{{2*time.Second + time.Millisecond, "a"}},
		},
		{
			name:  "a zero delay adds at once",
			delay: []time.Duration{0},
			want:  []processed{{time.Millisecond, "a"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := sim.New(1)
			q := NewQueue(s, "test", nil)
			got := recordQueue(s, q, nil)
			for _, d := range tt.delay {
				q.AddAfter("a", d)
			}
			s.RunUntilIdle(time.Hour)
			if !reflect.DeepEqual(*got, tt.want) {
				t.Errorf("processed (-want +got):\n- %v\n+ %v", tt.want, *got)
			}
		})
	}
}

func TestQueueShutDownDropsEverything(t *testing.T) {
	s := sim.New(1)
	q := NewQueue(s, "test", nil)
	got := recordQueue(s, q, nil)
	q.Add("a")
	q.AddAfter("b", time.Second)
	q.ShutDown()
	q.Add("c")
	if !s.RunUntilIdle(time.Hour) {
		t.Fatal("a shut-down queue must leave no work behind")
	}
	if len(*got) != 0 {
		t.Errorf("nothing may be processed after ShutDown, got %v", *got)
	}
}

func TestQueueCanBeDrainedByHand(t *testing.T) {
	s := sim.New(1)
	q := NewQueue(s, "test", nil)
	q.Add("a")
	q.Add("b")
	k, ok := q.Get()
	if !ok || k != "a" {
		t.Fatalf("Get = %q, %v; want a", k, ok)
	}
	q.Add("a")
	if q.Len() != 1 {
		t.Fatalf("a key re-added while processing must wait for Done, Len = %d", q.Len())
	}
	q.Done("a")
	var keys []string
	for {
		k, ok := q.Get()
		if !ok {
			break
		}
		keys = append(keys, k)
		q.Done(k)
	}
	if want := []string{"b", "a"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("keys = %v, want %v", keys, want)
	}
}
