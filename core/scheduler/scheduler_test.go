package scheduler

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/scheduler/internal/st"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

type env struct {
	s     *sim.Sim
	admin *client.Client
	sched *Scheduler
}

func newEnv(t *testing.T) *env {
	t.Helper()
	s := sim.New(1)
	srv := apiserver.New(s, store.New(s))
	e := &env{s: s, admin: client.New(srv, apiserver.Admin(), "kubectl")}
	for _, n := range []*api.Node{
		st.MakeNode("demo-control-plane").Label("node-role.kubernetes.io/control-plane", "").Taint("node-role.kubernetes.io/control-plane", "", api.TaintEffectNoSchedule).Obj(),
		st.MakeNode("demo-worker").Obj(),
		st.MakeNode("demo-worker2").Obj(),
	} {
		if err := createReadyNode(e.admin, n); err != nil {
			t.Fatalf("create node: %v", err)
		}
	}
	e.sched = New(s, client.New(srv, apiserver.Scheduler(), Component))
	e.sched.Start()
	s.RunUntilIdle(time.Minute)
	return e
}

// createReadyNode creates a node and, standing in for the node lifecycle
// controller, removes the not-ready taint TaintNodesByCondition admission
// put on it.
func createReadyNode(c *client.Client, n *api.Node) error {
	n.UID = ""
	n.Status.Conditions = []api.NodeCondition{{Type: api.NodeReady, Status: api.ConditionTrue}}
	o, err := c.Resource("nodes").Create(n)
	if err != nil {
		return err
	}
	created := o.(*api.Node)
	var taints []api.Taint
	for _, t := range created.Spec.Taints {
		if t.Key != "node.kubernetes.io/not-ready" {
			taints = append(taints, t)
		}
	}
	created.Spec.Taints = taints
	_, err = c.Resource("nodes").Update(created)
	return err
}

func (e *env) createPod(t *testing.T, p *api.Pod) {
	t.Helper()
	p.UID = ""
	if _, err := e.admin.Resource("pods").Namespace("default").Create(p); err != nil {
		t.Fatalf("create pod: %v", err)
	}
}

func (e *env) pod(t *testing.T, name string) *api.Pod {
	t.Helper()
	o, err := e.admin.Resource("pods").Namespace("default").Get(name)
	if err != nil {
		return &api.Pod{}
	}
	return o.(*api.Pod)
}

func (e *env) events(t *testing.T, name string) []string {
	t.Helper()
	l, err := e.admin.Resource("events").Namespace("default").List(client.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range l.Items {
		ev := o.(*api.Event)
		if ev.InvolvedObject.Name == name {
			out = append(out, ev.Type+" "+ev.Reason+" "+ev.Message)
		}
	}
	return out
}

func TestPendingPodIsScheduledToAWorker(t *testing.T) {
	e := newEnv(t)
	e.createPod(t, st.MakePod("nginx").Req("cpu", "100m").Obj())
	e.s.RunUntilIdle(time.Minute)
	p := e.pod(t, "nginx")
	if p.Spec.NodeName != "demo-worker" && p.Spec.NodeName != "demo-worker2" {
		t.Fatalf("nodeName = %q", p.Spec.NodeName)
	}
	want := "Normal Scheduled Successfully assigned default/nginx to " + p.Spec.NodeName
	if evs := e.events(t, "nginx"); len(evs) != 1 || evs[0] != want {
		t.Fatalf("events %q, want [%q]", evs, want)
	}
	a, ok := e.sched.Explain("default", "nginx")
	if !ok || a.Chosen != p.Spec.NodeName || len(a.Nodes) != 3 || len(a.ScoredNodes) != 2 {
		t.Fatalf("explain = %+v", a)
	}
	table := FormatExplain(a)
	for _, s := range []string{"demo-control-plane", "TaintToleration: node(s) had untolerated taint(s)", "NodeResourcesFit(x1)", "TOTAL"} {
		if !strings.Contains(table, s) {
			t.Fatalf("explain table lacks %q:\n%s", s, table)
		}
	}
	t.Log("\n" + table)
}

func TestInsufficientCPUIsReportedWithTheExactText(t *testing.T) {
	e := newEnv(t)
	e.createPod(t, st.MakePod("big").Req("cpu", "5").Obj())
	e.s.RunUntilIdle(time.Minute)
	p := e.pod(t, "big")
	if p.Spec.NodeName != "" {
		t.Fatalf("scheduled to %q", p.Spec.NodeName)
	}
	// As a kind v1.35 cluster prints it: DynamicResources' PostFilter runs
	// before DefaultPreemption's.
	msg := "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."
	if evs := e.events(t, "big"); len(evs) != 1 || evs[0] != "Warning FailedScheduling "+msg {
		t.Fatalf("events %q", evs)
	}
	var cond *api.PodCondition
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == api.PodScheduled {
			cond = &p.Status.Conditions[i]
		}
	}
	if cond == nil || cond.Status != api.ConditionFalse || cond.Reason != "Unschedulable" || cond.Message != msg {
		t.Fatalf("PodScheduled condition = %+v", cond)
	}
}

func TestStoppedSchedulerLeavesPodsPendingUntilRestarted(t *testing.T) {
	e := newEnv(t)
	e.sched.Stop()
	e.createPod(t, st.MakePod("a").Obj())
	e.createPod(t, st.MakePod("b").Obj())
	e.s.RunUntilIdle(time.Minute)
	if p := e.pod(t, "a"); p.Spec.NodeName != "" {
		t.Fatalf("a bound while stopped to %q", p.Spec.NodeName)
	}
	if _, ok := e.sched.Explain("default", "a"); ok {
		t.Fatal("explanations survived Stop")
	}
	e.sched.Start()
	e.s.RunUntilIdle(time.Minute)
	for _, n := range []string{"a", "b"} {
		if p := e.pod(t, n); p.Spec.NodeName == "" {
			t.Fatalf("%s still pending after Start", n)
		}
	}
}

func TestPodBecomesSchedulableWhenANodeIsAdded(t *testing.T) {
	e := newEnv(t)
	e.createPod(t, st.MakePod("big").Req("cpu", "6").Obj())
	e.s.RunUntilIdle(time.Minute)
	n := st.MakeNode("huge").Capacity("cpu", "8", "memory", "8Gi", "pods", "110").Obj()
	if err := createReadyNode(e.admin, n); err != nil {
		t.Fatal(err)
	}
	e.s.RunUntilIdle(time.Minute)
	if p := e.pod(t, "big"); p.Spec.NodeName != "huge" {
		t.Fatalf("nodeName = %q, want huge", p.Spec.NodeName)
	}
}

func TestHigherPriorityPodPreemptsALowerOne(t *testing.T) {
	e := newEnv(t)
	for name, v := range map[string]int32{"low": 1, "high": 1000} {
		pc := &api.PriorityClass{Value: v}
		pc.Name = name
		if _, err := e.admin.Resource("priorityclasses").Create(pc); err != nil {
			t.Fatal(err)
		}
	}
	e.createPod(t, st.MakePod("low1").Req("cpu", "3").PriorityClass("low").Obj())
	e.createPod(t, st.MakePod("low2").Req("cpu", "3").PriorityClass("low").Obj())
	e.s.RunUntilIdle(time.Minute)
	e.createPod(t, st.MakePod("high").Req("cpu", "3").PriorityClass("high").Obj())
	e.s.RunUntilIdle(time.Minute)
	// No kubelet runs here: finish the victims' graceful deletion as one would.
	zero := int64(0)
	for _, n := range []string{"low1", "low2"} {
		if p := e.pod(t, n); p.DeletionTimestamp != nil {
			if _, err := e.admin.Resource("pods").Namespace("default").Delete(n, client.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
				t.Fatal(err)
			}
		}
	}
	e.s.RunUntilIdle(time.Minute)
	high := e.pod(t, "high")
	if high.Spec.NodeName == "" {
		t.Fatalf("high not scheduled; events %q", e.events(t, "high"))
	}
	var preempted []string
	for _, n := range []string{"low1", "low2"} {
		for _, ev := range e.events(t, n) {
			if strings.Contains(ev, "Preempted") {
				preempted = append(preempted, n+": "+ev)
			}
		}
	}
	if len(preempted) != 1 || !strings.Contains(preempted[0], "Normal Preempted Preempted by pod "+high.UID+" on node "+high.Spec.NodeName) {
		t.Fatalf("preempted %q", preempted)
	}
}
