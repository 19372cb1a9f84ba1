package cluster

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/podgc"
	"kubeplay/core/store"
)

// auditor watches etcd itself (a store watch opened beside kube-apiserver's)
// and checks the relay's invariants at every write, as an outside observer:
//   - a Pod's spec.nodeName only ever goes from "" to a node;
//   - a Pod is bound to a node that exists, or that was deleted at most
//     staleNodeGrace before (see checkNode), and a pod left on a deleted
//     node is gone once PodGC had time to remove it (orphans);
//   - at every scheduling write, the node's non-terminated pods request no
//     more cpu, memory and pod slots than its allocatable;
//   - while a rollout window is open, the Deployment's ReplicaSets ask for
//     at most replicas+maxSurge pods (the sum of their spec.replicas, which
//     is what the Deployment controller's maxSurge arithmetic bounds) and
//     at least replicas-maxUnavailable of its pods are available.
//
// maxSurge bounds ReplicaSets, not pods: an old ReplicaSet scaled down still
// has its extra pods until the ReplicaSet controller syncs it, and that
// controller may sync the new ReplicaSet (scaled up in the Deployment
// controller's next sync) first, as kube-controller-manager's work queue
// and concurrent workers may. So active pods may exceed replicas+maxSurge
// by pods of ReplicaSets that have more than their spec.replicas; never
// by pods a ReplicaSet asks for (see checkWindows).
//
// It only reads the store; everything else in the cluster goes through the
// apiserver as usual.
type auditor struct {
	now        func() time.Time
	pods       map[string]*podState // namespace/name
	nodes      map[string]*nodeState
	goneNodes  map[string]time.Time // deleted node → when its deletion was written
	rsOwner    map[string]string    // replicaset namespace/name → deployment namespace/name
	rsReplicas map[string]int       // replicaset namespace/name → spec.replicas
	deps       map[string]*depState
	windows    map[string]*window // deployment namespace/name → open rollout window
	podRevs    []int64            // revision of every pods write, in order
	violations []string

	bindings        int // scheduling writes checked
	staleBindings   int // bindings to a node deleted a moment before
	rollouts        int // windows opened
	rolloutsDone    int // windows that saw the rollout complete
	surgeUsed       int // windows in which the surge was used
	unavailableUsed int // windows in which pods were unavailable
	cancel          func()
}

type podState struct {
	node        string
	cpu, mem    int64 // milli-cpu, bytes
	phase       api.PodPhase
	terminating bool
	ready       bool
	rs          string // controlling ReplicaSet, namespace/name
	image       string
}

type nodeState struct {
	cpu, mem, pods int64
	ready          bool
	taints         int // taints other than the control-plane one
}

type depState struct {
	replicas       int
	surge, unavail int
	image          string
}

type window struct {
	dep                  string
	maxPods, minAvail    int
	replicas             int
	surge, unavail       int
	startRev, closingRev int64
}

// newAuditor starts watching st; now is the cluster's virtual clock.
func newAuditor(st *store.Store, now func() time.Time) *auditor {
	a := &auditor{now: now, goneNodes: map[string]time.Time{},
		pods: map[string]*podState{}, nodes: map[string]*nodeState{}, rsOwner: map[string]string{}, rsReplicas: map[string]int{},
		deps: map[string]*depState{}, windows: map[string]*window{},
	}
	// Replay what exists (the store keeps the history since start-up, or
	// from the last compaction), then follow every write.
	for _, prefix := range []string{"/registry/minions/", "/registry/deployments/", "/registry/replicasets/", "/registry/pods/"} {
		kvs, _, err := st.Range(prefix, 0)
		if err != nil {
			panic(err)
		}
		for _, kv := range kvs {
			a.apply(change{key: kv.Key, rev: kv.ModRevision, value: kv.Value})
		}
	}
	a.podRevs = nil
	cancel, err := st.Watch("/registry/", 0, a.observe)
	if err != nil {
		panic(err)
	}
	a.cancel = cancel
	return a
}

func (a *auditor) failf(format string, args ...any) {
	if len(a.violations) < 50 {
		a.violations = append(a.violations, fmt.Sprintf(format, args...))
	}
}

// splitKey turns /registry/<resource>/<ns>/<name> into its parts.
func splitKey(key string) (resource, ns, name string) {
	parts := strings.Split(strings.TrimPrefix(key, "/registry/"), "/")
	switch len(parts) {
	case 2:
		return parts[0], "", parts[1]
	case 3:
		return parts[0], parts[1], parts[2]
	}
	return "", "", ""
}

// change is one write the auditor follows: from the store's watch, or read
// back from what exists when it starts.
type change struct {
	del   bool
	key   string
	rev   int64
	value []byte
}

func (a *auditor) observe(ev store.Event) {
	w := change{del: ev.Type == store.Delete, key: ev.KV.Key, rev: ev.KV.ModRevision}
	if !w.del {
		w.value = ev.KV.Value()
	}
	a.apply(w)
}

func (a *auditor) apply(w change) {
	res, ns, name := splitKey(w.key)
	key := ns + "/" + name
	rev := w.rev
	switch res {
	case "minions":
		if w.del {
			delete(a.nodes, name)
			a.goneNodes[name] = a.now()
			return
		}
		delete(a.goneNodes, name)
		var n api.Node
		if err := json.Unmarshal(w.value, &n); err != nil {
			a.failf("rev %d: node %s does not decode: %v", rev, name, err)
			return
		}
		ns := &nodeState{}
		al := n.Status.Allocatable
		if q, ok := al[api.ResourceCPU]; ok {
			ns.cpu = q.MilliValue()
		}
		if q, ok := al[api.ResourceMemory]; ok {
			ns.mem = q.Value()
		}
		if q, ok := al[api.ResourcePods]; ok {
			ns.pods = q.Value()
		}
		for _, c := range n.Status.Conditions {
			if c.Type == api.NodeReady {
				ns.ready = c.Status == api.ConditionTrue
			}
		}
		for _, t := range n.Spec.Taints {
			if t.Key != ControlPlaneTaint.Key {
				ns.taints++
			}
		}
		a.nodes[name] = ns
	case "deployments":
		if w.del {
			delete(a.deps, key)
			delete(a.windows, key)
			return
		}
		var d api.Deployment
		if err := json.Unmarshal(w.value, &d); err != nil {
			a.failf("rev %d: deployment %s does not decode: %v", rev, key, err)
			return
		}
		a.deps[key] = depStateOf(&d)
		a.checkWindows(rev)
	case "replicasets":
		if w.del {
			delete(a.rsOwner, key)
			delete(a.rsReplicas, key)
			a.checkWindows(rev)
			return
		}
		var rs api.ReplicaSet
		if err := json.Unmarshal(w.value, &rs); err != nil {
			a.failf("rev %d: replicaset %s does not decode: %v", rev, key, err)
			return
		}
		a.rsReplicas[key] = 1
		if rs.Spec.Replicas != nil {
			a.rsReplicas[key] = int(*rs.Spec.Replicas)
		}
		for _, o := range rs.OwnerReferences {
			if o.Controller != nil && *o.Controller && o.Kind == "Deployment" {
				a.rsOwner[key] = ns + "/" + o.Name
			}
		}
		a.checkWindows(rev)
	case "pods":
		a.podRevs = append(a.podRevs, rev)
		prev := a.pods[key]
		if w.del {
			delete(a.pods, key)
			a.checkWindows(rev)
			return
		}
		var p api.Pod
		if err := json.Unmarshal(w.value, &p); err != nil {
			a.failf("rev %d: pod %s does not decode: %v", rev, key, err)
			return
		}
		cur := podStateOf(&p)
		a.pods[key] = cur
		if prev != nil && prev.node != "" && cur.node != prev.node {
			a.failf("rev %d: pod %s bound twice: nodeName %q then %q", rev, key, prev.node, cur.node)
		}
		if cur.node != "" && (prev == nil || prev.node == "") {
			a.checkNode(rev, key, cur.node)
		}
		a.checkWindows(rev)
	}
}

func depStateOf(d *api.Deployment) *depState {
	ds := &depState{replicas: 1}
	if d.Spec.Replicas != nil {
		ds.replicas = int(*d.Spec.Replicas)
	}
	if len(d.Spec.Template.Spec.Containers) > 0 {
		ds.image = d.Spec.Template.Spec.Containers[0].Image
	}
	surge, unavail := api.FromString("25%"), api.FromString("25%")
	if ru := d.Spec.Strategy.RollingUpdate; ru != nil {
		if ru.MaxSurge != nil {
			surge = *ru.MaxSurge
		}
		if ru.MaxUnavailable != nil {
			unavail = *ru.MaxUnavailable
		}
	}
	ds.surge, _ = api.GetScaledValueFromIntOrPercent(&surge, ds.replicas, true)
	ds.unavail, _ = api.GetScaledValueFromIntOrPercent(&unavail, ds.replicas, false)
	if ds.surge == 0 && ds.unavail == 0 {
		ds.unavail = 1
	}
	return ds
}

func podStateOf(p *api.Pod) *podState {
	ps := &podState{node: p.Spec.NodeName, phase: p.Status.Phase, terminating: p.DeletionTimestamp != nil}
	for _, c := range p.Spec.Containers {
		if q, ok := c.Resources.Requests[api.ResourceCPU]; ok {
			ps.cpu += q.MilliValue()
		}
		if q, ok := c.Resources.Requests[api.ResourceMemory]; ok {
			ps.mem += q.Value()
		}
	}
	if len(p.Spec.Containers) > 0 {
		ps.image = p.Spec.Containers[0].Image
	}
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady {
			ps.ready = c.Status == api.ConditionTrue
		}
	}
	for _, o := range p.OwnerReferences {
		if o.Controller != nil && *o.Controller && o.Kind == "ReplicaSet" {
			ps.rs = p.Namespace + "/" + o.Name
		}
	}
	return ps
}

func (p *podState) finished() bool { return p.phase == api.PodSucceeded || p.phase == api.PodFailed }
func (p *podState) active() bool   { return !p.finished() && !p.terminating }

// staleNodeGrace is how long after a node's deletion kube-scheduler may
// still bind to it. The scheduler binds only to nodes in its cache, and
// kube-apiserver's pods/binding does not look the node up (BindingREST
// checks only the pod: not being deleted, not yet assigned), so a node
// deleted while the scheduler's node watch is behind (in flight, or
// re-listing after a 410) still receives pods; PodGC deletes them after
// its quarantine. The reflector re-lists within its back-off (at most 30s
// in client-go), so a minute bounds the scheduler's view of a deleted node.
const staleNodeGrace = time.Minute

// orphanDeadline is how long after a node's deletion a pod bound to it may
// remain: PodGC's quarantine, then at most two of its periodic passes.
const orphanDeadline = staleNodeGrace + podgc.QuarantineTime + 2*podgc.GCCheckPeriod

// checkNode is the scheduling-write check: the node exists (or was deleted
// a moment before, see staleNodeGrace), and its non-terminated pods
// (terminating ones still hold their resources) fit its allocatable.
func (a *auditor) checkNode(rev int64, pod, node string) {
	a.bindings++
	n, ok := a.nodes[node]
	if !ok {
		gone, known := a.goneNodes[node]
		switch {
		case !known:
			a.failf("rev %d: pod %s bound to node %s, which never existed", rev, pod, node)
		case a.now().Sub(gone) > staleNodeGrace:
			a.failf("rev %d: pod %s bound to node %s, deleted %v before: the scheduler's cache never dropped it", rev, pod, node, a.now().Sub(gone))
		default:
			a.staleBindings++
		}
		return
	}
	var cpu, mem, count int64
	for _, p := range a.pods {
		if p.node == node && !p.finished() {
			cpu += p.cpu
			mem += p.mem
			count++
		}
	}
	if cpu > n.cpu || mem > n.mem || count > n.pods {
		a.failf("rev %d: binding pod %s overcommits node %s: requests cpu %dm/%dm, memory %d/%d, pods %d/%d",
			rev, pod, node, cpu, n.cpu, mem, n.mem, count, n.pods)
	}
}

// orphans lists the pods still bound to a node deleted more than
// orphanDeadline ago (and more than orphanDeadline after quiet, the last
// fault: a restarted kube-controller-manager starts PodGC's quarantine
// afresh): PodGC should have deleted them.
func (a *auditor) orphans(quiet time.Time) []string {
	var out []string
	for key, p := range a.pods {
		gone, ok := a.goneNodes[p.node]
		if ok && a.now().Sub(gone) > orphanDeadline && a.now().Sub(quiet) > orphanDeadline {
			out = append(out, fmt.Sprintf("pod %s is still bound to node %s, deleted %v before: PodGC removes such pods after %v",
				key, p.node, a.now().Sub(gone), podgc.QuarantineTime))
		}
	}
	sort.Strings(out)
	return out
}

// depPods counts the active and available pods of a Deployment's ReplicaSets,
// and those running the Deployment's current image.
func (a *auditor) depPods(dep string) (active, available, current int) {
	img := ""
	if d := a.deps[dep]; d != nil {
		img = d.image
	}
	for _, p := range a.pods {
		if p.rs == "" || a.rsOwner[p.rs] != dep || !p.active() {
			continue
		}
		active++
		if p.ready {
			available++
		}
		if p.image == img {
			current++
		}
	}
	return
}

// depReplicas sums the spec.replicas of a Deployment's ReplicaSets.
func (a *auditor) depReplicas(dep string) int {
	n := 0
	for rs, owner := range a.rsOwner {
		if owner == dep {
			n += a.rsReplicas[rs]
		}
	}
	return n
}

// converged reports whether dep has exactly spec.replicas pods, all Ready and
// all running its current template's image.
func (a *auditor) converged(dep string) bool {
	d := a.deps[dep]
	if d == nil {
		return false
	}
	active, available, current := a.depPods(dep)
	return active == d.replicas && available == d.replicas && current == d.replicas
}

// openWindow starts watching a rollout of dep; the caller opens it only when
// dep is converged and the cluster is healthy.
func (a *auditor) openWindow(dep string, rev int64) {
	d := a.deps[dep]
	a.rollouts++
	a.windows[dep] = &window{dep: dep, replicas: d.replicas, surge: d.surge, unavail: d.unavail,
		maxPods: d.replicas, minAvail: d.replicas, startRev: rev}
}

// closeWindows ends every open window (a fault or a scale is coming).
func (a *auditor) closeWindows() {
	for dep := range a.windows {
		a.closeWindow(dep)
	}
}

func (a *auditor) closeWindow(dep string) {
	w := a.windows[dep]
	if w == nil {
		return
	}
	if w.maxPods > w.replicas {
		a.surgeUsed++
	}
	if w.minAvail < w.replicas {
		a.unavailableUsed++
	}
	delete(a.windows, dep)
}

func (a *auditor) checkWindows(rev int64) {
	if len(a.windows) == 0 {
		return
	}
	deps := make([]string, 0, len(a.windows))
	for dep := range a.windows {
		deps = append(deps, dep)
	}
	sort.Strings(deps)
	for _, dep := range deps {
		w := a.windows[dep]
		active, available, _ := a.depPods(dep)
		w.maxPods = max(w.maxPods, active)
		w.minAvail = min(w.minAvail, available)
		if asked := a.depReplicas(dep); asked > w.replicas+w.surge {
			a.failf("rev %d: rollout of deployment %s: its ReplicaSets ask for %d pods, more than replicas %d + maxSurge %d (%s)",
				rev, dep, asked, w.replicas, w.surge, a.describe(dep))
		}
		if available < w.replicas-w.unavail {
			a.failf("rev %d: rollout of deployment %s has %d available pods, fewer than replicas %d - maxUnavailable %d (%s)",
				rev, dep, available, w.replicas, w.unavail, a.describe(dep))
		}
		if a.converged(dep) {
			a.rolloutsDone++
			a.closeWindow(dep)
		}
	}
}

// healthy reports whether every node is Ready and carries no taint but the
// control-plane one.
func (a *auditor) healthy() bool {
	for _, n := range a.nodes {
		if !n.ready || n.taints > 0 {
			return false
		}
	}
	return true
}

// deployments lists the known Deployments, sorted.
func (a *auditor) deployments() []string {
	var out []string
	for k := range a.deps {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// describe lists a Deployment's ReplicaSets with their spec.replicas and
// their active (and ready) pods, for failure messages.
func (a *auditor) describe(dep string) string {
	type counts struct{ active, ready int }
	per := map[string]*counts{}
	for _, p := range a.pods {
		if p.rs == "" || a.rsOwner[p.rs] != dep || !p.active() {
			continue
		}
		c := per[p.rs]
		if c == nil {
			c = &counts{}
			per[p.rs] = c
		}
		c.active++
		if p.ready {
			c.ready++
		}
	}
	var parts []string
	for rs, owner := range a.rsOwner {
		if owner != dep {
			continue
		}
		c := per[rs]
		if c == nil {
			c = &counts{}
		}
		parts = append(parts, fmt.Sprintf("%s spec %d active %d ready %d", strings.TrimPrefix(rs, "default/"), a.rsReplicas[rs], c.active, c.ready))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
