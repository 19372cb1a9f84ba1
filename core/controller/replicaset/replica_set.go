package replicaset

import (
	"encoding/json"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name and its events' source component.
const Name = "replicaset-controller"

// BurstReplicas caps how many pods one sync creates or deletes.
const BurstReplicas = 500

// Controller is the ReplicaSet controller.
type Controller struct {
	*ctrlutil.Loop
	c      *client.Client
	rsInf  *client.Informer
	podInf *client.Informer
	exp    *ctrlutil.Expectations
	cs     *ctrlutil.ConsistencyStore
	pc     ctrlutil.PodControl
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		rsInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("replicasets", "")),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		exp:    ctrlutil.NewExpectations(ctx.Sim),
	}
	c.cs = ctrlutil.NewConsistencyStore(ctx.Sim, c.rsInf, c.podInf)
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.pc = ctrlutil.PodControl{Client: c.c, Recorder: client.NewRecorder(c.c, Name, "")}
	c.rsInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { c.EnqueueObject(obj) },
		OnUpdate: func(_, obj api.Object) { c.EnqueueObject(obj) },
		OnDelete: func(obj api.Object) {
			c.exp.Delete(client.KeyFunc(obj))
			c.cs.Clear(client.KeyFunc(obj))
			c.EnqueueObject(obj)
		},
	})
	c.podInf.AddEventHandler(client.Handler{
		OnAdd:    func(obj api.Object) { c.addPod(obj.(*api.Pod)) },
		OnUpdate: func(old, cur api.Object) { c.updatePod(old.(*api.Pod), cur.(*api.Pod)) },
		OnDelete: func(obj api.Object) { c.deletePod(obj.(*api.Pod)) },
	})
	return c
}

// Stop stops the loop and forgets the expectations.
func (c *Controller) Stop() {
	c.Loop.Stop()
	c.exp.Reset()
	c.cs.Reset()
}

// Expectations exposes the controller's expectations (tests, the UI).
func (c *Controller) Expectations() *ctrlutil.Expectations { return c.exp }

// resolve returns the ReplicaSet a controller reference points at.
func (c *Controller) resolve(ns string, ref *api.OwnerReference) *api.ReplicaSet {
	if ref == nil || ref.Kind != "ReplicaSet" {
		return nil
	}
	rs, ok := ctrlutil.Get[*api.ReplicaSet](c.rsInf, ns, ref.Name)
	if !ok || rs.UID != ref.UID {
		return nil
	}
	return rs
}

// matching returns the ReplicaSets whose selector matches an orphan pod.
func (c *Controller) matching(pod *api.Pod) []*api.ReplicaSet {
	var out []*api.ReplicaSet
	for _, rs := range ctrlutil.ListIn[*api.ReplicaSet](c.rsInf, pod.Namespace) {
		sel, err := ctrlutil.Selector(rs.Spec.Selector)
		if err != nil || sel.Empty() {
			continue
		}
		if sel.Matches(labels.Set(pod.Labels)) {
			out = append(out, rs)
		}
	}
	return out
}

func (c *Controller) addPod(pod *api.Pod) {
	if pod.DeletionTimestamp != nil {
		c.deletePod(pod)
		return
	}
	if ref := ctrlutil.GetControllerOf(pod); ref != nil {
		if rs := c.resolve(pod.Namespace, ref); rs != nil {
			key := client.KeyFunc(rs)
			c.exp.CreationObserved(key)
			c.Enqueue(key)
		}
		return
	}
	for _, rs := range c.matching(pod) {
		c.EnqueueObject(rs)
	}
}

func (c *Controller) updatePod(old, cur *api.Pod) {
	if old.ResourceVersion == cur.ResourceVersion {
		return
	}
	labelsChanged := !equalMaps(old.Labels, cur.Labels)
	if cur.DeletionTimestamp != nil {
		c.deletePod(cur)
		if labelsChanged {
			c.deletePod(old)
		}
		return
	}
	curRef, oldRef := ctrlutil.GetControllerOf(cur), ctrlutil.GetControllerOf(old)
	if oldRef != nil && (curRef == nil || curRef.UID != oldRef.UID) {
		if rs := c.resolve(old.Namespace, oldRef); rs != nil {
			c.EnqueueObject(rs)
		}
	}
	if curRef != nil {
		rs := c.resolve(cur.Namespace, curRef)
		if rs == nil {
			return
		}
		c.EnqueueObject(rs)
		if !ctrlutil.IsPodReady(old) && ctrlutil.IsPodReady(cur) && rs.Spec.MinReadySeconds > 0 {
			c.EnqueueAfter(client.KeyFunc(rs), time.Duration(rs.Spec.MinReadySeconds)*time.Second+time.Second)
		}
		return
	}
	if labelsChanged || oldRef != nil {
		for _, rs := range c.matching(cur) {
			c.EnqueueObject(rs)
		}
	}
}

func (c *Controller) deletePod(pod *api.Pod) {
	rs := c.resolve(pod.Namespace, ctrlutil.GetControllerOf(pod))
	if rs == nil {
		return
	}
	key := client.KeyFunc(rs)
	c.exp.DeletionObserved(key, client.KeyFunc(pod))
	c.Enqueue(key)
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	rs, ok := ctrlutil.Get[*api.ReplicaSet](c.rsInf, ns, name)
	if !ok {
		c.exp.Delete(key)
		c.cs.Clear(key)
		return nil
	}
	// Read our own writes: a cache older than this controller's last
	// status update or pod creation would make it write a stale status
	// (409 Conflict) or count pods wrongly. The informer event of that
	// write queues the key again.
	if err := c.cs.EnsureReady(key); err != nil {
		return err
	}
	needsSync := c.exp.Satisfied(key)
	sel, err := ctrlutil.Selector(rs.Spec.Selector)
	if err != nil {
		return nil // an invalid selector never becomes valid by retrying
	}
	owned, err := c.claimPods(rs, sel, ctrlutil.ActivePodsIn(c.podInf, ns))
	if err != nil {
		return err
	}
	if needsSync && rs.DeletionTimestamp == nil && c.manageReplicas(owned, rs, key) {
		return nil // the status is written once the requests are in
	}
	return c.finishSync(rs, key, owned, nil)
}

// finishSync writes the status computed from the pods the sync started
// with, and reports the sync's outcome (manageErr first): the second half of
// syncReplicaSet, run when manageReplicas' requests are in.
func (c *Controller) finishSync(rs *api.ReplicaSet, key string, owned []*api.Pod, manageErr error) error {
	status := calculateStatus(rs, owned, manageErr, c.Sim().Now())
	updated, err := c.updateStatus(rs, status)
	if err != nil {
		return err
	}
	if updated != rs {
		c.cs.WroteAt(key, "replicasets", updated)
	}
	replicas := ctrlutil.Int32(updated.Spec.Replicas, 1)
	if manageErr == nil && updated.Spec.MinReadySeconds > 0 && updated.Status.ReadyReplicas == replicas && updated.Status.AvailableReplicas != replicas {
		c.EnqueueAfter(key, time.Duration(updated.Spec.MinReadySeconds)*time.Second)
	}
	return manageErr
}

// claimPods adopts matching orphans and releases owned pods that no longer
// match (controller.PodControllerRefManager.ClaimPods); it returns the pods
// the ReplicaSet owns afterwards. It filters pods in place (the caller's
// slice is reused for the answer).
func (c *Controller) claimPods(rs *api.ReplicaSet, sel labels.Selector, pods []*api.Pod) ([]*api.Pod, error) {
	owned := pods[:0]
	for _, p := range pods {
		ref := ctrlutil.GetControllerOf(p)
		if ref != nil && ref.UID != rs.UID {
			continue
		}
		matches := sel.Matches(labels.Set(p.Labels))
		switch {
		case ref != nil:
			if matches {
				owned = append(owned, p)
				continue
			}
			if rs.DeletionTimestamp != nil {
				continue
			}
			c.Trace("patch", "pods", p.Namespace, p.Name, "releasing Pod %s/%s: its labels no longer match ReplicaSet %s", p.Namespace, p.Name, rs.Name)
			if err := c.patchOwners(p, ownersWithout(p.OwnerReferences, rs.UID)); err != nil && !api.IsNotFound(err) {
				return nil, err
			}
		default:
			if !matches || rs.DeletionTimestamp != nil || sel.Empty() {
				continue
			}
			c.Trace("patch", "pods", p.Namespace, p.Name, "adopting orphan Pod %s/%s into ReplicaSet %s", p.Namespace, p.Name, rs.Name)
			refs := append(append([]api.OwnerReference(nil), p.OwnerReferences...), ctrlutil.NewControllerRef(rs))
			if err := c.patchOwners(p, refs); err != nil {
				if api.IsNotFound(err) {
					continue
				}
				return nil, err
			}
			owned = append(owned, p)
		}
	}
	return owned, nil
}

func ownersWithout(refs []api.OwnerReference, uid string) []api.OwnerReference {
	var out []api.OwnerReference
	for _, r := range refs {
		if r.UID != uid {
			out = append(out, r)
		}
	}
	return out
}

// patchOwners sets the pod's ownerReferences with a JSON merge patch
// guarded by the pod's UID.
func (c *Controller) patchOwners(p *api.Pod, refs []api.OwnerReference) error {
	return PatchOwnerReferences(c.c, "pods", p.Namespace, p.Name, p.UID, refs)
}

// PatchOwnerReferences replaces an object's ownerReferences (nil removes
// them) with a merge patch that fails if the UID changed.
func PatchOwnerReferences(c *client.Client, resource, ns, name, uid string, refs []api.OwnerReference) error {
	var v any = refs
	if len(refs) == 0 {
		v = nil
	}
	body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"ownerReferences": v, "uid": uid}})
	_, err := c.Resource(resource).Namespace(ns).Patch(name, client.MergePatchType, body)
	return err
}

// manageReplicas creates or deletes pods towards spec.replicas, at most
// BurstReplicas per sync. The requests go out as separate sim events
// (creations in slow-start batches, deletions all at once); it reports
// whether it started any, in which case finishSync runs when they are in.
func (c *Controller) manageReplicas(pods []*api.Pod, rs *api.ReplicaSet, key string) bool {
	want := int(ctrlutil.Int32(rs.Spec.Replicas, 1))
	diff := len(pods) - want
	switch {
	case diff < 0:
		n := min(-diff, BurstReplicas)
		c.Trace("create", "pods", rs.Namespace, rs.Name, "ReplicaSet %s/%s has %d of %d pods: creating %d", rs.Namespace, rs.Name, len(pods), want, n)
		c.exp.ExpectCreations(key, n)
		ref := ctrlutil.NewControllerRef(rs)
		c.SlowStartBatch(key, "create pods", n, func() error {
			pod, err := c.pc.CreatePod(ctrlutil.PodFromTemplate(&rs.Spec.Template, rs, &ref), rs)
			if err == nil {
				c.cs.WroteAt(key, "pods", pod)
			} else {
				c.exp.CreationObserved(key) // the informer will never see it
				if ctrlutil.IsNamespaceTerminating(err) {
					return nil
				}
			}
			return err
		}, func(_, attempted int, err error) error {
			for i := attempted; i < n; i++ {
				c.exp.CreationObserved(key) // never attempted: never observed
			}
			return c.finishSync(rs, key, pods, err)
		})
		return true
	case diff > 0:
		n := min(diff, BurstReplicas)
		c.Trace("delete", "pods", rs.Namespace, rs.Name, "ReplicaSet %s/%s has %d of %d pods: deleting %d", rs.Namespace, rs.Name, len(pods), want, n)
		victims := c.podsToDelete(rs, pods, n)
		keys := make([]string, len(victims))
		for i, p := range victims {
			keys[i] = client.KeyFunc(p)
		}
		c.exp.ExpectDeletions(key, keys)
		i := 0
		c.Parallel(key, "delete pods", len(victims), func() error {
			p := victims[i]
			i++
			if err := c.pc.DeletePod(p.Namespace, p.Name, rs); err != nil {
				c.exp.DeletionObserved(key, client.KeyFunc(p))
				if !api.IsNotFound(err) {
					return err
				}
			}
			return nil
		}, func(_, _ int, err error) error {
			return c.finishSync(rs, key, pods, err)
		})
		return true
	}
	return false
}

// podsToDelete picks the n pods to delete, ranked against every pod of the
// ReplicaSet's family (ReplicaSets with the same controller owner).
func (c *Controller) podsToDelete(rs *api.ReplicaSet, pods []*api.Pod, n int) []*api.Pod {
	ranked := append([]*api.Pod(nil), pods...)
	if n < len(ranked) {
		ctrlutil.RankPodsForDeletion(ranked, c.relatedPods(rs), c.Sim().Now())
	}
	return ranked[:n]
}

func (c *Controller) relatedPods(rs *api.ReplicaSet) []*api.Pod {
	family := map[string]bool{rs.UID: true}
	if owner := ctrlutil.GetControllerOf(rs); owner != nil {
		for _, other := range ctrlutil.ListIn[*api.ReplicaSet](c.rsInf, rs.Namespace) {
			if r := ctrlutil.GetControllerOf(other); r != nil && r.UID == owner.UID {
				family[other.UID] = true
			}
		}
	}
	var out []*api.Pod
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, rs.Namespace) {
		if r := ctrlutil.GetControllerOf(p); r != nil && family[r.UID] {
			out = append(out, p)
		}
	}
	return out
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
