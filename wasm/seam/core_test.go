package seam

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"kubeplay/core/cluster"
	"kubeplay/core/kubectl"
	"kubeplay/core/shell"
)

const nginx = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
`

// call runs a seam function and decodes its JSON answer into out.
func call(t *testing.T, k *Core, out any, name string, args ...any) string {
	t.Helper()
	s := k.Call(name, args)
	if out != nil {
		if err := json.Unmarshal([]byte(s), out); err != nil {
			t.Fatalf("%s: answer %q is not the expected JSON: %v", name, s, err)
		}
	}
	return s
}

func started(t *testing.T) *Core {
	t.Helper()
	k := New()
	var r map[string]any
	call(t, k, &r, "reset", `{"seed":1}`)
	if r["ok"] != true {
		t.Fatalf("reset: %v", r)
	}
	return k
}

func TestRunPrintsExactlyWhatTheShellPrints(t *testing.T) {
	lines := []string{
		"kubectl get nodes",
		"kubectl create deployment web --image=nginx",
		"sleep 30s",
		"kubectl get pods",
		"kubectl get deploy web",
		"sim node down demo-worker2",
		"nonsense",
	}
	k := started(t)
	var native bytes.Buffer
	sh := shell.New(cluster.New(cluster.Default()), &native)
	sh.Echo = false
	for _, line := range lines {
		native.Reset()
		ok := sh.Exec(line)
		var r runResult
		call(t, k, &r, "run", line)
		if r.Output != native.String() {
			t.Errorf("%s: seam printed\n%s\nthe shell printed\n%s", line, r.Output, native.String())
		}
		if (r.Code == 0) != ok {
			t.Errorf("%s: code %d, shell ok=%v", line, r.Code, ok)
		}
	}
}

func TestApplyThenAdvanceRunsThePodsAndRecordsTheRelay(t *testing.T) {
	k := started(t)
	var ar applyResult
	call(t, k, &ar, "apply", "deploy.yaml", nginx)
	if ar.Code != 0 || ar.Stdout != "deployment.apps/nginx created\n" || len(ar.Diagnostics) != 0 {
		t.Fatalf("apply: %+v", ar)
	}
	var adv advanceResult
	call(t, k, &adv, "advance", 60000.0, 10000.0)
	if !adv.Reached || adv.Steps == 0 {
		t.Fatalf("advance: %+v", adv)
	}
	var snap snapshotView
	call(t, k, &snap, "snapshot")
	running := 0
	for _, n := range snap.Nodes {
		for _, p := range n.Pods {
			if p.Namespace == "default" && p.Status == "Running" && p.Ready == "1/1" {
				running++
			}
		}
		if n.Name != "demo-control-plane" && len(n.Pods) > 0 && n.Requested.CPU == 0 {
			t.Errorf("node %s holds pods but requests nothing", n.Name)
		}
	}
	if running != 2 || len(snap.Pending) != 0 {
		t.Errorf("snapshot: %d running pods, %d pending, want 2 and 0: %+v", running, len(snap.Pending), snap)
	}
	// The learner's Deployment comes first, then kind's own (coredns, local-path-provisioner).
	if len(snap.Deployments) == 0 || snap.Deployments[0].Name != "nginx" || snap.Deployments[0].Ready != "2/2" {
		t.Errorf("deployments: %+v", snap.Deployments)
	}
	var events []eventRow
	call(t, k, &events, "events", 0.0)
	order := map[string]int{}
	for i, e := range events {
		if strings.HasPrefix(e.Object, "pod/nginx-") {
			if _, seen := order[e.Reason]; !seen {
				order[e.Reason] = i
			}
		}
	}
	relay := []string{"Scheduled", "Pulling", "Pulled", "Created", "Started"}
	for i := 1; i < len(relay); i++ {
		a, okA := order[relay[i-1]]
		b, okB := order[relay[i]]
		if !okA || !okB || a > b {
			t.Errorf("events: %s (at %d, %v) should come before %s (at %d, %v)", relay[i-1], a, okA, relay[i], b, okB)
		}
	}
	var later []eventRow
	call(t, k, &later, "events", float64(events[len(events)-1].Seq))
	if len(later) != 0 {
		t.Errorf("events(since the last seq) returned %d rows, want 0", len(later))
	}
	var recs []traceRecord
	call(t, k, &recs, "trace", 0.0, 50.0)
	if len(recs) != 50 || recs[0].Seq != 1 || recs[0].T == 0 {
		t.Errorf("trace(0, 50): %d records, first %+v", len(recs), recs[0])
	}
}

func TestApplyMapsAnInvalidManifestToItsLine(t *testing.T) {
	k := started(t)
	bad := strings.Replace(nginx, "  replicas: 2", "  replicas: -1", 1)
	var ar applyResult
	call(t, k, &ar, "apply", "deploy.yaml", bad)
	if ar.Code == 0 || len(ar.Diagnostics) == 0 {
		t.Fatalf("apply of a negative replica count: %+v", ar)
	}
	if ar.Diagnostics[0].Line != 6 {
		t.Errorf("diagnostic on line %d, want 6: %+v", ar.Diagnostics[0].Line, ar.Diagnostics)
	}
}

func TestAdvanceStopsWhenTheWallBudgetIsSpent(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	wall := time.Unix(0, 0)
	k.Wall = func() time.Time { wall = wall.Add(time.Millisecond); return wall }
	var adv advanceResult
	call(t, k, &adv, "advance", 600000.0, 2.0)
	if adv.Reached || adv.Steps == 0 || adv.Steps > 32 {
		t.Errorf("advance with a 2ms budget on a 1ms-per-read wall clock: %+v", adv)
	}
}

func TestStepRunsOneEventAndPausedTimeStandsStill(t *testing.T) {
	k := started(t)
	var now1, now2 float64
	call(t, k, &now1, "now")
	call(t, k, &now2, "now")
	if now1 != now2 {
		t.Fatalf("now moved without advance: %v → %v", now1, now2)
	}
	var s1, s2 stepResult
	call(t, k, &s1, "step")
	call(t, k, &s2, "step")
	if !s1.Ran || s2.Steps != s1.Steps+1 || s2.Now < s1.Now || s1.Name == "" {
		t.Errorf("steps: %+v then %+v", s1, s2)
	}
}

func TestWatchOutputIsDrainedSeparately(t *testing.T) {
	k := started(t)
	var r runResult
	call(t, k, &r, "run", "kubectl get deployments -w")
	if r.Output != "No resources found in default namespace.\n" && r.Output != "" {
		t.Logf("get -w printed %q", r.Output)
	}
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 30000.0, 10000.0)
	var out string
	call(t, k, &out, "drainOutput")
	if !strings.Contains(out, "nginx") {
		t.Errorf("drainOutput after the deployment rolled out: %q", out)
	}
	call(t, k, &out, "drainOutput")
	if out != "" {
		t.Errorf("second drainOutput: %q, want nothing", out)
	}
}

func TestEtcdViewsShowKeysValuesAndTheLog(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	var v etcdView
	call(t, k, &v, "etcd", "/registry/deployments/default/")
	if len(v.Keys) != 1 || v.Keys[0].Key != "/registry/deployments/default/nginx" || v.Revision == 0 {
		t.Fatalf("etcd: %+v", v)
	}
	if len(v.Watchers) == 0 {
		t.Errorf("no watchers listed")
	}
	var val etcdValueView
	call(t, k, &val, "etcdValue", "/registry/deployments/default/nginx")
	if !strings.Contains(val.YAML, "kind: Deployment") || val.ModRevision != v.Keys[0].ModRevision {
		t.Errorf("etcdValue: %+v", val)
	}
	var log []etcdLogRow
	call(t, k, &log, "etcdLog", float64(v.Revision-1))
	if len(log) != 1 || log[0].Type != "PUT" || log[0].Revision != v.Revision {
		t.Errorf("etcdLog: %+v", log)
	}
	// Only the groups asked for list their keys; every group is counted.
	var some etcdView
	call(t, k, &some, "etcd", "/registry/", `["deployments"]`)
	counts := map[string]int{}
	for _, g := range some.Groups {
		counts[g.Resource] = g.Count
	}
	// The learner's nginx and kind's coredns and local-path-provisioner.
	if len(some.Keys) != 3 || some.Keys[0].Key != "/registry/deployments/default/nginx" {
		t.Errorf("etcd with deployments open listed %d keys: %+v", len(some.Keys), some.Keys)
	}
	if counts["deployments"] != 3 || counts["namespaces"] < 4 || counts["events"] == 0 && counts["pods"] == 0 && counts["replicasets"] == 0 {
		t.Errorf("etcd group counts: %v", counts)
	}
	var all etcdView
	call(t, k, &all, "etcd", "/registry/")
	total := 0
	for _, g := range all.Groups {
		total += g.Count
	}
	if total != len(all.Keys) || total < 20 {
		t.Errorf("without open groups etcd listed %d keys, its groups count %d", len(all.Keys), total)
	}
	var e map[string]string
	call(t, k, &e, "etcdValue", "/registry/nope")
	if e["error"] == "" {
		t.Errorf("etcdValue of a missing key: %v", e)
	}
}

func TestExplainDescribeAndComplete(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 30000.0, 10000.0)
	var snap snapshotView
	call(t, k, &snap, "snapshot")
	var pod string
	for _, n := range snap.Nodes {
		for _, p := range n.Pods {
			if strings.HasPrefix(p.Name, "nginx-") {
				pod = p.Name
			}
		}
	}
	if pod == "" {
		t.Fatal("no nginx pod")
	}
	var ex explainView
	call(t, k, &ex, "explain", "default", pod)
	if ex.Chosen == "" || len(ex.Nodes) != 3 || !strings.Contains(ex.Text, "NODE") {
		t.Errorf("explain: %+v", ex)
	}
	for _, n := range ex.Nodes {
		if n.Node == "demo-control-plane" && (n.Feasible || n.Plugin != "TaintToleration") {
			t.Errorf("control plane verdict: %+v", n)
		}
	}
	var d map[string]any
	call(t, k, &d, "describe", "pod", "default", pod)
	if !strings.Contains(d["output"].(string), "Name:") {
		t.Errorf("describe: %v", d)
	}
	cases := []struct {
		line string
		want string
	}{
		{"kub", "kubectl"},
		{"kubectl ge", "get"},
		{"kubectl get dep", "deployments"},
		{"kubectl get pods ", pod},
		{"kubectl describe node demo-w", "demo-worker2"},
		{"sim node down ", "demo-worker"},
		{"sim restart kubelet/demo-", "kubelet/demo-worker"},
	}
	for _, c := range cases {
		var got []string
		call(t, k, &got, "complete", c.line)
		found := false
		for _, g := range got {
			found = found || g == c.want
		}
		if !found {
			t.Errorf("complete(%q) = %v, want %q among them", c.line, got, c.want)
		}
	}
}

// The terminal's completion is built from kubectl's own command table, so it
// offers exactly the verbs kubectl runs (it once missed explain, expose, run
// and top).
func TestCompletionOffersEveryVerbKubectlRuns(t *testing.T) {
	k := started(t)
	var got []string
	call(t, k, &got, "complete", "kubectl ")
	if want := kubectl.Verbs(); !slices.Equal(got, want) {
		t.Errorf("complete(\"kubectl \") = %v\nkubectl runs %v", got, want)
	}
	for _, v := range []string{"explain", "expose", "run", "top", "get", "apply"} {
		if !slices.Contains(got, v) {
			t.Errorf("completion lacks kubectl %s", v)
		}
	}
	call(t, k, &got, "complete", "kubectl create ")
	if want := kubectl.CreateKinds(); !slices.Equal(got, want) || !slices.Contains(got, "job") {
		t.Errorf("complete(\"kubectl create \") = %v, want %v (with job)", got, want)
	}
}

func TestNodeActionsAndRestartsReportLikeTheShell(t *testing.T) {
	k := started(t)
	var r runResult
	call(t, k, &r, "nodeAction", "demo-worker", "down")
	if r.Code != 0 || r.Output != "node demo-worker is down (kubelet stopped)\n" {
		t.Errorf("node down: %+v", r)
	}
	var snap snapshotView
	call(t, k, &snap, "snapshot")
	for _, n := range snap.Nodes {
		if n.Name == "demo-worker" && n.KubeletRunning {
			t.Errorf("demo-worker's kubelet still running in the snapshot")
		}
	}
	call(t, k, &r, "restartComponent", "kube-scheduler")
	if r.Code != 0 || r.Output != "kube-scheduler restarted\n" {
		t.Errorf("restart: %+v", r)
	}
	call(t, k, &r, "restartComponent", "kube-nothing")
	if r.Code != 1 || !strings.HasPrefix(r.Output, "error: unknown component") {
		t.Errorf("restart of an unknown component: %+v", r)
	}
}

func TestErrorsNeverEscapeTheSeam(t *testing.T) {
	table["explode"] = func(*Core, argList) (any, error) { panic("boom") }
	defer delete(table, "explode")
	k := started(t)
	cases := []struct{ name, wantPrefix string }{
		{"explode", "internal error in explode: boom"},
		{"nosuch", `unknown function "nosuch"`},
	}
	for _, c := range cases {
		var e map[string]string
		call(t, k, &e, c.name)
		if !strings.HasPrefix(e["error"], c.wantPrefix) {
			t.Errorf("%s: %v", c.name, e)
		}
	}
	var e map[string]string
	call(t, k, &e, "reset", "{not json")
	if e["error"] == "" {
		t.Errorf("reset with bad JSON: %v", e)
	}
}

func TestBenchSchedulingSchedulesEveryPod(t *testing.T) {
	k := New()
	var r BenchResult
	call(t, k, &r, "benchScheduling", `{"nodes":50,"initPods":10,"pods":200}`)
	if r.Scheduled != 200 || r.PodsPerSec <= 0 {
		t.Errorf("bench: %+v", r)
	}
}

func TestIncrementalEventsMatchAFullScan(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 3000.0, 10000.0)
	var early []eventRow
	call(t, k, &early, "events", 0.0)
	since := early[len(early)-1].Seq
	call(t, k, nil, "run", "kubectl scale deployment nginx --replicas=5")
	call(t, k, nil, "advance", 60000.0, 10000.0)
	var inc, all []eventRow
	call(t, k, &inc, "events", float64(since))
	call(t, k, &all, "events", 0.0)
	var want []eventRow
	for _, e := range all {
		if e.Seq > since {
			want = append(want, e)
		}
	}
	a, _ := json.Marshal(inc)
	b, _ := json.Marshal(want)
	if len(inc) == 0 || string(a) != string(b) {
		t.Errorf("events since %d:\n%s\nfull scan filtered:\n%s", since, a, b)
	}
}
