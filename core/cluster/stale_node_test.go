package cluster

import (
	"io"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/podgc"
)

// Regression test for the relay property test's seeds 176 and 758 (60 ops):
// a node deleted while kube-scheduler re-lists after a compaction. The
// scheduler binds only to nodes in its cache, but its node cache is behind
// the apiserver until the node informer's re-list lands, and
// kube-apiserver's pods/binding does not look the node up (BindingREST
// checks only the pod), so the pod is bound to the deleted node and PodGC
// force-deletes it after its 40s quarantine. The checker allows exactly
// that: a binding to a node deleted a moment before, never to a node that
// never existed, and no pod left on a deleted node once PodGC had its time.
func TestASchedulerBehindANodeDeletionBindsThereAndPodGCRemovesThePod(t *testing.T) {
	// Whether the scheduler's pod re-list lands before its node re-list is
	// decided by the seeded watch latencies: seed 2 has that order.
	opts := Default()
	opts.SystemWorkloads = false
	opts.Seed = 2
	e := &faultEnv{t: t, c: New(opts)}
	a := newAuditor(e.c.Store, e.c.Sim.Now)
	// Every watch gets 410 and its informer re-lists 800ms later; the node
	// goes meanwhile, and the pod (which only fits there) arrives.
	e.fault(e.c.Compact)
	e.fault(func(w io.Writer) error { return e.c.NodeDelete("demo-worker2", w) })
	p := pod("pinned", "nginx:1.27")
	p.Spec.NodeSelector = map[string]string{api.LabelHostname: "demo-worker2"}
	if _, err := e.c.Kubectl(io.Discard).Client().Resource("pods").Namespace("default").Create(p); err != nil {
		t.Fatal(err)
	}
	e.c.Sim.Advance(2 * time.Second)

	got := e.podNamed("pinned")
	if got == nil || got.Spec.NodeName != "demo-worker2" {
		t.Fatalf("the scheduler's cache still had demo-worker2: the pod must be bound there, got %+v", got)
	}
	if a.staleBindings != 1 || len(a.violations) > 0 {
		t.Errorf("the checker must count one binding to a node deleted a moment before (got %d) and report nothing: %v",
			a.staleBindings, a.violations)
	}
	e.c.Sim.Advance(podgc.QuarantineTime + 2*podgc.GCCheckPeriod)
	if p := e.podNamed("pinned"); p != nil {
		t.Errorf("PodGC must delete the pod bound to the deleted node; it is still there on %q", p.Spec.NodeName)
	}
}

func TestTheCheckerRejectsBindingsToNodesThatNeverExistedOrLongGoneAndPodsLeftThere(t *testing.T) {
	e := newFaultEnv(t)
	a := newAuditor(e.c.Store, e.c.Sim.Now)
	e.fault(func(w io.Writer) error { return e.c.NodeDelete("demo-worker2", w) })
	e.c.Sim.Advance(orphanDeadline + time.Second)
	a.checkNode(1, "default/late", "demo-worker2")
	a.checkNode(2, "default/nowhere", "no-such-node")
	want := []string{
		"rev 1: pod default/late bound to node demo-worker2, deleted 2m21s before: the scheduler's cache never dropped it",
		"rev 2: pod default/nowhere bound to node no-such-node, which never existed",
	}
	if len(a.violations) != len(want) || a.violations[0] != want[0] || a.violations[1] != want[1] {
		t.Errorf("violations = %q\nwant %q", a.violations, want)
	}
	a.pods["default/left"] = &podState{node: "demo-worker2"}
	wantLeft := "pod default/left is still bound to node demo-worker2, deleted 2m21s before: PodGC removes such pods after 40s"
	if got := a.orphans(time.Time{}); len(got) != 1 || got[0] != wantLeft {
		t.Errorf("orphans = %q, want %q", got, wantLeft)
	}
	if got := a.orphans(e.c.Sim.Now().Add(-time.Minute)); len(got) != 0 {
		t.Errorf("a kube-controller-manager (re)started a minute ago has not had PodGC's time: orphans = %q", got)
	}
}

// podNamed returns the default namespace's pod name, or nil.
func (e *faultEnv) podNamed(name string) *api.Pod {
	for _, p := range e.pods() {
		if p.Name == name {
			return p
		}
	}
	return nil
}

func pod(name, image string) *api.Pod {
	p := &api.Pod{}
	p.APIVersion, p.Kind = "v1", "Pod"
	p.Name, p.Namespace = name, "default"
	p.Spec.Containers = []api.Container{{Name: "web", Image: image}}
	return p
}
