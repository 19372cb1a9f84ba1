package statefulset

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/garbagecollector"
	"kubeplay/core/controller/internal/testenv"
)

func web(image string) *api.StatefulSet {
	l := map[string]string{"app": "nginx"}
	r := int32(3)
	return &api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.StatefulSetSpec{Replicas: &r, ServiceName: "nginx", Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}}}}}
}

func imageOf(e *testenv.Env, name string) string {
	p := e.Get("pods", "default", name)
	if p == nil || p.GetObjectMeta().DeletionTimestamp != nil {
		return ""
	}
	return p.(*api.Pod).Spec.Containers[0].Image
}

func ready(e *testenv.Env, n int) bool {
	k := 0
	for _, p := range e.ActivePods("default", "app=nginx") {
		if runningAndReady(p) {
			k++
		}
	}
	return k == n
}

// The StatefulSet tutorial's staged update (kubernetes.io/docs/tutorials/
// stateful-application/basic-stateful-set, "Staging an update"): with a
// partition of 3, a Pod deleted below it comes back with the old
// revision's template (stateful_set_utils.go newVersionedStatefulSetPod,
// from the ControllerRevision); lowering the partition rolls the ordinals
// at or above it. Then --cascade=orphan keeps the Pods, and a new
// StatefulSet adopts them and its revisions.
func TestPartitionKeepsTheOldRevisionAndOrphansAreAdopted(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx), garbagecollector.New(e.Ctx))
	e.Must(e.Admin.Resource("statefulsets").Create(web("nginx-slim:0.21")))
	e.Until(2*time.Minute, "3 ready pods", func() bool { return ready(e, 3) })
	if n := len(e.List("controllerrevisions", "default")); n != 1 {
		t.Fatalf("%d ControllerRevisions, want 1", n)
	}
	three := int32(3)
	ss := api.DeepCopyAs(e.Get("statefulsets", "default", "web").(*api.StatefulSet))
	ss.Spec.UpdateStrategy = api.StatefulSetUpdateStrategy{Type: api.RollingUpdateStatefulSetStrategyType,
		RollingUpdate: &api.RollingUpdateStatefulSetStrategy{Partition: &three}}
	ss.Spec.Template.Spec.Containers[0].Image = "nginx-slim:0.24"
	e.Must(e.Admin.Resource("statefulsets").Namespace("default").Update(ss))
	e.Run(5 * time.Second)
	if _, err := e.Admin.Resource("pods").Namespace("default").Delete("web-2", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "web-2 back", func() bool { return imageOf(e, "web-2") != "" && ready(e, 3) })
	if got := imageOf(e, "web-2"); got != "nginx-slim:0.21" {
		t.Errorf("web-2 below the partition came back with %q, want the old revision's nginx-slim:0.21", got)
	}
	revs := e.List("controllerrevisions", "default")
	if len(revs) != 2 {
		t.Fatalf("%d ControllerRevisions, want 2", len(revs))
	}
	two := int32(2)
	ss = api.DeepCopyAs(e.Get("statefulsets", "default", "web").(*api.StatefulSet))
	ss.Spec.UpdateStrategy.RollingUpdate.Partition = &two
	e.Must(e.Admin.Resource("statefulsets").Namespace("default").Update(ss))
	e.Until(time.Minute, "web-2 updated", func() bool { return imageOf(e, "web-2") == "nginx-slim:0.24" && ready(e, 3) })
	if got := imageOf(e, "web-1"); got != "nginx-slim:0.21" {
		t.Errorf("web-1 = %q, want it kept at nginx-slim:0.21 below the partition", got)
	}

	if _, err := e.Admin.Resource("statefulsets").Namespace("default").Delete("web", client.DeleteOptions{PropagationPolicy: string(api.DeletePropagationOrphan)}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "the StatefulSet gone", func() bool { return e.Get("statefulsets", "default", "web") == nil })
	if n := len(e.ActivePods("default", "app=nginx")); n != 3 {
		t.Fatalf("%d pods after --cascade=orphan, want 3", n)
	}
	e.Must(e.Admin.Resource("statefulsets").Create(web("nginx-slim:0.21")))
	e.Run(10 * time.Second)
	ss = e.Get("statefulsets", "default", "web").(*api.StatefulSet)
	for _, p := range e.ActivePods("default", "app=nginx") {
		if refs := p.OwnerReferences; len(refs) != 1 || refs[0].UID != ss.UID {
			t.Errorf("pod %s owners %v, want the new StatefulSet", p.Name, refs)
		}
	}
	for _, cr := range e.List("controllerrevisions", "default") {
		if refs := cr.GetObjectMeta().OwnerReferences; len(refs) != 1 || refs[0].UID != ss.UID {
			t.Errorf("revision %s owners %v, want the new StatefulSet", cr.GetObjectMeta().Name, refs)
		}
	}
}
