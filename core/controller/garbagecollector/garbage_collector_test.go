package garbagecollector

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/deployment"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
)

func nginx() *api.Deployment {
	l := map[string]string{"app": "nginx"}
	r := int32(2)
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx", Namespace: "default"},
		Spec: api.DeploymentSpec{Replicas: &r, Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}}}},
	}
}

func running(t *testing.T) *testenv.Env {
	e := testenv.New(t, "demo-worker")
	e.Start(deployment.New(e.Ctx), replicaset.New(e.Ctx), New(e.Ctx))
	e.Must(e.Admin.Resource("deployments").Create(nginx()))
	e.Until(time.Minute, "2 ready pods", func() bool {
		n := 0
		for _, p := range e.ActivePods("default", "app=nginx") {
			if p.Status.Phase == api.PodRunning {
				n++
			}
		}
		return n == 2
	})
	return e
}

func TestDeletionPropagates(t *testing.T) {
	for _, tc := range []struct {
		name   string
		policy string
		check  func(t *testing.T, e *testenv.Env)
	}{
		{"background deletion removes the ReplicaSet and its pods after the Deployment", "", func(t *testing.T, e *testenv.Env) {
			e.Until(time.Minute, "everything gone", func() bool {
				return e.Get("deployments", "default", "nginx") == nil && len(e.List("replicasets", "default")) == 0 && len(e.Pods("default", "")) == 0
			})
		}},
		{"foreground deletion keeps the Deployment until its dependents are gone", string(api.DeletePropagationForeground), func(t *testing.T, e *testenv.Env) {
			d := e.Get("deployments", "default", "nginx")
			if d == nil || d.GetObjectMeta().DeletionTimestamp == nil {
				t.Fatalf("deployment should linger with a deletionTimestamp: %v", d)
			}
			sawBlocked := false
			e.Until(time.Minute, "deployment gone", func() bool {
				d := e.Get("deployments", "default", "nginx")
				if d != nil && len(e.List("replicasets", "default")) > 0 {
					sawBlocked = true
				}
				if d == nil && len(e.List("replicasets", "default")) > 0 {
					t.Fatalf("the Deployment went before its ReplicaSet")
				}
				return d == nil
			})
			if !sawBlocked {
				t.Error("never saw the Deployment waiting for its ReplicaSet")
			}
			if n := len(e.Pods("default", "")); n != 0 {
				t.Errorf("%d pods left", n)
			}
		}},
		{"orphan deletion leaves the ReplicaSet and pods without an owner", string(api.DeletePropagationOrphan), func(t *testing.T, e *testenv.Env) {
			e.Until(time.Minute, "deployment gone", func() bool { return e.Get("deployments", "default", "nginx") == nil })
			e.Run(5 * time.Second)
			rsl := e.List("replicasets", "default")
			if len(rsl) != 1 || len(rsl[0].GetObjectMeta().OwnerReferences) != 0 {
				t.Fatalf("ReplicaSets = %d, owners %v", len(rsl), rsl)
			}
			if n := len(e.ActivePods("default", "")); n != 2 {
				t.Errorf("%d pods, want 2 still running", n)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := running(t)
			if _, err := e.Admin.Resource("deployments").Namespace("default").Delete("nginx", client.DeleteOptions{PropagationPolicy: tc.policy}); err != nil {
				t.Fatal(err)
			}
			tc.check(t, e)
		})
	}
}

func TestAnOwnerThatIsACustomResourceKeepsItsDependents(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	crd := &api.CustomResourceDefinition{ObjectMeta: api.ObjectMeta{Name: "crontabs.stable.example.com"},
		Spec: api.CustomResourceDefinitionSpec{Group: "stable.example.com", Scope: "Namespaced",
			Names: api.CustomResourceDefinitionNames{Plural: "crontabs", Kind: "CronTab"},
			Versions: []api.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Storage: true,
				Schema: &api.CustomResourceValidation{OpenAPIV3Schema: []byte(`{"type":"object"}`)}}}}}
	e.Must(e.Admin.Resource("customresourcedefinitions").Create(crd))
	ct := &api.CustomObject{ObjectMeta: api.ObjectMeta{Name: "owner", Namespace: "default"}}
	ct.APIVersion, ct.Kind = "stable.example.com/v1", "CronTab"
	owner := e.Must(e.Admin.Resource("crontabs.stable.example.com").Namespace("default").Create(ct))
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "dep", Namespace: "default", OwnerReferences: []api.OwnerReference{{
		APIVersion: "stable.example.com/v1", Kind: "CronTab", Name: "owner", UID: owner.GetObjectMeta().UID}}}}
	e.Must(e.Admin.Resource("configmaps").Create(cm))
	e.Run(10 * time.Second)
	if e.Get("configmaps", "default", "dep") == nil {
		t.Fatal("the dependent of a live custom resource was collected")
	}
	if _, err := e.Admin.Resource("crontabs.stable.example.com").Namespace("default").Delete("owner", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	// The collector does not watch custom resources: the dependent is looked at again when it changes.
	changed := api.DeepCopyAs(e.Get("configmaps", "default", "dep").(*api.ConfigMap))
	changed.Labels = map[string]string{"touched": "yes"}
	e.Must(e.Admin.Resource("configmaps").Namespace("default").Update(changed))
	e.Until(time.Minute, "the orphan collected", func() bool { return e.Get("configmaps", "default", "dep") == nil })
}
