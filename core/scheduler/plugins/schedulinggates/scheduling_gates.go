// Package schedulinggates is kube-scheduler's SchedulingGates plugin: a pod
// with spec.schedulingGates never enters activeQ until they are removed.
package schedulinggates

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.SchedulingGates

// SchedulingGates holds gated pods out of the queue.
type SchedulingGates struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &SchedulingGates{} }

// The extension points SchedulingGates is registered for (checked at compile time).
var (
	_ framework.PreEnqueuePlugin = (*SchedulingGates)(nil)
)

// Name implements Plugin.
func (*SchedulingGates) Name() string { return Name }

// PreEnqueue rejects a pod that still has scheduling gates:
// "waiting for scheduling gates: [a b]".
func (*SchedulingGates) PreEnqueue(pod *api.Pod) *framework.Status {
	if len(pod.Spec.SchedulingGates) == 0 {
		return nil
	}
	gates := make([]string, 0, len(pod.Spec.SchedulingGates))
	for _, g := range pod.Spec.SchedulingGates {
		gates = append(gates, g.Name)
	}
	return framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("waiting for scheduling gates: %v", gates))
}

var _ framework.EnqueueExtensions = (*SchedulingGates)(nil)

// EventsToRegister: the pod's scheduling gates removed.
func (*SchedulingGates) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.UnscheduledPod, ActionType: framework.UpdatePodSchedulingGatesEliminated}},
	}
}
