package scheduler

import (
	"reflect"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Which plugins' rejections a cluster event may resolve (a coarse form of
// kube-scheduler's queueing hints). A pod rejected by no plugin in
// particular is always moved.
var (
	hintAssignedPodDelete = []string{names.NodeResourcesFit, names.NodePorts, names.InterPodAffinity, names.PodTopologySpread, names.DefaultPreemption}
	hintAssignedPodChange = []string{names.InterPodAffinity, names.PodTopologySpread}
)

func hintFor(plugins []string) func(qp *framework.QueuedPodInfo) bool {
	return func(qp *framework.QueuedPodInfo) bool {
		if len(qp.UnschedulablePlugins) == 0 {
			return true
		}
		for _, p := range plugins {
			if qp.UnschedulablePlugins[p] {
				return true
			}
		}
		return false
	}
}

func (sc *Scheduler) onNodeAdd(obj api.Object) {
	node := obj.(*api.Node)
	sc.cache.AddNode(node)
	sc.q.MoveAllToActiveOrBackoff(nil)
}

func (sc *Scheduler) onNodeUpdate(oldObj, newObj api.Object) {
	old, cur := oldObj.(*api.Node), newObj.(*api.Node)
	sc.cache.AddNode(cur)
	if nodeChangeRelevant(old, cur) {
		sc.q.MoveAllToActiveOrBackoff(nil)
	}
}

func (sc *Scheduler) onNodeDelete(obj api.Object) {
	sc.cache.RemoveNode(obj.(*api.Node))
}

func (sc *Scheduler) onPodAdd(obj api.Object) {
	pod := obj.(*api.Pod)
	if pod.Spec.NodeName != "" {
		if !terminal(pod) {
			sc.cache.AddPod(pod)
			sc.q.MoveAllToActiveOrBackoff(hintFor(hintAssignedPodChange))
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
			sc.q.MoveAllToActiveOrBackoff(hintFor(hintAssignedPodDelete))
			return
		}
		sc.cache.UpdatePod(pod)
		if old.Spec.NodeName == "" || !reflect.DeepEqual(old.Labels, pod.Labels) {
			sc.q.MoveAllToActiveOrBackoff(hintFor(hintAssignedPodChange))
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
		sc.q.MoveAllToActiveOrBackoff(hintFor(hintAssignedPodDelete))
		return
	}
	// An assumed pod deleted before its binding was observed.
	sc.cache.ForgetPod(pod)
	sc.q.Delete(pod)
	sc.removeNomination(pod)
}
