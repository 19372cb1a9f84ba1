package deployment

import (
	"fmt"
	"reflect"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
)

// syncRolloutStatus computes the status with the Progressing condition
// (progress, completion, or the deadline passing) and the ReplicaFailure
// condition, writes it if it changed, and otherwise requeues a Deployment
// that is stuck so that its deadline is noticed.
func (c *Controller) syncRolloutStatus(all []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment) error {
	st := c.calculateStatus(all, newRS, d)
	now := c.Sim().Now()
	if !hasProgressDeadline(d) {
		removeCondition(&st, api.DeploymentProgressing)
	}
	cur := getCondition(&d.Status, api.DeploymentProgressing)
	complete := st.Replicas == st.UpdatedReplicas && cur != nil && cur.Reason == NewRSAvailableReason
	if hasProgressDeadline(d) && !complete {
		switch {
		case deploymentComplete(d, &st):
			msg := fmt.Sprintf("Deployment %q has successfully progressed.", d.Name)
			if newRS != nil {
				msg = fmt.Sprintf("ReplicaSet %q has successfully progressed.", newRS.Name)
			}
			setCondition(&st, newCondition(api.DeploymentProgressing, api.ConditionTrue, NewRSAvailableReason, msg, now))
		case deploymentProgressing(d, &st):
			msg := fmt.Sprintf("Deployment %q is progressing.", d.Name)
			if newRS != nil {
				msg = fmt.Sprintf("ReplicaSet %q is progressing.", newRS.Name)
			}
			cond := newCondition(api.DeploymentProgressing, api.ConditionTrue, ReplicaSetUpdatedReason, msg, now)
			if cur != nil {
				if cur.Status == api.ConditionTrue {
					cond.LastTransitionTime = cur.LastTransitionTime
				}
				removeCondition(&st, api.DeploymentProgressing)
			}
			st.Conditions = append(st.Conditions, cond)
		case deploymentTimedOut(d, &st, now):
			msg := fmt.Sprintf("Deployment %q has timed out progressing.", d.Name)
			if newRS != nil {
				msg = fmt.Sprintf("ReplicaSet %q has timed out progressing.", newRS.Name)
			}
			setCondition(&st, newCondition(api.DeploymentProgressing, api.ConditionFalse, TimedOutReason, msg, now))
		}
	}
	if f := replicaFailure(all, newRS); f != nil {
		setCondition(&st, *f)
	} else {
		removeCondition(&st, api.DeploymentReplicaFailure)
	}
	if len(st.Conditions) == 0 {
		st.Conditions = nil
	}
	if reflect.DeepEqual(d.Status, st) {
		c.requeueStuckDeployment(d, st)
		return nil
	}
	d.Status = st
	return c.writeDeployment(d)
}

// replicaFailure lifts a ReplicaSet's ReplicaFailure condition, the new
// ReplicaSet's first.
func replicaFailure(all []*api.ReplicaSet, newRS *api.ReplicaSet) *api.DeploymentCondition {
	from := func(rs *api.ReplicaSet) *api.DeploymentCondition {
		if rs == nil {
			return nil
		}
		for _, rc := range rs.Status.Conditions {
			if rc.Type == api.ReplicaSetReplicaFailure {
				return &api.DeploymentCondition{Type: api.DeploymentReplicaFailure, Status: rc.Status, Reason: rc.Reason,
					Message: rc.Message, LastTransitionTime: rc.LastTransitionTime, LastUpdateTime: rc.LastTransitionTime}
			}
		}
		return nil
	}
	if c := from(newRS); c != nil {
		return c
	}
	for _, rs := range all {
		if rs != newRS {
			if c := from(rs); c != nil {
				return c
			}
		}
	}
	return nil
}

// requeueStuckDeployment checks the deadline again when it passes.
func (c *Controller) requeueStuckDeployment(d *api.Deployment, st api.DeploymentStatus) {
	cur := getCondition(&d.Status, api.DeploymentProgressing)
	if !hasProgressDeadline(d) || cur == nil || deploymentComplete(d, &st) || cur.Reason == TimedOutReason {
		return
	}
	after := cur.LastUpdateTime.Add(time.Duration(*d.Spec.ProgressDeadlineSeconds) * time.Second).Sub(c.Sim().Now())
	// Kubernetes re-queues rate-limited under a second; one second past the
	// deadline is enough in virtual time and avoids a busy loop.
	c.EnqueueAfter(client.KeyFunc(d), max(after, 0)+time.Second)
}
