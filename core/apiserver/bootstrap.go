package apiserver

import (
	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// What kube-apiserver writes into an empty etcd at first start: the system
// namespaces (and their default ServiceAccounts, which the serviceaccount
// controller would add), the bootstrap RBAC policy, the system
// PriorityClasses and the kubernetes Service. The order is fixed, so their
// resourceVersions are small and the same in every run.

var bootstrapNamespaces = []string{"default", "kube-system", "kube-public", "kube-node-lease"}

func (s *Server) bootstrap() {
	s.quiet++
	defer func() { s.quiet-- }()
	for _, ns := range bootstrapNamespaces {
		s.bootstrapCreate(&api.Namespace{ObjectMeta: api.ObjectMeta{Name: ns}})
	}
	for _, cr := range bootstrapClusterRoles() {
		s.bootstrapCreate(cr)
	}
	for _, b := range bootstrapClusterRoleBindings() {
		s.bootstrapCreate(b)
	}
	critical := "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary."
	nodeCritical := "Used for system critical pods that must not be moved from their current node."
	preempt := api.PreemptLowerPriority
	s.bootstrapCreate(&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "system-cluster-critical"}, Value: 2000000000, Description: critical, PreemptionPolicy: &preempt})
	preempt2 := api.PreemptLowerPriority
	s.bootstrapCreate(&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "system-node-critical"}, Value: 2000001000, Description: nodeCritical, PreemptionPolicy: &preempt2})
	s.bootstrapCreate(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "kubernetes", Namespace: "default",
			Labels: map[string]string{"component": "apiserver", "provider": "kubernetes"}},
		Spec: api.ServiceSpec{
			Type:      api.ServiceTypeClusterIP,
			ClusterIP: "10.96.0.1",
			Ports:     []api.ServicePort{{Name: "https", Protocol: api.ProtocolTCP, Port: 443, TargetPort: api.FromInt32(6443)}},
		},
	})
	for _, ns := range bootstrapNamespaces {
		s.bootstrapCreate(&api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "default", Namespace: ns}})
	}
	s.bootstrapKindStorage()
}

// bootstrapCreate stores obj as the apiserver itself: defaults, no
// authorization or admission.
func (s *Server) bootstrapCreate(obj api.Object) {
	if err := s.createAsSelf(obj); err != nil {
		panic("apiserver bootstrap: " + err.Error())
	}
}

func (s *Server) createAsSelf(obj api.Object) error {
	r := s.byGR[api.ResourceOf(obj).GroupResource()]
	*obj.GetTypeMeta() = r.info.TypeMeta()
	s.hooks.Default(obj)
	prepareForCreate(r, obj)
	if err := s.allocate(r, obj); err != nil {
		return err
	}
	m := obj.GetObjectMeta()
	m.UID = newUID(s.sim.UIDRand())
	m.CreationTimestamp = api.NewTime(s.sim.Now())
	if r.hasSpec {
		m.Generation = 1
	}
	return s.storeCreate(nil, r, obj)
}

func rule(verbs, groups, resources []string) api.PolicyRule {
	return api.PolicyRule{Verbs: verbs, APIGroups: groups, Resources: resources}
}

var (
	read     = []string{"get", "list", "watch"}
	write    = []string{"create", "delete", "deletecollection", "patch", "update"}
	all      = []string{"*"}
	core     = []string{""}
	apps     = []string{"apps"}
	batch    = []string{"batch"}
	events   = []string{"", "events.k8s.io"}
	rbacAPI  = []string{"rbac.authorization.k8s.io"}
	coord    = []string{"coordination.k8s.io"}
	policyV1 = []string{"policy"}
)

func bootstrapRole(name string, rules ...api.PolicyRule) *api.ClusterRole {
	return &api.ClusterRole{ObjectMeta: api.ObjectMeta{Name: name,
		Labels:      map[string]string{"kubernetes.io/bootstrapping": "rbac-defaults"},
		Annotations: map[string]string{"rbac.authorization.kubernetes.io/autoupdate": "true"}},
		Rules: rules}
}

// viewRules are the (aggregated) rules of the view ClusterRole.
func viewRules() []api.PolicyRule {
	return []api.PolicyRule{
		rule(read, core, []string{"configmaps", "endpoints", "persistentvolumeclaims", "persistentvolumeclaims/status", "pods",
			"replicationcontrollers", "replicationcontrollers/scale", "serviceaccounts", "services", "services/status"}),
		rule(read, core, []string{"bindings", "events", "limitranges", "namespaces/status", "pods/log", "pods/status",
			"replicationcontrollers/status", "resourcequotas", "resourcequotas/status"}),
		rule(read, core, []string{"namespaces"}),
		rule(read, []string{"discovery.k8s.io"}, []string{"endpointslices"}),
		rule(read, apps, []string{"controllerrevisions", "daemonsets", "daemonsets/status", "deployments", "deployments/scale",
			"deployments/status", "replicasets", "replicasets/scale", "replicasets/status", "statefulsets", "statefulsets/scale", "statefulsets/status"}),
		rule(read, []string{"autoscaling"}, []string{"horizontalpodautoscalers", "horizontalpodautoscalers/status"}),
		rule(read, batch, []string{"cronjobs", "cronjobs/status", "jobs", "jobs/status"}),
		rule(read, policyV1, []string{"poddisruptionbudgets", "poddisruptionbudgets/status"}),
		rule(read, []string{"networking.k8s.io"}, []string{"ingresses", "ingresses/status", "networkpolicies"}),
	}
}

// editRules add writes of workloads, services, configuration and secrets.
func editRules() []api.PolicyRule {
	return append([]api.PolicyRule{
		rule([]string{"create", "delete", "deletecollection", "patch", "update", "get", "list", "watch"}, core,
			[]string{"pods", "pods/attach", "pods/exec", "pods/portforward", "pods/proxy", "secrets", "services", "services/proxy",
				"configmaps", "endpoints", "persistentvolumeclaims", "replicationcontrollers", "replicationcontrollers/scale", "serviceaccounts"}),
		rule([]string{"create"}, core, []string{"pods/eviction", "serviceaccounts/token"}),
		rule([]string{"impersonate"}, core, []string{"serviceaccounts"}),
		rule(append(append([]string{}, write...), read...), apps, []string{"daemonsets", "deployments", "deployments/rollback",
			"deployments/scale", "replicasets", "replicasets/scale", "statefulsets", "statefulsets/scale"}),
		rule(append(append([]string{}, write...), read...), []string{"autoscaling"}, []string{"horizontalpodautoscalers"}),
		rule(append(append([]string{}, write...), read...), batch, []string{"cronjobs", "jobs"}),
		rule(append(append([]string{}, write...), read...), policyV1, []string{"poddisruptionbudgets"}),
		rule(append(append([]string{}, write...), read...), []string{"networking.k8s.io"}, []string{"ingresses", "networkpolicies"}),
		rule(append(append([]string{}, write...), read...), []string{"discovery.k8s.io"}, []string{"endpointslices"}),
	}, viewRules()...)
}

func bootstrapClusterRoles() []*api.ClusterRole {
	return []*api.ClusterRole{
		bootstrapRole("cluster-admin",
			rule(all, all, all),
			api.PolicyRule{Verbs: all, NonResourceURLs: all}),
		bootstrapRole("admin", append([]api.PolicyRule{
			rule(append(append([]string{}, write...), read...), rbacAPI, []string{"rolebindings", "roles"}),
			rule([]string{"create"}, []string{"authorization.k8s.io"}, []string{"localsubjectaccessreviews"}),
		}, editRules()...)...),
		bootstrapRole("edit", editRules()...),
		bootstrapRole("view", viewRules()...),
		bootstrapRole("system:kube-scheduler",
			rule([]string{"create", "patch", "update"}, events, []string{"events"}),
			rule([]string{"create"}, coord, []string{"leases"}),
			api.PolicyRule{Verbs: []string{"get", "update"}, APIGroups: coord, Resources: []string{"leases"}, ResourceNames: []string{"kube-scheduler"}},
			rule(read, core, []string{"nodes"}),
			rule([]string{"delete", "get", "list", "watch"}, core, []string{"pods"}),
			rule([]string{"create"}, core, []string{"bindings", "pods/binding"}),
			rule([]string{"patch", "update"}, core, []string{"pods/status"}),
			rule(read, core, []string{"replicationcontrollers", "services", "namespaces", "persistentvolumeclaims", "persistentvolumes", "configmaps"}),
			rule([]string{"patch", "update"}, core, []string{"persistentvolumeclaims", "persistentvolumes"}),
			rule(read, apps, []string{"replicasets", "statefulsets"}),
			rule(read, policyV1, []string{"poddisruptionbudgets"}),
			rule(read, []string{"storage.k8s.io"}, []string{"csidrivers", "csinodes", "csistoragecapacities", "storageclasses"}),
			rule(read, []string{"scheduling.k8s.io"}, []string{"priorityclasses"}),
			rule(read, []string{"resource.k8s.io"}, []string{"deviceclasses", "resourceclaims", "resourceslices"}),
			rule(append([]string{"patch", "update"}, read...), []string{"resource.k8s.io"}, []string{"resourceclaims/status"}),
			rule([]string{"create"}, []string{"authentication.k8s.io"}, []string{"tokenreviews"}),
			rule([]string{"create"}, []string{"authorization.k8s.io"}, []string{"subjectaccessreviews"}),
		),
		bootstrapRole("system:kube-controller-manager",
			// In a real cluster each controller has its own service account
			// and role; kubeplay's controller manager uses one identity.
			rule(all, all, all),
		),
		bootstrapRole("system:node", nodeRules...),
	}
}

func bootstrapBinding(name, kind, subject string) *api.ClusterRoleBinding {
	b := &api.ClusterRoleBinding{
		ObjectMeta: api.ObjectMeta{Name: name,
			Labels:      map[string]string{"kubernetes.io/bootstrapping": "rbac-defaults"},
			Annotations: map[string]string{"rbac.authorization.kubernetes.io/autoupdate": "true"}},
		RoleRef: api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "ClusterRole", Name: name},
	}
	if subject != "" {
		b.Subjects = []api.Subject{{Kind: kind, APIGroup: "rbac.authorization.k8s.io", Name: subject}}
	}
	return b
}

func bootstrapClusterRoleBindings() []*api.ClusterRoleBinding {
	return []*api.ClusterRoleBinding{
		bootstrapBinding("cluster-admin", "Group", request.GroupMasters),
		bootstrapBinding("system:kube-scheduler", "User", request.UserScheduler),
		bootstrapBinding("system:kube-controller-manager", "User", request.UserControllerManager),
		// Bound to no one: kubelets are authorized by the Node authorizer.
		bootstrapBinding("system:node", "", ""),
	}
}
