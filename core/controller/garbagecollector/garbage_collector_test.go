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

func ownedBy(owner api.Object, kind string, block bool) []api.OwnerReference {
	t := true
	m := owner.GetObjectMeta()
	apiVersion := "v1"
	switch kind {
	case "StatefulSet":
		apiVersion = "apps/v1"
	case "CronJob", "Job":
		apiVersion = "batch/v1"
	}
	ref := api.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: m.Name, UID: m.UID, Controller: &t}
	if block {
		ref.BlockOwnerDeletion = &t
	}
	return []api.OwnerReference{ref}
}

// Every owner kind is followed, as kube-controller-manager's collector
// monitors every deletable resource (garbagecollector.go
// GetDeletableResources): the two cases, a StatefulSet deleted with
// --cascade=orphan (its orphan finalizer removed, its Pods kept without
// the reference) and a CronJob deleted in the background (its Jobs and
// their Pods go), and a foreground deletion of a ConfigMap owner.
func TestEveryOwnerKindIsCollected(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	l := map[string]string{"app": "web"}
	tmpl := api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	sts := e.Must(e.Admin.Resource("statefulsets").Create(&api.StatefulSet{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.StatefulSetSpec{ServiceName: "nginx", Selector: &api.LabelSelector{MatchLabels: l}, Template: tmpl}}))
	pod := func(name string, refs []api.OwnerReference) {
		e.Must(e.Admin.Resource("pods").Create(&api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: l, OwnerReferences: refs},
			Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Image: "nginx"}}}}))
	}
	pod("web-0", ownedBy(sts, "StatefulSet", true))
	cj := e.Must(e.Admin.Resource("cronjobs").Create(&api.CronJob{ObjectMeta: api.ObjectMeta{Name: "hello", Namespace: "default"},
		Spec: api.CronJobSpec{Schedule: "*/1 * * * *", JobTemplate: api.JobTemplateSpec{Spec: api.JobSpec{Template: api.PodTemplateSpec{
			Spec: api.PodSpec{RestartPolicy: api.RestartPolicyOnFailure, Containers: []api.Container{{Name: "c", Image: "busybox"}}}}}}}}))
	job := e.Must(e.Admin.Resource("jobs").Create(&api.Job{ObjectMeta: api.ObjectMeta{Name: "hello-1", Namespace: "default", OwnerReferences: ownedBy(cj, "CronJob", true)},
		Spec: api.JobSpec{Template: api.PodTemplateSpec{Spec: api.PodSpec{RestartPolicy: api.RestartPolicyOnFailure, Containers: []api.Container{{Name: "c", Image: "busybox"}}}}}}))
	pod("hello-1-abcde", ownedBy(job, "Job", true))
	cm := e.Must(e.Admin.Resource("configmaps").Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "owner", Namespace: "default"}}))
	e.Must(e.Admin.Resource("secrets").Create(&api.Secret{ObjectMeta: api.ObjectMeta{Name: "dep", Namespace: "default", OwnerReferences: ownedBy(cm, "ConfigMap", true)}}))
	e.Run(5 * time.Second)

	if _, err := e.Admin.Resource("statefulsets").Namespace("default").Delete("web", client.DeleteOptions{PropagationPolicy: string(api.DeletePropagationOrphan)}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "the StatefulSet gone", func() bool { return e.Get("statefulsets", "default", "web") == nil })
	if p := e.Get("pods", "default", "web-0"); p == nil || len(p.GetObjectMeta().OwnerReferences) != 0 {
		t.Fatalf("orphaned pod = %v, want kept without owner", p)
	}

	if _, err := e.Admin.Resource("cronjobs").Namespace("default").Delete("hello", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "the CronJob's Job and Pod gone", func() bool {
		return e.Get("jobs", "default", "hello-1") == nil && e.Get("pods", "default", "hello-1-abcde") == nil
	})

	if _, err := e.Admin.Resource("configmaps").Namespace("default").Delete("owner", client.DeleteOptions{PropagationPolicy: string(api.DeletePropagationForeground)}); err != nil {
		t.Fatal(err)
	}
	if o := e.Get("configmaps", "default", "owner"); o == nil || o.GetObjectMeta().DeletionTimestamp == nil {
		t.Fatalf("foreground owner = %v, want present with a deletionTimestamp", o)
	}
	e.Until(time.Minute, "owner and dependent gone", func() bool {
		dep := e.Get("secrets", "default", "dep")
		owner := e.Get("configmaps", "default", "owner")
		if owner == nil && dep != nil {
			t.Fatal("the owner went before its blocking dependent")
		}
		return owner == nil && dep == nil
	})
}
