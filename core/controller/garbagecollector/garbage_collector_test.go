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
