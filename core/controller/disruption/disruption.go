// Package disruption plays kube-controller-manager's disruption controller
// (pkg/controller/disruption): each PodDisruptionBudget's status counts the
// healthy pods it selects, the healthy pods it wants (from minAvailable or
// maxUnavailable, percentages against the pods' controllers' scale) and the
// disruptions it allows; the eviction subresource reads it.
package disruption

import (
	"math"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "disruption-controller"

// DeletionTimeout is how long an evicted pod stays in disruptedPods
// waiting to be deleted.
const DeletionTimeout = 2 * time.Minute

// Controller is the disruption controller.
type Controller struct {
	*ctrlutil.Loop
	c              *client.Client
	rec            *client.Recorder
	pdbInf, podInf *client.Informer
	scaleInfs      map[string]*client.Informer // kind -> informer of the controllers with a scale
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		pdbInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("poddisruptionbudgets", "")),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		scaleInfs: map[string]*client.Informer{
			"ReplicaSet":            ctx.Informers.Informer("replicasets", ""),
			"StatefulSet":           ctx.Informers.Informer("statefulsets", ""),
			"ReplicationController": ctx.Informers.Informer("replicationcontrollers", ""),
		},
	}
	c.rec = client.NewRecorder(c.c, "controllermanager", "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.pdbInf.AddEventHandler(client.Handler{OnAdd: c.EnqueueObject, OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) }})
	pod := func(o api.Object) {
		p := o.(*api.Pod)
		for _, pdb := range ctrlutil.ListIn[*api.PodDisruptionBudget](c.pdbInf, p.Namespace) {
			if sel := selector(pdb); sel != nil && sel.Matches(labels.Set(p.Labels)) {
				c.EnqueueObject(pdb)
			}
		}
	}
	c.podInf.AddEventHandler(client.Handler{OnAdd: pod, OnUpdate: func(_, o api.Object) { pod(o) }, OnDelete: pod})
	return c
}

func selector(pdb *api.PodDisruptionBudget) labels.Selector {
	if pdb.Spec.Selector == nil {
		return nil
	}
	sel, err := labels.SelectorFromLabelSelector(pdb.Spec.Selector)
	if err != nil || sel.Empty() {
		return nil
	}
	return sel
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	pdb, ok := ctrlutil.Get[*api.PodDisruptionBudget](c.pdbInf, ns, name)
	if !ok || pdb.DeletionTimestamp != nil {
		return nil
	}
	now := c.Sim().Now()
	var pods []*api.Pod
	if sel := selector(pdb); sel != nil {
		for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, ns) {
			if sel.Matches(labels.Set(p.Labels)) {
				pods = append(pods, p)
			}
		}
	}
	if len(pods) == 0 {
		c.rec.Eventf(pdb, api.EventTypeNormal, "NoPods", "No matching pods found")
	}
	expected, desired, ok := c.expectedAndDesired(pdb, pods)
	// disruptedPods: evicted pods not yet deleted, for at most DeletionTimeout.
	disrupted := map[string]api.Time{}
	var recheck time.Duration
	for _, p := range pods {
		if t, ok := pdb.Status.DisruptedPods[p.Name]; ok && p.DeletionTimestamp == nil {
			if left := t.Add(DeletionTimeout).Sub(now); left > 0 {
				disrupted[p.Name] = t
				if recheck == 0 || left < recheck {
					recheck = left
				}
			}
		}
	}
	healthy := int32(0)
	for _, p := range pods {
		if _, gone := disrupted[p.Name]; gone || p.DeletionTimestamp != nil {
			continue
		}
		if ctrlutil.IsPodReady(p) {
			healthy++
		}
	}
	st := api.PodDisruptionBudgetStatus{ObservedGeneration: pdb.Generation, CurrentHealthy: healthy, DesiredHealthy: desired,
		ExpectedPods: expected, Conditions: append([]api.Condition(nil), pdb.Status.Conditions...)}
	if len(disrupted) > 0 {
		st.DisruptedPods = disrupted
	}
	if ok && healthy > desired && expected > 0 {
		st.DisruptionsAllowed = healthy - desired
	}
	next := api.DeepCopyAs(pdb)
	next.Status = st
	next.SetDisruptionAllowed(st.DisruptionsAllowed > 0, now)
	if recheck > 0 {
		c.EnqueueAfter(key, recheck)
	}
	if equalStatus(pdb.Status, next.Status) {
		return nil
	}
	_, err := c.c.Resource("poddisruptionbudgets").Namespace(ns).UpdateStatus(next)
	return err
}

// expectedAndDesired is getExpectedPodCount: an integer minAvailable counts
// the pods; maxUnavailable or a percentage count the replicas of the pods'
// controllers.
func (c *Controller) expectedAndDesired(pdb *api.PodDisruptionBudget, pods []*api.Pod) (expected, desired int32, ok bool) {
	min, max := pdb.Spec.MinAvailable, pdb.Spec.MaxUnavailable
	if min != nil && min.Type == api.Int {
		return int32(len(pods)), min.IntVal, true
	}
	seen := map[string]bool{}
	for _, p := range pods {
		ref := ctrlutil.GetControllerOf(p)
		if ref == nil {
			c.rec.Eventf(pdb, api.EventTypeWarning, "NoControllers", "found no controller ref for pod %q", p.Name)
			return 0, 0, false
		}
		if seen[ref.UID] {
			continue
		}
		seen[ref.UID] = true
		n, found := c.scaleOf(p.Namespace, ref)
		if !found {
			c.rec.Eventf(pdb, api.EventTypeWarning, "CalculateExpectedPodCountFailed",
				"Failed to calculate the number of expected pods: found no controllers for pod %q", p.Name)
			return 0, 0, false
		}
		expected += n
	}
	switch {
	case max != nil:
		u := scaled(max, expected)
		desired = max32(expected-u, 0)
	case min != nil:
		desired = scaled(min, expected)
	}
	return expected, desired, true
}

func scaled(v *api.IntOrString, total int32) int32 {
	if v.Type == api.Int {
		return v.IntVal
	}
	pct, err := strconv.Atoi(strings.TrimSuffix(v.StrVal, "%"))
	if err != nil {
		return 0
	}
	return int32(math.Ceil(float64(pct) * float64(total) / 100))
}

func max32(a, b int32) int32 {
	if a > b {
		return a
	}
	return b
}

// scaleOf reads the replicas of a pod's controller (a Deployment's through
// its ReplicaSet's owner is the ReplicaSet's own spec, which follows it).
func (c *Controller) scaleOf(ns string, ref *api.OwnerReference) (int32, bool) {
	inf, ok := c.scaleInfs[ref.Kind]
	if !ok {
		return 0, false
	}
	o, ok := inf.Get(ns, ref.Name)
	if !ok || o.GetObjectMeta().UID != ref.UID {
		return 0, false
	}
	switch x := o.(type) {
	case *api.ReplicaSet:
		return ctrlutil.Int32(x.Spec.Replicas, 1), true
	case *api.StatefulSet:
		return ctrlutil.Int32(x.Spec.Replicas, 1), true
	case *api.ReplicationController:
		return ctrlutil.Int32(x.Spec.Replicas, 1), true
	}
	return 0, false
}

func equalStatus(a, b api.PodDisruptionBudgetStatus) bool {
	if a.ObservedGeneration != b.ObservedGeneration || a.DisruptionsAllowed != b.DisruptionsAllowed || a.CurrentHealthy != b.CurrentHealthy ||
		a.DesiredHealthy != b.DesiredHealthy || a.ExpectedPods != b.ExpectedPods || len(a.DisruptedPods) != len(b.DisruptedPods) ||
		len(a.Conditions) != len(b.Conditions) {
		return false
	}
	for i := range a.Conditions {
		if a.Conditions[i] != b.Conditions[i] {
			return false
		}
	}
	return true
}
