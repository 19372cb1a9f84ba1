package apiserver

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

func TestGenerationMovesOnlyWhenTheSpecChanges(t *testing.T) {
	_, srv := newTestServer(t)
	get := func() *api.Deployment {
		return mustDo(t, srv, &request.Request{Verb: "get", Group: "apps", Resource: "deployments", Namespace: "default", Name: "nginx"}).(*api.Deployment)
	}
	mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: deployment("default", "nginx", 1)})
	tests := []struct {
		name   string
		sub    string
		change func(d *api.Deployment)
		want   int64
	}{
		{"a label change keeps the generation", "", func(d *api.Deployment) { d.Labels = map[string]string{"team": "a"} }, 1},
		{"an annotation change keeps the generation", "", func(d *api.Deployment) { d.Annotations = map[string]string{"note": "x"} }, 1},
		{"scaling bumps the generation", "", func(d *api.Deployment) { d.Spec.Replicas = int32p(3) }, 2},
		{"a new image bumps the generation", "", func(d *api.Deployment) { d.Spec.Template.Spec.Containers[0].Image = "nginx:1.28" }, 3},
		{"a status update keeps the generation", "status", func(d *api.Deployment) { d.Status.Replicas = 3; d.Status.ObservedGeneration = 3 }, 3},
		{"an identical update keeps the generation", "", func(d *api.Deployment) {}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := get()
			tt.change(d)
			mustDo(t, srv, &request.Request{Verb: "update", Group: "apps", Resource: "deployments", Subresource: tt.sub, Namespace: "default", Name: "nginx", Body: d})
			if g := get().Generation; g != tt.want {
				t.Errorf("generation = %d, want %d", g, tt.want)
			}
		})
	}
}

func TestAnUpdateThatChangesNothingWritesNothing(t *testing.T) {
	_, srv := newTestServer(t)
	p := createPod(t, srv, pod("default", "web", nil))
	rev := srv.Store().Rev()
	got := mustDo(t, srv, &request.Request{Verb: "update", Resource: "pods", Namespace: "default", Name: "web", Body: p}).(*api.Pod)
	if srv.Store().Rev() != rev || got.ResourceVersion != p.ResourceVersion {
		t.Errorf("a no-op update wrote revision %d (rv %s)", srv.Store().Rev(), got.ResourceVersion)
	}
}

func TestTheStatusSubresourceIsIsolatedFromTheMainResource(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", nil))

	p, _ := getPod(t, srv, "default", "web")
	p.Status.Phase = api.PodRunning
	p.Labels = map[string]string{"changed": "yes"}
	mustDo(t, srv, &request.Request{Verb: "update", Resource: "pods", Namespace: "default", Name: "web", Body: p})
	got, _ := getPod(t, srv, "default", "web")
	if got.Status.Phase != api.PodPending {
		t.Errorf("a main PUT changed status.phase to %s", got.Status.Phase)
	}
	if got.Labels["changed"] != "yes" {
		t.Errorf("a main PUT lost its label change")
	}

	got.Status.Phase = api.PodRunning
	got.Status.PodIP = "10.244.1.5"
	got.Spec.Containers[0].Image = "evil:latest"
	got.Labels = nil
	mustDo(t, srv, &request.Request{Verb: "update", Resource: "pods", Subresource: "status", Namespace: "default", Name: "web", Body: got})
	after, _ := getPod(t, srv, "default", "web")
	if after.Status.Phase != api.PodRunning || after.Status.PodIP != "10.244.1.5" {
		t.Errorf("a status PUT did not change the status: %+v", after.Status)
	}
	if after.Spec.Containers[0].Image != "nginx:1.27" || after.Labels["changed"] != "yes" {
		t.Errorf("a status PUT changed more than the status: image %s labels %v", after.Spec.Containers[0].Image, after.Labels)
	}
}

func TestBindingSetsTheNodeOnceAndRefusesASecondBind(t *testing.T) {
	s, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", nil))
	if err := bind(t, srv, "default", "web", "demo-worker"); err != nil {
		t.Fatal(err)
	}
	p, _ := getPod(t, srv, "default", "web")
	if p.Spec.NodeName != "demo-worker" {
		t.Errorf("nodeName = %q", p.Spec.NodeName)
	}
	if len(p.Status.Conditions) != 1 || p.Status.Conditions[0].Type != api.PodScheduled || p.Status.Conditions[0].Status != api.ConditionTrue ||
		!p.Status.Conditions[0].LastTransitionTime.Equal(s.Now()) {
		t.Errorf("conditions = %+v, want PodScheduled True now", p.Status.Conditions)
	}
	err := bind(t, srv, "default", "web", "demo-worker2")
	want := `Operation cannot be fulfilled on pods/binding "web": pod web is already assigned to node "demo-worker"`
	if errText(err) != want || !api.IsConflict(err) {
		t.Errorf("second bind: %v\nwant %s", err, want)
	}
	if err := bind(t, srv, "default", "ghost", "demo-worker"); errText(err) != `pods "ghost" not found` {
		t.Errorf("binding a missing pod: %v", err)
	}
}

func TestPodDeletionIsGracefulOnlyForScheduledPods(t *testing.T) {
	s, srv := newTestServer(t)
	createPod(t, srv, pod("default", "pending", nil))
	createPod(t, srv, pod("default", "running", nil))
	if err := bind(t, srv, "default", "running", "demo-worker"); err != nil {
		t.Fatal(err)
	}

	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "pending"})
	if _, err := getPod(t, srv, "default", "pending"); !api.IsNotFound(err) {
		t.Errorf("an unscheduled pod should be gone at once, got %v", err)
	}

	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "running"})
	p, err := getPod(t, srv, "default", "running")
	if err != nil {
		t.Fatalf("a scheduled pod should linger: %v", err)
	}
	if p.DeletionTimestamp == nil || !p.DeletionTimestamp.Equal(s.Now().Add(30*time.Second)) ||
		p.DeletionGracePeriodSeconds == nil || *p.DeletionGracePeriodSeconds != 30 {
		t.Errorf("deletionTimestamp %v grace %v, want now+30s and 30", p.DeletionTimestamp, p.DeletionGracePeriodSeconds)
	}
	// The kubelet, once the containers are stopped, deletes with grace 0.
	_, err = do(t, srv, &request.Request{User: Node("demo-worker"), Component: "kubelet/demo-worker", Verb: "delete", Resource: "pods",
		Namespace: "default", Name: "running", GracePeriodSeconds: int64p(0)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := getPod(t, srv, "default", "running"); !api.IsNotFound(err) {
		t.Errorf("after the kubelet's delete the pod should be gone, got %v", err)
	}
}

func TestFinalizersKeepAnObjectUntilTheyAreRemoved(t *testing.T) {
	_, srv := newTestServer(t)
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "cfg", Finalizers: []string{"example.com/hold"}}}
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "configmaps", Namespace: "default", Body: cm})
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "configmaps", Namespace: "default", Name: "cfg"})
	got := mustDo(t, srv, &request.Request{Verb: "get", Resource: "configmaps", Namespace: "default", Name: "cfg"}).(*api.ConfigMap)
	if got.DeletionTimestamp == nil || *got.DeletionGracePeriodSeconds != 0 {
		t.Fatalf("deletionTimestamp %v grace %v", got.DeletionTimestamp, got.DeletionGracePeriodSeconds)
	}
	got.Finalizers = nil
	mustDo(t, srv, &request.Request{Verb: "update", Resource: "configmaps", Namespace: "default", Name: "cfg", Body: got})
	if _, err := do(t, srv, &request.Request{Verb: "get", Resource: "configmaps", Namespace: "default", Name: "cfg"}); !api.IsNotFound(err) {
		t.Errorf("after its last finalizer went, the object should be gone: %v", err)
	}
}

func TestPropagationPoliciesBecomeGarbageCollectorFinalizers(t *testing.T) {
	tests := []struct {
		policy string
		want   []string // nil: deleted at once
	}{
		{"Background", nil},
		{"", nil},
		{"Orphan", []string{"orphan"}},
		{"Foreground", []string{"foregroundDeletion"}},
	}
	for _, tt := range tests {
		t.Run("policy "+tt.policy, func(t *testing.T) {
			_, srv := newTestServer(t)
			d := mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: deployment("default", "nginx", 1)}).(*api.Deployment)
			mustDo(t, srv, &request.Request{Verb: "delete", Group: "apps", Resource: "deployments", Namespace: "default", Name: "nginx", PropagationPolicy: tt.policy})
			obj, err := do(t, srv, &request.Request{Verb: "get", Group: "apps", Resource: "deployments", Namespace: "default", Name: "nginx"})
			if tt.want == nil {
				if !api.IsNotFound(err) {
					t.Fatalf("want deleted, got %v", err)
				}
				return
			}
			got := obj.(*api.Deployment)
			if len(got.Finalizers) != 1 || got.Finalizers[0] != tt.want[0] || got.DeletionTimestamp == nil {
				t.Errorf("finalizers %v deletionTimestamp %v", got.Finalizers, got.DeletionTimestamp)
			}
			if got.Generation != d.Generation+1 {
				t.Errorf("generation %d, want %d (deletion bumps it)", got.Generation, d.Generation+1)
			}
			if len(got.OwnerReferences) != 0 {
				t.Errorf("owner references appeared")
			}
		})
	}
}

func TestDeletePreconditionsAreChecked(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", nil))
	uid := "00000000-0000-4000-8000-000000000000"
	_, err := do(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "web", Preconditions: &api.Preconditions{UID: &uid}})
	if !api.IsConflict(err) {
		t.Fatalf("want a Conflict, got %v", err)
	}
}

func TestANamespaceTerminatesThenGoesWhenFinalized(t *testing.T) {
	_, srv := newTestServer(t)
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "namespaces", Body: &api.Namespace{ObjectMeta: api.ObjectMeta{Name: "team"}}})
	ns := mustDo(t, srv, &request.Request{Verb: "get", Resource: "namespaces", Name: "team"}).(*api.Namespace)
	if len(ns.Spec.Finalizers) != 1 || ns.Spec.Finalizers[0] != "kubernetes" || ns.Status.Phase != api.NamespaceActive {
		t.Fatalf("new namespace: %+v %+v", ns.Spec, ns.Status)
	}
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "namespaces", Name: "team"})
	ns = mustDo(t, srv, &request.Request{Verb: "get", Resource: "namespaces", Name: "team"}).(*api.Namespace)
	if ns.Status.Phase != api.NamespaceTerminating || ns.DeletionTimestamp == nil {
		t.Fatalf("deleted namespace: phase %s deletionTimestamp %v", ns.Status.Phase, ns.DeletionTimestamp)
	}
	_, err := do(t, srv, &request.Request{Verb: "delete", Resource: "namespaces", Name: "team"})
	if want := `Operation cannot be fulfilled on namespaces "team": ` + namespaceDeletingMsg; errText(err) != want {
		t.Errorf("second delete: %v", err)
	}
	ns.Spec.Finalizers = nil
	mustDo(t, srv, &request.Request{User: ControllerManager(), Verb: "update", Resource: "namespaces", Subresource: "finalize", Name: "team", Body: ns})
	if _, err := do(t, srv, &request.Request{Verb: "get", Resource: "namespaces", Name: "team"}); !api.IsNotFound(err) {
		t.Errorf("a finalized namespace should be gone: %v", err)
	}
}

func TestPatchTypes(t *testing.T) {
	tests := []struct {
		name      string
		patchType string
		patch     string
		check     func(p *api.Pod) bool
	}{
		{"a merge patch adds a label", MergePatchType, `{"metadata":{"labels":{"tier":"web"}}}`,
			func(p *api.Pod) bool { return p.Labels["tier"] == "web" && p.Labels["app"] == "web" }},
		{"a merge patch null removes a label", MergePatchType, `{"metadata":{"labels":{"app":null}}}`,
			func(p *api.Pod) bool { _, ok := p.Labels["app"]; return !ok }},
		{"a strategic merge patch merges containers by name", StrategicMergePatchType,
			`{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}`,
			func(p *api.Pod) bool {
				return len(p.Spec.Containers) == 1 && p.Spec.Containers[0].Image == "nginx:1.28"
			}},
		{"a JSON patch replaces a field", JSONPatchType, `[{"op":"replace","path":"/metadata/labels/app","value":"api"}]`,
			func(p *api.Pod) bool { return p.Labels["app"] == "api" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, srv := newTestServer(t)
			createPod(t, srv, pod("default", "web", map[string]string{"app": "web"}))
			got := mustDo(t, srv, &request.Request{Verb: "patch", Resource: "pods", Namespace: "default", Name: "web",
				PatchType: tt.patchType, Patch: []byte(tt.patch)}).(*api.Pod)
			if !tt.check(got) {
				t.Errorf("patched pod: labels %v containers %+v", got.Labels, got.Spec.Containers)
			}
		})
	}
}

func TestMergePatchFollowsRFC7386(t *testing.T) {
	tests := []struct{ name, doc, patch, want string }{
		{"replaces a scalar", `{"a":"b"}`, `{"a":"c"}`, `{"a":"c"}`},
		{"adds a key", `{"a":"b"}`, `{"b":"c"}`, `{"a":"b","b":"c"}`},
		{"null deletes", `{"a":"b","b":"c"}`, `{"a":null}`, `{"b":"c"}`},
		{"arrays are replaced whole", `{"a":[1,2]}`, `{"a":[3]}`, `{"a":[3]}`},
		{"merges nested objects", `{"a":{"b":"c"}}`, `{"a":{"d":"e"}}`, `{"a":{"b":"c","d":"e"}}`},
		{"a non-object patch replaces the document", `{"a":"b"}`, `["c"]`, `["c"]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := MergePatch([]byte(tt.doc), []byte(tt.patch))
			if err != nil || string(got) != tt.want {
				t.Errorf("got %s (%v), want %s", got, err, tt.want)
			}
		})
	}
}

func TestTheScaleSubresourceReadsAndWritesReplicas(t *testing.T) {
	_, srv := newTestServer(t)
	mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: deployment("default", "nginx", 2)})
	sc := mustDo(t, srv, &request.Request{Verb: "get", Group: "apps", Resource: "deployments", Subresource: "scale", Namespace: "default", Name: "nginx"}).(*api.Scale)
	if sc.Spec.Replicas != 2 || sc.Status.Selector != "app=nginx" || sc.Kind != "Scale" || sc.APIVersion != "autoscaling/v1" {
		t.Fatalf("scale = %+v", sc)
	}
	sc.Spec.Replicas = 5
	mustDo(t, srv, &request.Request{Verb: "update", Group: "apps", Resource: "deployments", Subresource: "scale", Namespace: "default", Name: "nginx", Body: sc})
	d := mustDo(t, srv, &request.Request{Verb: "get", Group: "apps", Resource: "deployments", Namespace: "default", Name: "nginx"}).(*api.Deployment)
	if *d.Spec.Replicas != 5 || d.Generation != 2 {
		t.Errorf("replicas %d generation %d", *d.Spec.Replicas, d.Generation)
	}
	mustDo(t, srv, &request.Request{Verb: "patch", Group: "apps", Resource: "deployments", Subresource: "scale", Namespace: "default", Name: "nginx",
		PatchType: MergePatchType, Patch: []byte(`{"spec":{"replicas":1}}`)})
	d = mustDo(t, srv, &request.Request{Verb: "get", Group: "apps", Resource: "deployments", Namespace: "default", Name: "nginx"}).(*api.Deployment)
	if *d.Spec.Replicas != 1 {
		t.Errorf("after patch replicas %d", *d.Spec.Replicas)
	}
}

func TestServicesGetClusterIPsAndNodePorts(t *testing.T) {
	_, srv := newTestServer(t)
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: "web"}, Spec: api.ServiceSpec{Type: api.ServiceTypeNodePort,
		Selector: map[string]string{"app": "web"}, Ports: []api.ServicePort{{Port: 80, TargetPort: api.FromInt32(8080)}}}}
	got := mustDo(t, srv, &request.Request{Verb: "create", Resource: "services", Namespace: "default", Body: svc}).(*api.Service)
	off, ok := ipOffset(got.Spec.ClusterIP)
	if !ok || off <= staticBand || len(got.Spec.ClusterIPs) != 1 {
		t.Errorf("clusterIP %q (offset %d), clusterIPs %v", got.Spec.ClusterIP, off, got.Spec.ClusterIPs)
	}
	if np := got.Spec.Ports[0].NodePort; np < 30000 || np > 32767 {
		t.Errorf("nodePort %d", np)
	}
	taken := &api.Service{ObjectMeta: api.ObjectMeta{Name: "dup"}, Spec: api.ServiceSpec{ClusterIP: "10.96.0.1",
		Ports: []api.ServicePort{{Port: 80}}}}
	_, err := do(t, srv, &request.Request{Verb: "create", Resource: "services", Namespace: "default", Body: taken})
	if !api.IsInvalid(err) {
		t.Errorf("taking 10.96.0.1 again: %v", err)
	}
	if !strings.HasPrefix(got.Spec.ClusterIP, "10.96.") {
		t.Errorf("clusterIP %s is outside kind's 10.96.0.0/16", got.Spec.ClusterIP)
	}
	outside := &api.Service{ObjectMeta: api.ObjectMeta{Name: "far"}, Spec: api.ServiceSpec{ClusterIP: "10.100.0.5",
		Ports: []api.ServicePort{{Port: 80}}}}
	_, err = do(t, srv, &request.Request{Verb: "create", Resource: "services", Namespace: "default", Body: outside})
	if err == nil || !strings.Contains(err.Error(), "The range of valid IPs is 10.96.0.0/16") {
		t.Errorf("10.100.0.5 outside the range: %v", err)
	}
}

// A headless Service keeps clusterIP None and gets clusterIPs ["None"] (so
// kubectl's CLUSTER-IP prints None); with a selector it is SingleStack IPv4,
// without one RequireDualStack, as kube-apiserver defaults them.
func TestHeadlessServicesGetClusterIPsNone(t *testing.T) {
	_, srv := newTestServer(t)
	for _, tc := range []struct {
		name     string
		selector map[string]string
		policy   api.IPFamilyPolicy
		families []api.IPFamily
	}{
		{"db", map[string]string{"app": "db"}, api.IPFamilyPolicySingleStack, []api.IPFamily{api.IPv4Protocol}},
		{"external", nil, api.IPFamilyPolicyRequireDualStack, []api.IPFamily{api.IPv4Protocol, api.IPv6Protocol}},
	} {
		svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: tc.name}, Spec: api.ServiceSpec{ClusterIP: api.ClusterIPNone,
			Selector: tc.selector, Ports: []api.ServicePort{{Port: 3306}}}}
		got := mustDo(t, srv, &request.Request{Verb: "create", Resource: "services", Namespace: "default", Body: svc}).(*api.Service)
		if got.Spec.ClusterIP != "None" || len(got.Spec.ClusterIPs) != 1 || got.Spec.ClusterIPs[0] != "None" {
			t.Errorf("%s: clusterIP %q, clusterIPs %q, want None and [None]", tc.name, got.Spec.ClusterIP, got.Spec.ClusterIPs)
		}
		if got.Spec.IPFamilyPolicy == nil || *got.Spec.IPFamilyPolicy != tc.policy || fmt.Sprint(got.Spec.IPFamilies) != fmt.Sprint(tc.families) {
			t.Errorf("%s: ipFamilyPolicy %v, ipFamilies %v, want %s %v", tc.name, got.Spec.IPFamilyPolicy, got.Spec.IPFamilies, tc.policy, tc.families)
		}
	}
}

// kind's cluster serves IPv4 only: a Service asking for IPv6 (first or
// second family) or for RequireDualStack is refused as initIPFamilyFields
// refuses it; a selectorless headless Service is not checked.
func TestServicesAskingForFamiliesTheClusterLacksAreRefused(t *testing.T) {
	_, srv := newTestServer(t)
	prefer, require := api.IPFamilyPolicyPreferDualStack, api.IPFamilyPolicyRequireDualStack
	for _, tc := range []struct {
		name      string
		policy    *api.IPFamilyPolicy
		families  []api.IPFamily
		clusterIP string
		selector  map[string]string
		want      string
	}{
		{"v6", nil, []api.IPFamily{api.IPv6Protocol}, "", map[string]string{"app": "a"},
			`Service "v6" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster`},
		{"v6v4", &prefer, []api.IPFamily{api.IPv6Protocol, api.IPv4Protocol}, "", nil,
			`Service "v6v4" is invalid: spec.ipFamilies[0]: Invalid value: "IPv6": not configured on this cluster`},
		{"dual", &require, nil, "", nil,
			`Service "dual" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services`},
		{"v4", &prefer, []api.IPFamily{api.IPv4Protocol}, "", nil, ""},
		{"headless", nil, []api.IPFamily{api.IPv6Protocol}, api.ClusterIPNone, nil, ""},
	} {
		svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: tc.name}, Spec: api.ServiceSpec{IPFamilyPolicy: tc.policy,
			IPFamilies: tc.families, ClusterIP: tc.clusterIP, Selector: tc.selector, Ports: []api.ServicePort{{Port: 80}}}}
		_, err := do(t, srv, &request.Request{Verb: "create", Resource: "services", Namespace: "default", Body: svc})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestListsFilterBySelectorsInKeyOrder(t *testing.T) {
	_, srv := newTestServer(t)
	for _, n := range []string{"c", "a", "b"} {
		createPod(t, srv, pod("default", n, map[string]string{"app": "web", "name": n}))
	}
	createPod(t, srv, pod("kube-system", "dns", map[string]string{"app": "dns"}))
	if err := bind(t, srv, "default", "b", "demo-worker"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		req  request.Request
		want []string
	}{
		{"every pod of a namespace", request.Request{Namespace: "default"}, []string{"a", "b", "c"}},
		{"all namespaces", request.Request{}, []string{"a", "b", "c", "dns"}},
		{"by label", request.Request{LabelSelector: "name in (a,c)"}, []string{"a", "c"}},
		{"by node", request.Request{FieldSelector: "spec.nodeName=demo-worker"}, []string{"b"}},
		{"unscheduled", request.Request{Namespace: "default", FieldSelector: "spec.nodeName="}, []string{"a", "c"}},
		{"by name", request.Request{FieldSelector: "metadata.name=dns"}, []string{"dns"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.req
			req.Verb, req.Resource = "list", "pods"
			l := mustDo(t, srv, &req).(*api.List)
			var got []string
			for _, it := range l.Items {
				got = append(got, it.GetObjectMeta().Name)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
			if l.ResourceVersion == "" || l.Kind != "PodList" {
				t.Errorf("list meta %+v kind %s", l.ListMeta, l.Kind)
			}
		})
	}
}

// stringData is write-only: the apiserver merges it into data (over the same
// keys) and stores no stringData, so `kubectl get secret` counts its keys.
func TestSecretStringDataIsMergedIntoData(t *testing.T) {
	_, srv := newTestServer(t)
	sec := &api.Secret{ObjectMeta: api.ObjectMeta{Name: "basic"}, Type: "kubernetes.io/basic-auth",
		Data:       map[string][]byte{"username": []byte("old"), "extra": []byte("x")},
		StringData: map[string]string{"username": "admin", "password": "t0p-Secret"}}
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "secrets", Namespace: "default", Body: sec})
	got := mustDo(t, srv, &request.Request{Verb: "get", Resource: "secrets", Namespace: "default", Name: "basic"}).(*api.Secret)
	want := map[string]string{"username": "admin", "password": "t0p-Secret", "extra": "x"}
	if len(got.Data) != len(want) || got.StringData != nil {
		t.Fatalf("data %v, stringData %v; want data %v and no stringData", got.Data, got.StringData, want)
	}
	for k, v := range want {
		if string(got.Data[k]) != v {
			t.Errorf("data[%s] = %q, want %q", k, got.Data[k], v)
		}
	}
}

// A Pod created with scheduling gates gets PodScheduled=False, reason
// SchedulingGated, from the pod strategy (kubectl get pod: SchedulingGated).
func TestGatedPodsAreCreatedSchedulingGated(t *testing.T) {
	_, srv := newTestServer(t)
	p := pod("default", "gated", nil)
	p.Spec.SchedulingGates = []api.PodSchedulingGate{{Name: "example.com/foo"}}
	createPod(t, srv, p)
	createPod(t, srv, pod("default", "free", nil))
	got, _ := getPod(t, srv, "default", "gated")
	if len(got.Status.Conditions) != 1 {
		t.Fatalf("conditions %+v, want one PodScheduled", got.Status.Conditions)
	}
	c := got.Status.Conditions[0]
	if c.Type != api.PodScheduled || c.Status != api.ConditionFalse || c.Reason != "SchedulingGated" ||
		c.Message != "Scheduling is blocked due to non-empty scheduling gates" {
		t.Errorf("condition %+v", c)
	}
	if free, _ := getPod(t, srv, "default", "free"); len(free.Status.Conditions) != 0 {
		t.Errorf("an ungated pod has conditions %+v", free.Status.Conditions)
	}
}

// The name of a generateName'd object is generated after mutating
// admission (registry.Store.Create's BeforeCreate): a mutating plugin's
// refusal names the generateName, a validating plugin's the generated name.
func TestAMutatingAdmissionRefusalNamesTheGenerateName(t *testing.T) {
	_, srv := newTestServer(t)
	p := &api.Pod{ObjectMeta: api.ObjectMeta{GenerateName: "web-"}, Spec: api.PodSpec{PriorityClassName: "placeholder",
		Containers: []api.Container{{Name: "c", Image: "nginx"}}}}
	_, err := do(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: p})
	want := `pods "web-" is forbidden: no PriorityClass with name placeholder was found`
	if err == nil || err.Error() != want {
		t.Fatalf("got %v, want %q", err, want)
	}
	p.Spec.PriorityClassName = ""
	got := mustDo(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: "default", Body: p}).(*api.Pod)
	if !strings.HasPrefix(got.Name, "web-") || len(got.Name) != len("web-")+5 {
		t.Errorf("generated name %q, want web- and five characters", got.Name)
	}
}

// TestABodyOfAnotherKindIsABadRequest: a Pod sent to deployments is refused
// with kube-apiserver's words, and a Deployment there gets apps/v1's TypeMeta.
func TestABodyOfAnotherKindIsABadRequest(t *testing.T) {
	_, srv := newTestServer(t)
	_, err := do(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: pod("default", "web", nil)})
	want := "the API version in the data () does not match the expected API version (apps/v1)"
	if api.ReasonOf(err) != api.StatusReasonBadRequest || err.Error() != want {
		t.Fatalf("got %v, want BadRequest %q", err, want)
	}
	d := deployment("default", "web", 1)
	d.APIVersion, d.Kind = "extensions/v1beta1", "Thing"
	got := mustDo(t, srv, &request.Request{Verb: "create", Group: "apps", Resource: "deployments", Namespace: "default", Body: d})
	if tm := *got.GetTypeMeta(); tm != (api.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"}) {
		t.Errorf("created deployment's TypeMeta %+v", tm)
	}
}
