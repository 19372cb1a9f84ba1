package cluster

import (
	"encoding/json"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// Regression test for the rollout property test's seed 495 (40 ops, as it
// played on the solidcore branch, 81131c0): a Deployment of 6 with
// maxSurge 0 and maxUnavailable 1. The Deployment controller scaled an old
// ReplicaSet from 1 to 0 and, in its next sync, the new one from 0 to 1. The
// ReplicaSet controller's queue had the new ReplicaSet first (queued when it
// was created, synced with its latest spec), so it created the new pod a
// millisecond before it deleted the old ReplicaSet's pod: 7 active pods
// while the ReplicaSets asked for 6. kube-controller-manager has the same
// order (its work queue syncs a key with the informer's latest state, and
// five workers run concurrently): maxSurge bounds the ReplicaSets'
// spec.replicas, which is what the checker now holds.

// windowEnv feeds an auditor writes as etcd would deliver them.
type windowEnv struct {
	t   *testing.T
	a   *auditor
	rev int64
}

func newWindowEnv(t *testing.T) *windowEnv {
	s := sim.New(1)
	return &windowEnv{t: t, a: newAuditor(store.New(s), s.Now)}
}

func (e *windowEnv) put(key string, obj any) {
	e.t.Helper()
	b, err := json.Marshal(obj)
	if err != nil {
		e.t.Fatal(err)
	}
	e.rev++
	e.a.apply(change{key: key, value: b, rev: e.rev})
}

func (e *windowEnv) remove(key string) {
	e.rev++
	e.a.apply(change{del: true, key: key, rev: e.rev})
}

func controllerRef(kind, name string) []api.OwnerReference {
	yes := true
	return []api.OwnerReference{{APIVersion: "apps/v1", Kind: kind, Name: name, UID: name, Controller: &yes}}
}

func (e *windowEnv) replicaSet(name string, replicas int32) {
	rs := &api.ReplicaSet{}
	rs.Name, rs.Namespace, rs.OwnerReferences = name, "default", controllerRef("Deployment", "d2")
	rs.Spec.Replicas = &replicas
	e.put("/registry/replicasets/default/"+name, rs)
}

func (e *windowEnv) pod(name, rs, image string, ready bool) {
	p := pod(name, image)
	p.OwnerReferences = controllerRef("ReplicaSet", rs)
	p.Spec.NodeName = "demo-worker"
	p.Status.Phase = api.PodRunning
	if ready {
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue}}
	}
	e.put("/registry/pods/default/"+name, p)
}

func TestARolloutMaySeeAnOldReplicaSetsPodBeforeTheReplicaSetControllerDeletesIt(t *testing.T) {
	e := newWindowEnv(t)
	node := &api.Node{}
	node.Name = "demo-worker"
	node.Status.Allocatable = api.ResourceList{api.ResourceCPU: api.MustParse("8"), api.ResourceMemory: api.MustParse("16Gi"), api.ResourcePods: api.MustParse("110")}
	e.put("/registry/minions/demo-worker", node)
	e.put("/registry/deployments/default/d2", deploymentFor("d2", 6, 500, 1)) // maxSurge 0, maxUnavailable 1
	e.replicaSet("d2-old", 6)
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		e.pod("d2-old-"+n, "d2-old", tags[0], true)
	}
	e.a.openWindow("default/d2", e.rev)
	d := deploymentFor("d2", 6, 500, 1)
	d.Spec.Template.Spec.Containers[0].Image = tags[1] // kubectl set image
	e.put("/registry/deployments/default/d2", d)

	// The Deployment controller: the old ReplicaSet down by maxUnavailable,
	// the new one created at 0, then up to 1 in its next sync.
	e.replicaSet("d2-old", 5)
	e.replicaSet("d2-new", 0)
	e.replicaSet("d2-new", 1)
	// The ReplicaSet controller syncs the new ReplicaSet first.
	e.pod("d2-new-a", "d2-new", tags[1], false)
	if active, _, _ := e.a.depPods("default/d2"); active != 7 || len(e.a.violations) > 0 {
		t.Fatalf("7 active pods (one the old ReplicaSet is about to delete) are within maxSurge 0: active %d, violations %v",
			active, e.a.violations)
	}
	e.remove("/registry/pods/default/d2-old-f")

	// Asking for a seventh pod is past maxSurge.
	e.replicaSet("d2-new", 2)
	if len(e.a.violations) != 1 || !strings.Contains(e.a.violations[0], "its ReplicaSets ask for 7 pods, more than replicas 6 + maxSurge 0") {
		t.Errorf("violations = %q, want one: the ReplicaSets ask for 7 pods", e.a.violations)
	}
}
