package describe

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kubeplay/core/api"
	pt "kubeplay/core/kubectl/printers/printerstest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file (run go test -update): %v", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (-want +got):\n-%s\n+%s", name, strings.ReplaceAll(string(want), "\n", "\n-"), strings.ReplaceAll(got, "\n", "\n+"))
	}
}

func TestDescribeObjectMatchesKubectlDescribeGoldens(t *testing.T) {
	pods := pt.DeploymentPods()
	running := pods[2]
	pending := pt.PendingPod()
	crash := pt.CrashLoopPod()
	crash.Spec.Containers[0].Resources = api.ResourceRequirements{
		Requests: api.ResourceList{api.ResourceCPU: api.MustParse("100m"), api.ResourceMemory: api.MustParse("64Mi")},
		Limits:   api.ResourceList{api.ResourceMemory: api.MustParse("128Mi")},
	}
	crash.Status.QOSClass = ""
	liveness := *pt.RunningPod("probed", "demo-worker", "10.244.1.9")
	liveness.Spec.Containers[0].LivenessProbe = &api.Probe{
		ProbeHandler:   api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/healthz", Port: api.FromInt32(80), Scheme: "HTTP"}},
		TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3,
	}
	liveness.Spec.Containers[0].Env = []api.EnvVar{{Name: "MODE", Value: "demo"}, {Name: "PASSWORD", ValueFrom: &api.EnvVarSource{SecretKeyRef: &api.SecretKeySelector{LocalObjectReference: api.LocalObjectReference{Name: "db-credentials"}, Key: "password"}}}}

	nodes := pt.Nodes()
	worker2 := nodes[2]
	misc := pt.Misc()
	first := func(k string) api.Object { return misc[k][0] }

	tests := []struct {
		name    string
		obj     api.Object
		events  []*api.Event
		related Related
	}{
		{"pod-running", running, pt.PodEvents(running), Related{}},
		{"pod-pending-failed-scheduling", pending, pt.PendingEvents(pending), Related{}},
		{"pod-crashloop", crash, pt.CrashEvents(crash), Related{}},
		{"pod-probe-env-no-events", &liveness, nil, Related{}},
		{"deployment", pt.Deployment(), pt.DeploymentEvents(), Related{NewReplicaSets: []*api.ReplicaSet{pt.ReplicaSet()}}},
		{"replicaset", pt.ReplicaSet(), pt.ReplicaSetEvents(), Related{Pods: pods}},
		{"node-with-pods", worker2, nil, Related{Pods: []*api.Pod{pods[0], crash}, Lease: pt.Lease(worker2.Name)}},
		{"node-control-plane", nodes[0], nil, Related{Lease: pt.Lease(nodes[0].Name)}},
		{"namespace", pt.Namespaces()[0], nil, Related{ResourceQuotas: []*api.ResourceQuota{misc["resourcequotas"][0].(*api.ResourceQuota)}}},
		{"service", pt.Service(), nil, Related{EndpointSlices: []*api.EndpointSlice{pt.EndpointSlice()}}},
		{"configmap", first("configmaps"), nil, Related{}},
		{"secret", first("secrets"), nil, Related{}},
		{"serviceaccount", first("serviceaccounts"), nil, Related{}},
		{"role", first("roles"), nil, Related{}},
		{"rolebinding", first("rolebindings"), nil, Related{}},
		{"resourcequota", first("resourcequotas"), nil, Related{}},
		{"limitrange", first("limitranges"), nil, Related{}},
		{"priorityclass", first("priorityclasses"), nil, Related{}},
		{"daemonset", first("daemonsets"), nil, Related{}},
		{"job", first("jobs"), nil, Related{}},
		{"endpointslice", pt.EndpointSlice(), nil, Related{}},
		{"lease-generic", first("leases"), nil, Related{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, tt.name+".txt", DescribeObject(tt.obj, tt.events, tt.related, pt.Now))
		})
	}
}

func TestEventsBlockWithoutEventsAlignsWithTheLinesAbove(t *testing.T) {
	out := DescribeObject(pt.RunningPod("p", "demo-worker", "10.244.1.2"), nil, Related{}, pt.Now)
	if !strings.HasSuffix(out, "Events:                      <none>\n") {
		t.Errorf("want the tabwriter-aligned Events line, got tail %q", out[strings.LastIndex(out[:len(out)-1], "\n"):])
	}
}

func TestEventsBlockPrefixesFieldPathAndSummarizesRepeats(t *testing.T) {
	crash := pt.CrashLoopPod()
	out := DescribeObject(crash, pt.CrashEvents(crash), Related{}, pt.Now)
	for _, want := range []string{
		"  Warning  BackOff    10s (x27 over 8m56s)",
		"spec.containers{app}: Back-off restarting failed container app in pod",
		"  Normal   Scheduled  9m                     default-scheduler  Successfully assigned default/crash-5b8c7d9f4-m2n7w to demo-worker2",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
}

func TestPodQOSClassFollowsRequestsAndLimits(t *testing.T) {
	res := func(req, lim api.ResourceList) *api.Pod {
		return &api.Pod{Spec: api.PodSpec{Containers: []api.Container{{Name: "c", Resources: api.ResourceRequirements{Requests: req, Limits: lim}}}}}
	}
	both := api.ResourceList{api.ResourceCPU: api.MustParse("500m"), api.ResourceMemory: api.MustParse("128Mi")}
	tests := []struct {
		name string
		pod  *api.Pod
		want string
	}{
		{"no requests or limits is BestEffort", res(nil, nil), "BestEffort"},
		{"equal requests and limits for cpu and memory is Guaranteed", res(both, both), "Guaranteed"},
		{"limits without defaulted requests is Burstable, as ComputePodQOS says", res(nil, both), "Burstable"},
		{"requests below limits is Burstable", res(api.ResourceList{api.ResourceCPU: api.MustParse("100m")}, both), "Burstable"},
		{"a cpu request alone is Burstable", res(api.ResourceList{api.ResourceCPU: api.MustParse("100m")}, nil), "Burstable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := podQOS(tt.pod); got != tt.want {
				t.Errorf("podQOS = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSmartLabelForSplitsCamelCase(t *testing.T) {
	for in, want := range map[string]string{
		"holderIdentity":       "Holder Identity",
		"leaseDurationSeconds": "Lease Duration Seconds",
		"apiVersion":           "API Version",
		"uid":                  "UID",
		"spec":                 "Spec",
		"kubernetes.io/os":     "kubernetes.io/os",
	} {
		if got := smartLabelFor(in); got != want {
			t.Errorf("smartLabelFor(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAnIndexedJobShowsItsCompletedIndexes(t *testing.T) {
	indexed, five := api.IndexedCompletion, int32(5)
	long := strings.Repeat("1,3,", 20) + "99"
	for _, tc := range []struct {
		name, completed, want string
	}{
		{"none yet", "", "Completed Indexes:  <none>\n"},
		{"intervals as in the status", "0-2,4", "Completed Indexes:  0-2,4\n"},
		{"a long list is cut after the first comma past 50 characters", long, "Completed Indexes:  " + long[:52] + "...\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			j := &api.Job{ObjectMeta: api.ObjectMeta{Name: "indexed-job", Namespace: "default"},
				Spec:   api.JobSpec{CompletionMode: &indexed, Completions: &five},
				Status: api.JobStatus{CompletedIndexes: tc.completed}}
			out := DescribeObject(j, nil, Related{}, pt.Now)
			if !strings.Contains(out, "Completion Mode:    Indexed\n") || !strings.Contains(out, tc.want) {
				t.Errorf("want %q in:\n%s", tc.want, out)
			}
		})
	}
}
