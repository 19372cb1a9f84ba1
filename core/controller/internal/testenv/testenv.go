// Package testenv is the controllers' test bench: a real kube-apiserver on a
// sim, the controller manager's client and shared informers, a trivial
// binder standing in for kube-scheduler and fake kubelets that run bound
// pods, report them Ready, renew their node Leases and confirm graceful
// deletions.
package testenv

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// Env is one test cluster without scheduler or kubelets of its own.
type Env struct {
	T      testing.TB
	Sim    *sim.Sim
	Srv    *apiserver.Server
	Admin  *client.Client
	Ctx    *ctrlutil.Context
	podInf *client.Informer

	// ReadyAfter is how long a fake kubelet takes from binding to Ready.
	ReadyAfter time.Duration
	// Down lists nodes whose kubelet is gone: no Lease renewals, no pod
	// status, no confirmation of deletions.
	Down map[string]bool
	// NoBind turns the binder off.
	NoBind bool
	// Fail makes the kubelet run the pods it selects to phase Failed
	// (Job tests) instead of Ready; Succeed to phase Succeeded.
	Fail, Succeed func(p *api.Pod) bool

	nodes []string
	next  int
	ips   int
	ctrls []ctrlutil.Controller
}

// New returns an environment with the given Ready nodes (with Leases).
func New(t testing.TB, nodes ...string) *Env { return NewSeeded(t, 1, nodes...) }

// NewSeeded is New on a sim with the given seed: another seed draws other
// watch latencies, so informers of different resources lag each other
// differently (a sweep of seeds explores the orderings).
func NewSeeded(t testing.TB, seed uint64, nodes ...string) *Env {
	s := sim.New(seed)
	srv := apiserver.New(s, store.New(s))
	e := &Env{T: t, Sim: s, Srv: srv, ReadyAfter: 2 * time.Second, Down: map[string]bool{}}
	e.Admin = client.New(srv, apiserver.Admin(), "kubectl")
	kcm := client.New(srv, apiserver.ControllerManager(), ctrlutil.Component)
	e.Ctx = &ctrlutil.Context{Sim: s, Client: kcm, Informers: client.NewInformerFactory(kcm, 0)}
	for _, n := range nodes {
		e.AddNode(n)
	}
	e.startKubelets()
	return e
}

// AddNode registers a Ready node and its Lease.
func (e *Env) AddNode(name string) {
	now := api.NewTime(e.Sim.Now())
	node := &api.Node{
		ObjectMeta: api.ObjectMeta{Name: name, Labels: map[string]string{api.LabelHostname: name}},
		Status: api.NodeStatus{
			Conditions: []api.NodeCondition{
				{Type: api.NodeMemoryPressure, Status: api.ConditionFalse, Reason: "KubeletHasSufficientMemory", LastHeartbeatTime: now, LastTransitionTime: now},
				{Type: api.NodeDiskPressure, Status: api.ConditionFalse, Reason: "KubeletHasNoDiskPressure", LastHeartbeatTime: now, LastTransitionTime: now},
				{Type: api.NodePIDPressure, Status: api.ConditionFalse, Reason: "KubeletHasSufficientPID", LastHeartbeatTime: now, LastTransitionTime: now},
				{Type: api.NodeReady, Status: api.ConditionTrue, Reason: "KubeletReady",
					Message: "kubelet is posting ready status", LastHeartbeatTime: now, LastTransitionTime: now}},
			Capacity: api.ResourceList{api.ResourcePods: api.MustParse("110")},
		},
	}
	e.Must(e.Admin.Resource("nodes").Create(node))
	renew := api.MicroTime{Time: e.Sim.Now()}
	holder, dur := name, int32(40)
	e.Must(e.Admin.Resource("leases").Namespace(api.NamespaceNodeLease).Create(&api.Lease{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: api.NamespaceNodeLease},
		Spec:       api.LeaseSpec{HolderIdentity: &holder, LeaseDurationSeconds: &dur, RenewTime: &renew},
	}))
	e.nodes = append(e.nodes, name)
}

// Must fails the test on err and returns obj.
func (e *Env) Must(obj api.Object, err error) api.Object {
	e.T.Helper()
	if err != nil {
		e.T.Fatalf("%v", err)
	}
	return obj
}

// Start starts controllers, then the shared informers (as the manager does).
func (e *Env) Start(ctrls ...ctrlutil.Controller) {
	e.ctrls = append(e.ctrls, ctrls...)
	for _, c := range ctrls {
		c.Start()
	}
	e.Ctx.Informers.Start()
}

// Run advances virtual time by d.
func (e *Env) Run(d time.Duration) { e.Sim.Advance(d) }

// Until runs until cond holds (or limit passes) and fails the test if not.
func (e *Env) Until(limit time.Duration, what string, cond func() bool) {
	e.T.Helper()
	if !e.Sim.RunWhile(limit, func() bool { return !cond() }) {
		e.T.Fatalf("after %v: %s never happened", limit, what)
	}
}

func (e *Env) startKubelets() {
	e.podInf = client.NewInformer(client.New(e.Srv, apiserver.Admin(), "kubelet"), "pods", "", client.ListOptions{}, 0)
	e.podInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { e.podChanged(obj.(*api.Pod)) },
		OnUpdate: func(_, obj api.Object) { e.podChanged(obj.(*api.Pod)) },
	})
	e.podInf.Run()
	e.Sim.Every(10*time.Second, "fake kubelets heartbeat", e.heartbeat)
}

func (e *Env) heartbeat() {
	for _, n := range e.nodes {
		if e.Down[n] {
			continue
		}
		obj, err := e.Admin.Resource("leases").Namespace(api.NamespaceNodeLease).Get(n)
		if err != nil {
			continue
		}
		l := obj.(*api.Lease)
		l.Spec.RenewTime = &api.MicroTime{Time: e.Sim.Now()}
		e.Admin.Resource("leases").Namespace(api.NamespaceNodeLease).Update(l)
	}
}

func (e *Env) podChanged(p *api.Pod) {
	ns, name, uid := p.Namespace, p.Name, p.UID
	switch {
	case p.DeletionTimestamp != nil:
		if p.Spec.NodeName == "" || e.Down[p.Spec.NodeName] {
			return
		}
		e.Sim.After(100*time.Millisecond, "fake kubelet kills "+name, func() {
			zero := int64(0)
			e.Admin.Resource("pods").Namespace(ns).Delete(name, client.DeleteOptions{GracePeriodSeconds: &zero,
				Preconditions: &api.Preconditions{UID: &uid}})
		})
	case p.Spec.NodeName == "":
		if e.NoBind || len(e.nodes) == 0 {
			return
		}
		node := e.pickNode(p)
		if node == "" {
			return
		}
		e.Sim.After(10*time.Millisecond, "fake binder "+name, func() {
			e.Admin.Bind(ns, name, &api.Binding{ObjectMeta: api.ObjectMeta{Name: name, UID: uid}, Target: api.ObjectReference{Kind: "Node", Name: node}})
		})
	case p.Status.Phase == api.PodPending && !e.Down[p.Spec.NodeName]:
		e.Sim.After(e.ReadyAfter, "fake kubelet starts "+name, func() { e.runPod(ns, name, uid) })
	}
}

// pickNode honours a DaemonSet-style required matchFields affinity and
// otherwise goes round robin over the nodes that are up.
func (e *Env) pickNode(p *api.Pod) string {
	if a := p.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		for _, t := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
			for _, f := range t.MatchFields {
				if f.Key == "metadata.name" && len(f.Values) == 1 {
					return f.Values[0]
				}
			}
		}
	}
	for range e.nodes {
		n := e.nodes[e.next%len(e.nodes)]
		e.next++
		if !e.Down[n] {
			return n
		}
	}
	return ""
}

func (e *Env) runPod(ns, name, uid string) {
	obj, err := e.Admin.Resource("pods").Namespace(ns).Get(name)
	if err != nil {
		return
	}
	p := obj.(*api.Pod)
	if p.UID != uid || p.Status.Phase != api.PodPending || p.DeletionTimestamp != nil || e.Down[p.Spec.NodeName] {
		return
	}
	now := api.NewTime(e.Sim.Now())
	e.ips++
	p.Status.PodIP = fmt.Sprintf("10.244.%d.%d", e.ips/250, e.ips%250+2)
	p.Status.PodIPs = []api.PodIP{{IP: p.Status.PodIP}}
	p.Status.StartTime = &now
	switch {
	case e.Fail != nil && e.Fail(p):
		p.Status.Phase = api.PodFailed
		p.Status.Conditions = append(p.Status.Conditions, api.PodCondition{Type: api.PodReady, Status: api.ConditionFalse, LastTransitionTime: now})
	case e.Succeed != nil && e.Succeed(p):
		p.Status.Phase = api.PodSucceeded
		p.Status.Conditions = append(p.Status.Conditions, api.PodCondition{Type: api.PodReady, Status: api.ConditionFalse, LastTransitionTime: now})
	default:
		p.Status.Phase = api.PodRunning
		p.Status.Conditions = append(p.Status.Conditions, api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: now})
	}
	e.Admin.Resource("pods").Namespace(ns).UpdateStatus(p)
}

// Pods lists pods in ns matching selector (""=all), sorted by name.
func (e *Env) Pods(ns, selector string) []*api.Pod {
	e.T.Helper()
	l, err := e.Admin.Resource("pods").Namespace(ns).List(client.ListOptions{LabelSelector: selector})
	if err != nil {
		e.T.Fatalf("list pods: %v", err)
	}
	var out []*api.Pod
	for _, o := range l.Items {
		out = append(out, o.(*api.Pod))
	}
	return out
}

// ActivePods are the pods not being deleted and not finished.
func (e *Env) ActivePods(ns, selector string) []*api.Pod {
	var out []*api.Pod
	for _, p := range e.Pods(ns, selector) {
		if ctrlutil.IsPodActive(p) {
			out = append(out, p)
		}
	}
	return out
}

// List lists any resource in ns.
func (e *Env) List(resource, ns string) []api.Object {
	e.T.Helper()
	l, err := e.Admin.Resource(resource).Namespace(ns).List(client.ListOptions{})
	if err != nil {
		e.T.Fatalf("list %s: %v", resource, err)
	}
	return l.Items
}

// Get reads one object (nil if absent).
func (e *Env) Get(resource, ns, name string) api.Object {
	obj, err := e.Admin.Resource(resource).Namespace(ns).Get(name)
	if err != nil {
		return nil
	}
	return obj
}

// Events returns "Type Reason Message" lines of events in ns about objects
// of kind (""=any), ordered by first time then name.
func (e *Env) Events(ns, kind string) []string {
	var evs []*api.Event
	for _, o := range e.List("events", ns) {
		ev := o.(*api.Event)
		if kind == "" || ev.InvolvedObject.Kind == kind {
			evs = append(evs, ev)
		}
	}
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].FirstTimestamp.Before(evs[j].FirstTimestamp.Time) })
	out := make([]string, len(evs))
	for i, ev := range evs {
		out[i] = ev.Type + " " + ev.Reason + " " + ev.Message
	}
	return out
}
