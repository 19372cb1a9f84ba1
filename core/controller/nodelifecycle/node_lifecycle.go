package nodelifecycle

import (
	"fmt"
	"sort"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name; EventSource the component on its events.
const (
	Name        = "node-lifecycle-controller"
	EventSource = "node-controller"
)

// Timings (kube-controller-manager defaults).
const (
	NodeMonitorPeriod      = 5 * time.Second
	NodeMonitorGracePeriod = 50 * time.Second
	NodeStartupGracePeriod = 60 * time.Second
)

// Condition texts.
const (
	NodeStatusUnknownReason       = "NodeStatusUnknown"
	NodeStatusUnknownMessage      = "Kubelet stopped posting node status."
	NodeStatusNeverUpdatedReason  = "NodeStatusNeverUpdated"
	NodeStatusNeverUpdatedMessage = "Kubelet never posted node status."
)

// Controller is the node lifecycle controller.
type Controller struct {
	*ctrlutil.Loop
	c        *client.Client
	rec      *client.Recorder
	nodeInf  *client.Informer
	leaseInf *client.Informer
	podInf   *client.Informer
	health   map[string]*health
	known    map[string]bool
	// dirty are the nodes to look at on the next monitor tick besides those
	// whose grace period ran out: nodes whose object or Lease changed, and
	// nodes the last tick acted on (to retry or follow up).
	dirty    map[string]bool
	stopTick func()
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:        ctx.ClientFor(Name),
		nodeInf:  ctx.Informers.Informer("nodes", ""),
		leaseInf: ctx.Informers.Informer("leases", ""),
		podInf:   ctx.Informers.Informer("pods", ""),
		health:   map[string]*health{},
		known:    map[string]bool{},
		dirty:    map[string]bool{},
	}
	c.podInf.AddIndexer(client.PodNodeNameIndex, client.PodNodeNameIndexFunc)
	c.rec = client.NewRecorder(c.c, EventSource, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.syncTaints)
	c.nodeInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) {
			n := obj.(*api.Node)
			if c.Running() && !c.known[n.Name] {
				c.known[n.Name] = true
				c.rec.Eventf(n, api.EventTypeNormal, "RegisteredNode", "Node %s event: Registered Node %s in Controller", n.Name, n.Name)
			}
			c.dirty[n.Name] = true
			c.EnqueueObject(obj)
		},
		OnUpdate: func(_, obj api.Object) {
			c.dirty[obj.GetObjectMeta().Name] = true
			c.EnqueueObject(obj)
		},
		OnDelete: func(obj api.Object) {
			delete(c.health, obj.GetObjectMeta().Name)
			delete(c.known, obj.GetObjectMeta().Name)
			delete(c.dirty, obj.GetObjectMeta().Name)
		},
	})
	leaseChanged := func(obj api.Object) {
		if m := obj.GetObjectMeta(); m.Namespace == api.NamespaceNodeLease {
			c.dirty[m.Name] = true
		}
	}
	c.leaseInf.AddEventHandler(client.Handler{OnAdd: leaseChanged, OnUpdate: func(_, obj api.Object) { leaseChanged(obj) }})
	return c
}

// Start starts the loop and the monitor ticker. Every cached node is looked
// at on the first tick.
func (c *Controller) Start() {
	c.Loop.Start()
	for _, key := range c.nodeInf.ListKeys() {
		c.dirty[key] = true
	}
	c.stopTick = c.Sim().Every(NodeMonitorPeriod, Name+" monitor", c.monitorNodeHealth)
}

// Stop stops everything and forgets every node.
func (c *Controller) Stop() {
	if c.stopTick != nil {
		c.stopTick()
		c.stopTick = nil
	}
	c.Loop.Stop()
	clear(c.health)
	clear(c.known)
	clear(c.dirty)
}

// monitorNodeHealth is one monitor tick. It looks at the nodes whose object
// or Lease changed since the last tick, whose grace period ran out, or that
// the last tick acted on, in name order; every other node is healthy and
// unchanged, and looking at it would do nothing. Cached objects are read,
// never modified: a node is copied only when it is about to be written.
func (c *Controller) monitorNodeHealth() {
	if !c.nodeInf.HasSynced() {
		return
	}
	now := c.Sim().Now()
	for name, h := range c.health {
		if h.expired(now) {
			c.dirty[name] = true
		}
	}
	if len(c.dirty) == 0 {
		return
	}
	names := sortedKeys(c.dirty)
	clear(c.dirty)
	for _, name := range names {
		n, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", name)
		if !ok {
			continue
		}
		observed, current := c.tryUpdateNodeHealth(n)
		if current == nil {
			continue
		}
		if c.processTaintBaseEviction(n, observed) {
			c.dirty[name] = true
		}
		if current.Status != api.ConditionTrue && observed.Status == api.ConditionTrue {
			c.dirty[name] = true
			c.rec.Eventf(n, api.EventTypeNormal, "NodeNotReady", "Node %s status is now: %s", n.Name, "NodeNotReady")
			c.markPodsNotReady(n.Name)
		}
	}
}

// processTaintBaseEviction keeps the NoExecute not-ready / unreachable
// taint in step with the observed Ready condition: Ready=False wants
// not-ready, Unknown wants unreachable, True wants neither
// (markNodeAsReachable). It reports whether the taints were out of step (and
// an update was attempted).
func (c *Controller) processTaintBaseEviction(n *api.Node, observed api.NodeCondition) bool {
	var want string
	switch observed.Status {
	case api.ConditionFalse:
		want = api.TaintNodeNotReady
	case api.ConditionUnknown:
		want = api.TaintNodeUnreachable
	}
	has := func(k string) bool { return hasTaint(n.Spec.Taints, k, api.TaintEffectNoExecute) }
	if (want == "" && !has(api.TaintNodeNotReady) && !has(api.TaintNodeUnreachable)) ||
		(want != "" && has(want) && !has(otherOf(want))) {
		return false
	}
	now := c.Sim().Now()
	c.updateTaints(n.Name, func(taints []api.Taint) []api.Taint {
		var out []api.Taint
		for _, t := range taints {
			if t.Effect == api.TaintEffectNoExecute && (t.Key == api.TaintNodeNotReady || t.Key == api.TaintNodeUnreachable) && t.Key != want {
				continue
			}
			out = append(out, t)
		}
		if want != "" && !hasTaint(out, want, api.TaintEffectNoExecute) {
			out = append(out, api.Taint{Key: want, Effect: api.TaintEffectNoExecute, TimeAdded: api.NewTimePtr(now)})
		}
		return out
	})
	return true
}

func otherOf(key string) string {
	if key == api.TaintNodeNotReady {
		return api.TaintNodeUnreachable
	}
	return api.TaintNodeNotReady
}

// syncTaints is the NoSchedule tainting pass for one node (doNoScheduleTaintingPass).
func (c *Controller) syncTaints(key string) error {
	n, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", key)
	if !ok {
		return nil
	}
	want := desiredNoSchedule(n)
	changed := false
	for _, t := range n.Spec.Taints {
		if t.Effect == api.TaintEffectNoSchedule && managedNoSchedule[t.Key] && !want[t.Key] {
			changed = true
		}
	}
	for k := range want {
		if !hasTaint(n.Spec.Taints, k, api.TaintEffectNoSchedule) {
			changed = true
		}
	}
	if !changed {
		return nil
	}
	return c.updateTaints(n.Name, func(taints []api.Taint) []api.Taint {
		var out []api.Taint
		for _, t := range taints {
			if t.Effect == api.TaintEffectNoSchedule && managedNoSchedule[t.Key] && !want[t.Key] {
				continue
			}
			out = append(out, t)
		}
		for _, k := range sortedKeys(want) {
			if !hasTaint(out, k, api.TaintEffectNoSchedule) {
				out = append(out, api.Taint{Key: k, Effect: api.TaintEffectNoSchedule})
			}
		}
		return out
	})
}

// updateTaints re-reads the node, applies mutate to its taints and writes
// it back if they changed, retrying on conflicts.
func (c *Controller) updateTaints(name string, mutate func([]api.Taint) []api.Taint) error {
	rc := c.c.Resource("nodes")
	for attempt := 0; attempt < 3; attempt++ {
		obj, err := rc.Get(name)
		if err != nil {
			return err
		}
		n := obj.(*api.Node)
		before := fmt.Sprint(taintKeys(n.Spec.Taints))
		n.Spec.Taints = mutate(append([]api.Taint(nil), n.Spec.Taints...))
		after := fmt.Sprint(taintKeys(n.Spec.Taints))
		if before == after {
			return nil
		}
		c.Trace("update", "nodes", "", name, "node %s taints: %s -> %s", name, before, after)
		if _, err = rc.Update(n); err == nil {
			return nil
		} else if !api.IsConflict(err) {
			return err
		}
	}
	return fmt.Errorf("updating taints of node %s: too many conflicts", name)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func taintKeys(ts []api.Taint) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Key + ":" + string(t.Effect)
	}
	return out
}

// markPodsNotReady sets Ready=False on every pod of the node (MarkPodsNotReady)
// and records NodeNotReady on each.
func (c *Controller) markPodsNotReady(node string) {
	now := api.NewTime(c.Sim().Now())
	for _, obj := range c.podInf.ByIndex(client.PodNodeNameIndex, node) {
		p := obj.(*api.Pod)
		if p.DeletionTimestamp != nil || !ctrlutil.IsPodReady(p) {
			continue
		}
		cp := api.DeepCopyAs(p)
		for i := range cp.Status.Conditions {
			if cp.Status.Conditions[i].Type == api.PodReady {
				cp.Status.Conditions[i].Status = api.ConditionFalse
				cp.Status.Conditions[i].LastTransitionTime = now
			}
		}
		c.Trace("update", "pods", p.Namespace, p.Name, "marking Pod %s/%s not ready: node %s is not ready", p.Namespace, p.Name, node)
		if _, err := c.c.Resource("pods").Namespace(p.Namespace).UpdateStatus(cp); err == nil {
			c.rec.Event(p, api.EventTypeWarning, "NodeNotReady", "Node is not ready")
		}
	}
}
