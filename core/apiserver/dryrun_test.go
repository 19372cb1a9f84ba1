package apiserver

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// dryRun=All persists nothing on any write path: for each verb and
// subresource etcd's revision is the same before and after, and the answer
// is the object as it would have been stored (kube-apiserver's
// DryRunnableStorage: create checks the name, update and patch answer the
// updated object with its old resourceVersion, delete answers the object).
func TestDryRunPersistsNothingOnAnyWritePath(t *testing.T) {
	s, srv := newTestServer(t)
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "web", map[string]string{"app": "web"})})
	mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: deployment("default", "d", 1)})
	s.RunUntilIdle(time.Minute)
	cur := mustDo(t, srv, &request.Request{Verb: "get", Resource: "pods", Namespace: "default", Name: "web"}).(*api.Pod)
	labelled := api.DeepCopyAs(cur)
	labelled.Labels["x"] = "y"
	status := api.DeepCopyAs(cur)
	status.Status.Phase = api.PodRunning
	ev := &api.Eviction{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}}
	ev.APIVersion, ev.Kind = "policy/v1", "Eviction"
	scale := &api.Scale{ObjectMeta: api.ObjectMeta{Name: "d", Namespace: "default"}, Spec: api.ScaleSpec{Replicas: 5}}
	for _, tc := range []struct {
		name string
		req  request.Request
	}{
		{"create", request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "other", nil)}},
		{"update", request.Request{Verb: "update", Resource: "pods", Namespace: "default", Name: "web", Body: labelled}},
		{"patch", request.Request{Verb: "patch", Resource: "pods", Namespace: "default", Name: "web", Patch: []byte(`{"metadata":{"labels":{"x":"y"}}}`), PatchType: MergePatchType}},
		{"delete", request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "web"}},
		{"deletecollection", request.Request{Verb: "deletecollection", Resource: "pods", Namespace: "default"}},
		{"pods/status", request.Request{Verb: "update", Resource: "pods", Subresource: "status", Namespace: "default", Name: "web", Body: status}},
		{"pods/eviction", request.Request{Verb: "create", Resource: "pods", Subresource: "eviction", Namespace: "default", Name: "web", Body: ev}},
		{"deployments/scale", request.Request{Verb: "update", Group: "apps", Resource: "deployments", Subresource: "scale", Namespace: "default", Name: "d", Body: scale}},
		{"pods/binding", request.Request{Verb: "create", Resource: "pods", Subresource: "binding", Namespace: "default", Name: "web",
			Body: &api.Binding{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}, Target: api.ObjectReference{Kind: "Node", Name: "n1"}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := srv.Store().Rev()
			req := tc.req
			req.DryRun = true
			if _, err := do(t, srv, &req); err != nil && tc.name != "pods/binding" {
				t.Fatalf("dry run %s: %v", tc.name, err)
			}
			s.RunUntilIdle(time.Minute)
			if after := srv.Store().Rev(); after != before {
				t.Errorf("dry run %s wrote: revision %d -> %d", tc.name, before, after)
			}
		})
	}
	got := mustDo(t, srv, &request.Request{Verb: "get", Resource: "pods", Namespace: "default", Name: "web"}).(*api.Pod)
	if got.ResourceVersion != cur.ResourceVersion || got.Labels["x"] != "" || got.DeletionTimestamp != nil {
		t.Errorf("the pod changed: %+v", got.ObjectMeta)
	}
	if _, err := do(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "web", nil), DryRun: true}); !api.IsAlreadyExists(err) {
		t.Errorf("a dry-run create of an existing name: %v, want AlreadyExists", err)
	}
}

// A Pod shows serviceAccount: default beside serviceAccountName, as the v1
// conversion writes it (Convert_core_PodSpec_To_v1_PodSpec); a template
// without a service account shows neither.
func TestPodsShowTheDeprecatedServiceAccount(t *testing.T) {
	_, srv := newTestServer(t)
	p := mustDo(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "web", nil)}).(*api.Pod)
	if p.Spec.ServiceAccountName != "default" || p.Spec.DeprecatedServiceAccount != "default" {
		t.Errorf("serviceAccountName %q serviceAccount %q, want default twice", p.Spec.ServiceAccountName, p.Spec.DeprecatedServiceAccount)
	}
	d := mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: deployment("default", "d", 1)}).(*api.Deployment)
	if d.Spec.Template.Spec.DeprecatedServiceAccount != "" {
		t.Errorf("template serviceAccount %q, want none", d.Spec.Template.Spec.DeprecatedServiceAccount)
	}
	old := pod("default", "old", nil)
	old.Spec.DeprecatedServiceAccount = "builder"
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "serviceaccounts", Namespace: "default", Body: &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "builder", Namespace: "default"}}})
	if p := mustDo(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: old}).(*api.Pod); p.Spec.ServiceAccountName != "builder" {
		t.Errorf("serviceAccount alone: serviceAccountName %q, want builder", p.Spec.ServiceAccountName)
	}
}
