package apiserver

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

func TestAliceIsAllowedOnceBoundToEditInDefault(t *testing.T) {
	_, srv := newTestServer(t)
	alice := request.UserInfo{Name: "alice"}
	create := func() error {
		_, err := do(t, srv, &request.Request{User: alice, Verb: "create", Resource: "pods", Namespace: "default", Body: pod("default", "web", nil)})
		return err
	}
	if err := create(); !api.IsForbidden(err) {
		t.Fatalf("before the binding: %v", err)
	}
	rb := &api.RoleBinding{
		ObjectMeta: api.ObjectMeta{Name: "alice-edit", Namespace: "default"},
		Subjects:   []api.Subject{{Kind: "User", APIGroup: "rbac.authorization.k8s.io", Name: "alice"}},
		RoleRef:    api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "ClusterRole", Name: "edit"},
	}
	mustDo(t, srv, &request.Request{Verb: "create", Group: "rbac.authorization.k8s.io", Resource: "rolebindings", Namespace: "default", Body: rb})
	if err := create(); err != nil {
		t.Fatalf("after the binding: %v", err)
	}
	tests := []struct {
		name             string
		verb, group, res string
		sub, ns          string
		allowed          bool
		reason           string
	}{
		{"alice lists deployments in default", "list", "apps", "deployments", "", "default", true,
			`RBAC: allowed by RoleBinding "alice-edit/default" of ClusterRole "edit" to User "alice"`},
		{"alice scales deployments in default", "update", "apps", "deployments", "scale", "default", true,
			`RBAC: allowed by RoleBinding "alice-edit/default" of ClusterRole "edit" to User "alice"`},
		{"alice may not edit roles (edit is not admin)", "create", "rbac.authorization.k8s.io", "roles", "", "default", false, ""},
		{"alice may not create pods in kube-system", "create", "", "pods", "", "kube-system", false, ""},
		{"alice may not list nodes", "list", "", "nodes", "", "", false, ""},
		{"the admin may do anything", "delete", "", "nodes", "", "", true,
			`RBAC: allowed by ClusterRoleBinding "cluster-admin" of ClusterRole "cluster-admin" to Group "system:masters"`},
		{"the scheduler binds pods", "create", "", "pods", "binding", "default", true,
			`RBAC: allowed by ClusterRoleBinding "system:kube-scheduler" of ClusterRole "system:kube-scheduler" to User "system:kube-scheduler"`},
		{"the scheduler may not delete deployments", "delete", "apps", "deployments", "", "default", false, ""},
	}
	users := map[string]request.UserInfo{"alice": alice, "the admin": {Name: request.UserAdmin}, "the scheduler": {Name: request.UserScheduler}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var u request.UserInfo
			for prefix, uu := range users {
				if len(tt.name) >= len(prefix) && tt.name[:len(prefix)] == prefix {
					u = uu
				}
			}
			ok, reason := srv.Authorize(u, tt.verb, tt.group, tt.res, tt.sub, tt.ns, "")
			if ok != tt.allowed || reason != tt.reason {
				t.Errorf("got %v %q, want %v %q", ok, reason, tt.allowed, tt.reason)
			}
		})
	}
	// Removing the binding takes the permission away again.
	mustDo(t, srv, &request.Request{Verb: "delete", Group: "rbac.authorization.k8s.io", Resource: "rolebindings", Namespace: "default", Name: "alice-edit"})
	if ok, _ := srv.Authorize(alice, "list", "apps", "deployments", "", "default", ""); ok {
		t.Errorf("still allowed after the binding was deleted")
	}
}

func TestServiceAccountsAuthenticateOnceTheyExist(t *testing.T) {
	_, srv := newTestServer(t)
	sa := request.UserInfo{Name: "system:serviceaccount:default:builder"}
	list := &request.Request{User: sa, Verb: "list", Resource: "pods", Namespace: "default"}
	if _, err := do(t, srv, list); api.ReasonOf(err) != api.StatusReasonUnauthorized {
		t.Fatalf("before it exists: %v", err)
	}
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "serviceaccounts", Namespace: "default", Body: &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "builder"}}})
	_, err := do(t, srv, list)
	want := `pods is forbidden: User "system:serviceaccount:default:builder" cannot list resource "pods" in API group "" in the namespace "default"`
	if errText(err) != want {
		t.Fatalf("after it exists: %v", err)
	}
	mustDo(t, srv, &request.Request{Verb: "create", Group: "rbac.authorization.k8s.io", Resource: "rolebindings", Namespace: "default", Body: &api.RoleBinding{
		ObjectMeta: api.ObjectMeta{Name: "builder-view"},
		Subjects:   []api.Subject{{Kind: "ServiceAccount", Name: "builder", Namespace: "default"}},
		RoleRef:    api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "ClusterRole", Name: "view"},
	}})
	if _, err := do(t, srv, list); err != nil {
		t.Fatalf("after the binding: %v", err)
	}
	_, reason := srv.Authorize(sa, "list", "", "pods", "", "default", "")
	if want := `RBAC: allowed by RoleBinding "builder-view/default" of ClusterRole "view" to ServiceAccount "default/builder"`; reason != want {
		t.Errorf("reason %q\nwant   %q", reason, want)
	}
}

func TestTheNodeAuthorizerConfinesKubeletsToTheirOwnPodsNodeAndLease(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "mine", nil))
	createPod(t, srv, pod("default", "theirs", nil))
	if err := bind(t, srv, "default", "mine", "demo-worker"); err != nil {
		t.Fatal(err)
	}
	if err := bind(t, srv, "default", "theirs", "demo-worker2"); err != nil {
		t.Fatal(err)
	}
	kubelet := Node("demo-worker")
	tests := []struct {
		name string
		req  request.Request
		want string // "" = allowed
	}{
		{"reads its own pod", request.Request{Verb: "get", Resource: "pods", Namespace: "default", Name: "mine"}, ""},
		{"may not read another node's pod", request.Request{Verb: "get", Resource: "pods", Namespace: "default", Name: "theirs"},
			`pods "theirs" is forbidden: User "system:node:demo-worker" cannot get resource "pods" in API group "" in the namespace "default": no relationship found between node 'demo-worker' and this object`},
		{"may not update another node's pod status", request.Request{Verb: "update", Resource: "pods", Subresource: "status", Namespace: "default", Name: "theirs"},
			`pods "theirs" is forbidden: User "system:node:demo-worker" cannot update resource "pods/status" in API group "" in the namespace "default": no relationship found between node 'demo-worker' and this object`},
		{"lists its pods by field selector", request.Request{Verb: "list", Resource: "pods", FieldSelector: "spec.nodeName=demo-worker"}, ""},
		{"may not list every pod", request.Request{Verb: "list", Resource: "pods"},
			`pods is forbidden: User "system:node:demo-worker" cannot list resource "pods" in API group "" at the cluster scope: can only list/watch pods with spec.nodeName field selector`},
		{"may not delete deployments", request.Request{Verb: "delete", Group: "apps", Resource: "deployments", Namespace: "default", Name: "x"},
			`deployments.apps "x" is forbidden: User "system:node:demo-worker" cannot delete resource "deployments" in API group "apps" in the namespace "default"`},
		{"may not renew another node's lease", request.Request{Verb: "update", Group: "coordination.k8s.io", Resource: "leases", Namespace: "kube-node-lease", Name: "demo-worker2"},
			`leases.coordination.k8s.io "demo-worker2" is forbidden: User "system:node:demo-worker" cannot update resource "leases" in API group "coordination.k8s.io" in the namespace "kube-node-lease": can only access node lease with the same name as the requesting node`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.req
			req.User, req.Component = kubelet, "kubelet/demo-worker"
			_, err := do(t, srv, &req)
			if tt.want == "" {
				if api.IsForbidden(err) {
					t.Errorf("forbidden: %v", err)
				}
				return
			}
			if errText(err) != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
	// A kubelet registers its own Node and heartbeats its own Lease.
	node := &api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker"}}
	if _, err := do(t, srv, &request.Request{User: kubelet, Component: "kubelet/demo-worker", Verb: "create", Resource: "nodes", Body: node}); err != nil {
		t.Errorf("registering its node: %v", err)
	}
	lease := &api.Lease{ObjectMeta: api.ObjectMeta{Name: "demo-worker", Namespace: "kube-node-lease"}}
	if _, err := do(t, srv, &request.Request{User: kubelet, Component: "kubelet/demo-worker", Verb: "create", Group: "coordination.k8s.io", Resource: "leases", Namespace: "kube-node-lease", Body: lease}); err != nil {
		t.Errorf("creating its lease: %v", err)
	}
}

func TestImpersonatingANodeWithItsGroupReachesTheNodeAuthorizer(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "theirs", nil))
	if err := bind(t, srv, "default", "theirs", "demo-worker2"); err != nil {
		t.Fatal(err)
	}
	get := &request.Request{Impersonate: "system:node:demo-worker", Verb: "get", Resource: "pods", Namespace: "default", Name: "theirs"}
	_, err := do(t, srv, get)
	if want := `pods "theirs" is forbidden: User "system:node:demo-worker" cannot get resource "pods" in API group "" in the namespace "default"`; errText(err) != want {
		t.Errorf("without --as-group: %v", err)
	}
	get.ImpersonateGroups = []string{request.GroupNodes}
	_, err = do(t, srv, get)
	if want := `pods "theirs" is forbidden: User "system:node:demo-worker" cannot get resource "pods" in API group "" in the namespace "default": no relationship found between node 'demo-worker' and this object`; errText(err) != want {
		t.Errorf("with --as-group system:nodes: %v", err)
	}
}
