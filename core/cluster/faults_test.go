package cluster

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/trace"
)

// One test per `sim ...` fault line: the line's output, its trace record,
// and the effect a learner should see.

type faultEnv struct {
	t *testing.T
	c *Cluster
}

func newFaultEnv(t *testing.T) *faultEnv {
	t.Helper()
	// The fault tests count the learner's Pods and time their informers' re-lists against a quiet cluster:
	// without kind's system workloads.
	opts := Default()
	opts.SystemWorkloads = false
	return &faultEnv{t: t, c: New(opts)}
}

func (e *faultEnv) kubectl(line string) string {
	e.t.Helper()
	var out bytes.Buffer
	if code := e.c.Kubectl(io.Discard).RunLine(line, &out, &out); code != 0 {
		e.t.Fatalf("%s: exit %d: %s", line, code, out.String())
	}
	return out.String()
}

// fault runs one fault operation (what a `sim` line runs) and returns what
// it printed.
func (e *faultEnv) fault(op func(out io.Writer) error) string {
	e.t.Helper()
	var out bytes.Buffer
	if err := op(&out); err != nil {
		e.t.Fatalf("fault: %v", err)
	}
	return out.String()
}

func (e *faultEnv) pods() []*api.Pod {
	e.t.Helper()
	list, err := e.c.Kubectl(io.Discard).Client().Resource("pods").Namespace("default").List(client.ListOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	var out []*api.Pod
	for _, o := range list.Items {
		out = append(out, o.(*api.Pod))
	}
	return out
}

func (e *faultEnv) node(name string) (*api.Node, bool) {
	o, err := e.c.Kubectl(io.Discard).Client().Resource("nodes").Get(name)
	if err != nil {
		return nil, false
	}
	return o.(*api.Node), true
}

// runningOn counts Running, non-terminating pods per node.
func (e *faultEnv) runningOn() map[string]int {
	m := map[string]int{}
	for _, p := range e.pods() {
		if p.Status.Phase == api.PodRunning && p.DeletionTimestamp == nil {
			m[p.Spec.NodeName]++
		}
	}
	return m
}

// web creates a 4-replica Deployment and waits until it runs.
func (e *faultEnv) web() {
	e.t.Helper()
	e.kubectl("kubectl create deployment web --image=nginx:1.27 --replicas=4")
	if !e.c.Sim.RunWhile(5*time.Minute, func() bool { return e.total(e.runningOn()) < 4 }) {
		e.t.Fatalf("web never got 4 Running pods: %v", e.runningOn())
	}
}

func (e *faultEnv) total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func (e *faultEnv) faultRecords() []string {
	var out []string
	for _, r := range e.c.Sim.Trace.Records() {
		if r.Kind == trace.Fault {
			out = append(out, r.Message)
		}
	}
	return out
}

func (e *faultEnv) wantFault(substr string) {
	e.t.Helper()
	for _, m := range e.faultRecords() {
		if strings.Contains(m, substr) {
			return
		}
	}
	e.t.Errorf("no fault trace record containing %q; have %q", substr, e.faultRecords())
}

func nodeReady(n *api.Node) api.ConditionStatus {
	for _, c := range n.Status.Conditions {
		if c.Type == api.NodeReady {
			return c.Status
		}
	}
	return ""
}

func hasTaint(n *api.Node, key string, effect api.TaintEffect) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == key && t.Effect == effect {
			return true
		}
	}
	return false
}

func TestSimNodeDownMakesTheNodeUnknownThenEvictsItsPodsAfterTheirTolerations(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	before := e.runningOn()["demo-worker"]
	if before == 0 {
		t.Fatalf("no web pod on demo-worker to evict: %v", e.runningOn())
	}
	if got := e.fault(func(w io.Writer) error { return e.c.NodeDown("demo-worker", w) }); got != "node demo-worker is down (kubelet stopped)\n" {
		t.Errorf("output = %q", got)
	}
	e.wantFault("node demo-worker down")
	if e.c.Running("kubelet/demo-worker") {
		t.Errorf("the kubelet must be stopped")
	}
	e.c.Sim.Advance(NodeGraceForTest + 20*time.Second) // heartbeats are 10s apart; the monitor runs every 5s
	n, _ := e.node("demo-worker")
	if nodeReady(n) != api.ConditionUnknown || !hasTaint(n, api.TaintNodeUnreachable, api.TaintEffectNoExecute) {
		t.Errorf("after the grace period the node must be Ready=Unknown with the unreachable NoExecute taint: %v %v", nodeReady(n), n.Spec.Taints)
	}
	if got := e.runningOn()["demo-worker"]; got != before {
		t.Errorf("pods are tolerated for 300s: want %d still Running there, got %d", before, got)
	}
	e.c.Sim.Advance(5*time.Minute + 10*time.Second)
	terminating := 0
	for _, p := range e.pods() {
		if p.Spec.NodeName == "demo-worker" && p.DeletionTimestamp != nil {
			terminating++
		}
	}
	if terminating != before {
		t.Errorf("after 300s the %d pods on the unreachable node must be Terminating, %d are", before, terminating)
	}
	e.c.Sim.Advance(time.Minute)
	if m := e.runningOn(); m["demo-worker2"] != 4 {
		t.Errorf("replacements must run on demo-worker2: %v", m)
	}
}

// NodeGraceForTest is kube-controller-manager's --node-monitor-grace-period.
const NodeGraceForTest = 50 * time.Second

func TestSimNodeUpBringsTheNodeBackReadyAndFinishesItsTerminatingPods(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	e.fault(func(w io.Writer) error { return e.c.NodeDown("demo-worker", w) })
	e.c.Sim.Advance(7 * time.Minute)
	if got := e.fault(func(w io.Writer) error { return e.c.NodeDown("demo-worker", w) }); got != "node demo-worker is already down\n" {
		t.Errorf("second down: %q", got)
	}
	if got := e.fault(func(w io.Writer) error { return e.c.NodeUp("demo-worker", w) }); got != "node demo-worker is up (kubelet started)\n" {
		t.Errorf("output = %q", got)
	}
	e.wantFault("node demo-worker up")
	e.c.Sim.Advance(time.Minute)
	n, _ := e.node("demo-worker")
	if nodeReady(n) != api.ConditionTrue || len(n.Spec.Taints) != 0 {
		t.Errorf("the node must be Ready without taints: %v %v", nodeReady(n), n.Spec.Taints)
	}
	for _, p := range e.pods() {
		if p.DeletionTimestamp != nil {
			t.Errorf("pod %s is still Terminating: the kubelet must finish it once back", p.Name)
		}
	}
	if got := e.total(e.runningOn()); got != 4 {
		t.Errorf("want 4 Running pods, got %v", e.runningOn())
	}
	if got := e.fault(func(w io.Writer) error { return e.c.NodeUp("demo-worker", w) }); got != "node demo-worker is already up\n" {
		t.Errorf("second up: %q", got)
	}
}

func TestSimNodeAddRegistersReadyNodesWithTheGivenCapacity(t *testing.T) {
	e := newFaultEnv(t)
	big := NodeSpec{CPU: "8", Memory: "16Gi", Labels: map[string]string{"disk": "ssd"}}
	big1, big2 := big, big
	big1.Name, big2.Name = "big-1", "big-2"
	got := e.fault(func(w io.Writer) error { return e.c.AddNodes([]NodeSpec{big1, big2}, w) })
	if got != "node big-1 added\nnode big-2 added\n" {
		t.Errorf("output = %q", got)
	}
	e.wantFault("2 node(s) added")
	e.c.Sim.Advance(30 * time.Second)
	for _, name := range []string{"big-1", "big-2"} {
		n, ok := e.node(name)
		if !ok {
			t.Fatalf("node %s not registered", name)
		}
		cpu := n.Status.Allocatable[api.ResourceCPU]
		if nodeReady(n) != api.ConditionTrue || cpu.String() != "8" || n.Labels["disk"] != "ssd" {
			t.Errorf("node %s: ready %v, cpu %v, labels %v", name, nodeReady(n), cpu.String(), n.Labels)
		}
	}
	// A pod that only fits there lands there.
	e.kubectl("kubectl create deployment big --image=nginx:1.27 --replicas=1")
	e.kubectl(`kubectl patch deployment big -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","resources":{"requests":{"cpu":"6"}}}]}}}}'`)
	e.c.Sim.Advance(time.Minute)
	m := e.runningOn()
	if m["big-1"]+m["big-2"] != 1 {
		t.Errorf("a 6-cpu pod must run on a new 8-cpu node: %v", m)
	}
	if err := e.c.AddNodes([]NodeSpec{{Name: "big-1"}}, io.Discard); err == nil {
		t.Errorf("adding an existing node must fail")
	}
}

func TestSimNodeDeleteRemovesTheNodeAndItsPodsAreReplaced(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	if e.runningOn()["demo-worker2"] == 0 {
		t.Fatalf("no pod on demo-worker2: %v", e.runningOn())
	}
	if got := e.fault(func(w io.Writer) error { return e.c.NodeDelete("demo-worker2", w) }); got != "node demo-worker2 deleted\n" {
		t.Errorf("output = %q", got)
	}
	e.wantFault("node demo-worker2 deleted")
	if _, ok := e.node("demo-worker2"); ok {
		t.Errorf("the Node object must be gone")
	}
	e.c.Sim.Advance(3 * time.Minute)
	for _, p := range e.pods() {
		if p.Spec.NodeName == "demo-worker2" {
			t.Errorf("pod %s still bound to the deleted node (the pod GC deletes orphans)", p.Name)
		}
	}
	if m := e.runningOn(); m["demo-worker"] != 4 {
		t.Errorf("all 4 replicas must run on demo-worker now: %v", m)
	}
}

func TestSimRestartKubeSchedulerReListsAndKeepsScheduling(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	seq := e.lastSeq()
	if got := e.fault(func(w io.Writer) error { return e.c.Component("restart", "kube-scheduler", w) }); got != "kube-scheduler restarted\n" {
		t.Errorf("output = %q", got)
	}
	e.wantFault("kube-scheduler restarted: it lost its memory")
	if e.listsBy("kube-scheduler", seq) == 0 {
		t.Errorf("a restarted scheduler must list again")
	}
	e.kubectl("kubectl scale deployment web --replicas=6")
	e.c.Sim.Advance(time.Minute)
	if got := e.total(e.runningOn()); got != 6 {
		t.Errorf("the restarted scheduler must place new pods: %v", e.runningOn())
	}
}

// listsBy counts list requests a component sent since trace seq from.
func (e *faultEnv) listsBy(component string, from int) int {
	n := 0
	for _, r := range e.c.Sim.Trace.Records() {
		if r.Seq > from && r.Kind == trace.Request && r.Verb == "list" && strings.HasPrefix(r.From, component) {
			n++
		}
	}
	return n
}

func (e *faultEnv) lastSeq() int {
	rs := e.c.Sim.Trace.Records()
	return rs[len(rs)-1].Seq
}

func TestSimRestartKubeControllerManagerReListsAndKeepsReconciling(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	seq := e.lastSeq()
	if got := e.fault(func(w io.Writer) error { return e.c.Component("restart", "kube-controller-manager", w) }); got != "kube-controller-manager restarted\n" {
		t.Errorf("output = %q", got)
	}
	if e.listsBy("kube-controller-manager", seq) == 0 {
		t.Errorf("a restarted controller manager must list again")
	}
	e.c.Sim.Advance(10 * time.Second)
	if got := e.total(e.runningOn()); got != 4 {
		t.Errorf("a restart must not disturb running pods: %v", e.runningOn())
	}
	e.kubectl("kubectl scale deployment web --replicas=2")
	e.c.Sim.Advance(time.Minute)
	if got := e.total(e.runningOn()); got != 2 {
		t.Errorf("the restarted deployment and replicaset controllers must scale down: %v", e.runningOn())
	}
}

func TestSimRestartKubeletKeepsItsContainersRunning(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	restarts := func() int32 {
		var n int32
		for _, p := range e.pods() {
			for _, cs := range p.Status.ContainerStatuses {
				n += cs.RestartCount
			}
		}
		return n
	}
	seq := e.lastSeq()
	if got := e.fault(func(w io.Writer) error { return e.c.Component("restart", "kubelet/demo-worker", w) }); got != "kubelet/demo-worker restarted\n" {
		t.Errorf("output = %q", got)
	}
	if e.listsBy("kubelet/demo-worker", seq) == 0 {
		t.Errorf("a restarted kubelet must list its pods again")
	}
	e.c.Sim.Advance(time.Minute)
	if got := e.total(e.runningOn()); got != 4 || restarts() != 0 {
		t.Errorf("pods must keep running without container restarts: %v, restarts %d", e.runningOn(), restarts())
	}
	if err := e.c.Component("restart", "kubelet/nope", io.Discard); err == nil || !strings.Contains(err.Error(), `node "nope" not found`) {
		t.Errorf("restarting an unknown kubelet: %v", err)
	}
}

func TestSimStopAndStartKubeSchedulerLeavesPodsPendingMeanwhile(t *testing.T) {
	e := newFaultEnv(t)
	if got := e.fault(func(w io.Writer) error { return e.c.Component("stop", "kube-scheduler", w) }); got != "kube-scheduler stopped\n" {
		t.Errorf("output = %q", got)
	}
	if e.c.Running("kube-scheduler") || strings.Join(e.c.Stopped(), ",") != "kube-scheduler" {
		t.Errorf("stopped = %v", e.c.Stopped())
	}
	e.kubectl("kubectl create deployment web --image=nginx:1.27 --replicas=2")
	e.c.Sim.Advance(time.Minute)
	ps := e.pods()
	if len(ps) != 2 {
		t.Fatalf("the controllers still create the pods: %d", len(ps))
	}
	for _, p := range ps {
		if p.Spec.NodeName != "" || p.Status.Phase != api.PodPending {
			t.Errorf("pod %s must wait unscheduled: node %q phase %s", p.Name, p.Spec.NodeName, p.Status.Phase)
		}
	}
	if got := e.fault(func(w io.Writer) error { return e.c.Component("start", "kube-scheduler", w) }); got != "kube-scheduler started\n" {
		t.Errorf("output = %q", got)
	}
	e.c.Sim.Advance(time.Minute)
	if got := e.total(e.runningOn()); got != 2 {
		t.Errorf("after start the pods must be scheduled and run: %v", e.runningOn())
	}
}

func TestSimStopAndStartKubeControllerManagerPausesTheRelay(t *testing.T) {
	e := newFaultEnv(t)
	e.fault(func(w io.Writer) error { return e.c.Component("stop", "kube-controller-manager", w) })
	e.kubectl("kubectl create deployment web --image=nginx:1.27 --replicas=2")
	e.c.Sim.Advance(time.Minute)
	rs, err := e.c.Kubectl(io.Discard).Client().Resource("replicasets").Namespace("default").List(client.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Items) != 0 || len(e.pods()) != 0 {
		t.Errorf("with the controller manager stopped nothing follows the Deployment: %d replicasets, %d pods", len(rs.Items), len(e.pods()))
	}
	if got := e.fault(func(w io.Writer) error { return e.c.Component("start", "kube-controller-manager", w) }); got != "kube-controller-manager started\n" {
		t.Errorf("output = %q", got)
	}
	e.c.Sim.Advance(time.Minute)
	if got := e.total(e.runningOn()); got != 2 {
		t.Errorf("after start the relay resumes: %v", e.runningOn())
	}
}

func TestSimCompactMakesAWatchResumingBehindItReList(t *testing.T) {
	e := newFaultEnv(t)
	e.web()
	inf := client.NewInformer(client.New(e.c.Server, apiserver.Admin(), "compact-watcher"), "pods", "default", client.ListOptions{}, 0)
	inf.Run()
	// Other things change, so the informer's resourceVersion falls behind.
	e.kubectl("kubectl create configmap one --from-literal=a=b")
	e.kubectl("kubectl create configmap two --from-literal=a=b")
	rev := e.c.Store.Rev()
	if got := e.fault(func(w io.Writer) error { return e.c.Compact(w) }); !strings.HasPrefix(got, "etcd compacted at revision ") {
		t.Errorf("output = %q", got)
	}
	e.wantFault("etcd compacted at revision")
	if e.c.Store.CompactRevision() != rev {
		t.Errorf("compaction revision %d, want %d", e.c.Store.CompactRevision(), rev)
	}
	// etcd refuses to compact the same revision twice.
	if err := e.c.Compact(io.Discard); err == nil {
		t.Errorf("a second compaction at the same revision must fail as etcd's does")
	}
	// A raw watch from before the compaction gets one 410.
	var got []request.WatchEvent
	stop, err := e.c.Kubectl(io.Discard).Client().Resource("pods").Watch(client.ListOptions{ResourceVersion: "2"}, func(ev request.WatchEvent) { got = append(got, ev) })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	// The informer's watch ends (as after a timeout) and resumes from its RV.
	seq := e.lastSeq()
	if !inf.DropWatch() {
		t.Fatal("the informer had no watch to drop")
	}
	e.c.Sim.Advance(5 * time.Second)
	if len(got) != 1 || got[0].Type != request.Error || !strings.Contains(got[0].Object.(*api.Status).Message, "too old resource version") {
		t.Errorf("watch from revision 2: %v", got)
	}
	relists := 0
	for _, r := range e.c.Sim.Trace.Records() {
		if r.Seq > seq && r.Component == "compact-watcher" && strings.HasPrefix(r.Message, "reflector: watch of pods ended with: too old resource version") {
			relists++
		}
	}
	if lists, _, _ := inf.Stats(); relists != 1 || lists != 2 {
		t.Errorf("want one traced re-list, got %d records and %d lists", relists, lists)
	}
	if inf.Len() != 4 {
		t.Errorf("after re-listing the cache holds %d pods, want 4", inf.Len())
	}
	e.kubectl("kubectl scale deployment web --replicas=5")
	e.c.Sim.Advance(time.Minute)
	if inf.Len() != 5 {
		t.Errorf("the re-opened watch must keep the cache current: %d pods, want 5", inf.Len())
	}
}
