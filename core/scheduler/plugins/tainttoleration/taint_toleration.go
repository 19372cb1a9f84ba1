// Package tainttoleration is kube-scheduler's TaintToleration plugin. Filter
// rejects nodes with a NoSchedule or NoExecute taint the pod does not
// tolerate; Score counts untolerated PreferNoSchedule taints and normalizes
// in reverse, so fewer such taints score higher.
package tainttoleration

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/helper"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.TaintToleration

// ErrReasonNotMatch is the v1.35 rejection reason: it no longer names the
// taint (kubernetes#134740).
const ErrReasonNotMatch = "node(s) had untolerated taint(s)"

// TaintToleration filters and scores taints.
type TaintToleration struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &TaintToleration{} }

// The extension points TaintToleration is registered for (checked at compile time).
var (
	_ framework.FilterPlugin    = (*TaintToleration)(nil)
	_ framework.ScorePlugin     = (*TaintToleration)(nil)
	_ framework.NormalizeScorer = (*TaintToleration)(nil)
)

// Name implements Plugin.
func (*TaintToleration) Name() string { return Name }

func noScheduleOrExecute(t *api.Taint) bool {
	return t.Effect == api.TaintEffectNoSchedule || t.Effect == api.TaintEffectNoExecute
}

// Filter implements FilterPlugin.
func (*TaintToleration) Filter(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	taints := n.Taints()
	if len(taints) == 0 {
		return nil
	}
	if _, bad := helper.FindUntoleratedTaint(taints, pod.Pod.Spec.Tolerations, noScheduleOrExecute); bad {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonNotMatch)
	}
	return nil
}

// Score counts the node's PreferNoSchedule taints not tolerated by a pod
// toleration whose effect is PreferNoSchedule or empty.
func (*TaintToleration) Score(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	taints := n.Taints()
	if len(taints) == 0 {
		return 0, nil
	}
	var count int64
	for i := range taints {
		t := &taints[i]
		if t.Effect != api.TaintEffectPreferNoSchedule {
			continue
		}
		tolerated := false
		for j := range pod.Pod.Spec.Tolerations {
			tol := &pod.Pod.Spec.Tolerations[j]
			if (tol.Effect == "" || tol.Effect == api.TaintEffectPreferNoSchedule) && helper.TolerationTolerates(tol, t) {
				tolerated = true
				break
			}
		}
		if !tolerated {
			count++
		}
	}
	return count, nil
}

// NormalizeScore reverses: the node with the most intolerable taints gets 0.
func (*TaintToleration) NormalizeScore(_ *framework.CycleState, _ *framework.PodInfo, _ []*framework.NodeInfo, scores []int64) *framework.Status {
	framework.DefaultNormalizeScore(framework.MaxNodeScore, true, scores)
	return nil
}

var _ framework.EnqueueExtensions = (*TaintToleration)(nil)

// EventsToRegister: a node added or whose taints changed, when the pod tolerates every NoSchedule and
// NoExecute taint it now has; a pod whose tolerations changed.
func (*TaintToleration) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeTaint},
			QueueingHintFn: func(pod *api.Pod, _, newObj api.Object) framework.QueueingHint {
				n, ok := newObj.(*api.Node)
				if !ok {
					return framework.QueueSkip
				}
				if _, bad := helper.FindUntoleratedTaint(n.Spec.Taints, pod.Spec.Tolerations, noScheduleOrExecute); bad {
					return framework.QueueSkip
				}
				return framework.Queue
			}},
		{Event: framework.ClusterEvent{Resource: framework.UnscheduledPod, ActionType: framework.UpdatePodToleration}},
	}
}
