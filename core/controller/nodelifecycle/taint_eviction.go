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

// scheduled is a pending eviction: the countdown started at created, when
// the controller first saw the pod on its tainted node, and ends at at.
type scheduled struct {
	timer   *sim.Timer
	created time.Time
	at      time.Time
}

// evictRetries is how many times a due eviction is tried (tainteviction's
// retries), evictRetryDelay the pause between tries.
const (
	evictRetries    = 5
	evictRetryDelay = 10 * time.Millisecond
)

// TaintEviction deletes pods that do not tolerate their node's NoExecute
// taints (tainteviction.Controller).
type TaintEviction struct {
	*ctrlutil.Loop
	c       *client.Client
	rec     *client.Recorder
	nodeInf *client.Informer
	podInf  *client.Informer
	pending map[string]*scheduled // pod key -> eviction
	// evicted remembers the pods (key -> UID) whose eviction went through,
	// so that they are not marked for deletion twice (the real queue keeps
	// a finished worker's key for the same reason).
	evicted map[string]string
}

// NewTaintEviction builds the controller on the manager's shared informers.
func NewTaintEviction(ctx *ctrlutil.Context) *TaintEviction {
	c := &TaintEviction{
		c:       ctx.ClientFor(TaintEvictionName),
		nodeInf: ctx.Informers.Informer("nodes", ""),
		podInf:  ctx.Informers.Informer("pods", ""),
		pending: map[string]*scheduled{},
		evicted: map[string]string{},
	}
	c.podInf.AddIndexer(client.PodNodeNameIndex, client.PodNodeNameIndexFunc)
	c.rec = client.NewRecorder(c.c, TaintEvictionName, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, TaintEvictionName, c.sync)
	c.nodeInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) { c.nodeChanged(obj.(*api.Node)) },
		OnUpdate: func(old, cur api.Object) {
			if !sameNoExecute(old.(*api.Node).Spec.Taints, cur.(*api.Node).Spec.Taints) {
				c.nodeChanged(cur.(*api.Node))
			}
		},
	})
	c.podInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) { c.EnqueueObject(obj) },
		OnUpdate: func(old, cur api.Object) {
			// PodUpdated: only a new node or new tolerations change the
			// pod's fate (and, here, the start of its deletion).
			o, n := old.(*api.Pod), cur.(*api.Pod)
			if o.Spec.NodeName != n.Spec.NodeName || !sameTolerations(o.Spec.Tolerations, n.Spec.Tolerations) ||
				(o.DeletionTimestamp == nil) != (n.DeletionTimestamp == nil) {
				c.EnqueueObject(cur)
			}
		},
		OnDelete: func(obj api.Object) {
			key := client.KeyFunc(obj)
			delete(c.evicted, key)
			if c.cancel(key) {
				c.cancelEvent(obj, key)
			}
		},
	})
	return c
}

// sameNoExecute reports whether two taint lists carry the same NoExecute
// taints in the same order.
func sameNoExecute(a, b []api.Taint) bool {
	i, j := 0, 0
	for {
		for i < len(a) && a[i].Effect != api.TaintEffectNoExecute {
			i++
		}
		for j < len(b) && b[j].Effect != api.TaintEffectNoExecute {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i].Key != b[j].Key || a[i].Value != b[j].Value || !sameTimeAdded(a[i].TimeAdded, b[j].TimeAdded) {
			return false
		}
		i, j = i+1, j+1
	}
}

func sameTimeAdded(a, b *api.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(b.Time)
}

func sameTolerations(a, b []api.Toleration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Key != y.Key || x.Operator != y.Operator || x.Value != y.Value || x.Effect != y.Effect ||
			(x.TolerationSeconds == nil) != (y.TolerationSeconds == nil) ||
			(x.TolerationSeconds != nil && *x.TolerationSeconds != *y.TolerationSeconds) {
			return false
		}
	}
	return true
}

func (c *TaintEviction) nodeChanged(n *api.Node) {
	for _, key := range c.podInf.IndexKeys(client.PodNodeNameIndex, n.Name) {
		c.Enqueue(key)
	}
}

// Stop forgets every scheduled eviction.
func (c *TaintEviction) Stop() {
	c.Loop.Stop()
	for k := range c.pending {
		c.cancel(k)
	}
	clear(c.evicted)
}

// cancel stops the pod's pending eviction and reports whether there was one.
func (c *TaintEviction) cancel(key string) bool {
	s, ok := c.pending[key]
	if !ok {
		return false
	}
	s.timer.Stop()
	delete(c.pending, key)
	return true
}

// cancelWithEvent stops the pod's pending eviction, if any, and records
// "Cancelling deletion of Pod ns/name" (cancelWorkWithEvent).
func (c *TaintEviction) cancelWithEvent(p *api.Pod) {
	key := client.KeyFunc(p)
	if c.cancel(key) {
		c.cancelEvent(p, key)
	}
}

func (c *TaintEviction) cancelEvent(obj api.Object, key string) {
	ns, name := client.SplitKey(key)
	c.Trace("update", "pods", ns, name, "Pod %s: its NoExecute taints are gone or tolerated: deletion cancelled", key)
	c.rec.Eventf(obj, api.EventTypeNormal, "TaintManagerEviction", "Cancelling deletion of Pod %s", key)
}

// sync decides one pod's fate against its node's NoExecute taints
// (processPodOnNode). A pod that does not tolerate one of them is deleted
// now. A pod that tolerates all of them for a while is deleted the shortest
// of its tolerationSeconds after the controller first saw it on the tainted
// node: for a taint added while the pod ran there that is (within a watch
// latency) the taint's timeAdded; for a pod bound to a node that was
// already tainted it is the binding, never the taint's older timeAdded. The
// countdown, once started, is kept until the taints go or stop mattering,
// which cancels it.
func (c *TaintEviction) sync(key string) error {
	ns, name := client.SplitKey(key)
	p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name)
	if !ok || p.DeletionTimestamp != nil || p.Spec.NodeName == "" {
		c.cancel(key)
		return nil
	}
	if uid, done := c.evicted[key]; done && uid == p.UID {
		return nil
	}
	node, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", p.Spec.NodeName)
	if !ok {
		return nil
	}
	now := c.Sim().Now()
	minSeconds := int64(-1)
	tainted := false
	for _, t := range node.Spec.Taints {
		if t.Effect != api.TaintEffectNoExecute {
			continue
		}
		tainted = true
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
			c.cancelWithEvent(p)
			c.Trace("delete", "pods", ns, name, "Pod %s does not tolerate taint %s:%s of node %s: deleting it now", key, t.Key, t.Effect, node.Name)
			c.evictNow(p, evictRetries)
			return nil
		}
	}
	if !tainted || minSeconds < 0 {
		c.cancelWithEvent(p) // no NoExecute taint, or tolerated forever
		return nil
	}
	at := now.Add(time.Duration(minSeconds) * time.Second)
	if s, ok := c.pending[key]; ok {
		if s.created.Before(now) || s.at.Equal(at) {
			return nil // the countdown already runs
		}
		c.cancel(key) // seen twice in the same instant: the later look wins
	}
	uid := p.UID
	c.Trace("delete", "pods", ns, name, "Pod %s tolerates the NoExecute taints of node %s for %ds: deletion at %s", key, node.Name, minSeconds, at.UTC().Format("15:04:05"))
	c.pending[key] = &scheduled{created: now, at: at, timer: c.Sim().After(at.Sub(now), TaintEvictionName+" evict "+key, func() {
		delete(c.pending, key)
		if p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name); ok && p.UID == uid && p.DeletionTimestamp == nil {
			c.evictNow(p, evictRetries)
		}
	})}
	return nil
}

// evictNow evicts the pod, trying again shortly after a failure, at most
// tries times in all.
func (c *TaintEviction) evictNow(p *api.Pod, tries int) {
	key := client.KeyFunc(p)
	c.evicted[key] = p.UID
	if c.evict(p, tries == evictRetries) == nil {
		return
	}
	delete(c.evicted, key)
	if tries <= 1 {
		return
	}
	ns, name, uid := p.Namespace, p.Name, p.UID
	c.Sim().After(evictRetryDelay, TaintEvictionName+" evict "+key, func() {
		if p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name); ok && p.UID == uid && p.DeletionTimestamp == nil && c.Running() {
			c.evictNow(p, tries-1)
		}
	})
}

// evict records "Marking for deletion Pod ns/name" (on the first try),
// adds the DisruptionTarget condition and deletes the pod.
func (c *TaintEviction) evict(p *api.Pod, first bool) error {
	if first {
		c.rec.Eventf(p, api.EventTypeNormal, "TaintManagerEviction", "Marking for deletion Pod %s", client.KeyFunc(p))
	}
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
