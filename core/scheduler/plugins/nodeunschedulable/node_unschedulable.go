// Package nodeunschedulable is kube-scheduler's NodeUnschedulable plugin:
// a cordoned node (spec.unschedulable) takes only pods that tolerate the
// node.kubernetes.io/unschedulable:NoSchedule taint.
package nodeunschedulable

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/helper"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.NodeUnschedulable

// Reasons.
const (
	ErrReasonUnknownCondition = "node(s) had unknown conditions"
	ErrReasonUnschedulable    = "node(s) were unschedulable"
)

// NodeUnschedulable filters cordoned nodes.
type NodeUnschedulable struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &NodeUnschedulable{} }

// The extension points NodeUnschedulable is registered for (checked at compile time).
var (
	_ framework.FilterPlugin = (*NodeUnschedulable)(nil)
)

// Name implements Plugin.
func (*NodeUnschedulable) Name() string { return Name }

var unschedulableTaint = api.Taint{Key: api.TaintNodeUnschedulable, Effect: api.TaintEffectNoSchedule}

// Filter implements FilterPlugin.
func (*NodeUnschedulable) Filter(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if n.Node() == nil {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUnknownCondition)
	}
	if !n.Unschedulable() {
		return nil
	}
	if helper.TolerationsTolerateTaint(pod.Pod.Spec.Tolerations, &unschedulableTaint) {
		return nil
	}
	return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUnschedulable)
}

var (
	_ framework.FilterPlugin      = (*NodeUnschedulable)(nil)
	_ framework.EnqueueExtensions = (*NodeUnschedulable)(nil)
)

// EventsToRegister: a node added, or made schedulable; a pod that now tolerates the unschedulable taint.
func (*NodeUnschedulable) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeTaint},
			QueueingHintFn: func(pod *api.Pod, _, newObj api.Object) framework.QueueingHint {
				if n, ok := newObj.(*api.Node); ok && (!n.Spec.Unschedulable || helper.TolerationsTolerateTaint(pod.Spec.Tolerations, &unschedulableTaint)) {
					return framework.Queue
				}
				return framework.QueueSkip
			}},
		{Event: framework.ClusterEvent{Resource: framework.UnscheduledPod, ActionType: framework.UpdatePodToleration}},
	}
}
