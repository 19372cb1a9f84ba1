package statefulset

import (
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name and its events' source component.
const Name = "statefulset-controller"

// Labels the controller puts on its pods.
const (
	PodNameLabel      = "statefulset.kubernetes.io/pod-name"
	PodIndexLabel     = "apps.kubernetes.io/pod-index"
	RevisionHashLabel = "controller-revision-hash"
)

// Controller is the StatefulSet controller.
type Controller struct {
	*ctrlutil.Loop
	c             *client.Client
	rec           *client.Recorder
	ssInf, podInf *client.Informer
	pvcInf        *client.Informer
	crInf         *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		ssInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("statefulsets", "")),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		pvcInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("persistentvolumeclaims", "")),
		crInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("controllerrevisions", "")),
	}
	c.rec = client.NewRecorder(c.c, Name, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.ssInf.AddEventHandler(client.Handler{OnAdd: c.EnqueueObject, OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) }, OnDelete: c.EnqueueObject})
	owner := func(obj api.Object) {
		m := obj.GetObjectMeta()
		if ref := ctrlutil.GetControllerOf(obj); ref != nil {
			if ref.Kind == "StatefulSet" {
				c.Enqueue(m.Namespace + "/" + ref.Name)
			}
			return
		}
		// An orphan: every StatefulSet whose selector matches may adopt it.
		for _, ss := range ctrlutil.ListIn[*api.StatefulSet](c.ssInf, m.Namespace) {
			if sel, err := ctrlutil.Selector(ss.Spec.Selector); err == nil && !sel.Empty() && sel.Matches(labels.Set(m.Labels)) {
				c.Enqueue(m.Namespace + "/" + ss.Name)
			}
		}
	}
	c.podInf.AddEventHandler(client.Handler{OnAdd: owner, OnUpdate: func(_, o api.Object) { owner(o) }, OnDelete: owner})
	c.crInf.AddEventHandler(client.Handler{OnAdd: owner, OnUpdate: func(_, o api.Object) { owner(o) }, OnDelete: owner})
	return c
}

// ordinalOf parses <set>-<n>.
func ordinalOf(set, pod string) (int, bool) {
	rest, ok := strings.CutPrefix(pod, set+"-")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0
}

func runningAndReady(p *api.Pod) bool {
	return p.Status.Phase == api.PodRunning && ctrlutil.IsPodReady(p) && p.DeletionTimestamp == nil
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	ss, ok := ctrlutil.Get[*api.StatefulSet](c.ssInf, ns, name)
	if !ok || ss.DeletionTimestamp != nil {
		return nil
	}
	sel, err := ctrlutil.Selector(ss.Spec.Selector)
	if err != nil {
		return nil
	}
	pods := map[int]*api.Pod{}
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, ns) {
		if !c.claim(ss, sel, "pods", p) {
			continue
		}
		if n, ok := ordinalOf(ss.Name, p.Name); ok {
			pods[n] = p
		}
	}
	revisions := c.revisionsOf(ss, sel)
	current, update, err := c.revisions(ss, revisions)
	if err != nil {
		return err
	}
	replicas := int(ctrlutil.Int32(ss.Spec.Replicas, 1))
	start := 0
	if ss.Spec.Ordinals != nil {
		start = int(ss.Spec.Ordinals.Start)
	}
	parallel := ss.Spec.PodManagementPolicy == api.ParallelPodManagement
	err = c.reconcile(ss, pods, start, replicas, current, update, parallel)
	return c.updateStatus(ss, pods, current.Name, update.Name, err)
}

// reconcile creates missing pods, deletes condemned ones and rolls
// outdated ones, waiting where OrderedReady says to.
func (c *Controller) reconcile(ss *api.StatefulSet, pods map[int]*api.Pod, start, replicas int, current, update *api.ControllerRevision, parallel bool) error {
	revision := update.Name
	partition := 0
	if ru := ss.Spec.UpdateStrategy.RollingUpdate; ru != nil && ru.Partition != nil {
		partition = int(*ru.Partition)
	}
	// Replace failed or succeeded pods; create the missing ones in order.
	for ord := start; ord < start+replicas; ord++ {
		p := pods[ord]
		if p != nil && (p.Status.Phase == api.PodFailed || p.Status.Phase == api.PodSucceeded) && p.DeletionTimestamp == nil {
			c.Trace("delete", "pods", ss.Namespace, p.Name, "recreating %s pod %s", p.Status.Phase, p.Name)
			if err := c.deletePod(ss, p); err != nil {
				return err
			}
			if !parallel {
				return nil
			}
			continue
		}
		if p == nil {
			// newVersionedStatefulSetPod: below the partition (or, without
			// one, below the current replicas of a rolling update) a Pod
			// comes back at the current revision's template.
			rev := update
			if ss.Spec.UpdateStrategy.Type != api.OnDeleteStatefulSetStrategyType &&
				(partition > 0 && ord-start < partition || partition == 0 && ord-start < int(ss.Status.CurrentReplicas)) {
				rev = current
			}
			if err := c.createPod(ss, ord, rev); err != nil {
				return err
			}
			if !parallel {
				return nil
			}
			continue
		}
		if !parallel && !runningAndReady(p) {
			return nil // OrderedReady: wait for this one
		}
	}
	// Condemned pods, highest ordinal first.
	var condemned []int
	for ord := range pods {
		if ord < start || ord >= start+replicas {
			condemned = append(condemned, ord)
		}
	}
	sort.Sort(sort.Reverse(sort.IntSlice(condemned)))
	for _, ord := range condemned {
		p := pods[ord]
		if p.DeletionTimestamp != nil {
			if !parallel {
				return nil
			}
			continue
		}
		if err := c.deletePod(ss, p); err != nil {
			return err
		}
		if !parallel {
			return nil
		}
	}
	if ss.Spec.UpdateStrategy.Type == api.OnDeleteStatefulSetStrategyType {
		return nil
	}
	// Rolling update: every pod Running and Ready, then the highest
	// outdated ordinal at or above the partition is deleted (and recreated
	// at the update revision by a later sync).
	for ord := start; ord < start+replicas; ord++ {
		if p := pods[ord]; p == nil || !runningAndReady(p) {
			return nil
		}
	}
	for ord := start + replicas - 1; ord >= start+partition; ord-- {
		p := pods[ord]
		if p.Labels[RevisionHashLabel] != revision {
			c.Trace("delete", "pods", ss.Namespace, p.Name, "rolling update: pod %s is at revision %s, terminating it for %s", p.Name, p.Labels[RevisionHashLabel], revision)
			return c.deletePod(ss, p)
		}
	}
	return nil
}

func (c *Controller) createPod(ss *api.StatefulSet, ord int, rev *api.ControllerRevision) error {
	name := ss.Name + "-" + strconv.Itoa(ord)
	revision := rev.Name
	ref := ctrlutil.NewControllerRef(ss)
	tmpl := templateOf(rev, &ss.Spec.Template)
	pod := ctrlutil.PodFromTemplate(tmpl, ss, &ref)
	pod.GenerateName = ""
	pod.Name = name
	if pod.Labels == nil {
		pod.Labels = map[string]string{}
	}
	pod.Labels[PodNameLabel] = name
	pod.Labels[PodIndexLabel] = strconv.Itoa(ord)
	pod.Labels[RevisionHashLabel] = revision
	pod.Spec.Hostname = name
	pod.Spec.Subdomain = ss.Spec.ServiceName
	for _, t := range ss.Spec.VolumeClaimTemplates {
		claim := t.Name + "-" + name
		if err := c.ensureClaim(ss, &t, claim, name); err != nil {
			return err
		}
		vol := api.Volume{Name: t.Name, VolumeSource: api.VolumeSource{PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: claim}}}
		replaced := false
		for i := range pod.Spec.Volumes {
			if pod.Spec.Volumes[i].Name == t.Name {
				pod.Spec.Volumes[i], replaced = vol, true
			}
		}
		if !replaced {
			pod.Spec.Volumes = append(pod.Spec.Volumes, vol)
		}
	}
	c.Trace("create", "pods", ss.Namespace, name, "creating pod %s (ordinal %d)", name, ord)
	if _, err := c.c.Resource("pods").Namespace(ss.Namespace).Create(pod); err != nil {
		if api.IsAlreadyExists(err) {
			return nil
		}
		c.rec.Eventf(ss, api.EventTypeWarning, "FailedCreate", "create Pod %s in StatefulSet %s failed error: %v", name, ss.Name, err)
		return err
	}
	c.rec.Eventf(ss, api.EventTypeNormal, "SuccessfulCreate", "create Pod %s in StatefulSet %s successful", name, ss.Name)
	return nil
}

func (c *Controller) ensureClaim(ss *api.StatefulSet, t *api.PersistentVolumeClaim, claim, pod string) error {
	if _, ok := ctrlutil.Get[*api.PersistentVolumeClaim](c.pvcInf, ss.Namespace, claim); ok {
		return nil
	}
	pvc := &api.PersistentVolumeClaim{
		ObjectMeta: api.ObjectMeta{Name: claim, Namespace: ss.Namespace, Labels: maps.Clone(t.Labels), Annotations: maps.Clone(t.Annotations)},
		Spec:       api.DeepCopyAs(&api.PersistentVolumeClaim{Spec: t.Spec}).Spec,
	}
	if ss.Spec.Selector != nil {
		if pvc.Labels == nil {
			pvc.Labels = map[string]string{}
		}
		maps.Copy(pvc.Labels, ss.Spec.Selector.MatchLabels)
	}
	c.Trace("create", "persistentvolumeclaims", ss.Namespace, claim, "creating claim %s for pod %s", claim, pod)
	if _, err := c.c.Resource("persistentvolumeclaims").Namespace(ss.Namespace).Create(pvc); err != nil && !api.IsAlreadyExists(err) {
		c.rec.Eventf(ss, api.EventTypeWarning, "FailedCreate", "create Claim %s for Pod %s in StatefulSet %s failed error: %v", claim, pod, ss.Name, err)
		return err
	}
	c.rec.Eventf(ss, api.EventTypeNormal, "SuccessfulCreate", "create Claim %s Pod %s in StatefulSet %s success", claim, pod, ss.Name)
	return nil
}

func (c *Controller) deletePod(ss *api.StatefulSet, p *api.Pod) error {
	_, err := c.c.Resource("pods").Namespace(ss.Namespace).Delete(p.Name, client.DeleteOptions{})
	if err != nil {
		if api.IsNotFound(err) {
			return nil
		}
		c.rec.Eventf(ss, api.EventTypeWarning, "FailedDelete", "delete Pod %s in StatefulSet %s failed error: %v", p.Name, ss.Name, err)
		return err
	}
	c.rec.Eventf(ss, api.EventTypeNormal, "SuccessfulDelete", "delete Pod %s in StatefulSet %s successful", p.Name, ss.Name)
	return nil
}

func (c *Controller) updateStatus(ss *api.StatefulSet, pods map[int]*api.Pod, cur, revision string, syncErr error) error {
	st := api.StatefulSetStatus{ObservedGeneration: ss.Generation, UpdateRevision: revision, CollisionCount: ss.Status.CollisionCount}
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			continue
		}
		st.Replicas++
		if runningAndReady(p) {
			st.ReadyReplicas++
			st.AvailableReplicas++
		}
		if p.Labels[RevisionHashLabel] == revision {
			st.UpdatedReplicas++
		}
		if p.Labels[RevisionHashLabel] == cur {
			st.CurrentReplicas++
		}
	}
	replicas := ctrlutil.Int32(ss.Spec.Replicas, 1)
	if st.UpdatedReplicas == replicas && st.ReadyReplicas == replicas {
		cur, st.CurrentReplicas = revision, st.UpdatedReplicas
	}
	st.CurrentRevision = cur
	if statusEqual(ss.Status, st) {
		return syncErr
	}
	next := api.DeepCopyAs(ss)
	next.Status = st
	if _, err := c.c.Resource("statefulsets").Namespace(ss.Namespace).UpdateStatus(next); err != nil {
		return err
	}
	return syncErr
}

func statusEqual(a, b api.StatefulSetStatus) bool {
	return fmt.Sprint(a.ObservedGeneration, a.Replicas, a.ReadyReplicas, a.CurrentReplicas, a.UpdatedReplicas, a.AvailableReplicas, a.CurrentRevision, a.UpdateRevision) ==
		fmt.Sprint(b.ObservedGeneration, b.Replicas, b.ReadyReplicas, b.CurrentReplicas, b.UpdatedReplicas, b.AvailableReplicas, b.CurrentRevision, b.UpdateRevision)
}
