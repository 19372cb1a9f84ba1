package apiserver

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/trace"
)

func TestPipelineErrorsCarryKubernetesTexts(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", nil))
	stale := createPod(t, srv, pod("default", "stale", nil))
	fresh := copyObject(stale).(*api.Pod)
	fresh.Labels = map[string]string{"v": "2"}
	mustDo(t, srv, &request.Request{Verb: "update", Resource: "pods", Namespace: "default", Name: "stale", Body: fresh})
	stale.Labels = map[string]string{"v": "3"}

	tests := []struct {
		name string
		req  *request.Request
		code int32
		want string
	}{
		{"getting a missing pod is NotFound",
			&request.Request{Verb: "get", Resource: "pods", Namespace: "default", Name: "nope"},
			404, `pods "nope" not found`},
		{"getting a missing deployment names its group",
			&request.Request{Verb: "get", Group: "apps", Resource: "deployments", Namespace: "default", Name: "nope"},
			404, `deployments.apps "nope" not found`},
		{"creating an existing pod is AlreadyExists",
			&request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "web", nil)},
			409, `pods "web" already exists`},
		{"updating from a stale resourceVersion is a Conflict",
			&request.Request{Verb: "update", Resource: "pods", Namespace: "default", Name: "stale", Body: stale},
			409, `Operation cannot be fulfilled on pods "stale": the object has been modified; please apply your changes to the latest version and try again`},
		{"alice may not create pods",
			&request.Request{User: request.UserInfo{Name: "alice"}, Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "x", nil)},
			403, `pods is forbidden: User "alice" cannot create resource "pods" in API group "" in the namespace "default"`},
		{"alice may not get a pod by name",
			&request.Request{User: request.UserInfo{Name: "alice"}, Verb: "get", Resource: "pods", Namespace: "default", Name: "web"},
			403, `pods "web" is forbidden: User "alice" cannot get resource "pods" in API group "" in the namespace "default"`},
		{"bob may not list nodes at the cluster scope",
			&request.Request{User: request.UserInfo{Name: "bob"}, Verb: "list", Resource: "nodes"},
			403, `nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope`},
		{"an unknown user is Unauthorized",
			&request.Request{User: request.UserInfo{Name: "mallory"}, Verb: "get", Resource: "pods", Namespace: "default", Name: "web"},
			401, `Unauthorized`},
		{"a service account that does not exist is Unauthorized",
			&request.Request{User: request.UserInfo{Name: "system:serviceaccount:default:ghost"}, Verb: "list", Resource: "pods", Namespace: "default"},
			401, `Unauthorized`},
		{"an unknown resource is NotFound",
			&request.Request{Verb: "list", Resource: "widgets", Namespace: "default"},
			404, `the server could not find the requested resource`},
		{"updating a binding has no route: go-restful's 405",
			&request.Request{Verb: "update", Resource: "pods", Subresource: "binding", Namespace: "default", Name: "web", Body: &api.Binding{}},
			405, `the server does not allow this method on the requested resource`},
		{"alice may not impersonate bob",
			&request.Request{User: request.UserInfo{Name: "alice"}, Impersonate: "bob", Verb: "list", Resource: "pods", Namespace: "default"},
			403, `users "bob" is forbidden: User "alice" cannot impersonate resource "users" in API group "" at the cluster scope`},
		{"the admin impersonating bob acts as bob",
			&request.Request{Impersonate: "bob", Verb: "list", Resource: "pods", Namespace: "default"},
			403, `pods is forbidden: User "bob" cannot list resource "pods" in API group "" in the namespace "default"`},
		{"an unknown field selector is a BadRequest",
			&request.Request{Verb: "list", Resource: "pods", Namespace: "default", FieldSelector: "spec.foo=x"},
			400, `Unable to find "/v1, Resource=pods" that match label selector "", field selector "spec.foo=x": field label not supported: spec.foo`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := do(t, srv, tt.req)
			se, ok := err.(*api.StatusError)
			if !ok {
				t.Fatalf("error = %v (%T), want a StatusError", err, err)
			}
			if se.ErrStatus.Code != tt.code || se.ErrStatus.Message != tt.want {
				t.Errorf("got %d %q\nwant %d %q", se.ErrStatus.Code, se.ErrStatus.Message, tt.code, tt.want)
			}
		})
	}
}

func TestEveryStageOfACreateIsTraced(t *testing.T) {
	s, srv := newTestServer(t)
	from := s.Trace.Len()
	createPod(t, srv, pod("default", "web", nil))
	var got []string
	for _, r := range s.Trace.Since(from) {
		got = append(got, string(r.Kind)+":"+r.Stage+":"+r.Component)
	}
	want := []string{
		"request::kube-apiserver",
		"stage:authn:kube-apiserver",
		"stage:authz:kube-apiserver",
		"stage:decode:kube-apiserver",
		"stage:admission:kube-apiserver",
		"stage:validation:kube-apiserver",
		"stage:admission:kube-apiserver",
		"write:storage:etcd",
		"response::kube-apiserver",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("trace:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	recs := s.Trace.Since(from)
	if m := recs[1].Message; m != "authenticated as kubernetes-admin (groups: system:masters, system:authenticated)" {
		t.Errorf("authn message = %q", m)
	}
	if m := recs[2].Message; m != `authorized: RBAC: allowed by ClusterRoleBinding "cluster-admin" of ClusterRole "cluster-admin" to Group "system:masters"` {
		t.Errorf("authz message = %q", m)
	}
	w := recs[7]
	if w.Kind != trace.Write || w.Revision == 0 || !strings.Contains(w.Message, "/registry/pods/default/web") {
		t.Errorf("write record = %+v", w)
	}
	if r := recs[8]; r.Code != 201 {
		t.Errorf("response code = %d, want 201", r.Code)
	}
}

func TestGenerateNameDrawsFiveCharactersFromTheSafeAlphabet(t *testing.T) {
	_, srv := newTestServer(t)
	long := strings.Repeat("a", 70)
	tests := []struct {
		name, base string
		re         string
	}{
		{"a short base keeps all of it", "web-7c5ddbdf54-", `^web-7c5ddbdf54-[bcdfghjklmnpqrstvwxz2456789]{5}$`},
		{"a long base is truncated to 58 characters", long, `^a{58}[bcdfghjklmnpqrstvwxz2456789]{5}$`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for i := 0; i < 20; i++ {
				p := pod("default", "", nil)
				p.GenerateName = tt.base
				got := createPod(t, srv, p)
				if !regexp.MustCompile(tt.re).MatchString(got.Name) {
					t.Fatalf("name %q does not match %s", got.Name, tt.re)
				}
			}
		})
	}
}

func TestCreateFillsSystemMetadata(t *testing.T) {
	s, srv := newTestServer(t)
	p := createPod(t, srv, pod("default", "web", nil))
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(p.UID) {
		t.Errorf("uid %q is not a UUID v4", p.UID)
	}
	if !p.CreationTimestamp.Equal(s.Now()) {
		t.Errorf("creationTimestamp = %v, want %v", p.CreationTimestamp, s.Now())
	}
	if p.ResourceVersion != "" && p.ResourceVersion != strconv.FormatInt(srv.Store().Rev(), 10) {
		t.Errorf("resourceVersion = %q, want the store revision %d", p.ResourceVersion, srv.Store().Rev())
	}
	if p.Status.Phase != api.PodPending || p.Status.QOSClass != api.PodQOSBestEffort {
		t.Errorf("status = %+v, want Pending BestEffort", p.Status)
	}
	kv, err := srv.Store().Get("/registry/pods/default/web", 0)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(kv.Value), "resourceVersion") {
		t.Errorf("etcd holds a resourceVersion: %s", kv.Value)
	}
	d := mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: deployment("default", "nginx", 1)}).(*api.Deployment)
	if d.Generation != 1 {
		t.Errorf("deployment generation = %d, want 1", d.Generation)
	}
	cm := mustDo(t, srv, &request.Request{Verb: "create", Resource: "configmaps", Namespace: "default", Body: &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "c"}}}).(*api.ConfigMap)
	if cm.Generation != 0 {
		t.Errorf("configmap generation = %d, want 0 (no spec)", cm.Generation)
	}
}

func TestBootstrapObjectsHaveSmallDeterministicRevisions(t *testing.T) {
	_, a := newTestServer(t)
	_, b := newTestServer(t)
	for _, srv := range []*Server{a, b} {
		for _, req := range []*request.Request{
			{Verb: "get", Resource: "namespaces", Name: "default"},
			{Verb: "get", Resource: "namespaces", Name: "kube-node-lease"},
			{Verb: "get", Group: "rbac.authorization.k8s.io", Resource: "clusterroles", Name: "cluster-admin"},
			{Verb: "get", Resource: "services", Namespace: "default", Name: "kubernetes"},
			{Verb: "get", Resource: "serviceaccounts", Namespace: "kube-system", Name: "default"},
		} {
			mustDo(t, srv, req)
		}
	}
	if a.Store().Rev() != b.Store().Rev() || a.Store().Rev() > 40 {
		t.Errorf("bootstrap revisions %d and %d, want equal and small", a.Store().Rev(), b.Store().Rev())
	}
	ns := mustDo(t, a, &request.Request{Verb: "get", Resource: "namespaces", Name: "default"}).(*api.Namespace)
	if ns.ResourceVersion != "2" || ns.Status.Phase != api.NamespaceActive {
		t.Errorf("namespace default: rv %s phase %s", ns.ResourceVersion, ns.Status.Phase)
	}
	svc := mustDo(t, a, &request.Request{Verb: "get", Resource: "services", Namespace: "default", Name: "kubernetes"}).(*api.Service)
	if svc.Spec.ClusterIP != "10.96.0.1" {
		t.Errorf("kubernetes service IP = %s", svc.Spec.ClusterIP)
	}
}
