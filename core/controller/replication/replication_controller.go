// Package replication plays kube-controller-manager's replicationcontroller
// controller: the ReplicaSet controller's logic for ReplicationControllers,
// whose selector is a plain equality map (pkg/controller/replication).
package replication

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/replicaset"
)

// Name is the controller's name and its events' source component.
const Name = "replicationcontroller-controller"

// Controller is the ReplicationController controller.
type Controller struct {
	*ctrlutil.Loop
	c             *client.Client
	rcInf, podInf *client.Informer
	pc            ctrlutil.PodControl
	exp           *ctrlutil.Expectations
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		rcInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("replicationcontrollers", "")),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		exp:    ctrlutil.NewExpectations(ctx.Sim),
	}
	c.pc = ctrlutil.PodControl{Client: c.c, Recorder: client.NewRecorder(c.c, "replication-controller", "")}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.rcInf.AddEventHandler(client.Handler{OnAdd: c.EnqueueObject, OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) }})
	pod := func(obj api.Object) {
		p := obj.(*api.Pod)
		if ref := ctrlutil.GetControllerOf(p); ref != nil {
			if ref.Kind == "ReplicationController" {
				key := p.Namespace + "/" + ref.Name
				if p.DeletionTimestamp != nil {
					c.exp.DeletionObserved(key, client.KeyFunc(p))
				} else {
					c.exp.CreationObserved(key)
				}
				c.Enqueue(key)
			}
			return
		}
		for _, rc := range ctrlutil.ListIn[*api.ReplicationController](c.rcInf, p.Namespace) {
			if len(rc.Spec.Selector) > 0 && labels.SelectorFromSet(labels.Set(rc.Spec.Selector)).Matches(labels.Set(p.Labels)) {
				c.EnqueueObject(rc)
			}
		}
	}
	c.podInf.AddEventHandler(client.Handler{OnAdd: pod, OnUpdate: func(_, o api.Object) {
		if p := o.(*api.Pod); p.DeletionTimestamp == nil {
			if ref := ctrlutil.GetControllerOf(p); ref != nil && ref.Kind == "ReplicationController" {
				c.Enqueue(p.Namespace + "/" + ref.Name)
				return
			}
		}
		pod(o)
	}, OnDelete: func(o api.Object) {
		if ref := ctrlutil.GetControllerOf(o); ref != nil && ref.Kind == "ReplicationController" {
			key := o.GetObjectMeta().Namespace + "/" + ref.Name
			c.exp.DeletionObserved(key, client.KeyFunc(o))
			c.Enqueue(key)
		}
	}})
	return c
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	rc, ok := ctrlutil.Get[*api.ReplicationController](c.rcInf, ns, name)
	if !ok || rc.Spec.Template == nil || len(rc.Spec.Selector) == 0 {
		return nil
	}
	sel := labels.SelectorFromSet(labels.Set(rc.Spec.Selector))
	var owned []*api.Pod
	for _, p := range ctrlutil.ActivePodsIn(c.podInf, ns) {
		ref := ctrlutil.GetControllerOf(p)
		switch {
		case ref != nil && ref.UID == rc.UID:
			owned = append(owned, p)
		case ref == nil && rc.DeletionTimestamp == nil && sel.Matches(labels.Set(p.Labels)):
			refs := append(append([]api.OwnerReference(nil), p.OwnerReferences...), ctrlutil.NewControllerRef(rc))
			if err := replicaset.PatchOwnerReferences(c.c, "pods", p.Namespace, p.Name, p.UID, refs); err != nil {
				if api.IsNotFound(err) {
					continue
				}
				return err
			}
			owned = append(owned, p)
		}
	}
	want := int(ctrlutil.Int32(rc.Spec.Replicas, 1))
	now := c.Sim().Now()
	if rc.DeletionTimestamp == nil && c.exp.Satisfied(key) {
		switch diff := len(owned) - want; {
		case diff < 0:
			ref := ctrlutil.NewControllerRef(rc)
			c.Trace("create", "pods", ns, rc.Name, "ReplicationController %s/%s has %d of %d pods: creating %d", ns, rc.Name, len(owned), want, -diff)
			c.exp.ExpectCreations(key, -diff)
			for i := 0; i < -diff; i++ {
				if _, err := c.pc.CreatePod(ctrlutil.PodFromTemplate(rc.Spec.Template, rc, &ref), rc); err != nil {
					c.exp.CreationObserved(key)
					return err
				}
			}
		case diff > 0:
			ranked := append([]*api.Pod(nil), owned...)
			ctrlutil.RankPodsForDeletion(ranked, owned, now)
			c.Trace("delete", "pods", ns, rc.Name, "ReplicationController %s/%s has %d of %d pods: deleting %d", ns, rc.Name, len(owned), want, diff)
			keys := make([]string, diff)
			for i, p := range ranked[:diff] {
				keys[i] = client.KeyFunc(p)
			}
			c.exp.ExpectDeletions(key, keys)
			for _, p := range ranked[:diff] {
				if err := c.pc.DeletePod(p.Namespace, p.Name, rc); err != nil && !api.IsNotFound(err) {
					return err
				}
			}
		}
	}
	return c.updateStatus(rc, owned, now)
}

func (c *Controller) updateStatus(rc *api.ReplicationController, pods []*api.Pod, now time.Time) error {
	st := api.ReplicationControllerStatus{Replicas: int32(len(pods)), ObservedGeneration: rc.Generation, Conditions: rc.Status.Conditions}
	tmpl := labels.SelectorFromSet(labels.Set(rc.Spec.Template.Labels))
	for _, p := range pods {
		if tmpl.Matches(labels.Set(p.Labels)) {
			st.FullyLabeledReplicas++
		}
		if r, a := ctrlutil.PodReadiness(p, rc.Spec.MinReadySeconds, now); r {
			st.ReadyReplicas++
			if a {
				st.AvailableReplicas++
			}
		}
	}
	old := rc.Status
	if old.Replicas == st.Replicas && old.FullyLabeledReplicas == st.FullyLabeledReplicas && old.ReadyReplicas == st.ReadyReplicas &&
		old.AvailableReplicas == st.AvailableReplicas && old.ObservedGeneration == st.ObservedGeneration {
		return nil
	}
	next := api.DeepCopyAs(rc)
	next.Status = st
	_, err := c.c.Resource("replicationcontrollers").Namespace(rc.Namespace).UpdateStatus(next)
	return err
}

// Stop stops the loop and forgets the expectations.
func (c *Controller) Stop() {
	c.Loop.Stop()
	c.exp.Reset()
}
