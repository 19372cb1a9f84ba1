package nodelifecycle

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
)

func web(replicas int32, tolerations []api.Toleration) *api.ReplicaSet {
	l := map[string]string{"app": "web"}
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: &replicas, Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}, Tolerations: tolerations}}},
	}
}

func node(e *testenv.Env, name string) *api.Node { return e.Get("nodes", "", name).(*api.Node) }

func hasEvent(e *testenv.Env, substr string) bool {
	for _, ev := range e.Events("default", "") {
		if strings.Contains(ev, substr) {
			return true
		}
	}
	return false
}

func podsOn(e *testenv.Env, nodeName string) []*api.Pod {
	var out []*api.Pod
	for _, p := range e.Pods("default", "app=web") {
		if p.Spec.NodeName == nodeName {
			out = append(out, p)
		}
	}
	return out
}

func TestAnUnreachableNodeGoesUnknownIsTaintedAndItsPodsAreEvictedAfter300s(t *testing.T) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	e.Start(New(e.Ctx), NewTaintEviction(e.Ctx), replicaset.New(e.Ctx))
	e.Must(e.Admin.Resource("replicasets").Create(web(2, nil)))
	e.Until(time.Minute, "2 ready", func() bool { return e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 2 })
	if !hasEvent(e, "Normal RegisteredNode Node demo-worker event: Registered Node demo-worker in Controller") {
		t.Errorf("no RegisteredNode event: %q", e.Events("default", "Node"))
	}
	victims := podsOn(e, "demo-worker")
	if len(victims) != 1 {
		t.Fatalf("%d pods on demo-worker", len(victims))
	}
	var tol *api.Toleration
	for i, x := range victims[0].Spec.Tolerations {
		if x.Key == api.TaintNodeUnreachable {
			tol = &victims[0].Spec.Tolerations[i]
		}
	}
	if tol == nil || tol.TolerationSeconds == nil || *tol.TolerationSeconds != 300 {
		t.Fatalf("the pod lacks DefaultTolerationSeconds' unreachable toleration: %+v", victims[0].Spec.Tolerations)
	}

	down := e.Sim.Now()
	e.Down["demo-worker"] = true
	e.Run(45 * time.Second)
	if c := getNodeCondition(&node(e, "demo-worker").Status, api.NodeReady); c.Status != api.ConditionTrue {
		t.Fatalf("Ready went %s before the 50s grace period", c.Status)
	}
	e.Until(30*time.Second, "Ready Unknown", func() bool {
		return getNodeCondition(&node(e, "demo-worker").Status, api.NodeReady).Status == api.ConditionUnknown
	})
	if d := e.Sim.Now().Sub(down); d < 50*time.Second || d > 65*time.Second {
		t.Errorf("Unknown after %v, want 50s grace + up to the monitor periods", d)
	}
	n := node(e, "demo-worker")
	for _, c := range n.Status.Conditions {
		if c.Status != api.ConditionUnknown || c.Reason != NodeStatusUnknownReason || c.Message != "Kubelet stopped posting node status." {
			t.Errorf("condition %s = %s %s %q", c.Type, c.Status, c.Reason, c.Message)
		}
	}
	e.Until(10*time.Second, "unreachable taints", func() bool {
		ts := node(e, "demo-worker").Spec.Taints
		return hasTaint(ts, api.TaintNodeUnreachable, api.TaintEffectNoSchedule) && hasTaint(ts, api.TaintNodeUnreachable, api.TaintEffectNoExecute)
	})
	var added time.Time
	for _, tt := range node(e, "demo-worker").Spec.Taints {
		if tt.Effect == api.TaintEffectNoExecute {
			if tt.TimeAdded == nil {
				t.Fatal("the NoExecute taint has no timeAdded")
			}
			added = tt.TimeAdded.Time
		}
	}
	if !hasEvent(e, "Normal NodeNotReady Node demo-worker status is now: NodeNotReady") {
		t.Errorf("no NodeNotReady event: %q", e.Events("default", ""))
	}
	if p := podsOn(e, "demo-worker")[0]; ctrlutil.IsPodReady(p) {
		t.Error("the pod on the lost node is still Ready")
	}

	e.Sim.RunUntil(added.Add(295 * time.Second))
	if hasEvent(e, "Marking for deletion") {
		t.Fatal("evicted before tolerationSeconds passed")
	}
	e.Sim.RunUntil(added.Add(305 * time.Second))
	if !hasEvent(e, "Normal TaintManagerEviction Marking for deletion Pod default/"+victims[0].Name) {
		t.Fatalf("no eviction event: %q", e.Events("default", "Pod"))
	}
	p := e.Get("pods", "default", victims[0].Name).(*api.Pod)
	if p.DeletionTimestamp == nil {
		t.Fatal("the evicted pod is not terminating")
	}
	e.Until(time.Minute, "replacement", func() bool {
		return len(e.ActivePods("default", "app=web")) == 2 && e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 2
	})
	if e.Get("pods", "default", victims[0].Name) == nil {
		t.Error("the pod on the unreachable node should stay Terminating: no kubelet confirms it")
	}
}

func TestAPodThatDoesNotTolerateANoExecuteTaintIsDeletedAtOnce(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(NewTaintEviction(e.Ctx), replicaset.New(e.Ctx))
	e.Must(e.Admin.Resource("replicasets").Create(web(1, nil)))
	e.Until(time.Minute, "ready", func() bool { return e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 1 })
	first := e.Pods("default", "app=web")[0].Name
	n := node(e, "demo-worker")
	n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: "maintenance", Effect: api.TaintEffectNoExecute})
	e.Must(e.Admin.Resource("nodes").Update(n))
	e.Until(5*time.Second, "evicted", func() bool {
		p := e.Get("pods", "default", first)
		return p == nil || p.GetObjectMeta().DeletionTimestamp != nil
	})
	if !hasEvent(e, "Marking for deletion Pod default/"+first) {
		t.Errorf("events = %q", e.Events("default", ""))
	}
}

func TestTaintsFollowConditionsAndUnschedulable(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	e.Run(time.Second)
	n := node(e, "demo-worker")
	n.Spec.Unschedulable = true
	e.Must(e.Admin.Resource("nodes").Update(n))
	e.Until(5*time.Second, "unschedulable taint", func() bool {
		return hasTaint(node(e, "demo-worker").Spec.Taints, api.TaintNodeUnschedulable, api.TaintEffectNoSchedule)
	})
	n = node(e, "demo-worker")
	n.Spec.Unschedulable = false
	e.Must(e.Admin.Resource("nodes").Update(n))
	e.Until(5*time.Second, "taint removed", func() bool { return len(node(e, "demo-worker").Spec.Taints) == 0 })
}

// postReady plays the kubelet coming back: it renews its Lease and posts
// Ready=True.
func postReady(e *testenv.Env, name string) {
	e.Down[name] = false
	n := node(e, name)
	now := api.NewTime(e.Sim.Now())
	for i := range n.Status.Conditions {
		c := &n.Status.Conditions[i]
		c.LastHeartbeatTime, c.LastTransitionTime = now, now
		c.Status, c.Reason, c.Message = api.ConditionFalse, "KubeletHasSufficientMemory", ""
		if c.Type == api.NodeReady {
			c.Status, c.Reason, c.Message = api.ConditionTrue, "KubeletReady", "kubelet is posting ready status"
		}
	}
	e.Must(e.Admin.Resource("nodes").UpdateStatus(n))
}

func TestANodePostingReadyAgainLosesBothUnreachableTaintsByTheNextMonitorTick(t *testing.T) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	e.Start(New(e.Ctx), NewTaintEviction(e.Ctx))
	e.Run(time.Second)
	e.Down["demo-worker"] = true
	e.Until(3*time.Minute, "unreachable taints", func() bool {
		ts := node(e, "demo-worker").Spec.Taints
		return hasTaint(ts, api.TaintNodeUnreachable, api.TaintEffectNoSchedule) && hasTaint(ts, api.TaintNodeUnreachable, api.TaintEffectNoExecute)
	})
	e.Run(6 * time.Minute)
	postReady(e, "demo-worker")
	back := e.Sim.Now()
	e.Until(NodeMonitorPeriod+time.Second, "no taints", func() bool { return len(node(e, "demo-worker").Spec.Taints) == 0 })
	t.Logf("taints gone %v after Ready", e.Sim.Now().Sub(back))
	e.Run(time.Minute)
	if ts := node(e, "demo-worker").Spec.Taints; len(ts) != 0 {
		t.Errorf("taints came back: %v", ts)
	}
	if c := getNodeCondition(&node(e, "demo-worker").Status, api.NodeReady); c.Status != api.ConditionTrue {
		t.Errorf("Ready = %s after the kubelet came back", c.Status)
	}
}

func TestTheMonitorNeverModifiesCachedNodes(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	c := New(e.Ctx)
	e.Start(c)
	e.Run(time.Second)
	cached, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", "demo-worker")
	if !ok {
		t.Fatal("node not cached")
	}
	before := string(api.EncodeJSON(cached))
	e.Down["demo-worker"] = true
	e.Until(3*time.Minute, "Ready Unknown", func() bool {
		return getNodeCondition(&node(e, "demo-worker").Status, api.NodeReady).Status == api.ConditionUnknown
	})
	e.Run(time.Minute)
	if after := string(api.EncodeJSON(cached)); after != before {
		t.Errorf("the cached node changed under the informer:\nbefore %s\nafter  %s", before, after)
	}
}
