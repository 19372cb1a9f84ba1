package printerstest

import (
	"time"

	"kubeplay/core/api"
)

func meta(name, ns string, age time.Duration) api.ObjectMeta {
	return api.ObjectMeta{Name: name, Namespace: ns, UID: "uid-" + name, CreationTimestamp: At(age)}
}

// Namespaces are the default cluster's namespaces.
func Namespaces() []api.Object {
	var out []api.Object
	for _, n := range []string{"default", "kube-node-lease", "kube-public", "kube-system"} {
		out = append(out, &api.Namespace{
			TypeMeta:   api.TypeMeta{Kind: "Namespace", APIVersion: "v1"},
			ObjectMeta: api.ObjectMeta{Name: n, UID: "ns-" + n, CreationTimestamp: At(0), Labels: map[string]string{"kubernetes.io/metadata.name": n}},
			Status:     api.NamespaceStatus{Phase: "Active"},
		})
	}
	return out
}

// Service is a ClusterIP Service in front of the nginx pods.
func Service() *api.Service {
	return &api.Service{
		TypeMeta:   api.TypeMeta{Kind: "Service", APIVersion: "v1"},
		ObjectMeta: meta("nginx", "default", 2*time.Hour+time.Minute),
		Spec: api.ServiceSpec{
			Type: "ClusterIP", ClusterIP: "10.96.142.7", ClusterIPs: []string{"10.96.142.7"},
			Selector:        map[string]string{"app": "nginx"},
			Ports:           []api.ServicePort{{Port: 80, Protocol: "TCP", TargetPort: api.FromInt32(80)}},
			SessionAffinity: "None", IPFamilies: []api.IPFamily{"IPv4"}, IPFamilyPolicy: ptr(api.IPFamilyPolicy("SingleStack")),
			InternalTrafficPolicy: ptr(api.ServiceInternalTrafficPolicy("Cluster")),
		},
	}
}

// KubernetesService is the default/kubernetes Service.
func KubernetesService() *api.Service {
	return &api.Service{
		TypeMeta:   api.TypeMeta{Kind: "Service", APIVersion: "v1"},
		ObjectMeta: meta("kubernetes", "default", 0),
		Spec: api.ServiceSpec{
			Type: "ClusterIP", ClusterIP: "10.96.0.1", ClusterIPs: []string{"10.96.0.1"},
			Ports: []api.ServicePort{{Name: "https", Port: 443, Protocol: "TCP", TargetPort: api.FromInt32(6443)}},
		},
	}
}

// NodePortService is a NodePort Service.
func NodePortService() *api.Service {
	s := Service()
	s.Name = "nginx-np"
	s.Spec.Type = "NodePort"
	s.Spec.ClusterIP, s.Spec.ClusterIPs = "10.96.88.21", []string{"10.96.88.21"}
	s.Spec.Ports[0].NodePort = 30080
	return s
}

// EndpointSlice is the nginx Service's slice.
func EndpointSlice() *api.EndpointSlice {
	tcp := api.Protocol("TCP")
	es := &api.EndpointSlice{
		TypeMeta:    api.TypeMeta{Kind: "EndpointSlice", APIVersion: "discovery.k8s.io/v1"},
		ObjectMeta:  meta("nginx-8kq2x", "default", 2*time.Hour+time.Minute),
		AddressType: "IPv4",
		Ports:       []api.EndpointSlicePort{{Name: ptr(""), Port: ptr(int32(80)), Protocol: &tcp}},
	}
	es.Labels = map[string]string{"kubernetes.io/service-name": "nginx", "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io"}
	for _, p := range DeploymentPods() {
		es.Endpoints = append(es.Endpoints, api.Endpoint{
			Addresses: []string{p.Status.PodIP}, Conditions: api.EndpointConditions{Ready: ptr(true), Serving: ptr(true), Terminating: ptr(false)},
			TargetRef: &api.ObjectReference{Kind: "Pod", Namespace: "default", Name: p.Name, UID: p.UID}, NodeName: ptr(p.Spec.NodeName),
		})
	}
	return es
}

// Misc returns one object of each remaining kind, keyed by resource name.
func Misc() map[string][]api.Object {
	cm := &api.ConfigMap{TypeMeta: api.TypeMeta{Kind: "ConfigMap", APIVersion: "v1"}, ObjectMeta: meta("kube-root-ca.crt", "default", 0),
		Data: map[string]string{"ca.crt": "-----BEGIN CERTIFICATE-----\nMIIC/jCCAeagAwIBAgIBADANBgkqhkiG9w0BAQsFADAVMRMwEQYDVQQDEwprdWJl\n-----END CERTIFICATE-----\n"}}
	cm.Annotations = map[string]string{"kubernetes.io/description": "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."}
	appCfg := &api.ConfigMap{TypeMeta: api.TypeMeta{Kind: "ConfigMap", APIVersion: "v1"}, ObjectMeta: meta("app-config", "default", 2*time.Hour+10*time.Minute),
		Data: map[string]string{"LOG_LEVEL": "debug", "MODE": "demo"}}
	secret := &api.Secret{TypeMeta: api.TypeMeta{Kind: "Secret", APIVersion: "v1"}, ObjectMeta: meta("db-credentials", "default", 2*time.Hour+11*time.Minute),
		Type: "Opaque", Data: map[string][]byte{"password": []byte("s3cr3t"), "username": []byte("admin")}}
	sa := &api.ServiceAccount{TypeMeta: api.TypeMeta{Kind: "ServiceAccount", APIVersion: "v1"}, ObjectMeta: meta("default", "default", 0)}
	role := &api.Role{TypeMeta: api.TypeMeta{Kind: "Role", APIVersion: "rbac.authorization.k8s.io/v1"}, ObjectMeta: meta("pod-reader", "default", 2*time.Hour+12*time.Minute),
		Rules: []api.PolicyRule{{APIGroups: []string{""}, Resources: []string{"pods", "pods/log"}, Verbs: []string{"get", "watch", "list"}}, {APIGroups: []string{"apps"}, Resources: []string{"deployments"}, Verbs: []string{"get"}}}}
	rb := &api.RoleBinding{TypeMeta: api.TypeMeta{Kind: "RoleBinding", APIVersion: "rbac.authorization.k8s.io/v1"}, ObjectMeta: meta("read-pods", "default", 2*time.Hour+12*time.Minute),
		RoleRef:  api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "Role", Name: "pod-reader"},
		Subjects: []api.Subject{{Kind: "User", APIGroup: "rbac.authorization.k8s.io", Name: "alice"}, {Kind: "ServiceAccount", Name: "default", Namespace: "default"}}}
	crb := &api.ClusterRoleBinding{TypeMeta: api.TypeMeta{Kind: "ClusterRoleBinding", APIVersion: "rbac.authorization.k8s.io/v1"}, ObjectMeta: meta("cluster-admin", "", 0),
		RoleRef:  api.RoleRef{APIGroup: "rbac.authorization.k8s.io", Kind: "ClusterRole", Name: "cluster-admin"},
		Subjects: []api.Subject{{Kind: "Group", APIGroup: "rbac.authorization.k8s.io", Name: "system:masters"}}}
	quota := &api.ResourceQuota{TypeMeta: api.TypeMeta{Kind: "ResourceQuota", APIVersion: "v1"}, ObjectMeta: meta("compute", "default", 2*time.Hour+13*time.Minute),
		Status: api.ResourceQuotaStatus{
			Hard: api.ResourceList{"requests.cpu": api.MustParse("2"), "requests.memory": api.MustParse("2Gi"), "limits.cpu": api.MustParse("4"), "limits.memory": api.MustParse("4Gi"), "pods": api.MustParse("10")},
			Used: api.ResourceList{"requests.cpu": api.MustParse("500m"), "requests.memory": api.MustParse("256Mi"), "limits.cpu": api.MustParse("1"), "limits.memory": api.MustParse("512Mi"), "pods": api.MustParse("3")},
		}}
	lr := &api.LimitRange{TypeMeta: api.TypeMeta{Kind: "LimitRange", APIVersion: "v1"}, ObjectMeta: meta("mem-limit-range", "default", 2*time.Hour+13*time.Minute),
		Spec: api.LimitRangeSpec{Limits: []api.LimitRangeItem{{Type: "Container", Default: api.ResourceList{api.ResourceMemory: api.MustParse("512Mi")}, DefaultRequest: api.ResourceList{api.ResourceMemory: api.MustParse("256Mi")}}}}}
	never := api.PreemptionPolicy("Never")
	pcs := []api.Object{
		&api.PriorityClass{TypeMeta: api.TypeMeta{Kind: "PriorityClass", APIVersion: "scheduling.k8s.io/v1"}, ObjectMeta: meta("high-priority", "", 2*time.Hour+14*time.Minute), Value: 1000000, PreemptionPolicy: &never, Description: "For the demo."},
		&api.PriorityClass{TypeMeta: api.TypeMeta{Kind: "PriorityClass", APIVersion: "scheduling.k8s.io/v1"}, ObjectMeta: meta("system-cluster-critical", "", 0), Value: 2000000000, PreemptionPolicy: ptr(api.PreemptLowerPriority), Description: "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary."},
		&api.PriorityClass{TypeMeta: api.TypeMeta{Kind: "PriorityClass", APIVersion: "scheduling.k8s.io/v1"}, ObjectMeta: meta("system-node-critical", "", 0), Value: 2000001000, PreemptionPolicy: ptr(api.PreemptLowerPriority), Description: "Used for system critical pods that must not be moved from their current node."},
	}
	var leases []api.Object
	for _, n := range Nodes() {
		leases = append(leases, Lease(n.Name))
	}
	ds := &api.DaemonSet{TypeMeta: api.TypeMeta{Kind: "DaemonSet", APIVersion: "apps/v1"}, ObjectMeta: meta("kube-proxy", "kube-system", 0),
		Spec: api.DaemonSetSpec{
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"k8s-app": "kube-proxy"}},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"k8s-app": "kube-proxy"}}, Spec: api.PodSpec{
				NodeSelector: map[string]string{"kubernetes.io/os": "linux"},
				Containers:   []api.Container{{Name: "kube-proxy", Image: "registry.k8s.io/kube-proxy:v1.35.0"}},
			}},
		},
		Status: api.DaemonSetStatus{DesiredNumberScheduled: 3, CurrentNumberScheduled: 3, NumberReady: 3, UpdatedNumberScheduled: 3, NumberAvailable: 3}}
	start, done := AtPtr(2*time.Hour+14*time.Minute), AtPtr(2*time.Hour+14*time.Minute+8*time.Second)
	jobDone := &api.Job{TypeMeta: api.TypeMeta{Kind: "Job", APIVersion: "batch/v1"}, ObjectMeta: meta("pi", "default", 2*time.Hour+14*time.Minute),
		Spec: api.JobSpec{Completions: ptr(int32(1)), Parallelism: ptr(int32(1)), BackoffLimit: ptr(int32(6)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "uid-pi"}},
			Template: api.PodTemplateSpec{Spec: api.PodSpec{Containers: []api.Container{{Name: "pi", Image: "perl:5.34.0"}}, RestartPolicy: "Never"}}},
		Status: api.JobStatus{Succeeded: 1, StartTime: start, CompletionTime: done, Conditions: []api.JobCondition{{Type: "SuccessCriteriaMet", Status: api.ConditionTrue}, {Type: "Complete", Status: api.ConditionTrue}}}}
	jobRunning := &api.Job{TypeMeta: api.TypeMeta{Kind: "Job", APIVersion: "batch/v1"}, ObjectMeta: meta("sleeper", "default", 2*time.Hour+14*time.Minute),
		Spec: api.JobSpec{Parallelism: ptr(int32(2)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"batch.kubernetes.io/controller-uid": "uid-sleeper"}},
			Template: api.PodTemplateSpec{Spec: api.PodSpec{Containers: []api.Container{{Name: "sleep", Image: "busybox:1.36"}}, RestartPolicy: "Never"}}},
		Status: api.JobStatus{Active: 2, StartTime: AtPtr(2*time.Hour + 14*time.Minute + 30*time.Second), Ready: ptr(int32(2))}}
	return map[string][]api.Object{
		"configmaps":          {appCfg, cm},
		"secrets":             {secret},
		"serviceaccounts":     {sa},
		"roles":               {role},
		"rolebindings":        {rb},
		"clusterrolebindings": {crb},
		"resourcequotas":      {quota},
		"limitranges":         {lr},
		"priorityclasses":     pcs,
		"leases":              leases,
		"daemonsets":          {ds},
		"jobs":                {jobDone, jobRunning},
	}
}
