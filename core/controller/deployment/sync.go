package deployment

import (
	"fmt"
	"maps"
	"reflect"
	"sort"
	"strconv"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// getAllReplicaSetsAndSyncRevision returns the new ReplicaSet (created if
// asked and missing) and the old ones, syncing the revision annotations.
func (c *Controller) getAllReplicaSetsAndSyncRevision(d *api.Deployment, rsList []*api.ReplicaSet, create bool) (*api.ReplicaSet, []*api.ReplicaSet, error) {
	old := FindOldReplicaSets(d, rsList)
	newRS, err := c.getNewReplicaSet(d, rsList, old, create)
	if err != nil {
		return nil, nil, err
	}
	return newRS, old, nil
}

func (c *Controller) getNewReplicaSet(d *api.Deployment, rsList, old []*api.ReplicaSet, create bool) (*api.ReplicaSet, error) {
	existing := FindNewReplicaSet(d, rsList)
	newRevision := strconv.FormatInt(maxRevision(old)+1, 10)
	if existing != nil {
		rs := api.DeepCopyAs(existing)
		changed := setNewReplicaSetAnnotations(d, rs, newRevision, true)
		if changed || rs.Spec.MinReadySeconds != d.Spec.MinReadySeconds {
			rs.Spec.MinReadySeconds = d.Spec.MinReadySeconds
			obj, err := c.c.Resource("replicasets").Namespace(rs.Namespace).Update(rs)
			if err != nil {
				return nil, err
			}
			c.wroteReplicaSet(d, obj)
			return obj.(*api.ReplicaSet), nil
		}
		needsUpdate := setDeploymentRevision(d, rs.Annotations[RevisionAnnotation])
		if hasProgressDeadline(d) && getCondition(&d.Status, api.DeploymentProgressing) == nil {
			setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionTrue, FoundNewRSReason,
				fmt.Sprintf("Found new replica set %q", rs.Name), c.Sim().Now()))
			needsUpdate = true
		}
		if needsUpdate {
			if err := c.writeDeployment(d); err != nil {
				return nil, err
			}
		}
		return rs, nil
	}
	if !create {
		return nil, nil
	}

	tmpl := api.DeepCopyAs(&api.Pod{ObjectMeta: d.Spec.Template.ObjectMeta, Spec: d.Spec.Template.Spec})
	template := api.PodTemplateSpec{ObjectMeta: tmpl.ObjectMeta, Spec: tmpl.Spec}
	hash := ctrlutil.ComputeHash(&d.Spec.Template, d.Status.CollisionCount)
	template.Labels = maps.Clone(d.Spec.Template.Labels)
	if template.Labels == nil {
		template.Labels = map[string]string{}
	}
	template.Labels[api.DefaultDeploymentUniqueLabelKey] = hash
	sel := api.DeepCopyAs(&api.Deployment{Spec: api.DeploymentSpec{Selector: d.Spec.Selector}}).Spec.Selector
	if sel.MatchLabels == nil {
		sel.MatchLabels = map[string]string{}
	}
	sel.MatchLabels[api.DefaultDeploymentUniqueLabelKey] = hash
	ref := ctrlutil.NewControllerRef(d)
	newRS := &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{
			Name:            d.Name + "-" + hash,
			Namespace:       d.Namespace,
			OwnerReferences: []api.OwnerReference{ref},
			Labels:          maps.Clone(template.Labels),
		},
		Spec: api.ReplicaSetSpec{Replicas: ctrlutil.Ptr(int32(0)), MinReadySeconds: d.Spec.MinReadySeconds, Selector: sel, Template: template},
	}
	n := NewRSNewReplicas(d, append(append([]*api.ReplicaSet(nil), old...), newRS), newRS)
	newRS.Spec.Replicas = &n
	setNewReplicaSetAnnotations(d, newRS, newRevision, false)

	c.Trace("create", "replicasets.apps", d.Namespace, newRS.Name, "creating ReplicaSet %s/%s (revision %s, %d replicas)", d.Namespace, newRS.Name, newRevision, n)
	obj, err := c.c.Resource("replicasets").Namespace(d.Namespace).Create(newRS)
	alreadyExists := false
	var created *api.ReplicaSet
	switch {
	case err != nil && api.IsAlreadyExists(err):
		alreadyExists = true
		got, gerr := c.c.Resource("replicasets").Namespace(d.Namespace).Get(newRS.Name)
		if gerr != nil {
			return nil, gerr
		}
		rs := got.(*api.ReplicaSet)
		if r := ctrlutil.GetControllerOf(rs); r != nil && r.UID == d.UID && EqualIgnoreHash(&d.Spec.Template, &rs.Spec.Template) {
			created = rs
			break
		}
		// A hash collision: bump collisionCount so the next hash differs.
		if d.Status.CollisionCount == nil {
			d.Status.CollisionCount = ctrlutil.Ptr(int32(0))
		}
		*d.Status.CollisionCount++
		c.Trace("update", "deployments.apps", d.Namespace, d.Name, "hash collision on ReplicaSet %s: collisionCount is now %d", newRS.Name, *d.Status.CollisionCount)
		if werr := c.writeDeployment(d); werr != nil {
			return nil, werr
		}
		return nil, err
	case err != nil && ctrlutil.IsNamespaceTerminating(err):
		return nil, err
	case err != nil:
		msg := fmt.Sprintf("Failed to create new replica set %q: %v", newRS.Name, err)
		if hasProgressDeadline(d) {
			setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionFalse, FailedRSCreateReason, msg, c.Sim().Now()))
			_ = c.writeDeployment(d)
		}
		c.rec.Eventf(d, api.EventTypeWarning, FailedRSCreateReason, "%s", msg)
		return nil, err
	default:
		created = obj.(*api.ReplicaSet)
		c.wroteReplicaSet(d, created)
	}
	if !alreadyExists && n > 0 {
		c.rec.Eventf(d, api.EventTypeNormal, "ScalingReplicaSet", "Scaled up replica set %s from 0 to %d", created.Name, n)
	}
	needsUpdate := setDeploymentRevision(d, newRevision)
	if !alreadyExists && hasProgressDeadline(d) {
		setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionTrue, NewRSReason,
			fmt.Sprintf("Created new replica set %q", created.Name), c.Sim().Now()))
		needsUpdate = true
	}
	if needsUpdate {
		if err := c.writeDeployment(d); err != nil {
			return created, err
		}
	}
	return created, nil
}

func setDeploymentRevision(d *api.Deployment, revision string) bool {
	if d.Annotations[RevisionAnnotation] == revision {
		return false
	}
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations[RevisionAnnotation] = revision
	return true
}

// isScalingEvent: an active ReplicaSet's desired-replicas annotation
// disagrees with spec.replicas.
func (c *Controller) isScalingEvent(d *api.Deployment, rsList []*api.ReplicaSet) bool {
	newRS, old, err := c.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return false
	}
	for _, rs := range filterActive(append(old, newRS)) {
		if desired, ok := annotationInt(rs, DesiredReplicasAnnotation); ok && desired != *d.Spec.Replicas {
			return true
		}
	}
	return false
}

// syncScale handles a scaling event or a paused Deployment (dc.sync).
func (c *Controller) syncScale(d *api.Deployment, rsList []*api.ReplicaSet) error {
	newRS, old, err := c.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return err
	}
	if err := c.scale(d, newRS, old); err != nil {
		return err
	}
	if d.Spec.Paused {
		if err := c.cleanupDeployment(old, d); err != nil {
			return err
		}
	}
	return c.syncDeploymentStatus(append(old, newRS), newRS, d)
}

// scale resizes the ReplicaSets to spec.replicas: the only active one takes
// it all; otherwise, in a rollout, each gets its share of the change.
func (c *Controller) scale(d *api.Deployment, newRS *api.ReplicaSet, old []*api.ReplicaSet) error {
	if rs := findActiveOrLatest(newRS, old); rs != nil {
		if replicas(rs) == *d.Spec.Replicas {
			return nil
		}
		_, _, err := c.scaleReplicaSetAndRecordEvent(rs, *d.Spec.Replicas, d)
		return err
	}
	if isSaturated(d, newRS) {
		for _, rs := range filterActive(old) {
			if _, _, err := c.scaleReplicaSetAndRecordEvent(rs, 0, d); err != nil {
				return err
			}
		}
		return nil
	}
	if !isRollingUpdate(d) {
		return nil
	}
	all := filterActive(append(append([]*api.ReplicaSet(nil), old...), newRS))
	allowed := int32(0)
	if *d.Spec.Replicas > 0 {
		allowed = *d.Spec.Replicas + MaxSurge(d)
	}
	toAdd := allowed - totalReplicas(all)
	op := ""
	switch {
	case toAdd > 0:
		sortBySize(all, true)
		op = "up"
	case toAdd < 0:
		sortBySize(all, false)
		op = "down"
	}
	added := int32(0)
	size := map[string]int32{}
	for _, rs := range all {
		if toAdd != 0 {
			p := proportion(rs, d, toAdd, added)
			size[rs.Name] = replicas(rs) + p
			added += p
		} else {
			size[rs.Name] = replicas(rs)
		}
	}
	for i, rs := range all {
		if i == 0 && toAdd != 0 {
			size[rs.Name] += toAdd - added
			if size[rs.Name] < 0 {
				size[rs.Name] = 0
			}
		}
		if _, _, err := c.scaleReplicaSet(rs, size[rs.Name], d, op); err != nil {
			return err
		}
	}
	return nil
}

// sortBySize: largest first; ties by creation, newer first when scaling up
// (ReplicaSetsBySizeNewer), older first when scaling down (BySizeOlder).
func sortBySize(l []*api.ReplicaSet, newer bool) {
	sort.SliceStable(l, func(i, j int) bool {
		if replicas(l[i]) != replicas(l[j]) {
			return replicas(l[i]) > replicas(l[j])
		}
		ti, tj := l[i].CreationTimestamp.Time, l[j].CreationTimestamp.Time
		if ti.Equal(tj) {
			return l[i].Name < l[j].Name
		}
		if newer {
			return tj.Before(ti)
		}
		return ti.Before(tj)
	})
}

func (c *Controller) scaleReplicaSetAndRecordEvent(rs *api.ReplicaSet, n int32, d *api.Deployment) (bool, *api.ReplicaSet, error) {
	if replicas(rs) == n {
		return false, rs, nil
	}
	op := "down"
	if replicas(rs) < n {
		op = "up"
	}
	return c.scaleReplicaSet(rs, n, d, op)
}

// scaleReplicaSet writes the new size and the replicas annotations and
// records "Scaled <op> replica set <rs> from <old> to <new>".
func (c *Controller) scaleReplicaSet(rs *api.ReplicaSet, n int32, d *api.Deployment, op string) (bool, *api.ReplicaSet, error) {
	sizeChange := replicas(rs) != n
	maxR := *d.Spec.Replicas + MaxSurge(d)
	if !sizeChange && !replicasAnnotationsNeedUpdate(rs, *d.Spec.Replicas, maxR) {
		return false, rs, nil
	}
	from := replicas(rs)
	cp := api.DeepCopyAs(rs)
	cp.Spec.Replicas = &n
	setReplicasAnnotations(cp, *d.Spec.Replicas, maxR)
	if sizeChange {
		c.Trace("update", "replicasets.apps", rs.Namespace, rs.Name, "scaling %s replica set %s from %d to %d", op, rs.Name, from, n)
	}
	obj, err := c.c.Resource("replicasets").Namespace(rs.Namespace).Update(cp)
	if err != nil {
		return false, rs, err
	}
	updated := obj.(*api.ReplicaSet)
	c.wroteReplicaSet(d, updated)
	if sizeChange {
		c.rec.Eventf(d, api.EventTypeNormal, "ScalingReplicaSet", "Scaled %s replica set %s from %d to %d", op, rs.Name, from, n)
	}
	return sizeChange, updated, nil
}

// cleanupDeployment deletes the oldest fully scaled-down ReplicaSets beyond
// revisionHistoryLimit.
func (c *Controller) cleanupDeployment(old []*api.ReplicaSet, d *api.Deployment) error {
	if d.Spec.RevisionHistoryLimit == nil {
		return nil
	}
	var alive []*api.ReplicaSet
	for _, rs := range old {
		if rs != nil && rs.DeletionTimestamp == nil {
			alive = append(alive, rs)
		}
	}
	diff := int32(len(alive)) - *d.Spec.RevisionHistoryLimit
	if diff <= 0 {
		return nil
	}
	sort.SliceStable(alive, func(i, j int) bool {
		ri, rj := Revision(alive[i]), Revision(alive[j])
		if ri != rj {
			return ri < rj
		}
		return alive[i].CreationTimestamp.Before(alive[j].CreationTimestamp.Time)
	})
	for _, rs := range alive[:diff] {
		if rs.Status.Replicas != 0 || replicas(rs) != 0 || rs.Generation > rs.Status.ObservedGeneration || rs.DeletionTimestamp != nil {
			continue
		}
		c.Trace("delete", "replicasets.apps", rs.Namespace, rs.Name, "deleting old ReplicaSet %s (revision %d) beyond revisionHistoryLimit %d", rs.Name, Revision(rs), *d.Spec.RevisionHistoryLimit)
		obj, err := c.c.Resource("replicasets").Namespace(rs.Namespace).Delete(rs.Name, client.DeleteOptions{})
		if err != nil && !api.IsNotFound(err) {
			return err
		}
		if err == nil {
			c.wroteReplicaSet(d, obj)
		}
	}
	return nil
}

// syncStatusOnly updates the status of a Deployment being deleted.
func (c *Controller) syncStatusOnly(d *api.Deployment, rsList []*api.ReplicaSet) error {
	newRS, old, err := c.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return err
	}
	return c.syncDeploymentStatus(append(old, newRS), newRS, d)
}

func (c *Controller) syncDeploymentStatus(all []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment) error {
	st := c.calculateStatus(all, newRS, d)
	if reflect.DeepEqual(d.Status, st) {
		return nil
	}
	d.Status = st
	return c.writeDeployment(d)
}

// calculateStatus sums the ReplicaSets' status and sets Available.
func (c *Controller) calculateStatus(all []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment) api.DeploymentStatus {
	available := availableReplicas(all)
	unavailable := max(totalReplicas(all)-available, 0)
	var updated int32
	if newRS != nil {
		updated = newRS.Status.Replicas
	}
	st := api.DeploymentStatus{
		ObservedGeneration:  d.Generation,
		Replicas:            actualReplicas(all),
		UpdatedReplicas:     updated,
		ReadyReplicas:       readyReplicas(all),
		AvailableReplicas:   available,
		UnavailableReplicas: unavailable,
		CollisionCount:      d.Status.CollisionCount,
		Conditions:          append([]api.DeploymentCondition(nil), d.Status.Conditions...),
	}
	now := c.Sim().Now()
	if available >= *d.Spec.Replicas-MaxUnavailable(d) {
		setCondition(&st, newCondition(api.DeploymentAvailable, api.ConditionTrue, MinimumReplicasAvailable, "Deployment has minimum availability.", now))
	} else {
		setCondition(&st, newCondition(api.DeploymentAvailable, api.ConditionFalse, MinimumReplicasUnavailable, "Deployment does not have minimum availability.", now))
	}
	if len(st.Conditions) == 0 {
		st.Conditions = nil
	}
	return st
}

// checkPausedConditions records DeploymentPaused / DeploymentResumed.
func (c *Controller) checkPausedConditions(d *api.Deployment) error {
	if !hasProgressDeadline(d) {
		return nil
	}
	cond := getCondition(&d.Status, api.DeploymentProgressing)
	if cond != nil && cond.Reason == TimedOutReason {
		return nil
	}
	paused := cond != nil && cond.Reason == PausedDeployReason
	now := c.Sim().Now()
	switch {
	case d.Spec.Paused && !paused:
		setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionUnknown, PausedDeployReason, "Deployment is paused", now))
	case !d.Spec.Paused && paused:
		setCondition(&d.Status, newCondition(api.DeploymentProgressing, api.ConditionUnknown, ResumedDeployReason, "Deployment is resumed", now))
	default:
		return nil
	}
	return c.writeDeployment(d)
}
