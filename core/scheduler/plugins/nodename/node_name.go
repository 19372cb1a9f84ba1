// Package nodename is kube-scheduler's NodeName plugin: a pod that names a
// node in spec.nodeName fits only there.
package nodename

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.NodeName

// ErrReason is the rejection reason.
const ErrReason = "node(s) didn't match the requested node name"

// NodeName filters on spec.nodeName.
type NodeName struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &NodeName{} }

// The extension points NodeName is registered for (checked at compile time).
var (
	_ framework.FilterPlugin = (*NodeName)(nil)
)

// Name implements Plugin.
func (*NodeName) Name() string { return Name }

// Filter implements FilterPlugin.
func (*NodeName) Filter(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if pod.Pod.Spec.NodeName != "" && pod.Pod.Spec.NodeName != n.Name() {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReason)
	}
	return nil
}

var (
	_ framework.FilterPlugin      = (*NodeName)(nil)
	_ framework.EnqueueExtensions = (*NodeName)(nil)
)

// EventsToRegister: the node the pod names was added.
func (*NodeName) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add},
			QueueingHintFn: func(pod *api.Pod, _, newObj api.Object) framework.QueueingHint {
				if n, ok := newObj.(*api.Node); ok && n.Name == pod.Spec.NodeName {
					return framework.Queue
				}
				return framework.QueueSkip
			}},
	}
}
