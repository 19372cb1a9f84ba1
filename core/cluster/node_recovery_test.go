package cluster

import (
	"io"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
)

// Regression tests for a node coming back after its pods' tolerations ran
// out. The node lifecycle controller lifts the unreachable taints at its next
// monitor tick, and the taint eviction controller starts a tolerating pod's
// countdown when it sees the pod on the tainted node, not at the taint's
// timeAdded: pods bound in between used to be evicted at once, and their
// replacements bound there again, hundreds of times in a few seconds.

// evictionEvents sums the counts of TaintManagerEviction events whose
// message starts with prefix ("Marking for deletion", "Cancelling deletion").
func (e *faultEnv) evictionEvents(prefix string) int {
	e.t.Helper()
	list, err := e.c.Kubectl(io.Discard).Client().Resource("events").Namespace("default").List(client.ListOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	n := 0
	for _, o := range list.Items {
		ev := o.(*api.Event)
		if ev.Reason == "TaintManagerEviction" && strings.HasPrefix(ev.Message, prefix) {
			n += int(max(ev.Count, 1))
		}
	}
	return n
}

// noExecuteAdded returns the timeAdded of the node's NoExecute taint key.
func noExecuteAdded(n *api.Node, key string) (time.Time, bool) {
	for _, t := range n.Spec.Taints {
		if t.Key == key && t.Effect == api.TaintEffectNoExecute && t.TimeAdded != nil {
			return t.TimeAdded.Time, true
		}
	}
	return time.Time{}, false
}

func TestANodeBackAfterSevenMinutesDoesNotStartAnEvictionStorm(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	e.fault(func(w io.Writer) error { return e.c.NodeDown("demo-worker", w) })
	e.c.Sim.Advance(7 * time.Minute)
	evicted := e.evictionEvents("Marking for deletion")
	if evicted == 0 {
		t.Fatalf("the pods on the lost node must have been evicted after 300s")
	}
	e.fault(func(w io.Writer) error { return e.c.NodeUp("demo-worker", w) })
	// New pods arrive while the node is Ready again but still carries its
	// unreachable NoExecute taint (until the next monitor tick).
	e.kubectl("kubectl scale deployment web --replicas=8")
	var ready, untainted time.Time
	for ready.IsZero() || untainted.IsZero() {
		if e.c.Sim.Since(ready) > 30*time.Second && !ready.IsZero() {
			t.Fatalf("the unreachable taints stayed 30s after the node was Ready: %v", e.mustNode("demo-worker").Spec.Taints)
		}
		e.c.Sim.Advance(100 * time.Millisecond)
		n := e.mustNode("demo-worker")
		if ready.IsZero() && nodeReady(n) == api.ConditionTrue {
			ready = e.c.Sim.Now()
		}
		if !ready.IsZero() && !hasTaint(n, api.TaintNodeUnreachable, api.TaintEffectNoExecute) && !hasTaint(n, api.TaintNodeUnreachable, api.TaintEffectNoSchedule) {
			untainted = e.c.Sim.Now()
		}
	}
	if d := untainted.Sub(ready); d > 5*time.Second+time.Second {
		t.Errorf("both unreachable taints must go by the next monitor tick (5s); they took %v", d)
	}
	e.c.Sim.Advance(time.Minute)
	if got := e.evictionEvents("Marking for deletion") - evicted; got != 0 {
		t.Errorf("%d evictions after the node came back, want none", got)
	}
	if got := len(e.pods()); got != 8 {
		t.Errorf("%d pods exist, want the 8 replicas", got)
	}
	if m := e.runningOn(); e.total(m) != 8 || m["demo-worker"] == 0 {
		t.Errorf("want 8 Running pods, some on the recovered node: %v", m)
	}
}

func TestPodsScheduledOntoAFreshlyRecoveredNodeKeepRunning(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	e.fault(func(w io.Writer) error { return e.c.NodeDown("demo-worker", w) })
	e.c.Sim.Advance(7 * time.Minute)
	e.fault(func(w io.Writer) error { return e.c.NodeUp("demo-worker", w) })
	e.kubectl("kubectl scale deployment web --replicas=8")
	// Collect the pods bound there while the old NoExecute taint is still on.
	var there []string
	seen := map[string]bool{}
	for i := 0; hasTaint(e.mustNode("demo-worker"), api.TaintNodeUnreachable, api.TaintEffectNoExecute); i++ {
		if i > 100 {
			t.Fatal("the unreachable NoExecute taint stayed 10s after the node came back")
		}
		for _, p := range e.pods() {
			if p.Spec.NodeName == "demo-worker" && p.DeletionTimestamp == nil && !seen[p.Name] {
				seen[p.Name] = true
				there = append(there, p.Name)
			}
		}
		e.c.Sim.Advance(100 * time.Millisecond)
	}
	if len(there) == 0 {
		t.Fatalf("no pod was bound to the recovered node while it still had the taint: %v", e.runningOn())
	}
	e.c.Sim.Advance(10 * time.Minute)
	alive := map[string]bool{}
	for _, p := range e.pods() {
		if p.Status.Phase == api.PodRunning && p.DeletionTimestamp == nil {
			alive[p.Name] = true
		}
	}
	for _, name := range there {
		if !alive[name] {
			t.Errorf("pod %s, bound to the recovered node, is not Running 10 minutes later", name)
		}
	}
	if got := e.evictionEvents("Cancelling deletion"); got != len(there) {
		t.Errorf("%d Cancelling deletion events, want one per pod bound under the taint (%d)", got, len(there))
	}
}

func TestPodsOnANodeThatStaysDownAreEvictedAboutFiveMinutesAfterTheTaint(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	victims := e.runningOn()["demo-worker"]
	if victims == 0 {
		t.Fatalf("no pod on demo-worker: %v", e.runningOn())
	}
	e.fault(func(w io.Writer) error { return e.c.NodeDown("demo-worker", w) })
	var added time.Time
	if !e.c.Sim.RunWhile(3*time.Minute, func() bool {
		var ok bool
		added, ok = noExecuteAdded(e.mustNode("demo-worker"), api.TaintNodeUnreachable)
		return !ok
	}) {
		t.Fatal("the lost node never got the unreachable NoExecute taint")
	}
	terminating := func() int {
		n := 0
		for _, p := range e.pods() {
			if p.Spec.NodeName == "demo-worker" && p.DeletionTimestamp != nil {
				n++
			}
		}
		return n
	}
	e.c.Sim.RunUntil(added.Add(295 * time.Second))
	if n := terminating(); n != 0 {
		t.Errorf("%d pods evicted before their 300s toleration ran out", n)
	}
	e.c.Sim.RunUntil(added.Add(305 * time.Second))
	if n := terminating(); n != victims {
		t.Errorf("%d of %d pods evicted 305s after the taint", n, victims)
	}
}

func (e *faultEnv) mustNode(name string) *api.Node {
	e.t.Helper()
	n, ok := e.node(name)
	if !ok {
		e.t.Fatalf("node %s not found", name)
	}
	return n
}
