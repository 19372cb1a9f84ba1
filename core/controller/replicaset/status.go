package replicaset

import (
	"reflect"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/controller/ctrlutil"
)

// calculateStatus counts the owned pods (replicaset.calculateStatus) and
// sets or clears the ReplicaFailure condition.
func calculateStatus(rs *api.ReplicaSet, pods []*api.Pod, manageErr error, now time.Time) api.ReplicaSetStatus {
	st := rs.Status
	st.Conditions = append([]api.ReplicaSetCondition(nil), rs.Status.Conditions...)
	tmpl := labels.SelectorFromSet(labels.Set(rs.Spec.Template.Labels))
	var fully, ready, available int32
	for _, p := range pods {
		if tmpl.Matches(labels.Set(p.Labels)) {
			fully++
		}
		if r, a := ctrlutil.PodReadiness(p, rs.Spec.MinReadySeconds, now); r {
			ready++
			if a {
				available++
			}
		}
	}
	failure := getCondition(st.Conditions, api.ReplicaSetReplicaFailure)
	if manageErr != nil && failure == nil {
		reason := ""
		if diff := len(pods) - int(ctrlutil.Int32(rs.Spec.Replicas, 1)); diff < 0 {
			reason = ctrlutil.FailedCreateReason
		} else if diff > 0 {
			reason = ctrlutil.FailedDeleteReason
		}
		st.Conditions = append(st.Conditions, api.ReplicaSetCondition{Type: api.ReplicaSetReplicaFailure, Status: api.ConditionTrue,
			LastTransitionTime: api.NewTime(now), Reason: reason, Message: manageErr.Error()})
	} else if manageErr == nil && failure != nil {
		st.Conditions = removeCondition(st.Conditions, api.ReplicaSetReplicaFailure)
	}
	if len(st.Conditions) == 0 {
		st.Conditions = nil
	}
	st.Replicas = int32(len(pods))
	st.FullyLabeledReplicas = fully
	st.ReadyReplicas = ready
	st.AvailableReplicas = available
	return st
}

func getCondition(cs []api.ReplicaSetCondition, t api.ReplicaSetConditionType) *api.ReplicaSetCondition {
	for i := range cs {
		if cs[i].Type == t {
			return &cs[i]
		}
	}
	return nil
}

func removeCondition(cs []api.ReplicaSetCondition, t api.ReplicaSetConditionType) []api.ReplicaSetCondition {
	var out []api.ReplicaSetCondition
	for _, c := range cs {
		if c.Type != t {
			out = append(out, c)
		}
	}
	return out
}

// updateStatus writes the status if anything changed, with observedGeneration
// set; on a conflict it re-reads the ReplicaSet once and tries again.
func (c *Controller) updateStatus(rs *api.ReplicaSet, st api.ReplicaSetStatus) (*api.ReplicaSet, error) {
	if rs.Status.Replicas == st.Replicas && rs.Status.FullyLabeledReplicas == st.FullyLabeledReplicas &&
		rs.Status.ReadyReplicas == st.ReadyReplicas && rs.Status.AvailableReplicas == st.AvailableReplicas &&
		rs.Generation == rs.Status.ObservedGeneration && reflect.DeepEqual(rs.Status.Conditions, st.Conditions) {
		return rs, nil
	}
	st.ObservedGeneration = rs.Generation
	rc := c.c.Resource("replicasets").Namespace(rs.Namespace)
	cur := api.DeepCopyAs(rs)
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		cur.Status = st
		var obj api.Object
		obj, err = rc.UpdateStatus(cur)
		if err == nil {
			return obj.(*api.ReplicaSet), nil
		}
		if !api.IsConflict(err) {
			return nil, err
		}
		fresh, gerr := rc.Get(rs.Name)
		if gerr != nil {
			return nil, gerr
		}
		cur = fresh.(*api.ReplicaSet)
		st.ObservedGeneration = cur.Generation
	}
	return nil, err
}
