package queue

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/queuesort"
	"kubeplay/core/scheduler/plugins/schedulinggates"
	"kubeplay/core/sim"
)

func pod(name string, prio int32) *api.Pod {
	p := &api.Pod{}
	p.Name, p.Namespace, p.UID = name, "default", "uid-"+name
	p.Spec.Priority = &prio
	return p
}

func newQueue(s *sim.Sim) *Queue {
	return New(s, (&queuesort.PrioritySort{}).Less, (&schedulinggates.SchedulingGates{}).PreEnqueue, nil)
}

func TestBackoffDurationDoublesUpToTenSeconds(t *testing.T) {
	q := newQueue(sim.New(1))
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second, 10 * time.Second, 10 * time.Second}
	for i, w := range want {
		if got := q.BackoffDuration(i + 1); got != w {
			t.Fatalf("attempt %d: %v, want %v", i+1, got, w)
		}
	}
}

func TestActiveQPopsHighestPriorityThenFIFO(t *testing.T) {
	s := sim.New(1)
	q := newQueue(s)
	q.Add(pod("low", 0))
	q.Add(pod("first", 10))
	q.Add(pod("second", 10))
	var got []string
	for p := q.Pop(); p != nil; p = q.Pop() {
		got = append(got, p.Pod.Name)
	}
	if want := []string{"first", "second", "low"}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("order %v, want %v", got, want)
	}
}

func TestErroredPodComesBackAfterBackoff(t *testing.T) {
	s := sim.New(1)
	q := newQueue(s)
	q.Add(pod("p", 0))
	for attempt, wait := range []time.Duration{time.Second, 2 * time.Second, 4 * time.Second} {
		qp := q.Pop()
		if qp == nil {
			t.Fatalf("attempt %d: nothing to pop", attempt+1)
		}
		q.AddUnschedulable(qp, true)
		if q.Where("default", "p") != BackoffQ {
			t.Fatalf("attempt %d: in %v, want backoffQ", attempt+1, q.Where("default", "p"))
		}
		s.Advance(wait - time.Millisecond)
		if q.ActiveLen() != 0 {
			t.Fatalf("attempt %d: back before %v", attempt+1, wait)
		}
		s.Advance(time.Millisecond)
		if q.ActiveLen() != 1 {
			t.Fatalf("attempt %d: not back after %v", attempt+1, wait)
		}
	}
}

func TestUnschedulablePodWaitsForAnEventOrFiveMinutes(t *testing.T) {
	s := sim.New(1)
	q := newQueue(s)
	q.Run()
	q.Add(pod("a", 0))
	q.Add(pod("b", 0))
	qa, qb := q.Pop(), q.Pop()
	qa.UnschedulablePlugins = map[string]bool{"NodeResourcesFit": true}
	qb.UnschedulablePlugins = map[string]bool{"TaintToleration": true}
	q.AddUnschedulable(qa, false)
	q.AddUnschedulable(qb, false)
	s.Advance(30 * time.Second)
	if q.Where("default", "a") != Unschedulable {
		t.Fatalf("a is in %v", q.Where("default", "a"))
	}
	moved := q.MoveAllToActiveOrBackoff(func(qp *framework.QueuedPodInfo) bool { return qp.UnschedulablePlugins["NodeResourcesFit"] })
	if moved != 1 || q.Where("default", "a") != ActiveQ || q.Where("default", "b") != Unschedulable {
		t.Fatalf("moved %d: a %v, b %v", moved, q.Where("default", "a"), q.Where("default", "b"))
	}
	s.Advance(5 * time.Minute)
	if q.Where("default", "b") != ActiveQ {
		t.Fatalf("b is in %v after 5m30s", q.Where("default", "b"))
	}
}

func TestGatedPodWaitsUntilGatesAreRemoved(t *testing.T) {
	s := sim.New(1)
	q := newQueue(s)
	p := pod("g", 0)
	p.Spec.SchedulingGates = []api.PodSchedulingGate{{Name: "example.com/wait"}}
	q.Add(p)
	if q.Where("default", "g") != Gated || q.Pop() != nil {
		t.Fatalf("gated pod is in %v", q.Where("default", "g"))
	}
	p2 := pod("g", 0)
	q.Update(p2)
	if q.Where("default", "g") != ActiveQ {
		t.Fatalf("ungated pod is in %v", q.Where("default", "g"))
	}
}
