package seam

import (
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
	"kubeplay/core/store"
	"kubeplay/core/trace"
)

// traceRecord is a trace.Record with its time also as milliseconds.
type traceRecord struct {
	trace.Record
	T float64 `json:"t"`
}

// DefaultTraceBatch bounds one trace() answer; callers page with sinceSeq.
const DefaultTraceBatch = 5000

// trace(sinceSeq, limit) returns the retained records with seq > sinceSeq,
// at most limit (DefaultTraceBatch when 0) of them, oldest first.
func (k *Core) trace(a argList) (any, error) {
	recs := k.c.Sim.Trace.Since(int(a.num(0)))
	limit := int(a.num(1))
	if limit <= 0 {
		limit = DefaultTraceBatch
	}
	if len(recs) > limit {
		recs = recs[:limit]
	}
	return rawJSON(appendTrace(make([]byte, 0, 200*len(recs)+2), recs)), nil
}

// eventRow is one Kubernetes Event as the events panel shows it. Seq is the
// Event's resourceVersion: an aggregated event (count+1) comes back with a
// higher seq.
type eventRow struct {
	Seq       int64   `json:"seq"`
	Time      string  `json:"time"`
	T         float64 `json:"t"`
	Type      string  `json:"type"`
	Reason    string  `json:"reason"`
	Object    string  `json:"object"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Namespace string  `json:"namespace"`
	FieldPath string  `json:"fieldPath,omitempty"`
	Source    string  `json:"source"`
	Host      string  `json:"host,omitempty"`
	Message   string  `json:"message"`
	Count     int32   `json:"count"`
	Event     string  `json:"event"` // the Event object's name
}

// events(sinceSeq) returns the core/v1 Events with seq > sinceSeq, in write
// (time) order. Seq is the store revision of the Event's last write, so a
// later call reads only the store's log since sinceSeq instead of every Event.
func (k *Core) events(a argList) (any, error) {
	since := int64(a.num(0))
	st := k.c.Store
	var objs []api.Object
	if since <= 0 || since < st.CompactRevision() || st.Rev()-since > 50000 {
		objs = k.c.Server.Peek("", "events", "")
	} else {
		seen := map[string]bool{}
		for _, e := range st.Log(since + 1) {
			key := e.KV.Key
			if e.Type != store.Put || !strings.HasPrefix(key, eventsPrefix) || seen[key] {
				continue
			}
			seen[key] = true
			if o, ok := k.c.Server.PeekKey(key); ok {
				objs = append(objs, o)
			}
		}
	}
	rows := make([]eventRow, 0, len(objs))
	for _, o := range objs {
		e, ok := o.(*api.Event)
		if !ok {
			continue
		}
		seq, _ := strconv.ParseInt(e.ResourceVersion, 10, 64)
		if seq <= since {
			continue
		}
		rows = append(rows, eventRowOf(e, seq))
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Seq < rows[j].Seq })
	return rows, nil
}

// eventsPrefix is where kube-apiserver keeps core/v1 Events in etcd.
const eventsPrefix = "/registry/events/"

func eventRowOf(e *api.Event, seq int64) eventRow {
	t := printers.EventTime(e)
	src := e.Source.Component
	if src == "" {
		src = e.ReportingController
	}
	host := e.Source.Host
	if host == "" {
		host = e.ReportingInstance
	}
	count := e.Count
	if e.Series != nil && e.Series.Count > count {
		count = e.Series.Count
	}
	if count == 0 {
		count = 1
	}
	io := e.InvolvedObject
	return eventRow{
		Seq: seq, Time: t.UTC().Format("2006-01-02T15:04:05.000Z07:00"), T: ms(t), Type: e.Type, Reason: e.Reason,
		Object: strings.ToLower(io.Kind) + "/" + io.Name, Kind: io.Kind, Name: io.Name, Namespace: io.Namespace,
		FieldPath: io.FieldPath, Source: src, Host: host, Message: e.Message, Count: count, Event: e.Name,
	}
}

type resources struct {
	CPU    int64 `json:"cpu"`    // millicores
	Memory int64 `json:"memory"` // bytes
	Pods   int64 `json:"pods"`
}

type podView struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Status    string `json:"status"`
	Ready     string `json:"ready"`
	Restarts  string `json:"restarts"`
	Node      string `json:"node"`
	Phase     string `json:"phase"`
	Owner     string `json:"owner,omitempty"`
}

type nodeView struct {
	Name           string    `json:"name"`
	Status         string    `json:"status"`
	Roles          string    `json:"roles"`
	KubeletRunning bool      `json:"kubeletRunning"`
	Allocatable    resources `json:"allocatable"`
	Requested      resources `json:"requested"`
	Taints         []string  `json:"taints"`
	Pods           []podView `json:"pods"`
}

type deploymentView struct {
	Name      string `json:"name"`
	Namespace string `json:"namespace"`
	Ready     string `json:"ready"`
	UpToDate  int32  `json:"upToDate"`
	Available int32  `json:"available"`
}

type snapshotView struct {
	Now         float64           `json:"now"`
	Revision    int64             `json:"revision"`
	NodesOnly   bool              `json:"nodesOnly,omitempty"` // pods left out (see snapshot)
	Nodes       []nodeView        `json:"nodes"`
	Pending     []podView         `json:"pending"`
	Components  map[string]string `json:"components"`
	Deployments []deploymentView  `json:"deployments"`
}

// snapshot's optional argument "nodes" leaves the pods out (the diagram polls
// nodes and components only; listing 1,000 pods for it every poll is waste).
func (k *Core) snapshot(a argList) (any, error) {
	c := k.c
	nodesOnly := a.str(0) == "nodes"
	now := c.Sim.Now()
	v := snapshotView{Now: ms(now), Revision: c.Store.Rev(), NodesOnly: nodesOnly, Nodes: []nodeView{}, Pending: []podView{},
		Components: map[string]string{}, Deployments: []deploymentView{}}
	byNode := map[string]int{}
	for _, o := range c.Server.Peek("", "nodes", "") {
		n := o.(*api.Node)
		roles := strings.Join(printers.NodeRoles(n), ",")
		if roles == "" {
			roles = "<none>"
		}
		_, hasKubelet := c.Kubelets[n.Name]
		nv := nodeView{Name: n.Name, Status: printers.NodeStatus(n), Roles: roles,
			KubeletRunning: hasKubelet && c.Running("kubelet/"+n.Name),
			Allocatable:    resourcesOf(n.Status.Allocatable), Taints: []string{}, Pods: []podView{}}
		for _, t := range n.Spec.Taints {
			s := t.Key
			if t.Value != "" {
				s += "=" + t.Value
			}
			nv.Taints = append(nv.Taints, s+":"+string(t.Effect))
		}
		byNode[n.Name] = len(v.Nodes)
		v.Nodes = append(v.Nodes, nv)
	}
	for _, o := range c.Server.Peek("", "pods", "") {
		if nodesOnly {
			break
		}
		p := o.(*api.Pod)
		pv := podView{Name: p.Name, Namespace: p.Namespace, Status: printers.PodStatus(p), Ready: printers.PodReady(p),
			Restarts: printers.PodRestarts(p, now), Node: p.Spec.NodeName, Phase: string(p.Status.Phase)}
		for _, r := range p.OwnerReferences {
			if r.Controller != nil && *r.Controller {
				pv.Owner = strings.ToLower(r.Kind) + "/" + r.Name
			}
		}
		i, ok := byNode[p.Spec.NodeName]
		switch {
		case p.Spec.NodeName == "":
			v.Pending = append(v.Pending, pv)
		case ok:
			v.Nodes[i].Pods = append(v.Nodes[i].Pods, pv)
			if p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
				req := podRequests(p)
				r := &v.Nodes[i].Requested
				r.CPU += req.CPU
				r.Memory += req.Memory
				r.Pods++
			}
		}
	}
	for _, name := range []string{"kube-scheduler", "kube-controller-manager"} {
		present := (name == "kube-scheduler" && c.Scheduler != nil) || (name == "kube-controller-manager" && c.Controllers != nil)
		switch {
		case !present:
			v.Components[name] = "absent"
		case c.Running(name):
			v.Components[name] = "running"
		default:
			v.Components[name] = "stopped"
		}
	}
	for _, o := range c.Server.Peek("apps", "deployments", "") {
		d := o.(*api.Deployment)
		want := int32(1)
		if d.Spec.Replicas != nil {
			want = *d.Spec.Replicas
		}
		v.Deployments = append(v.Deployments, deploymentView{Name: d.Name, Namespace: d.Namespace,
			Ready:    strconv.Itoa(int(d.Status.ReadyReplicas)) + "/" + strconv.Itoa(int(want)),
			UpToDate: d.Status.UpdatedReplicas, Available: d.Status.AvailableReplicas})
	}
	return v, nil
}

func resourcesOf(rl api.ResourceList) resources {
	var r resources
	if q, ok := rl[api.ResourceCPU]; ok {
		r.CPU = q.MilliValue()
	}
	if q, ok := rl[api.ResourceMemory]; ok {
		r.Memory = q.Value()
	}
	if q, ok := rl[api.ResourcePods]; ok {
		r.Pods = q.Value()
	}
	return r
}

// podRequests is the pod's effective request as the scheduler counts it:
// the sum over containers, at least the largest init container's.
func podRequests(p *api.Pod) resources {
	var sum resources
	for _, c := range p.Spec.Containers {
		r := resourcesOf(c.Resources.Requests)
		sum.CPU += r.CPU
		sum.Memory += r.Memory
	}
	for _, c := range p.Spec.InitContainers {
		r := resourcesOf(c.Resources.Requests)
		sum.CPU = max(sum.CPU, r.CPU)
		sum.Memory = max(sum.Memory, r.Memory)
	}
	return sum
}
