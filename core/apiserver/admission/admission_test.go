package admission_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver/admission"
	"kubeplay/core/apiserver/defaults"
)

// fakeHost is an in-memory apiserver view.
type fakeHost struct {
	objs    map[string]api.Object // resource/namespace/name
	updated []api.Object
	rng     *rand.Rand
}

func newHost(objs ...api.Object) *fakeHost {
	h := &fakeHost{objs: map[string]api.Object{}, rng: rand.New(rand.NewPCG(1, 2))}
	for _, o := range objs {
		h.put(o)
	}
	return h
}

func (h *fakeHost) put(o api.Object) {
	r := api.ResourceOf(o)
	m := o.GetObjectMeta()
	h.objs[r.Resource+"/"+m.Namespace+"/"+m.Name] = o
}

func (h *fakeHost) Get(resource, ns, name string) (api.Object, error) {
	if o, ok := h.objs[resource+"/"+ns+"/"+name]; ok {
		return o, nil
	}
	r, _ := api.ResourceFor(resource)
	return nil, api.NewNotFound(r.GroupResource(), name)
}

func (h *fakeHost) List(resource, ns string) ([]api.Object, error) {
	var keys []string
	for k := range h.objs {
		if strings.HasPrefix(k, resource+"/"+ns+"/") || (ns == "" && strings.HasPrefix(k, resource+"/")) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]api.Object, len(keys))
	for i, k := range keys {
		out[i] = h.objs[k]
	}
	return out, nil
}

func (h *fakeHost) UpdateStatus(resource string, obj api.Object) error {
	h.updated = append(h.updated, obj)
	h.put(obj)
	return nil
}

func (h *fakeHost) Now() time.Time   { return time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC) }
func (h *fakeHost) Rand() *rand.Rand { return h.rng }

func decode(t *testing.T, manifest string) api.Object {
	t.Helper()
	ms, err := api.ParseManifests("t.yaml", []byte(manifest))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	o := ms[0].Object
	if r := api.ResourceOf(o); r.Namespaced && o.GetObjectMeta().Namespace == "" {
		o.GetObjectMeta().Namespace = "default"
	}
	defaults.Default(o)
	return o
}

func create(obj api.Object, user string, groups ...string) *admission.Attributes {
	m := obj.GetObjectMeta()
	return &admission.Attributes{Operation: admission.Create, Resource: api.ResourceOf(obj), Namespace: m.Namespace,
		Name: m.Name, Object: obj, User: request.UserInfo{Name: user, Groups: groups}}
}

func ns(name string) *api.Namespace {
	n := &api.Namespace{ObjectMeta: api.ObjectMeta{Name: name}}
	n.Status.Phase = api.NamespaceActive
	return n
}

func sa(namespace string) *api.ServiceAccount {
	return &api.ServiceAccount{ObjectMeta: api.ObjectMeta{Name: "default", Namespace: namespace}}
}

const podYAML = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\nspec:\n  containers:\n  - name: nginx\n    image: nginx\n"

func podWith(spec string) string { return podYAML + spec }

// run is the apiserver's admission: mutating then validating.
func run(a *admission.Attributes, h admission.Host) error {
	c := admission.NewChain()
	if err := c.Admit(a, h); err != nil {
		return err
	}
	return c.Validate(a, h)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestAdmissionRejectionsUseTheRealMessages(t *testing.T) {
	terminating := ns("old")
	terminating.Status.Phase = api.NamespaceTerminating
	quota := decode(t, "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: pods-max\nspec:\n  hard:\n    pods: \"1\"\n")
	cpuQuota := decode(t, "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: qtest\nspec:\n  hard:\n    cpu: 100m\n    memory: 500Mi\n")
	limits := decode(t, "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: cpu-range\nspec:\n  limits:\n  - type: Container\n    max:\n      cpu: 800m\n    min:\n      cpu: 200m\n")
	running := decode(t, strings.Replace(podYAML, "name: web", "name: other", 1))

	cases := []struct {
		name  string
		host  *fakeHost
		attrs func() *admission.Attributes
		want  string
	}{
		{"a pod in the default namespace is admitted",
			newHost(ns("default"), sa("default")),
			func() *admission.Attributes { return create(decode(t, podYAML), "kubernetes-admin") }, ""},
		{"a pod in a missing namespace is NotFound",
			newHost(),
			func() *admission.Attributes {
				o := decode(t, podYAML)
				o.GetObjectMeta().Namespace = "ghost"
				return create(o, "kubernetes-admin")
			}, `namespaces "ghost" not found`},
		{"a pod in a terminating namespace is forbidden",
			newHost(terminating, sa("old")),
			func() *admission.Attributes {
				o := decode(t, podYAML)
				o.GetObjectMeta().Namespace = "old"
				return create(o, "kubernetes-admin")
			}, `pods "web" is forbidden: unable to create new content in namespace old because it is being terminated`},
		{"deleting kube-system is forbidden",
			newHost(ns("kube-system")),
			func() *admission.Attributes {
				r, _ := api.ResourceFor("namespaces")
				return &admission.Attributes{Operation: admission.Delete, Resource: r, Name: "kube-system"}
			}, `namespaces "kube-system" is forbidden: this namespace may not be deleted`},
		{"a pod whose service account does not exist is forbidden",
			newHost(ns("default")),
			func() *admission.Attributes {
				return create(decode(t, podWith("  serviceAccountName: robot\n")), "kubernetes-admin")
			},
			`pods "web" is forbidden: error looking up service account default/robot: serviceaccount "robot" not found`},
		{"an unknown priority class is forbidden",
			newHost(ns("default"), sa("default")),
			func() *admission.Attributes {
				return create(decode(t, podWith("  priorityClassName: urgent\n")), "kubernetes-admin")
			},
			`pods "web" is forbidden: no PriorityClass with name urgent was found`},
		{"a pod over the pod-count quota is forbidden",
			newHost(ns("default"), sa("default"), quota, running),
			func() *admission.Attributes { return create(decode(t, podYAML), "kubernetes-admin") },
			`pods "web" is forbidden: exceeded quota: pods-max, requested: pods=1, used: pods=1, limited: pods=1`},
		{"a pod without requests under a cpu and memory quota must specify them",
			newHost(ns("default"), sa("default"), cpuQuota),
			func() *admission.Attributes {
				o := decode(t, podYAML)
				o.GetObjectMeta().Name = ""
				o.GetObjectMeta().GenerateName = "nginx-7854ff8877-"
				return create(o, "system:kube-controller-manager")
			}, `pods "nginx-7854ff8877-" is forbidden: failed quota: qtest: must specify cpu for: nginx; memory for: nginx`},
		{"a pod over a cpu quota is forbidden with the exceeded amounts",
			newHost(ns("default"), sa("default"), cpuQuota),
			func() *admission.Attributes {
				return create(decode(t, podWith("    resources:\n      requests:\n        cpu: 500m\n        memory: 100Mi\n")), "kubernetes-admin")
			}, `pods "web" is forbidden: exceeded quota: qtest, requested: cpu=500m, used: cpu=0, limited: cpu=100m`},
		{"a container above the LimitRange max is forbidden",
			newHost(ns("default"), sa("default"), limits),
			func() *admission.Attributes {
				return create(decode(t, podWith("    resources:\n      limits:\n        cpu: 1500m\n      requests:\n        cpu: 500m\n")), "kubernetes-admin")
			}, `pods "web" is forbidden: maximum cpu usage per Container is 800m, but limit is 1500m`},
		{"a container below the LimitRange min is forbidden",
			newHost(ns("default"), sa("default"), limits),
			func() *admission.Attributes {
				return create(decode(t, podWith("    resources:\n      limits:\n        cpu: 800m\n      requests:\n        cpu: 100m\n")), "kubernetes-admin")
			}, `pods "web" is forbidden: minimum cpu usage per Container is 200m, but request is 100m`},
		{"a kubelet may not modify another node",
			newHost(),
			func() *admission.Attributes {
				n := &api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker2"}}
				a := create(n, "system:node:demo-worker", "system:nodes", "system:authenticated")
				a.Operation = admission.Update
				return a
			}, `nodes "demo-worker2" is forbidden: node "demo-worker" is not allowed to modify node "demo-worker2"`},
		{"a kubelet may not update the status of a pod bound elsewhere",
			newHost(ns("default")),
			func() *admission.Attributes {
				p := decode(t, podYAML).(*api.Pod)
				p.Spec.NodeName = "demo-worker2"
				a := create(p, "system:node:demo-worker", "system:nodes")
				a.Operation, a.Subresource, a.OldObject = admission.Update, "status", p
				return a
			}, `pods "web" is forbidden: node "demo-worker" can only update pod status for pods with spec.nodeName set to itself`},
		{"a second globalDefault PriorityClass is forbidden",
			newHost(&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "base"}, Value: 100, GlobalDefault: true}),
			func() *admission.Attributes {
				return create(&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "other"}, Value: 5, GlobalDefault: true}, "kubernetes-admin")
			}, `priorityclasses.scheduling.k8s.io "other" is forbidden: PriorityClass base is marked as default. Only one default can exist`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := errText(run(tc.attrs(), tc.host)); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestAdmittedPodIsMutatedLikeARealOne(t *testing.T) {
	limits := decode(t, "apiVersion: v1\nkind: LimitRange\nmetadata:\n  name: defaults\nspec:\n  limits:\n  - type: Container\n    default:\n      memory: 512Mi\n    defaultRequest:\n      memory: 256Mi\n")
	h := newHost(ns("default"), sa("default"), limits,
		&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "system-cluster-critical"}, Value: 2000000000})
	pod := decode(t, podYAML).(*api.Pod)
	a := create(pod, "kubernetes-admin")
	chain := admission.NewChain()
	var trace []string
	chain.OnPlugin = func(name, phase string, err error) { trace = append(trace, phase+":"+name) }
	if err := chain.Admit(a, h); err != nil {
		t.Fatal(err)
	}
	if err := chain.Validate(a, h); err != nil {
		t.Fatal(err)
	}
	c := pod.Spec.Containers[0]
	memReq, memLim := c.Resources.Requests[api.ResourceMemory], c.Resources.Limits[api.ResourceMemory]
	checks := []struct {
		name      string
		got, want any
	}{
		{"the service account is default", pod.Spec.ServiceAccountName, "default"},
		{"the token volume is kube-api-access-xxxxx", strings.HasPrefix(pod.Spec.Volumes[0].Name, "kube-api-access-") && len(pod.Spec.Volumes[0].Name) == 21, true},
		{"the token is mounted read-only", c.VolumeMounts[0].MountPath, "/var/run/secrets/kubernetes.io/serviceaccount"},
		{"the LimitRange default request is applied", memReq.String(), "256Mi"},
		{"the LimitRange default limit is applied", memLim.String(), "512Mi"},
		{"LimitRanger records what it set", pod.Annotations["kubernetes.io/limit-ranger"], "LimitRanger plugin set: memory request for container nginx; memory limit for container nginx"},
		{"priority is 0 without a class", *pod.Spec.Priority, int32(0)},
		{"preemptionPolicy is PreemptLowerPriority", *pod.Spec.PreemptionPolicy, api.PreemptLowerPriority},
		{"two default tolerations are added", len(pod.Spec.Tolerations), 2},
		{"the first tolerates not-ready", pod.Spec.Tolerations[0].Key, "node.kubernetes.io/not-ready"},
		{"the second tolerates unreachable", pod.Spec.Tolerations[1].Key, "node.kubernetes.io/unreachable"},
		{"for 300 seconds", *pod.Spec.Tolerations[1].TolerationSeconds, int64(300)},
		{"with NoExecute", pod.Spec.Tolerations[0].Effect, api.TaintEffectNoExecute},
		{"the plugins that acted are reported in order", strings.Join(trace, " "),
			"mutating:NamespaceLifecycle mutating:LimitRanger mutating:ServiceAccount mutating:Priority mutating:DefaultTolerationSeconds validating:LimitRanger"},
	}
	for _, ck := range checks {
		if ck.got != ck.want {
			t.Errorf("%s: got %v, want %v", ck.name, ck.got, ck.want)
		}
	}
}

func TestPriorityResolvesClassesAndTheGlobalDefault(t *testing.T) {
	never := api.PreemptNever
	cases := []struct {
		name         string
		classes      []api.Object
		spec         string
		wantClass    string
		wantPriority int32
		wantPolicy   api.PreemptionPolicy
	}{
		{"a built-in system class resolves without an object", nil, "  priorityClassName: system-node-critical\n",
			"system-node-critical", 2000001000, api.PreemptLowerPriority},
		{"a named class gives its value and policy",
			[]api.Object{&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "batch"}, Value: 10, PreemptionPolicy: &never}},
			"  priorityClassName: batch\n", "batch", 10, api.PreemptNever},
		{"the globalDefault class is used when none is named",
			[]api.Object{&api.PriorityClass{ObjectMeta: api.ObjectMeta{Name: "base"}, Value: 7, GlobalDefault: true}},
			"", "base", 7, api.PreemptLowerPriority},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h := newHost(append([]api.Object{ns("default"), sa("default")}, tc.classes...)...)
			pod := decode(t, podWith(tc.spec)).(*api.Pod)
			if err := run(create(pod, "kubernetes-admin"), h); err != nil {
				t.Fatal(err)
			}
			if pod.Spec.PriorityClassName != tc.wantClass || *pod.Spec.Priority != tc.wantPriority || *pod.Spec.PreemptionPolicy != tc.wantPolicy {
				t.Errorf("got %s/%d/%s, want %s/%d/%s", pod.Spec.PriorityClassName, *pod.Spec.Priority, *pod.Spec.PreemptionPolicy,
					tc.wantClass, tc.wantPriority, tc.wantPolicy)
			}
		})
	}
}

func TestNewNodesAreTaintedNotReady(t *testing.T) {
	n := &api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker"}}
	if err := run(create(n, "system:node:demo-worker", "system:nodes"), newHost()); err != nil {
		t.Fatal(err)
	}
	if len(n.Spec.Taints) != 1 || n.Spec.Taints[0].Key != "node.kubernetes.io/not-ready" || n.Spec.Taints[0].Effect != api.TaintEffectNoSchedule {
		t.Errorf("taints = %+v, want node.kubernetes.io/not-ready:NoSchedule", n.Spec.Taints)
	}
}

func TestQuotaChargesStatusUsed(t *testing.T) {
	q := decode(t, "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: compute\nspec:\n  hard:\n    pods: \"10\"\n    requests.cpu: \"2\"\n")
	h := newHost(ns("default"), sa("default"), q)
	pod := decode(t, podWith("    resources:\n      requests:\n        cpu: 250m\n"))
	if err := run(create(pod, "kubernetes-admin"), h); err != nil {
		t.Fatal(err)
	}
	if len(h.updated) != 1 {
		t.Fatalf("UpdateStatus called %d times, want 1", len(h.updated))
	}
	st := h.updated[0].(*api.ResourceQuota).Status
	pods, cpu, hard := st.Used["pods"], st.Used["requests.cpu"], st.Hard["requests.cpu"]
	if pods.String() != "1" || cpu.String() != "250m" || hard.String() != "2" {
		t.Errorf("status used pods=%s requests.cpu=%s hard requests.cpu=%s, want 1, 250m, 2", pods.String(), cpu.String(), hard.String())
	}
}

func TestQuotaChargesWhatTheQuotaControllerMeasures(t *testing.T) {
	// Admission and the quota controller share one evaluator (core/quota):
	// a finished pod keeps only its object count, and a LoadBalancer that
	// allocates no node ports charges none.
	q := decode(t, "apiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: objects\nspec:\n  hard:\n    pods: \"10\"\n    count/pods: \"10\"\n    services.nodeports: \"5\"\n    services.loadbalancers: \"2\"\n")
	done := decode(t, strings.Replace(podYAML, "name: web", "name: done", 1)).(*api.Pod)
	done.Status.Phase = api.PodSucceeded
	h := newHost(ns("default"), sa("default"), q, done)
	svc := decode(t, "apiVersion: v1\nkind: Service\nmetadata:\n  name: lb\n  namespace: default\nspec:\n  type: LoadBalancer\n  allocateLoadBalancerNodePorts: false\n  ports:\n  - port: 80\n")
	if err := run(create(svc, "kubernetes-admin"), h); err != nil {
		t.Fatal(err)
	}
	if len(h.updated) != 1 {
		t.Fatalf("UpdateStatus called %d times, want 1", len(h.updated))
	}
	used := h.updated[0].(*api.ResourceQuota).Status.Used
	var got []string
	for _, n := range []api.ResourceName{"count/pods", "pods", "services.loadbalancers", "services.nodeports"} {
		v := used[n]
		got = append(got, string(n)+"="+v.String())
	}
	if want := "count/pods=1,pods=0,services.loadbalancers=1,services.nodeports=0"; strings.Join(got, ",") != want {
		t.Errorf("status.used = %s, want %s", strings.Join(got, ","), want)
	}
}

func TestChainNamesFollowKubeApiserverOrder(t *testing.T) {
	got := strings.Join(admission.NewChain().Names(), ",")
	want := "NamespaceLifecycle,LimitRanger,ServiceAccount,NodeRestriction,TaintNodesByCondition,PodSecurity,Priority,DefaultTolerationSeconds,DefaultStorageClass,StorageObjectInUseProtection,DefaultIngressClass,ResourceQuota"
	if got != want {
		t.Errorf("Names() = %s, want %s", got, want)
	}
}
