package namespace

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
	"kubeplay/core/controller/serviceaccount"
)

func TestDeletingANamespaceEmptiesItThenFinalizesIt(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx), replicaset.New(e.Ctx), serviceaccount.New(e.Ctx))
	e.Must(e.Admin.Resource("namespaces").Create(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: "team-a"}}))
	e.Until(10*time.Second, "default ServiceAccount and CA ConfigMap", func() bool {
		return e.Get("serviceaccounts", "team-a", "default") != nil && e.Get("configmaps", "team-a", serviceaccount.RootCAConfigMap) != nil
	})
	r := int32(2)
	l := map[string]string{"app": "web"}
	e.Must(e.Admin.Resource("replicasets").Create(&api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "team-a"},
		Spec: api.ReplicaSetSpec{Replicas: &r, Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}}}},
	}))
	e.Must(e.Admin.Resource("configmaps").Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "settings", Namespace: "team-a"}}))
	e.Until(time.Minute, "pods running", func() bool { return len(e.ActivePods("team-a", "app=web")) == 2 })

	if _, err := e.Admin.Resource("namespaces").Delete("team-a", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	ns := e.Get("namespaces", "", "team-a").(*api.Namespace)
	if ns.Status.Phase != api.NamespaceTerminating {
		t.Fatalf("phase = %s", ns.Status.Phase)
	}
	e.Until(2*time.Minute, "namespace gone", func() bool { return e.Get("namespaces", "", "team-a") == nil })
	for _, res := range []string{"pods", "replicasets", "configmaps", "serviceaccounts"} {
		if n := len(e.List(res, "team-a")); n != 0 {
			t.Errorf("%d %s left in the deleted namespace", n, res)
		}
	}
}
