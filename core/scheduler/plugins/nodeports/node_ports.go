// Package nodeports is kube-scheduler's NodePorts plugin: a pod asking for
// a hostPort fits only on nodes where that port (protocol, IP) is free.
package nodeports

import (
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.NodePorts

// ErrReason is the rejection reason.
const ErrReason = "node(s) didn't have free ports for the requested pod ports"

// NodePorts filters on host ports.
type NodePorts struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &NodePorts{} }

// The extension points NodePorts is registered for (checked at compile time).
var (
	_ framework.PreFilterPlugin = (*NodePorts)(nil)
	_ framework.FilterPlugin    = (*NodePorts)(nil)
)

// Name implements Plugin.
func (*NodePorts) Name() string { return Name }

// PreFilter skips pods without host ports.
func (*NodePorts) PreFilter(_ *framework.CycleState, pod *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if len(pod.HostPorts) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	return nil, nil
}

// Filter implements FilterPlugin.
func (*NodePorts) Filter(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	for _, hp := range pod.HostPorts {
		if n.PortConflict(hp) {
			return framework.NewStatus(framework.Unschedulable, ErrReason)
		}
	}
	return nil
}

var _ framework.EnqueueExtensions = (*NodePorts)(nil)

// EventsToRegister: a pod deleted from a node (its host ports freed), a node added or changed.
func (*NodePorts) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Delete}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.Update}},
	}
}
