// Package noderesources holds kube-scheduler's NodeResourcesFit plugin
// (filter: does the pod's request fit the node's free allocatable; score:
// LeastAllocated) and NodeResourcesBalancedAllocation (score: prefer nodes
// whose cpu and memory usage fractions stay close).
package noderesources

import (
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// FitName is NodeResourcesFit's name.
const FitName = names.NodeResourcesFit

// Reasons.
const (
	ReasonTooManyPods = "Too many pods"
	// ReasonInsufficient is followed by the resource name: "Insufficient cpu".
	ReasonInsufficient = "Insufficient "
)

// Fit is the NodeResourcesFit plugin with the default LeastAllocated
// strategy, cpu and memory weighted 1 each.
type Fit struct{}

// NewFit returns the plugin.
func NewFit(framework.Handle) framework.Plugin { return &Fit{} }

// The extension points Fit is registered for (checked at compile time).
var (
	_ framework.FilterPlugin = (*Fit)(nil)
	_ framework.ScorePlugin  = (*Fit)(nil)
)

// Name implements Plugin.
func (*Fit) Name() string { return FitName }

// InsufficientResource describes one resource that does not fit.
type InsufficientResource struct {
	Name      api.ResourceName
	Reason    string
	Requested int64
	Used      int64
	Capacity  int64
}

// Fits lists the resources for which pod does not fit on n, in
// kube-scheduler's order: pods, cpu, memory, ephemeral-storage, then
// extended resources by name.
func Fits(pod *framework.PodInfo, n *framework.NodeInfo) []InsufficientResource {
	var out []InsufficientResource
	if len(n.Pods)+1 > n.Allocatable.AllowedPodNumber {
		out = append(out, InsufficientResource{Name: api.ResourcePods, Reason: ReasonTooManyPods, Requested: 1, Used: int64(len(n.Pods)), Capacity: int64(n.Allocatable.AllowedPodNumber)})
	}
	r := &pod.Requests
	if r.MilliCPU == 0 && r.Memory == 0 && r.EphemeralStorage == 0 && len(r.Scalar) == 0 {
		return out
	}
	if r.MilliCPU > 0 && r.MilliCPU > n.Allocatable.MilliCPU-n.Requested.MilliCPU {
		out = append(out, InsufficientResource{Name: api.ResourceCPU, Reason: ReasonInsufficient + "cpu", Requested: r.MilliCPU, Used: n.Requested.MilliCPU, Capacity: n.Allocatable.MilliCPU})
	}
	if r.Memory > 0 && r.Memory > n.Allocatable.Memory-n.Requested.Memory {
		out = append(out, InsufficientResource{Name: api.ResourceMemory, Reason: ReasonInsufficient + "memory", Requested: r.Memory, Used: n.Requested.Memory, Capacity: n.Allocatable.Memory})
	}
	if r.EphemeralStorage > 0 && r.EphemeralStorage > n.Allocatable.EphemeralStorage-n.Requested.EphemeralStorage {
		out = append(out, InsufficientResource{Name: api.ResourceEphemeralStorage, Reason: ReasonInsufficient + "ephemeral-storage", Requested: r.EphemeralStorage, Used: n.Requested.EphemeralStorage, Capacity: n.Allocatable.EphemeralStorage})
	}
	if len(r.Scalar) > 0 {
		keys := make([]string, 0, len(r.Scalar))
		for k := range r.Scalar {
			keys = append(keys, string(k))
		}
		sort.Strings(keys)
		for _, k := range keys {
			name := api.ResourceName(k)
			q := r.Scalar[name]
			if q == 0 {
				continue
			}
			if q > n.Allocatable.Scalar[name]-n.Requested.Scalar[name] {
				out = append(out, InsufficientResource{Name: name, Reason: ReasonInsufficient + k, Requested: q, Used: n.Requested.Scalar[name], Capacity: n.Allocatable.Scalar[name]})
			}
		}
	}
	return out
}

// fitsPlainly reports that Fits would find nothing insufficient, for a pod
// without extended resources on a node with room for all its requests (the
// common case, decided without calling Fits; false means "ask Fits").
func fitsPlainly(r *framework.Resource, n *framework.NodeInfo) bool {
	return len(n.Pods) < n.Allocatable.AllowedPodNumber && len(r.Scalar) == 0 &&
		r.MilliCPU <= n.Allocatable.MilliCPU-n.Requested.MilliCPU &&
		r.Memory <= n.Allocatable.Memory-n.Requested.Memory &&
		r.EphemeralStorage <= n.Allocatable.EphemeralStorage-n.Requested.EphemeralStorage
}

// Filter implements FilterPlugin: one reason per insufficient resource,
// Unschedulable (preemption may help).
func (*Fit) Filter(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if fitsPlainly(&pod.Requests, n) {
		return nil
	}
	ins := Fits(pod, n)
	if len(ins) == 0 {
		return nil
	}
	reasons := make([]string, len(ins))
	for i, x := range ins {
		reasons[i] = x.Reason
	}
	return framework.NewStatus(framework.Unschedulable, reasons...)
}

// LeastRequestedScore is ((capacity - requested) * 100) / capacity, or 0
// when capacity is 0 or requested exceeds it.
func LeastRequestedScore(requested, capacity int64) int64 {
	if capacity == 0 || requested > capacity {
		return 0
	}
	return ((capacity - requested) * framework.MaxNodeScore) / capacity
}

// Score is LeastAllocated over cpu and memory with weight 1 each, counting
// the node's non-zero requests plus the pod's non-zero request.
func (*Fit) Score(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	var score, weights int64
	if alloc := n.Allocatable.MilliCPU; alloc != 0 {
		score += LeastRequestedScore(n.NonZeroRequested.MilliCPU+pod.NonZero.MilliCPU, alloc)
		weights++
	}
	if alloc := n.Allocatable.Memory; alloc != 0 {
		score += LeastRequestedScore(n.NonZeroRequested.Memory+pod.NonZero.Memory, alloc)
		weights++
	}
	if weights == 0 {
		return 0, nil
	}
	return score / weights, nil
}

var _ framework.EnqueueExtensions = (*Fit)(nil)

// EventsToRegister: a pod deleted or scaled down on a node (resources freed); a node added, or whose
// allocatable, taints or labels changed, on which the pod would fit were it empty, and, for an update,
// whose allocatable grew in a resource the pod requests (kube-scheduler's isSchedulableAfterNodeChange).
func (*Fit) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Delete | framework.UpdatePodScaleDown}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeAllocatable | framework.UpdateNodeTaint | framework.UpdateNodeLabel},
			QueueingHintFn: schedulableAfterNodeChange},
	}
}

func schedulableAfterNodeChange(pod *api.Pod, oldObj, newObj api.Object) framework.QueueingHint {
	cur, ok := newObj.(*api.Node)
	if !ok {
		return framework.QueueSkip
	}
	req, _ := framework.PodRequests(pod)
	alloc := framework.NewResource(cur.Status.Allocatable)
	if !fitsIn(&req, &alloc) {
		return framework.QueueSkip
	}
	old, ok := oldObj.(*api.Node)
	if !ok {
		return framework.Queue
	}
	was := framework.NewResource(old.Status.Allocatable)
	grew := req.MilliCPU > 0 && alloc.MilliCPU > was.MilliCPU || req.Memory > 0 && alloc.Memory > was.Memory ||
		req.EphemeralStorage > 0 && alloc.EphemeralStorage > was.EphemeralStorage || alloc.AllowedPodNumber > was.AllowedPodNumber
	for name, q := range req.Scalar {
		grew = grew || q > 0 && alloc.Scalar[name] > was.Scalar[name]
	}
	if grew {
		return framework.Queue
	}
	return framework.QueueSkip
}

// fitsIn reports whether requests fit in an empty node's allocatable.
func fitsIn(req, alloc *framework.Resource) bool {
	if req.MilliCPU > alloc.MilliCPU || req.Memory > alloc.Memory || req.EphemeralStorage > alloc.EphemeralStorage {
		return false
	}
	for name, q := range req.Scalar {
		if q > alloc.Scalar[name] {
			return false
		}
	}
	return true
}
