package cluster

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/trace"
)

// The relay's property test: many seeds, each a random sequence of user
// operations and faults, then a quiet period; invariants are checked at
// every etcd write (see auditor) and at the end.

type opKind int

const (
	opCreate opKind = iota
	opScale
	opDelete
	opSetImage
	opNodeDown
	opNodeUp
	opRestart
	opCompact
	opAddNode
	opDeleteNode
	opSleep
)

// op is one generated operation. Targets are picked when the op runs (pick
// indexes whatever exists then), so every sequence is valid.
type op struct {
	kind     opKind
	pick     int
	replicas int
	cpu      int // milli-cpu per pod
	strategy int
	sleep    time.Duration
}

type opWeight struct {
	kind   opKind
	weight int
}

var (
	// opWeights mixes user operations and faults.
	opWeights = []opWeight{
		{opCreate, 12}, {opScale, 12}, {opDelete, 4}, {opSetImage, 20}, {opNodeDown, 5}, {opNodeUp, 6},
		{opRestart, 7}, {opCompact, 5}, {opAddNode, 3}, {opDeleteNode, 1}, {opSleep, 30},
	}
	// rolloutWeights has no faults: rollouts overlap scaling and creation.
	rolloutWeights = []opWeight{{opCreate, 10}, {opScale, 10}, {opSetImage, 40}, {opDelete, 2}, {opSleep, 38}}
	podCPUs        = []int{100, 250, 500, 1000}
	sleeps         = []time.Duration{200 * time.Millisecond, time.Second, 3 * time.Second, 10 * time.Second, 30 * time.Second, time.Minute, 3 * time.Minute, 6 * time.Minute}
	tags           = []string{"nginx:1.27", "nginx:1.28", "nginx:1.29", "nginx:alpine"}
	restarts       = []string{"kube-scheduler", "kube-controller-manager", "kubelet"}
)

func genOps(seed uint64, n int, weights []opWeight) []op {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	total := 0
	for _, w := range weights {
		total += w.weight
	}
	ops := make([]op, n)
	for i := range ops {
		x := r.IntN(total)
		var k opKind
		for _, w := range weights {
			if x < w.weight {
				k = w.kind
				break
			}
			x -= w.weight
		}
		ops[i] = op{kind: k, pick: r.IntN(1 << 20), replicas: r.IntN(9), cpu: podCPUs[r.IntN(len(podCPUs))],
			strategy: r.IntN(4), sleep: sleeps[r.IntN(len(sleeps))]}
	}
	return ops
}

// relayRun is one seed's cluster, observers and the log of what it did.
type relayRun struct {
	t         testing.TB
	c         *Cluster
	a         *auditor
	inf       *client.Informer
	kubectl   func(line string)
	log       []string
	depSeq    int
	nodeSeq   int
	lastFault time.Time

	watchRevs   []int64
	watchErrors []string
	// blind are the revision ranges the raw watch missed across a 410 re-list.
	blind [][2]int64
	// listsAtStaleDrop holds the informer's list count at each watch drop
	// whose resourceVersion was compacted away: each must be followed by a
	// re-list.
	listsAtStaleDrop []int
	relistRecords    int // "too old resource version" reflector trace records
	hashSum          func() []byte
}

func newRelayRun(t testing.TB, seed uint64) *relayRun {
	opts := Default()
	opts.Seed = seed
	// The checker models the learner's Deployments in default; kind's system workloads are covered by
	// TestKindsSystemWorkloadsRunAsOnKind.
	opts.SystemWorkloads = false
	c := New(opts)
	run := &relayRun{t: t, c: c, lastFault: c.Sim.Now()}
	c.Sim.Trace.Subscribe(func(rec trace.Record) {
		if rec.Component == "relay-informer" && strings.Contains(rec.Message, "too old resource version") {
			run.relistRecords++
		}
	})
	// The cluster's trace keeps every record (no Limit): hash it on demand.
	run.hashSum = func() []byte {
		h := sha256.New()
		for _, r := range c.Sim.Trace.Records() {
			io.WriteString(h, r.String()+"\n")
		}
		return h.Sum(nil)
	}
	run.a = newAuditor(c.Store, c.Sim.Now)

	// The raw watch behaves like a reflector: ordered and gap-free while it
	// lasts; a 410 after `sim compact` ends it, and it re-lists and watches
	// again from the list's revision. The revisions it could not see (between
	// its last event and that list) are recorded as blind windows.
	watcher := client.New(c.Server, apiserver.Admin(), "relay-audit")
	var watchPods func(from string)
	watchPods = func(from string) {
		if _, err := watcher.Resource("pods").Watch(client.ListOptions{ResourceVersion: from}, func(ev request.WatchEvent) {
			if ev.Type == request.Error {
				if !api.IsExpired(&api.StatusError{ErrStatus: *ev.Object.(*api.Status)}) {
					run.watchErrors = append(run.watchErrors, fmt.Sprintf("%v", ev.Object))
					return
				}
				list, err := watcher.Resource("pods").List(client.ListOptions{})
				if err != nil {
					run.watchErrors = append(run.watchErrors, "re-list: "+err.Error())
					return
				}
				rv, _ := strconv.ParseInt(list.ResourceVersion, 10, 64)
				last := int64(0)
				if n := len(run.watchRevs); n > 0 {
					last = run.watchRevs[n-1]
				}
				run.blind = append(run.blind, [2]int64{last + 1, rv})
				watchPods(list.ResourceVersion)
				return
			}
			if n := len(run.watchRevs); n > 0 && ev.Revision <= run.watchRevs[n-1] {
				run.watchErrors = append(run.watchErrors, fmt.Sprintf("revision %d after %d", ev.Revision, run.watchRevs[n-1]))
			}
			run.watchRevs = append(run.watchRevs, ev.Revision)
		}); err != nil {
			t.Fatal(err)
		}
	}
	watchPods("")
	run.inf = client.NewInformer(client.New(c.Server, apiserver.Admin(), "relay-informer"), "pods", "", client.ListOptions{}, 0)
	run.inf.Run()

	k := c.Kubectl(io.Discard)
	run.kubectl = func(line string) {
		var out bytes.Buffer
		code := k.RunLine(line, &out, &out)
		run.logf("kubectl %s → %d %s", strings.TrimPrefix(line, "kubectl "), code, strings.TrimSpace(out.String()))
	}
	return run
}

func (r *relayRun) logf(format string, args ...any) {
	r.log = append(r.log, fmt.Sprintf("[%s] ", r.c.Sim.Now().Format("15:04:05.000"))+fmt.Sprintf(format, args...))
}

// sim runs one fault operation, logged as the `sim` line that runs it.
func (r *relayRun) sim(line string, op func(out io.Writer) error) {
	var out bytes.Buffer
	err := op(&out)
	r.logf("sim %s → %s%v", line, strings.TrimSpace(out.String()), errOrEmpty(err))
	r.lastFault = r.c.Sim.Now()
	r.a.closeWindows()
}

func errOrEmpty(err error) string {
	if err == nil {
		return ""
	}
	return " error: " + err.Error()
}

// workers lists the nodes a fault may hit (never the control plane).
func (r *relayRun) workers() []string {
	var out []string
	for _, n := range r.c.NodeNames() {
		if !strings.HasSuffix(n, "control-plane") {
			out = append(out, n)
		}
	}
	return out
}

func deploymentFor(name string, replicas, cpu, strategy int) *api.Deployment {
	d := &api.Deployment{}
	d.APIVersion, d.Kind = "apps/v1", "Deployment"
	d.Name, d.Namespace = name, "default"
	n := int32(replicas)
	d.Spec.Replicas = &n
	labels := map[string]string{"app": name}
	d.Spec.Selector = &api.LabelSelector{MatchLabels: labels}
	d.Spec.Template.Labels = labels
	// Memory follows cpu at 2000Mi per cpu, below the nodes' 2Gi per cpu:
	// cpu is always the scarce resource, so capacity is easy to reason about.
	req := api.ResourceList{
		api.ResourceCPU:    api.MustParse(fmt.Sprintf("%dm", cpu)),
		api.ResourceMemory: api.MustParse(fmt.Sprintf("%dMi", cpu*2)),
	}
	if cpu == 0 {
		req = nil
	}
	d.Spec.Template.Spec.Containers = []api.Container{{Name: "web", Image: tags[0],
		Resources: api.ResourceRequirements{Requests: req}}}
	var surge, unavail api.IntOrString
	switch strategy {
	case 1:
		surge, unavail = api.FromInt32(0), api.FromInt32(1)
	case 2:
		surge, unavail = api.FromInt32(2), api.FromInt32(0)
	case 3:
		surge, unavail = api.FromString("50%"), api.FromString("50%")
	default:
		return d // the defaults, 25% and 25%
	}
	d.Spec.Strategy = api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
		RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: &surge, MaxUnavailable: &unavail}}
	return d
}

func (r *relayRun) apply(o op) {
	deps := r.a.deployments()
	pickDep := func() (string, bool) {
		if len(deps) == 0 {
			return "", false
		}
		return strings.TrimPrefix(deps[o.pick%len(deps)], "default/"), true
	}
	switch o.kind {
	case opCreate:
		r.depSeq++
		name := fmt.Sprintf("d%d", r.depSeq)
		replicas := max(o.replicas, 1)
		_, err := r.c.Kubectl(io.Discard).Client().Resource("deployments").Namespace("default").Create(deploymentFor(name, replicas, o.cpu, o.strategy))
		r.logf("create deployment %s replicas=%d cpu=%dm strategy=%d%s", name, replicas, o.cpu, o.strategy, errOrEmpty(err))
	case opScale:
		if d, ok := pickDep(); ok {
			r.scale(d, o.replicas)
		}
	case opDelete:
		if d, ok := pickDep(); ok {
			r.a.closeWindow("default/" + d)
			r.kubectl("kubectl delete deployment " + d)
		}
	case opSetImage:
		d, ok := pickDep()
		if !ok {
			return
		}
		key := "default/" + d
		cur := r.a.deps[key].image
		img := tags[o.pick%len(tags)]
		if img == cur {
			img = tags[(o.pick+1)%len(tags)]
		}
		if _, open := r.a.windows[key]; !open && r.quiet() && r.a.converged(key) {
			r.a.openWindow(key, r.c.Store.Rev())
			r.logf("rollout window opens for %s", key)
		}
		r.kubectl(fmt.Sprintf("kubectl set image deployment/%s web=%s", d, img))
	case opNodeDown:
		ws := r.workers()
		if len(ws) > 0 {
			n := ws[o.pick%len(ws)]
			r.sim("node down "+n, func(w io.Writer) error { return r.c.NodeDown(n, w) })
		}
	case opNodeUp:
		var down []string
		for _, n := range r.c.NodeNames() {
			if !r.c.Running("kubelet/" + n) {
				down = append(down, n)
			}
		}
		if len(down) > 0 {
			n := down[o.pick%len(down)]
			r.sim("node up "+n, func(w io.Writer) error { return r.c.NodeUp(n, w) })
		}
	case opRestart:
		what := restarts[o.pick%len(restarts)]
		if what == "kubelet" {
			ws := r.workers()
			what = "kubelet/" + ws[(o.pick/3)%len(ws)]
		}
		r.sim("restart "+what, func(w io.Writer) error { return r.c.Component("restart", what, w) })
	case opCompact:
		r.sim("compact", r.c.Compact)
		r.dropInformerWatch()
	case opAddNode:
		r.nodeSeq++
		n := fmt.Sprintf("extra%d", r.nodeSeq)
		r.sim("node add "+n, func(w io.Writer) error { return r.c.AddNodes([]NodeSpec{{Name: n}}, w) })
	case opDeleteNode:
		if ws := r.workers(); len(ws) > 2 {
			n := ws[o.pick%len(ws)]
			r.sim("node delete "+n, func(w io.Writer) error { return r.c.NodeDelete(n, w) })
		}
	case opSleep:
		r.c.Sim.Advance(o.sleep)
		r.logf("sleep %v", o.sleep)
	}
}

// scale runs kubectl scale on a Deployment, first closing its rollout
// window: a rollout window promises maxSurge and maxUnavailable against the
// replicas it opened with, and Kubernetes makes no such promise across a
// change of spec.replicas. The Deployment controller then scales every
// active ReplicaSet proportionally (sync.go scale) to a total of
// replicas+maxSurge, taking pods from old and new ReplicaSets alike, ready
// or not: availability may drop below the new replicas-maxUnavailable
// until the rollout catches up.
func (r *relayRun) scale(dep string, replicas int) {
	r.a.closeWindow("default/" + dep)
	r.kubectl(fmt.Sprintf("kubectl scale deployment %s --replicas=%d", dep, replicas))
}

// dropInformerWatch makes the test's informer re-watch from its last
// resourceVersion, as after a watch timeout: behind the compaction, it must
// get 410 and re-list.
func (r *relayRun) dropInformerWatch() {
	rv := r.inf.LastSyncResourceVersion()
	var last int64
	fmt.Sscan(rv, &last)
	if !r.inf.DropWatch() {
		return
	}
	if last < r.c.Store.CompactRevision()-1 {
		lists, _, _ := r.inf.Stats()
		r.listsAtStaleDrop = append(r.listsAtStaleDrop, lists)
	}
	r.logf("relay-informer watch dropped at resourceVersion %s (compacted at %d)", rv, r.c.Store.CompactRevision())
}

// quiet reports whether no fault is in progress: every component runs, every
// node is Ready and untainted, and the last fault is a minute old.
func (r *relayRun) quiet() bool {
	return len(r.c.Stopped()) == 0 && r.a.healthy() && r.c.Sim.Since(r.lastFault) >= time.Minute
}

// settle ends the faults (nodes up, components started), trims the demand
// to what the workers can certainly hold, and waits for convergence.
func (r *relayRun) settle(limit time.Duration) bool {
	for _, name := range r.c.Stopped() {
		if node, ok := strings.CutPrefix(name, "kubelet/"); ok {
			r.sim("node up "+node, func(w io.Writer) error { return r.c.NodeUp(node, w) })
		} else {
			r.sim("start "+name, func(w io.Writer) error { return r.c.Component("start", name, w) })
		}
	}
	// cpu is the scarce resource (memory follows it at less than the nodes'
	// ratio), so if the demand is at most Σ(allocatable - largest pod) every
	// pod has a place, whatever the packing.
	workers := r.workers()
	for {
		var demand, room, largest int64
		bigDep, bigDemand := "", int64(-1)
		for _, dep := range r.a.deployments() {
			d := r.a.deps[dep]
			cpu := r.depCPU(dep)
			largest = max(largest, cpu)
			dd := int64(d.replicas) * cpu
			demand += dd
			if dd > bigDemand {
				bigDep, bigDemand = dep, dd
			}
		}
		for _, w := range workers {
			if n := r.a.nodes[w]; n != nil {
				room += n.cpu - largest
			}
		}
		if demand <= room || bigDep == "" {
			break
		}
		r.scale(strings.TrimPrefix(bigDep, "default/"), r.a.deps[bigDep].replicas-1)
	}
	return r.c.Sim.RunWhile(limit, func() bool {
		for _, dep := range r.a.deployments() {
			if !r.a.converged(dep) {
				return true
			}
		}
		return false
	})
}

// depCPU is the milli-cpu one pod of dep requests (read back from etcd).
func (r *relayRun) depCPU(dep string) int64 {
	obj, err := r.c.Kubectl(io.Discard).Client().Resource("deployments").Namespace("default").Get(strings.TrimPrefix(dep, "default/"))
	if err != nil {
		return 0
	}
	d := obj.(*api.Deployment)
	q := d.Spec.Template.Spec.Containers[0].Resources.Requests[api.ResourceCPU]
	return q.MilliValue()
}

// failures returns what went wrong in the run, if anything.
func (r *relayRun) failures(converged bool) []string {
	var out []string
	out = append(out, r.a.violations...)
	out = append(out, r.a.orphans(r.lastFault)...)
	if !converged {
		for _, dep := range r.a.deployments() {
			if !r.a.converged(dep) {
				d := r.a.deps[dep]
				active, avail, cur := r.a.depPods(dep)
				out = append(out, fmt.Sprintf("deployment %s did not converge: replicas %d, active %d, available %d, current image %d", dep, d.replicas, active, avail, cur))
			}
		}
	}
	// The raw watch saw every pods revision etcd wrote, in order.
	for _, e := range r.watchErrors {
		out = append(out, "raw pods watch: "+e)
	}
	if want := r.outsideBlind(r.a.podRevs); !equalRevs(r.watchRevs, want) {
		out = append(out, fmt.Sprintf("raw pods watch delivered %d revisions, etcd wrote %d pods revisions outside re-list windows (first difference at %d)",
			len(r.watchRevs), len(want), firstDiff(r.watchRevs, want)))
	}
	// The informer re-listed whenever its watch resumed behind the
	// compaction, said so in the trace, and its cache equals a fresh list.
	lists, _, _ := r.inf.Stats()
	if n := len(r.listsAtStaleDrop); n > 0 && lists <= r.listsAtStaleDrop[n-1] {
		out = append(out, fmt.Sprintf("informer: no re-list after its watch resumed behind the compaction (%d lists)", lists))
	}
	if r.relistRecords != lists-1 {
		out = append(out, fmt.Sprintf("informer: %d re-lists but %d re-list trace records", lists-1, r.relistRecords))
	}
	if diff := r.informerDiff(); diff != "" {
		out = append(out, "informer cache differs from a fresh list: "+diff)
	}
	return out
}

func (r *relayRun) informerDiff() string {
	list, err := r.c.Kubectl(io.Discard).Client().Resource("pods").List(client.ListOptions{})
	if err != nil {
		return err.Error()
	}
	want := map[string]string{}
	for _, o := range list.Items {
		m := o.GetObjectMeta()
		want[m.Namespace+"/"+m.Name] = m.ResourceVersion
	}
	got := map[string]string{}
	for _, o := range r.inf.List() {
		m := o.GetObjectMeta()
		got[m.Namespace+"/"+m.Name] = m.ResourceVersion
	}
	var diffs []string
	for k, v := range want {
		if got[k] != v {
			diffs = append(diffs, fmt.Sprintf("%s: list rv %s, cache rv %q", k, v, got[k]))
		}
	}
	for k, v := range got {
		if _, ok := want[k]; !ok {
			diffs = append(diffs, fmt.Sprintf("%s: cached (rv %s) but not listed", k, v))
		}
	}
	sort.Strings(diffs)
	return strings.Join(diffs, "; ")
}

// outsideBlind drops the revisions the raw watch could not see.
func (r *relayRun) outsideBlind(revs []int64) []int64 {
	var out []int64
next:
	for _, rev := range revs {
		for _, w := range r.blind {
			if rev >= w[0] && rev <= w[1] {
				continue next
			}
		}
		out = append(out, rev)
	}
	return out
}

func equalRevs(a, b []int64) bool { return firstDiff(a, b) < 0 }

func firstDiff(a, b []int64) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// thinkTime separates consecutive operations.
const thinkTime = 100 * time.Millisecond

// runRelay plays ops on a fresh cluster for seed, settles, and reports.
func runRelay(t testing.TB, seed uint64, ops []op) (*relayRun, []string) {
	r := newRelayRun(t, seed)
	for _, o := range ops {
		r.apply(o)
		// A command takes a moment to type and answer: no two land in the
		// same instant. (Two template changes within the informers' ~2ms
		// latency make the deployment controller surge past maxSurge: it
		// creates a second new ReplicaSet before its cache has the first,
		// the same unguarded race kube-controller-manager has.)
		r.c.Sim.Advance(thinkTime)
	}
	r.logf("quiet period: faults stop")
	converged := r.settle(20 * time.Minute)
	r.c.Sim.Advance(5 * time.Second) // let watch notifications in flight land
	r.logf("end: %d deployments, %d bindings checked (%d to a node deleted a moment before), %d rollout windows (%d completed, surge used in %d, unavailability in %d)",
		len(r.a.deps), r.a.bindings, r.a.staleBindings, r.a.rollouts, r.a.rolloutsDone, r.a.surgeUsed, r.a.unavailableUsed)
	return r, r.failures(converged)
}

// propertyScale is how many seeds and operations a property test plays:
// its defaults, or the environment's KUBEPLAY_SEEDS and KUBEPLAY_OPS
// (KUBEPLAY_ROLLOUT_SEEDS and KUBEPLAY_ROLLOUT_OPS for the rollout test,
// which otherwise follows the first two). A count plays that many seeds
// from the test's first; FIRST-LAST plays that range ("71-71" replays one
// seed). -short keeps the short defaults unless the environment says more.
func propertyScale(t *testing.T, prefix string, first uint64, seeds, nops int) (from, to uint64, ops int) {
	from, to, ops = first, first+uint64(seeds)-1, nops
	get := func(name string) string {
		if v := os.Getenv("KUBEPLAY_" + prefix + name); v != "" || prefix == "" {
			return v
		}
		return os.Getenv("KUBEPLAY_" + name)
	}
	if v := get("SEEDS"); v != "" {
		a, b, isRange := strings.Cut(v, "-")
		lo, err1 := strconv.ParseUint(a, 10, 64)
		hi, err2 := strconv.ParseUint(b, 10, 64)
		switch {
		case !isRange && err1 == nil && lo > 0:
			to = first + lo - 1
		case isRange && err1 == nil && err2 == nil && lo <= hi:
			from, to = lo, hi
		default:
			t.Fatalf("KUBEPLAY_%sSEEDS=%q: want a count (300) or a range (71-71)", prefix, v)
		}
	}
	if v := get("OPS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			t.Fatalf("KUBEPLAY_%sOPS=%q: want a positive number of operations", prefix, v)
		}
		ops = n
	}
	return from, to, ops
}

func TestRelayInvariantsHoldOverRandomOperationsAndFaults(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 5
	}
	from, to, nops := propertyScale(t, "", 1, seeds, 40)
	var bindings, rollouts, done, surge, unavail int
	for seed := from; seed <= to; seed++ {
		ops := genOps(seed, nops, opWeights)
		r, fails := runRelay(t, seed, ops)
		bindings += r.a.bindings
		rollouts += r.a.rollouts
		done += r.a.rolloutsDone
		surge += r.a.surgeUsed
		unavail += r.a.unavailableUsed
		t.Logf("seed %d: %s", seed, r.log[len(r.log)-1])
		if len(fails) > 0 {
			t.Errorf("seed %d: %d invariant failures:\n  %s\noperations:\n  %s", seed, len(fails),
				strings.Join(fails, "\n  "), strings.Join(r.log, "\n  "))
		}
	}
	t.Logf("seeds %d-%d × %d ops: %d scheduling writes checked, %d rollout windows (%d completed, surge used in %d, unavailability in %d)",
		from, to, nops, bindings, rollouts, done, surge, unavail)
	if bindings == 0 || rollouts == 0 {
		t.Errorf("the generator must exercise scheduling and rollouts (bindings %d, rollouts %d)", bindings, rollouts)
	}
}

func TestTheSameSeedAndOperationsGiveAnIdenticalTrace(t *testing.T) {
	seeds := []uint64{3, 17}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		ops := genOps(seed, 40, opWeights)
		a, _ := runRelay(t, seed, ops)
		b, _ := runRelay(t, seed, ops)
		if !bytes.Equal(a.hashSum(), b.hashSum()) || strings.Join(a.log, "\n") != strings.Join(b.log, "\n") {
			t.Errorf("seed %d: two runs differ (trace %x vs %x)\nfirst run:\n  %s\nsecond run:\n  %s", seed,
				a.hashSum(), b.hashSum(), strings.Join(a.log, "\n  "), strings.Join(b.log, "\n  "))
		}
		if len(a.c.Sim.Trace.Records()) < 1000 {
			t.Errorf("seed %d: a trace of %d records is too small to compare", seed, len(a.c.Sim.Trace.Records()))
		}
	}
}

func TestRolloutsStayWithinMaxSurgeAndMaxUnavailableWithoutFaults(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	from, to, nops := propertyScale(t, "ROLLOUT_", 101, seeds, 30)
	var rollouts, done, surge, unavail int
	for seed := from; seed <= to; seed++ {
		r, fails := runRelay(t, seed, genOps(seed, nops, rolloutWeights))
		rollouts += r.a.rollouts
		done += r.a.rolloutsDone
		surge += r.a.surgeUsed
		unavail += r.a.unavailableUsed
		t.Logf("seed %d: %s", seed, r.log[len(r.log)-1])
		if len(fails) > 0 {
			t.Errorf("seed %d: %d invariant failures:\n  %s\noperations:\n  %s", seed, len(fails),
				strings.Join(fails, "\n  "), strings.Join(r.log, "\n  "))
		}
	}
	t.Logf("seeds %d-%d × %d ops: %d rollout windows (%d completed, surge used in %d, unavailability in %d)",
		from, to, nops, rollouts, done, surge, unavail)
	// The coverage check needs at least the default seed count: fewer (as
	// -short or a replayed range plays) may never need the unavailability budget.
	if to-from+1 >= 12 && (done == 0 || surge == 0 || unavail == 0) {
		t.Errorf("the generator must exercise whole rollouts using both surge and unavailability")
	}
}
