package garbagecollector

import (
	"encoding/json"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "garbage-collector-controller"

// Monitored are the resources whose ownerReferences the collector follows.
// kube-controller-manager's collector monitors every deletable resource
// (GetDeletableResources); here, every kind that owns or is owned in a
// cluster kubeplay runs: the workloads and what they create (a StatefulSet's
// ControllerRevisions and claims, a CronJob's Jobs), so a StatefulSet
// deleted with --cascade=orphan loses its finalizer and a CronJob's Jobs
// go with it. Each is an informer the other controllers share.
func Monitored() []string {
	return []string{"configmaps", "controllerrevisions", "cronjobs", "daemonsets", "deployments", "endpointslices",
		"horizontalpodautoscalers", "jobs", "leases", "nodes", "persistentvolumeclaims", "persistentvolumes", "pods",
		"poddisruptionbudgets", "replicasets", "replicationcontrollers", "resourceclaims", "resourceclaimtemplates",
		"secrets", "serviceaccounts", "services", "statefulsets"}
}

// Controller is the garbage collector.
type Controller struct {
	*ctrlutil.Loop
	c *client.Client
	g *graph
}

// New builds the collector on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{c: ctx.ClientFor(Name), g: newGraph()}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	for _, res := range Monitored() {
		res := res
		ctx.Informers.Informer(res, "").AddEventHandler(client.Handler{
			OnAdd:    func(obj api.Object) { c.changed(res, obj) },
			OnUpdate: func(_, obj api.Object) { c.changed(res, obj) },
			OnDelete: func(obj api.Object) { c.deleted(obj) },
		})
	}
	return c
}

// Stop forgets the graph.
func (c *Controller) Stop() {
	c.Loop.Stop()
	c.g.reset()
}

func (c *Controller) changed(resource string, obj api.Object) {
	if !c.Running() {
		return
	}
	c.g.upsert(resource, obj)
	m := obj.GetObjectMeta()
	n := c.g.nodes[m.UID]
	if n.deletingWith(api.FinalizerOrphanDependents) || n.deletingWith(api.FinalizerDeleteDependents) {
		c.Enqueue("owner:" + m.UID)
	}
	for _, r := range m.OwnerReferences {
		owner := c.g.nodes[r.UID]
		if owner == nil || owner.deletingWith(api.FinalizerDeleteDependents) {
			c.Enqueue("item:" + m.UID)
			break
		}
	}
}

func (c *Controller) deleted(obj api.Object) {
	if !c.Running() {
		return
	}
	m := obj.GetObjectMeta()
	c.g.remove(obj)
	for _, dep := range c.g.dependentsOf(m.UID) {
		c.Enqueue("item:" + dep)
	}
	for _, r := range m.OwnerReferences {
		if owner := c.g.nodes[r.UID]; owner != nil && owner.deletingWith(api.FinalizerDeleteDependents) {
			c.Enqueue("owner:" + r.UID)
		}
	}
}

func (c *Controller) sync(key string) error {
	kind, uid, _ := strings.Cut(key, ":")
	n := c.g.nodes[uid]
	if n == nil {
		return nil
	}
	if kind == "owner" {
		return c.processDeletingOwner(n)
	}
	return c.attemptToDelete(n)
}

// ownerState looks an owner reference up: in the graph, else live.
func (c *Controller) ownerState(dep *node, ref api.OwnerReference) (owner api.Object, dangling bool, err error) {
	if o := c.g.nodes[ref.UID]; o != nil {
		return o.obj, false, nil
	}
	info := c.resourceFor(ref)
	if info == nil {
		// The garbage collector's RESTMapper cannot map the owner's kind:
		// an error (retried), never a reason to delete the dependent.
		g, v := api.ParseAPIVersion(ref.APIVersion)
		return nil, false, &api.NoKindMatchError{Group: g, Version: v, Kind: ref.Kind}
	}
	ns := ""
	if info.Namespaced {
		ns = dep.meta().Namespace
	}
	obj, gerr := c.c.Resource(info.GroupResource().String()).Namespace(ns).Get(ref.Name)
	if gerr != nil {
		if api.IsNotFound(gerr) {
			return nil, true, nil
		}
		return nil, false, gerr
	}
	if obj.GetObjectMeta().UID != ref.UID {
		return nil, true, nil
	}
	return obj, false, nil
}

// resourceFor maps an owner reference's kind through discovery (custom
// resources included), or nil.
func (c *Controller) resourceFor(ref api.OwnerReference) *api.ResourceInfo {
	if info, err := api.ResourceForKind(ref.APIVersion, ref.Kind); err == nil {
		return info
	}
	for _, r := range c.c.ServerResources() {
		if r.Kind == ref.Kind && r.APIVersion() == ref.APIVersion {
			return r
		}
	}
	return nil
}

// attemptToDelete decides a dependent's fate from its owners' states.
func (c *Controller) attemptToDelete(n *node) error {
	m := n.meta()
	if m.DeletionTimestamp != nil && !n.deletingWith(api.FinalizerDeleteDependents) {
		return nil // already going
	}
	if len(m.OwnerReferences) == 0 {
		return nil
	}
	refs := m.OwnerReferences
	if c.anyOwnerGone(n, refs) {
		// attemptToDeleteItem decides on the dependent as it is now, not as
		// the graph last saw it: an orphaning may have removed the
		// reference, a new owner of the same name may have adopted it.
		latest, err := c.c.Resource(n.resource).Namespace(m.Namespace).Get(m.Name)
		if api.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if latest.GetObjectMeta().UID != m.UID {
			return nil
		}
		refs = latest.GetObjectMeta().OwnerReferences
		if len(refs) == 0 {
			return nil
		}
	}
	var solid, dangling, waiting []api.OwnerReference
	for _, r := range refs {
		owner, isDangling, err := c.ownerState(n, r)
		if err != nil {
			return err
		}
		switch {
		case isDangling:
			dangling = append(dangling, r)
		case owner.GetObjectMeta().DeletionTimestamp != nil && hasFinalizer(owner, api.FinalizerDeleteDependents):
			waiting = append(waiting, r)
		default:
			solid = append(solid, r)
		}
	}
	switch {
	case len(solid) > 0:
		if len(dangling) == 0 && len(waiting) == 0 {
			return nil
		}
		drop := map[string]bool{}
		for _, r := range append(dangling, waiting...) {
			drop[r.UID] = true
		}
		var keep []api.OwnerReference
		for _, r := range refs {
			if !drop[r.UID] {
				keep = append(keep, r)
			}
		}
		c.Trace("patch", n.resource, m.Namespace, m.Name, "removing references to deleted owners from %s %s", kindOf(n), objName(m))
		return c.patchOwners(n, keep)
	case len(waiting) > 0 && len(c.g.dependentsOf(m.UID)) > 0:
		return c.deleteObject(n, api.DeletePropagationForeground, "its owner is being deleted in the foreground")
	default:
		policy := api.DeletePropagationBackground
		switch {
		case hasFinalizer(n.obj, api.FinalizerOrphanDependents):
			policy = api.DeletePropagationOrphan
		case hasFinalizer(n.obj, api.FinalizerDeleteDependents):
			policy = api.DeletePropagationForeground
		}
		why := "all its owners are gone"
		if len(waiting) > 0 {
			why = "its owner is being deleted in the foreground"
		}
		return c.deleteObject(n, policy, why)
	}
}

// anyOwnerGone reports whether some owner is missing from the graph or
// being deleted in the foreground: only then may the dependent go.
func (c *Controller) anyOwnerGone(n *node, refs []api.OwnerReference) bool {
	for _, r := range refs {
		o := c.g.nodes[r.UID]
		if o == nil || o.deletingWith(api.FinalizerDeleteDependents) {
			return true
		}
	}
	return false
}

func (c *Controller) deleteObject(n *node, policy api.DeletionPropagation, why string) error {
	m := n.meta()
	owners := make([]string, len(m.OwnerReferences))
	for i, r := range m.OwnerReferences {
		owners[i] = r.Kind + " " + r.Name
	}
	c.Trace("delete", n.resource, m.Namespace, m.Name, "deleting %s %s (%s: %s; propagationPolicy=%s)", kindOf(n), objName(m), why, strings.Join(owners, ", "), policy)
	uid := m.UID
	_, err := c.c.Resource(n.resource).Namespace(m.Namespace).Delete(m.Name, client.DeleteOptions{
		PropagationPolicy: string(policy), Preconditions: &api.Preconditions{UID: &uid}})
	if err != nil && (api.IsNotFound(err) || api.IsConflict(err)) {
		return nil
	}
	return err
}

// processDeletingOwner handles the orphan and foregroundDeletion finalizers.
func (c *Controller) processDeletingOwner(n *node) error {
	m := n.meta()
	if n.deletingWith(api.FinalizerOrphanDependents) {
		for _, uid := range c.g.dependentsOf(m.UID) {
			dep := c.g.nodes[uid]
			if dep == nil {
				continue
			}
			var keep []api.OwnerReference
			for _, r := range dep.meta().OwnerReferences {
				if r.UID != m.UID {
					keep = append(keep, r)
				}
			}
			c.Trace("patch", dep.resource, dep.meta().Namespace, dep.meta().Name, "orphaning %s %s: removing its reference to %s %s", kindOf(dep), objName(dep.meta()), kindOf(n), m.Name)
			if err := c.patchOwners(dep, keep); err != nil && !api.IsNotFound(err) {
				return err
			}
		}
		return c.removeFinalizer(n, api.FinalizerOrphanDependents)
	}
	if !n.deletingWith(api.FinalizerDeleteDependents) {
		return nil
	}
	blocking := 0
	for _, uid := range c.g.dependentsOf(m.UID) {
		dep := c.g.nodes[uid]
		if dep == nil {
			continue
		}
		for _, r := range dep.meta().OwnerReferences {
			if r.UID == m.UID && r.BlockOwnerDeletion != nil && *r.BlockOwnerDeletion {
				blocking++
			}
		}
		c.Enqueue("item:" + uid)
	}
	if blocking > 0 {
		return nil // re-queued when the dependents go
	}
	return c.removeFinalizer(n, api.FinalizerDeleteDependents)
}

func (c *Controller) patchOwners(n *node, refs []api.OwnerReference) error {
	m := n.meta()
	var v any = refs
	if len(refs) == 0 {
		v = nil
	}
	body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"ownerReferences": v, "uid": m.UID}})
	_, err := c.c.Resource(n.resource).Namespace(m.Namespace).Patch(m.Name, client.MergePatchType, body)
	return err
}

// removeFinalizer drops one finalizer, re-reading the object on conflicts.
func (c *Controller) removeFinalizer(n *node, finalizer string) error {
	m := n.meta()
	rc := c.c.Resource(n.resource).Namespace(m.Namespace)
	c.Trace("update", n.resource, m.Namespace, m.Name, "removing finalizer %s from %s %s", finalizer, kindOf(n), objName(m))
	for attempt := 0; attempt < 3; attempt++ {
		obj, err := rc.Get(m.Name)
		if err != nil {
			if api.IsNotFound(err) {
				return nil
			}
			return err
		}
		om := obj.GetObjectMeta()
		if om.UID != m.UID || !hasFinalizer(obj, finalizer) {
			return nil
		}
		var keep []string
		for _, f := range om.Finalizers {
			if f != finalizer {
				keep = append(keep, f)
			}
		}
		om.Finalizers = keep
		if _, err = rc.Update(obj); err == nil || api.IsNotFound(err) {
			return nil
		} else if !api.IsConflict(err) {
			return err
		}
	}
	return fmt.Errorf("removing finalizer %s from %s: too many conflicts", finalizer, m.Name)
}

func hasFinalizer(obj api.Object, f string) bool {
	for _, x := range obj.GetObjectMeta().Finalizers {
		if x == f {
			return true
		}
	}
	return false
}

func kindOf(n *node) string {
	k, _ := client.KindOf(n.obj)
	return k
}

func objName(m *api.ObjectMeta) string {
	if m.Namespace == "" {
		return m.Name
	}
	return m.Namespace + "/" + m.Name
}
