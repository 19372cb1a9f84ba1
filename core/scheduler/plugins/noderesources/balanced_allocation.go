package noderesources

import (
	"math"

	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// BalancedAllocationName is NodeResourcesBalancedAllocation's name.
const BalancedAllocationName = names.NodeResourcesBalancedAllocation

// BalancedAllocation scores nodes by how balanced cpu and memory usage would
// be with the pod: score = (1 - std) * 100, std over the usage fractions
// (|f_cpu - f_mem| / 2 for two resources). It uses actual requests, not the
// non-zero defaults.
type BalancedAllocation struct{}

// NewBalancedAllocation returns the plugin.
func NewBalancedAllocation(framework.Handle) framework.Plugin { return &BalancedAllocation{} }

// The extension points BalancedAllocation is registered for (checked at compile time).
var (
	_ framework.PreScorePlugin = (*BalancedAllocation)(nil)
	_ framework.ScorePlugin    = (*BalancedAllocation)(nil)
)

// Name implements Plugin.
func (*BalancedAllocation) Name() string { return BalancedAllocationName }

// PreScore skips best-effort pods (no cpu or memory request), as
// kube-scheduler does since kubernetes#129138, so they do not pile up.
func (*BalancedAllocation) PreScore(_ *framework.CycleState, pod *framework.PodInfo, _ []*framework.NodeInfo) *framework.Status {
	if pod.Requests.MilliCPU == 0 && pod.Requests.Memory == 0 {
		return framework.NewStatus(framework.Skip)
	}
	return nil
}

// fraction is requested/allocatable capped at 1.
func fraction(requested, allocatable int64) float64 {
	f := float64(requested) / float64(allocatable)
	if f > 1 {
		f = 1
	}
	return f
}

// Score implements ScorePlugin: (1 - std) * 100 over the cpu and memory
// fractions, whose standard deviation is half their difference; a node
// without allocatable cpu or memory has one fraction, and std 0 (kube-
// scheduler's balancedResourceScorer for its default two resources).
func (*BalancedAllocation) Score(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	cpu, mem := n.Allocatable.MilliCPU, n.Allocatable.Memory
	std := 0.0
	if cpu != 0 && mem != 0 {
		std = math.Abs((fraction(n.Requested.MilliCPU+pod.Requests.MilliCPU, cpu) - fraction(n.Requested.Memory+pod.Requests.Memory, mem)) / 2)
	}
	return int64((1 - std) * float64(framework.MaxNodeScore)), nil
}
