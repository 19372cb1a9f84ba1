// Package queuesort is kube-scheduler's PrioritySort plugin: activeQ pops
// the highest spec.priority first, and among equals the pod queued first.
package queuesort

import (
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.PrioritySort

// PrioritySort orders the scheduling queue.
type PrioritySort struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &PrioritySort{} }

// The extension points PrioritySort is registered for (checked at compile time).
var (
	_ framework.QueueSortPlugin = (*PrioritySort)(nil)
)

// Name implements Plugin.
func (*PrioritySort) Name() string { return Name }

// Less reports whether a should be scheduled before b.
func (*PrioritySort) Less(a, b *framework.QueuedPodInfo) bool {
	pa, pb := framework.PodPriority(a.Pod), framework.PodPriority(b.Pod)
	if pa != pb {
		return pa > pb
	}
	if !a.Timestamp.Equal(b.Timestamp) {
		return a.Timestamp.Before(b.Timestamp)
	}
	return a.Seq < b.Seq
}
