package podtopologyspread

import (
	"math"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/scheduler/framework"
)

const preFilterKey = "PreFilter" + Name

type preFilterState struct {
	constraints []constraint
	// counts[i] maps a topology value of constraint i to its matching pods.
	counts []map[string]int
}

func (s *preFilterState) Clone() any {
	c := &preFilterState{constraints: s.constraints, counts: make([]map[string]int, len(s.counts))}
	for i, m := range s.counts {
		c.counts[i] = make(map[string]int, len(m))
		for k, v := range m {
			c.counts[i][k] = v
		}
	}
	return c
}

func (s *preFilterState) minMatch(i int) int {
	m := math.MaxInt
	for _, v := range s.counts[i] {
		if v < m {
			m = v
		}
	}
	if m == math.MaxInt || int32(len(s.counts[i])) < s.constraints[i].MinDomains {
		return 0
	}
	return m
}

// PreFilter counts, for each DoNotSchedule constraint, the matching pods in
// every topology domain of the eligible nodes.
func (pl *PodTopologySpread) PreFilter(state *framework.CycleState, pod *framework.PodInfo, nodes []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if len(pod.Pod.Spec.TopologySpreadConstraints) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	cs, err := buildConstraints(pod.Pod, pod.Pod.Spec.TopologySpreadConstraints, api.DoNotSchedule)
	if err != nil {
		return nil, framework.AsStatus(err)
	}
	if len(cs) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	s := &preFilterState{constraints: cs, counts: make([]map[string]int, len(cs))}
	for i := range cs {
		s.counts[i] = map[string]int{}
	}
	for _, n := range nodes {
		node := n.Node()
		if !hasAllKeys(node, cs) {
			continue
		}
		for i := range cs {
			c := &cs[i]
			if !nodeEligible(pod.Pod, node, c) {
				continue
			}
			s.counts[i][node.Labels[c.TopologyKey]] += countMatching(n.Pods, c.Selector, pod.Pod.Namespace)
		}
	}
	state.Write(preFilterKey, s)
	return nil, nil
}

func (pl *PodTopologySpread) update(state *framework.CycleState, pod, other *framework.PodInfo, n *framework.NodeInfo, delta int) *framework.Status {
	v, ok := state.Read(preFilterKey)
	if !ok {
		return nil
	}
	s := v.(*preFilterState)
	node := n.Node()
	if other.Pod.Namespace != pod.Pod.Namespace || !hasAllKeys(node, s.constraints) {
		return nil
	}
	for i := range s.constraints {
		c := &s.constraints[i]
		if !nodeEligible(pod.Pod, node, c) || c.Selector == nil || !c.Selector.Matches(labels.Set(other.Pod.Labels)) {
			continue
		}
		s.counts[i][node.Labels[c.TopologyKey]] += delta
	}
	return nil
}

// AddPod implements PreFilterExtensions.
func (pl *PodTopologySpread) AddPod(state *framework.CycleState, pod, toAdd *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	return pl.update(state, pod, toAdd, n, 1)
}

// RemovePod implements PreFilterExtensions.
func (pl *PodTopologySpread) RemovePod(state *framework.CycleState, pod, toRemove *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	return pl.update(state, pod, toRemove, n, -1)
}

// Filter implements FilterPlugin.
func (pl *PodTopologySpread) Filter(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	v, ok := state.Read(preFilterKey)
	if !ok {
		return nil
	}
	s := v.(*preFilterState)
	node := n.Node()
	for i := range s.constraints {
		c := &s.constraints[i]
		tpVal, ok := node.Labels[c.TopologyKey]
		if !ok {
			return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonNodeLabelNotMatch)
		}
		self := 0
		if c.Selector != nil && c.Selector.Matches(labels.Set(pod.Pod.Labels)) {
			self = 1
		}
		skew := s.counts[i][tpVal] + self - s.minMatch(i)
		if skew > int(c.MaxSkew) {
			return framework.NewStatus(framework.Unschedulable, ErrReasonConstraintsNotMatch)
		}
	}
	return nil
}
