package deployment

import (
	"reflect"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/replicaset"
)

// Name is the controller's name and its events' source component.
const Name = "deployment-controller"

// Controller is the Deployment controller.
type Controller struct {
	*ctrlutil.Loop
	c      *client.Client
	rec    *client.Recorder
	dInf   *client.Informer
	rsInf  *client.Informer
	podInf *client.Informer
	// cs holds this controller's own writes per Deployment until the
	// informers show them; stored is the latest Deployment the current
	// sync wrote (fresher than the cache).
	cs     *ctrlutil.ConsistencyStore
	stored map[string]*api.Deployment
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		dInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("deployments", "")),
		rsInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("replicasets", "")),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
	}
	c.cs = ctrlutil.NewConsistencyStore(ctx.Sim, c.dInf, c.rsInf)
	c.stored = map[string]*api.Deployment{}
	c.rec = client.NewRecorder(c.c, Name, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.dInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { c.EnqueueObject(obj) },
		OnUpdate: func(_, obj api.Object) { c.EnqueueObject(obj) },
		OnDelete: func(obj api.Object) {
			c.cs.Clear(client.KeyFunc(obj))
			c.EnqueueObject(obj)
		},
	})
	c.rsInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) { c.rsChanged(nil, obj.(*api.ReplicaSet)) },
		OnUpdate: func(old, cur api.Object) {
			if old.GetObjectMeta().ResourceVersion != cur.GetObjectMeta().ResourceVersion {
				c.rsChanged(old.(*api.ReplicaSet), cur.(*api.ReplicaSet))
			}
		},
		OnDelete: func(obj api.Object) { c.rsChanged(nil, obj.(*api.ReplicaSet)) },
	})
	c.podInf.AddEventHandler(client.Handler{OnDelete: func(obj api.Object) { c.podDeleted(obj.(*api.Pod)) }})
	return c
}

// Stop forgets the writes waiting to be observed.
func (c *Controller) Stop() {
	c.Loop.Stop()
	c.cs.Reset()
	clear(c.stored)
}

func (c *Controller) resolve(ns string, ref *api.OwnerReference) *api.Deployment {
	if ref == nil || ref.Kind != "Deployment" {
		return nil
	}
	d, ok := ctrlutil.Get[*api.Deployment](c.dInf, ns, ref.Name)
	if !ok || d.UID != ref.UID {
		return nil
	}
	return d
}

func (c *Controller) rsChanged(old, cur *api.ReplicaSet) {
	if old != nil {
		if oref, cref := ctrlutil.GetControllerOf(old), ctrlutil.GetControllerOf(cur); oref != nil && (cref == nil || cref.UID != oref.UID) {
			if d := c.resolve(old.Namespace, oref); d != nil {
				c.EnqueueObject(d)
			}
		}
	}
	if ref := ctrlutil.GetControllerOf(cur); ref != nil {
		if d := c.resolve(cur.Namespace, ref); d != nil {
			c.EnqueueObject(d)
		}
		return
	}
	for _, d := range ctrlutil.ListIn[*api.Deployment](c.dInf, cur.Namespace) {
		if sel, err := ctrlutil.Selector(d.Spec.Selector); err == nil && !sel.Empty() && sel.Matches(labels.Set(cur.Labels)) {
			c.EnqueueObject(d)
		}
	}
}

// podDeleted wakes a Recreate rollout waiting for the old pods to go.
func (c *Controller) podDeleted(p *api.Pod) {
	ref := ctrlutil.GetControllerOf(p)
	if ref == nil || ref.Kind != "ReplicaSet" {
		return
	}
	rs, ok := ctrlutil.Get[*api.ReplicaSet](c.rsInf, p.Namespace, ref.Name)
	if !ok {
		return
	}
	if d := c.resolve(p.Namespace, ctrlutil.GetControllerOf(rs)); d != nil && d.Spec.Strategy.Type == api.RecreateDeploymentStrategyType {
		c.EnqueueObject(d)
	}
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	cached, ok := ctrlutil.Get[*api.Deployment](c.dInf, ns, name)
	if !ok {
		c.cs.Clear(key)
		return nil
	}
	// Act only on a cache that shows this controller's own last writes:
	// otherwise it would create the same ReplicaSet again or update a
	// Deployment it has already changed (409 Conflict). The informer event
	// of that write queues the key again.
	if err := c.cs.EnsureReady(key); err != nil {
		return err
	}
	c.stored[key] = cached
	defer delete(c.stored, key)
	d := normalized(cached)
	if d.Spec.Selector == nil || (len(d.Spec.Selector.MatchLabels) == 0 && len(d.Spec.Selector.MatchExpressions) == 0) {
		c.rec.Eventf(cached, api.EventTypeWarning, "SelectingAll", "This deployment is selecting all pods. A non-empty selector is required.")
		if d.Status.ObservedGeneration < d.Generation {
			d.Status.ObservedGeneration = d.Generation
			obj, err := c.c.Resource("deployments").Namespace(ns).UpdateStatus(d)
			c.cs.WroteAt(key, "deployments", obj)
			return err
		}
		return nil
	}
	rsList, err := c.claimReplicaSets(d)
	if err != nil {
		return err
	}
	if d.DeletionTimestamp != nil {
		return c.syncStatusOnly(d, rsList)
	}
	if err := c.checkPausedConditions(d); err != nil {
		return err
	}
	if d.Spec.Paused {
		return c.syncScale(d, rsList)
	}
	if c.isScalingEvent(d, rsList) {
		return c.syncScale(d, rsList)
	}
	switch d.Spec.Strategy.Type {
	case api.RecreateDeploymentStrategyType:
		return c.rolloutRecreate(d, rsList)
	default:
		return c.rolloutRolling(d, rsList)
	}
}

// claimReplicaSets returns the ReplicaSets the Deployment owns, adopting
// matching orphans and releasing owned ones that stopped matching.
func (c *Controller) claimReplicaSets(d *api.Deployment) ([]*api.ReplicaSet, error) {
	sel, err := ctrlutil.Selector(d.Spec.Selector)
	if err != nil {
		return nil, err
	}
	var owned []*api.ReplicaSet
	for _, rs := range ctrlutil.ListIn[*api.ReplicaSet](c.rsInf, d.Namespace) {
		matches := sel.Matches(labels.Set(rs.Labels))
		ref := ctrlutil.GetControllerOf(rs)
		switch {
		case ref != nil && ref.UID != d.UID:
		case ref != nil && matches:
			owned = append(owned, rs)
		case ref != nil:
			if d.DeletionTimestamp == nil {
				c.Trace("patch", "replicasets.apps", rs.Namespace, rs.Name, "releasing ReplicaSet %s/%s from Deployment %s", rs.Namespace, rs.Name, d.Name)
				var refs []api.OwnerReference
				for _, r := range rs.OwnerReferences {
					if r.UID != d.UID {
						refs = append(refs, r)
					}
				}
				if err := replicaset.PatchOwnerReferences(c.c, "replicasets", rs.Namespace, rs.Name, rs.UID, refs); err != nil && !api.IsNotFound(err) {
					return nil, err
				}
			}
		case matches && d.DeletionTimestamp == nil:
			c.Trace("patch", "replicasets.apps", rs.Namespace, rs.Name, "adopting orphan ReplicaSet %s/%s into Deployment %s", rs.Namespace, rs.Name, d.Name)
			refs := append(append([]api.OwnerReference(nil), rs.OwnerReferences...), ctrlutil.NewControllerRef(d))
			if err := replicaset.PatchOwnerReferences(c.c, "replicasets", rs.Namespace, rs.Name, rs.UID, refs); err != nil {
				if api.IsNotFound(err) {
					continue
				}
				return nil, err
			}
			owned = append(owned, rs)
		}
	}
	return owned, nil
}

// writeDeployment stores d's annotations (a plain update: kubeplay's
// status subresource keeps metadata) and then its status, each only if it
// changed from the latest stored copy (what this sync last wrote, else the
// cache); d becomes what was stored. Each write builds on the object the
// previous one returned, so a sync never conflicts with itself.
func (c *Controller) writeDeployment(d *api.Deployment) error {
	rc := c.c.Resource("deployments").Namespace(d.Namespace)
	key := client.KeyFunc(d)
	base, ok := c.stored[key]
	if !ok {
		base, ok = ctrlutil.Get[*api.Deployment](c.dInf, d.Namespace, d.Name)
	}
	if ok && !reflect.DeepEqual(base.Annotations, d.Annotations) {
		upd := api.DeepCopyAs(base)
		upd.Annotations = d.Annotations
		obj, err := rc.Update(upd)
		if err != nil {
			return err
		}
		base = obj.(*api.Deployment)
		c.wroteDeployment(key, base)
		d.ResourceVersion = base.ResourceVersion
	}
	if ok && reflect.DeepEqual(base.Status, d.Status) {
		return nil
	}
	obj, err := rc.UpdateStatus(d)
	if err != nil {
		return err
	}
	stored := obj.(*api.Deployment)
	c.wroteDeployment(key, stored)
	*d = *normalized(stored)
	return nil
}

func (c *Controller) wroteDeployment(key string, stored *api.Deployment) {
	c.stored[key] = stored
	c.cs.WroteAt(key, "deployments", stored)
}

// wroteReplicaSet records a write to a ReplicaSet of Deployment d.
func (c *Controller) wroteReplicaSet(d *api.Deployment, rs api.Object) {
	c.cs.WroteAt(client.KeyFunc(d), "replicasets", rs)
}
