package nodelifecycle

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
)

// taintNode adds a NoExecute taint to the node with the given timeAdded.
func taintNode(e *testenv.Env, name, key string, added time.Time) {
	n := node(e, name)
	n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: key, Effect: api.TaintEffectNoExecute, TimeAdded: api.NewTimePtr(added)})
	e.Must(e.Admin.Resource("nodes").Update(n))
}

func untaintNode(e *testenv.Env, name, key string) {
	n := node(e, name)
	var keep []api.Taint
	for _, t := range n.Spec.Taints {
		if t.Key != key {
			keep = append(keep, t)
		}
	}
	n.Spec.Taints = keep
	e.Must(e.Admin.Resource("nodes").Update(n))
}

func countEvents(e *testenv.Env, substr string) int {
	n := 0
	for _, ev := range e.Events("default", "") {
		if strings.Contains(ev, substr) {
			n++
		}
	}
	return n
}

func terminatingOrGone(e *testenv.Env, name string) bool {
	p := e.Get("pods", "default", name)
	return p == nil || p.GetObjectMeta().DeletionTimestamp != nil
}

// boundWeb starts the taint eviction and ReplicaSet controllers on one node
// that has carried the unreachable NoExecute taint for ten minutes, then
// creates one web pod there (it tolerates the taint for 300s, as
// DefaultTolerationSeconds gives every pod) and returns its name and the
// time it was bound.
func boundWeb(t *testing.T) (*testenv.Env, string, time.Time) {
	e := testenv.New(t, "demo-worker")
	e.Start(NewTaintEviction(e.Ctx), replicaset.New(e.Ctx))
	e.Run(10 * time.Minute)
	taintNode(e, "demo-worker", api.TaintNodeUnreachable, e.Sim.Now().Add(-10*time.Minute))
	e.Run(time.Second)
	e.Must(e.Admin.Resource("replicasets").Create(web(1, nil)))
	var name string
	e.Until(time.Minute, "bound", func() bool {
		ps := e.Pods("default", "app=web")
		if len(ps) == 1 && ps[0].Spec.NodeName != "" {
			name = ps[0].Name
			return true
		}
		return false
	})
	return e, name, e.Sim.Now()
}

func TestAPodBoundToANodeTaintedLongAgoIsEvictedItsTolerationSecondsAfterBindingNotAtOnce(t *testing.T) {
	e, name, bound := boundWeb(t)
	e.Sim.RunUntil(bound.Add(295 * time.Second))
	if terminatingOrGone(e, name) || hasEvent(e, "Marking for deletion") {
		t.Fatalf("evicted before 300s on the node: the countdown must start when the pod is seen there, not at the taint's timeAdded (%q)", e.Events("default", "Pod"))
	}
	e.Sim.RunUntil(bound.Add(305 * time.Second))
	if !terminatingOrGone(e, name) || !hasEvent(e, "Normal TaintManagerEviction Marking for deletion Pod default/"+name) {
		t.Fatalf("not evicted 300s after binding: %q", e.Events("default", "Pod"))
	}
	if n := countEvents(e, "Marking for deletion Pod default/"+name); n != 1 {
		t.Errorf("%d eviction events for one pod, want 1", n)
	}
}

func TestRemovingTheTaintCancelsThePendingEviction(t *testing.T) {
	e, name, _ := boundWeb(t)
	e.Run(time.Minute)
	untaintNode(e, "demo-worker", api.TaintNodeUnreachable)
	e.Until(5*time.Second, "cancel event", func() bool {
		return hasEvent(e, "Normal TaintManagerEviction Cancelling deletion of Pod default/"+name)
	})
	e.Run(10 * time.Minute)
	if terminatingOrGone(e, name) || hasEvent(e, "Marking for deletion") {
		t.Errorf("the pod was evicted after its node's taint was removed: %q", e.Events("default", "Pod"))
	}
}

func TestAnEvictionCountdownSurvivesTheTaintTurningFromUnreachableToNotReady(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(NewTaintEviction(e.Ctx), replicaset.New(e.Ctx))
	e.Must(e.Admin.Resource("replicasets").Create(web(1, nil)))
	e.Until(time.Minute, "ready", func() bool { return e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 1 })
	name := e.Pods("default", "app=web")[0].Name
	tainted := e.Sim.Now()
	taintNode(e, "demo-worker", api.TaintNodeUnreachable, tainted)
	e.Run(2 * time.Minute)
	untaintNode(e, "demo-worker", api.TaintNodeUnreachable)
	taintNode(e, "demo-worker", api.TaintNodeNotReady, e.Sim.Now())
	e.Sim.RunUntil(tainted.Add(295 * time.Second))
	if terminatingOrGone(e, name) {
		t.Fatal("evicted before 300s")
	}
	e.Sim.RunUntil(tainted.Add(305 * time.Second))
	if !terminatingOrGone(e, name) {
		t.Fatalf("the countdown restarted when the taint changed: not evicted 300s after the first taint (%q)", e.Events("default", "Pod"))
	}
}

func TestAPodThatToleratesTheTaintForeverIsNeverEvicted(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(NewTaintEviction(e.Ctx), replicaset.New(e.Ctx))
	forever := []api.Toleration{{Key: api.TaintNodeUnreachable, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute}}
	e.Must(e.Admin.Resource("replicasets").Create(web(1, forever)))
	e.Until(time.Minute, "ready", func() bool { return e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 1 })
	name := e.Pods("default", "app=web")[0].Name
	taintNode(e, "demo-worker", api.TaintNodeUnreachable, e.Sim.Now())
	e.Run(time.Hour)
	if terminatingOrGone(e, name) || hasEvent(e, "TaintManagerEviction") {
		t.Errorf("a pod tolerating the taint without tolerationSeconds was touched: %q", e.Events("default", "Pod"))
	}
}

func TestNoExecuteTaintComparisonIgnoresOtherEffectsAndSeesTimeAdded(t *testing.T) {
	t0, t1 := api.NewTimePtr(time.Unix(100, 0)), api.NewTimePtr(time.Unix(200, 0))
	ne := func(k string, at *api.Time) api.Taint {
		return api.Taint{Key: k, Effect: api.TaintEffectNoExecute, TimeAdded: at}
	}
	ns := api.Taint{Key: api.TaintNodeUnreachable, Effect: api.TaintEffectNoSchedule}
	for _, tc := range []struct {
		name string
		a, b []api.Taint
		want bool
	}{
		{"no taints are the same", nil, nil, true},
		{"a NoSchedule taint does not count", []api.Taint{ns}, nil, true},
		{"NoSchedule taints around the same NoExecute taint do not count", []api.Taint{ns, ne("x", t0)}, []api.Taint{ne("x", t0), ns}, true},
		{"an added NoExecute taint counts", nil, []api.Taint{ne("x", t0)}, false},
		{"another key counts", []api.Taint{ne("x", t0)}, []api.Taint{ne("y", t0)}, false},
		{"another timeAdded counts", []api.Taint{ne("x", t0)}, []api.Taint{ne("x", t1)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sameNoExecute(tc.a, tc.b); got != tc.want {
				t.Errorf("sameNoExecute = %v, want %v", got, tc.want)
			}
		})
	}
}
