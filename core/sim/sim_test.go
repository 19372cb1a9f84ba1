package sim

import (
	"testing"
	"time"
)

func TestEventsRunInDueOrderAndTiesInSchedulingOrder(t *testing.T) {
	s := New(1)
	var got []string
	s.After(2*time.Second, "c", func() { got = append(got, "c") })
	s.After(time.Second, "a", func() { got = append(got, "a") })
	s.After(time.Second, "b", func() { got = append(got, "b") })
	s.After(0, "now", func() { got = append(got, "now") })
	s.RunUntilIdle(time.Hour)
	want := []string{"now", "a", "b", "c"}
	if len(got) != len(want) {
		t.Fatalf("ran %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ran %v, want %v", got, want)
		}
	}
	if d := s.Now().Sub(Epoch); d != 2*time.Second {
		t.Fatalf("clock advanced %v, want 2s", d)
	}
}

func TestAdvanceMovesTheClockEvenWithoutEvents(t *testing.T) {
	s := New(1)
	s.Advance(90 * time.Second)
	if got := s.Now().Sub(Epoch); got != 90*time.Second {
		t.Fatalf("Now-Epoch = %v, want 90s", got)
	}
}

func TestAdvanceRunsOnlyEventsDueWithinTheWindow(t *testing.T) {
	s := New(1)
	ran := 0
	s.After(10*time.Second, "in", func() { ran++ })
	s.After(11*time.Second, "out", func() { ran += 10 })
	s.Advance(10 * time.Second)
	if ran != 1 {
		t.Fatalf("ran=%d, want only the event due at 10s", ran)
	}
}

func TestStoppedTimersDoNotRun(t *testing.T) {
	s := New(1)
	ran := false
	tm := s.After(time.Second, "x", func() { ran = true })
	if !tm.Stop() {
		t.Fatal("Stop of a pending timer reported false")
	}
	if tm.Stop() {
		t.Fatal("second Stop reported true")
	}
	if !s.RunUntilIdle(time.Minute) || ran {
		t.Fatalf("idle=%v ran=%v, want idle and not run", s.Pending() == 0, ran)
	}
}

func TestBackgroundWorkDoesNotKeepTheLoopBusy(t *testing.T) {
	s := New(1)
	beats := 0
	stop := s.Every(10*time.Second, "heartbeat", func() { beats++ })
	s.After(25*time.Second, "work", func() {})
	if !s.RunUntilIdle(time.Hour) {
		t.Fatal("RunUntilIdle did not become idle with only a heartbeat left")
	}
	if beats != 2 {
		t.Fatalf("beats=%d after 25s, want 2", beats)
	}
	s.Advance(time.Minute)
	if beats != 8 {
		t.Fatalf("beats=%d after 85s, want 8", beats)
	}
	stop()
	s.Advance(time.Minute)
	if beats != 8 {
		t.Fatalf("beats=%d after stop, want 8", beats)
	}
}

func TestRunUntilIdleGivesUpAtTheLimit(t *testing.T) {
	s := New(1)
	var loop func()
	loop = func() { s.After(time.Second, "loop", loop) }
	loop()
	if s.RunUntilIdle(time.Minute) {
		t.Fatal("a self-rescheduling event reported idle")
	}
	if got := s.Now().Sub(Epoch); got > time.Minute {
		t.Fatalf("ran past the limit: %v", got)
	}
}

func TestTheSameSeedDrawsTheSameNumbers(t *testing.T) {
	a, b, c := New(7), New(7), New(8)
	same := true
	for i := 0; i < 20; i++ {
		x, y, z := a.Rand().Uint64(), b.Rand().Uint64(), c.Rand().Uint64()
		if x != y {
			t.Fatalf("draw %d differs for the same seed", i)
		}
		if x != z {
			same = false
		}
	}
	if same {
		t.Fatal("different seeds drew identical sequences")
	}
}

func TestRunWhileStopsWhenTheConditionTurns(t *testing.T) {
	s := New(1)
	n := 0
	for i := 1; i <= 5; i++ {
		s.After(time.Duration(i)*time.Second, "inc", func() { n++ })
	}
	if !s.RunWhile(time.Minute, func() bool { return n < 3 }) {
		t.Fatal("condition never turned")
	}
	if n != 3 || s.Now().Sub(Epoch) != 3*time.Second {
		t.Fatalf("n=%d at %v, want 3 at 3s", n, s.Now().Sub(Epoch))
	}
	if s.RunWhile(10*time.Second, func() bool { return n < 100 }) {
		t.Fatal("RunWhile reported success for a condition that never turned")
	}
}
