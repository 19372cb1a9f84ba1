package nodelifecycle

import (
	"encoding/json"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/sim"
)

// TaintEvictionName is the taint eviction controller's name and its events'
// source component.
const TaintEvictionName = "taint-eviction-controller"

// scheduled is a pending eviction.
type scheduled struct {
	timer *sim.Timer
	at    time.Time
}

// TaintEviction deletes pods that do not tolerate their node's NoExecute
// taints (tainteviction.Controller).
type TaintEviction struct {
	*ctrlutil.Loop
	c       *client.Client
	rec     *client.Recorder
	nodeInf *client.Informer
	podInf  *client.Informer
	pending map[string]*scheduled // pod key -> eviction
}

// NewTaintEviction builds the controller on the manager's shared informers.
func NewTaintEviction(ctx *ctrlutil.Context) *TaintEviction {
	c := &TaintEviction{
		c:       ctx.ClientFor(TaintEvictionName),
		nodeInf: ctx.Informers.Informer("nodes", ""),
		podInf:  ctx.Informers.Informer("pods", ""),
		pending: map[string]*scheduled{},
	}
	c.podInf.AddIndexer(client.PodNodeNameIndex, client.PodNodeNameIndexFunc)
	c.rec = client.NewRecorder(c.c, TaintEvictionName, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, TaintEvictionName, c.sync)
	c.nodeInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) { c.nodeChanged(obj.(*api.Node)) },
		OnUpdate: func(old, cur api.Object) {
			if noExecute(old.(*api.Node)) != noExecute(cur.(*api.Node)) {
				c.nodeChanged(cur.(*api.Node))
			}
		},
	})
	c.podInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { c.EnqueueObject(obj) },
		OnUpdate: func(_, obj api.Object) { c.EnqueueObject(obj) },
		OnDelete: func(obj api.Object) { c.cancel(client.KeyFunc(obj), false) },
	})
	return c
}

func noExecute(n *api.Node) string {
	s := ""
	for _, t := range n.Spec.Taints {
		if t.Effect == api.TaintEffectNoExecute {
			s += t.Key + "=" + t.Value + ";"
		}
	}
	return s
}

func (c *TaintEviction) nodeChanged(n *api.Node) {
	for _, obj := range c.podInf.ByIndex(client.PodNodeNameIndex, n.Name) {
		c.EnqueueObject(obj)
	}
}

// Stop forgets every scheduled eviction.
func (c *TaintEviction) Stop() {
	c.Loop.Stop()
	for k := range c.pending {
		c.cancel(k, false)
	}
}

func (c *TaintEviction) cancel(key string, withEvent bool) {
	s, ok := c.pending[key]
	if !ok {
		return
	}
	s.timer.Stop()
	delete(c.pending, key)
	if withEvent {
		ns, name := client.SplitKey(key)
		if p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name); ok {
			c.rec.Eventf(p, api.EventTypeNormal, "TaintManagerEviction", "Cancelling deletion of Pod %s", key)
		}
	}
}

// sync decides one pod's fate against its node's NoExecute taints.
func (c *TaintEviction) sync(key string) error {
	ns, name := client.SplitKey(key)
	p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name)
	if !ok || p.DeletionTimestamp != nil || p.Spec.NodeName == "" {
		c.cancel(key, false)
		return nil
	}
	node, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", p.Spec.NodeName)
	if !ok {
		return nil
	}
	var taints []api.Taint
	for _, t := range node.Spec.Taints {
		if t.Effect == api.TaintEffectNoExecute {
			taints = append(taints, t)
		}
	}
	if len(taints) == 0 {
		c.cancel(key, true)
		return nil
	}
	now := c.Sim().Now()
	minSeconds := int64(-1)
	start := now
	for _, t := range taints {
		tolerated := false
		for _, tol := range p.Spec.Tolerations {
			if !Tolerates(tol, t) {
				continue
			}
			tolerated = true
			if tol.TolerationSeconds != nil {
				s := max(*tol.TolerationSeconds, 0)
				if minSeconds < 0 || s < minSeconds {
					minSeconds = s
				}
			}
		}
		if !tolerated {
			c.cancel(key, false)
			c.Trace("delete", "pods", ns, name, "Pod %s does not tolerate taint %s:%s of node %s: deleting it now", key, t.Key, t.Effect, node.Name)
			return c.evict(p)
		}
		if t.TimeAdded != nil && t.TimeAdded.Before(start) {
			start = t.TimeAdded.Time
		}
	}
	if minSeconds < 0 {
		c.cancel(key, true) // tolerated forever
		return nil
	}
	at := start.Add(time.Duration(minSeconds) * time.Second)
	if s, ok := c.pending[key]; ok {
		if !s.at.After(at) {
			return nil
		}
		c.cancel(key, false)
	}
	uid := p.UID
	c.Trace("delete", "pods", ns, name, "Pod %s tolerates the NoExecute taints of node %s for %ds: deletion at %s", key, node.Name, minSeconds, at.UTC().Format("15:04:05"))
	c.pending[key] = &scheduled{at: at, timer: c.Sim().After(at.Sub(now), TaintEvictionName+" evict "+key, func() {
		delete(c.pending, key)
		if p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name); ok && p.UID == uid && p.DeletionTimestamp == nil {
			if c.evict(p) != nil {
				c.Enqueue(key)
			}
		}
	})}
	return nil
}

// evict records "Marking for deletion Pod ns/name", adds the
// DisruptionTarget condition and deletes the pod.
func (c *TaintEviction) evict(p *api.Pod) error {
	key := client.KeyFunc(p)
	c.rec.Eventf(p, api.EventTypeNormal, "TaintManagerEviction", "Marking for deletion Pod %s", key)
	patch, _ := json.Marshal(map[string]any{"status": map[string]any{"conditions": []api.PodCondition{{
		Type: api.DisruptionTarget, Status: api.ConditionTrue, Reason: "DeletionByTaintManager",
		Message: "Taint manager: deleting due to NoExecute taint", LastTransitionTime: api.NewTime(c.Sim().Now())}}}})
	pods := c.c.Resource("pods").Namespace(p.Namespace)
	pods.Patch(p.Name, client.StrategicMergePatchType, patch, "status")
	uid := p.UID
	_, err := pods.Delete(p.Name, client.DeleteOptions{Preconditions: &api.Preconditions{UID: &uid}})
	if err != nil && (api.IsNotFound(err) || api.IsConflict(err)) {
		return nil
	}
	return err
}
