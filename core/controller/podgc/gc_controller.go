package podgc

import (
	"encoding/json"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "pod-garbage-collector"

// Timings (podgc).
const (
	GCCheckPeriod  = 20 * time.Second
	QuarantineTime = 40 * time.Second
)

// Controller is the pod garbage collector.
type Controller struct {
	*ctrlutil.Loop
	c        *client.Client
	podInf   *client.Informer
	nodeInf  *client.Informer
	missing  map[string]time.Time // node name -> first seen missing
	stopTick func()
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:       ctx.ClientFor(Name),
		podInf:  ctx.Informers.Informer("pods", ""),
		nodeInf: ctx.Informers.Informer("nodes", ""),
		missing: map[string]time.Time{},
	}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, func(string) error { c.gc(); return nil })
	return c
}

// Start starts the periodic pass.
func (c *Controller) Start() {
	c.Loop.Start()
	c.stopTick = c.Sim().Every(GCCheckPeriod, Name, func() { c.Enqueue("gc") })
}

// Stop stops it and forgets the quarantine.
func (c *Controller) Stop() {
	if c.stopTick != nil {
		c.stopTick()
		c.stopTick = nil
	}
	c.Loop.Stop()
	clear(c.missing)
}

func (c *Controller) gc() {
	if !c.podInf.HasSynced() || !c.nodeInf.HasSynced() {
		return
	}
	now := c.Sim().Now()
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, "") {
		switch {
		case p.Spec.NodeName == "":
			if p.DeletionTimestamp != nil {
				c.forceDelete(p, "", "")
			}
		default:
			n, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", p.Spec.NodeName)
			if !ok {
				first, seen := c.missing[p.Spec.NodeName]
				if !seen {
					c.missing[p.Spec.NodeName] = now
					continue
				}
				if now.Sub(first) < QuarantineTime {
					continue
				}
				if _, err := c.c.Resource("nodes").Get(p.Spec.NodeName); err == nil || !api.IsNotFound(err) {
					delete(c.missing, p.Spec.NodeName)
					continue
				}
				c.forceDelete(p, "DeletionByPodGC", "PodGC: node no longer exists")
				continue
			}
			delete(c.missing, p.Spec.NodeName)
			if p.DeletionTimestamp != nil && outOfService(n) {
				c.forceDelete(p, "DeletionByPodGC", "PodGC: node is out-of-service")
			}
		}
	}
}

func outOfService(n *api.Node) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == api.TaintNodeOutOfService {
			return true
		}
	}
	return false
}

func (c *Controller) forceDelete(p *api.Pod, reason, msg string) {
	c.Trace("delete", "pods", p.Namespace, p.Name, "force-deleting Pod %s/%s (node %q)", p.Namespace, p.Name, p.Spec.NodeName)
	pods := c.c.Resource("pods").Namespace(p.Namespace)
	if reason != "" && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
		patch, _ := json.Marshal(map[string]any{"status": map[string]any{"conditions": []api.PodCondition{{
			Type: api.DisruptionTarget, Status: api.ConditionTrue, Reason: reason, Message: msg,
			LastTransitionTime: api.NewTime(c.Sim().Now())}}}})
		pods.Patch(p.Name, client.StrategicMergePatchType, patch, "status")
	}
	zero := int64(0)
	uid := p.UID
	pods.Delete(p.Name, client.DeleteOptions{GracePeriodSeconds: &zero, Preconditions: &api.Preconditions{UID: &uid}})
}
