package scheduler

import (
	"reflect"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
)

// The informers' changes, as kube-scheduler's event handlers turn them into cluster events: each event
// moves the rejected Pods it may help, as the plugins that rejected them registered
// (framework.EnqueueExtensions; framework.Framework.MoveHint). The scheduler itself knows no plugin.

// clusterEvent retries the Pods ev may help: the gated ones are asked PreEnqueue again, the
// unschedulable ones are moved to the active or backoff queue.
func (sc *Scheduler) clusterEvent(ev framework.ClusterEvent, oldObj, newObj api.Object) {
	if sc.q == nil || ev.ActionType == 0 {
		return
	}
	hint := sc.fw.MoveHint(ev, oldObj, newObj)
	sc.q.RetryGated(hint)
	sc.q.MoveAllToActiveOrBackoff(hint)
}

func (sc *Scheduler) onNodeAdd(obj api.Object) {
	node := obj.(*api.Node)
	sc.cache.AddNode(node)
	sc.clusterEvent(framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add}, nil, node)
}

func (sc *Scheduler) onNodeUpdate(oldObj, newObj api.Object) {
	old, cur := oldObj.(*api.Node), newObj.(*api.Node)
	sc.cache.AddNode(cur)
	sc.clusterEvent(framework.ClusterEvent{Resource: framework.Node, ActionType: framework.NodeUpdateActions(old, cur)}, old, cur)
}

func (sc *Scheduler) onNodeDelete(obj api.Object) {
	sc.cache.RemoveNode(obj.(*api.Node))
	sc.clusterEvent(framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Delete}, obj, nil)
}

func (sc *Scheduler) onPodAdd(obj api.Object) {
	pod := obj.(*api.Pod)
	if pod.Spec.NodeName != "" {
		if !terminal(pod) {
			sc.cache.AddPod(pod)
			sc.clusterEvent(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add}, nil, pod)
		}
		return
	}
	if sc.responsible(pod) && pod.DeletionTimestamp == nil && !terminal(pod) {
		sc.q.Add(pod)
	}
}

func (sc *Scheduler) onPodUpdate(oldObj, newObj api.Object) {
	old, pod := oldObj.(*api.Pod), newObj.(*api.Pod)
	if pod.Spec.NodeName != "" {
		if old.Spec.NodeName == "" {
			sc.q.Delete(pod)
			sc.removeNomination(pod)
		}
		if terminal(pod) {
			sc.cache.RemovePod(pod)
			sc.clusterEvent(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Delete}, old, nil)
			return
		}
		sc.cache.UpdatePod(pod)
		switch {
		case old.Spec.NodeName == "":
			sc.clusterEvent(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add}, nil, pod)
		case !reflect.DeepEqual(old.Labels, pod.Labels):
			sc.clusterEvent(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.UpdatePodLabel}, old, pod)
		}
		return
	}
	if !sc.responsible(pod) || pod.DeletionTimestamp != nil || terminal(pod) {
		sc.q.Delete(pod)
		sc.removeNomination(pod)
		return
	}
	sc.q.Update(pod)
}

func (sc *Scheduler) onPodDelete(obj api.Object) {
	pod := obj.(*api.Pod)
	if pod.Spec.NodeName != "" {
		sc.cache.RemovePod(pod)
		sc.clusterEvent(framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Delete}, pod, nil)
		return
	}
	// An assumed pod deleted before its binding was observed.
	sc.cache.ForgetPod(pod)
	sc.q.Delete(pod)
	sc.removeNomination(pod)
}
