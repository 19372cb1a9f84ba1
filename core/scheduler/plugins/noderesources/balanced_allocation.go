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

// BalancedScore computes the score from requested and allocatable values of
// each resource (resources with 0 allocatable are ignored).
func BalancedScore(requested, allocatable []int64) int64 {
	var fractions [8]float64
	fs := fractions[:0]
	var total float64
	for i := range requested {
		if allocatable[i] == 0 {
			continue
		}
		f := float64(requested[i]) / float64(allocatable[i])
		if f > 1 {
			f = 1
		}
		total += f
		fs = append(fs, f)
	}
	std := 0.0
	if len(fs) == 2 {
		std = math.Abs((fs[0] - fs[1]) / 2)
	} else if len(fs) > 2 {
		mean := total / float64(len(fs))
		var sum float64
		for _, f := range fs {
			sum += (f - mean) * (f - mean)
		}
		std = math.Sqrt(sum / float64(len(fs)))
	}
	return int64((1 - std) * float64(framework.MaxNodeScore))
}

// fraction is requested/allocatable capped at 1, as BalancedScore takes it.
func fraction(requested, allocatable int64) float64 {
	f := float64(requested) / float64(allocatable)
	if f > 1 {
		f = 1
	}
	return f
}

// Score implements ScorePlugin: BalancedScore of cpu and memory, written
// out for those two resources (the same arithmetic, without the slices and
// the call, for every feasible node of every cycle).
func (*BalancedAllocation) Score(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	cpu, mem := n.Allocatable.MilliCPU, n.Allocatable.Memory
	std := 0.0
	if cpu != 0 && mem != 0 {
		std = math.Abs((fraction(n.Requested.MilliCPU+pod.Requests.MilliCPU, cpu) - fraction(n.Requested.Memory+pod.Requests.Memory, mem)) / 2)
	}
	return int64((1 - std) * float64(framework.MaxNodeScore)), nil
}
