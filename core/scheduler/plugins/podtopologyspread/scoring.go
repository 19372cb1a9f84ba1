package podtopologyspread

import (
	"math"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
)

const preScoreKey = "PreScore" + Name

type preScoreState struct {
	constraints []constraint
	ignored     map[string]bool
	// counts[i] maps topology values of non-hostname constraint i to pods.
	counts  []map[string]int
	weights []float64
}

// PreScore prepares ScheduleAnyway constraints (or the system defaults).
func (pl *PodTopologySpread) PreScore(state *framework.CycleState, pod *framework.PodInfo, filtered []*framework.NodeInfo) *framework.Status {
	p := pod.Pod
	var cs []constraint
	requireAll := true
	if len(p.Spec.TopologySpreadConstraints) > 0 {
		var err error
		cs, err = buildConstraints(p, p.Spec.TopologySpreadConstraints, api.ScheduleAnyway)
		if err != nil {
			return framework.AsStatus(err)
		}
	} else {
		sel := pl.h.DefaultSpreadSelector(p)
		if sel == nil {
			return framework.NewStatus(framework.Skip)
		}
		requireAll = false
		for _, d := range SystemDefaultConstraints {
			cs = append(cs, constraint{MaxSkew: d.MaxSkew, TopologyKey: d.TopologyKey, Selector: sel, MinDomains: 1, HonorAffinity: true})
		}
	}
	if len(cs) == 0 {
		return framework.NewStatus(framework.Skip)
	}
	s := &preScoreState{constraints: cs, ignored: map[string]bool{}, counts: make([]map[string]int, len(cs)), weights: make([]float64, len(cs))}
	sizes := make([]int, len(cs))
	for i := range cs {
		s.counts[i] = map[string]int{}
	}
	for _, n := range filtered {
		node := n.Node()
		if requireAll && !hasAllKeys(node, cs) {
			s.ignored[node.Name] = true
			continue
		}
		for i := range cs {
			if cs[i].TopologyKey == api.LabelHostname {
				continue
			}
			if v, ok := node.Labels[cs[i].TopologyKey]; ok {
				if _, seen := s.counts[i][v]; !seen {
					s.counts[i][v] = 0
					sizes[i]++
				}
			}
		}
	}
	for i := range cs {
		if cs[i].TopologyKey == api.LabelHostname {
			sizes[i] = len(filtered) - len(s.ignored)
		}
		s.weights[i] = math.Log(float64(sizes[i] + 2))
	}
	for _, n := range pl.h.Nodes() {
		node := n.Node()
		if requireAll && !hasAllKeys(node, cs) {
			continue
		}
		for i := range cs {
			c := &cs[i]
			if c.TopologyKey == api.LabelHostname || !nodeEligible(p, node, c) {
				continue
			}
			v, ok := node.Labels[c.TopologyKey]
			if !ok {
				continue
			}
			if _, tracked := s.counts[i][v]; tracked {
				s.counts[i][v] += countMatching(n.Pods, c.Selector, p.Namespace)
			}
		}
	}
	state.Write(preScoreKey, s)
	return nil
}

// Score sums cnt × log(domains+2) + (maxSkew − 1) over the constraints whose
// key the node has.
func (pl *PodTopologySpread) Score(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	v, ok := state.Read(preScoreKey)
	if !ok {
		return 0, nil
	}
	s := v.(*preScoreState)
	node := n.Node()
	if s.ignored[node.Name] {
		return 0, nil
	}
	var score float64
	for i := range s.constraints {
		c := &s.constraints[i]
		tpVal, ok := node.Labels[c.TopologyKey]
		if !ok {
			continue
		}
		var cnt int
		if c.TopologyKey == api.LabelHostname {
			cnt = countMatching(n.Pods, c.Selector, pod.Pod.Namespace)
		} else {
			cnt = s.counts[i][tpVal]
		}
		score += float64(cnt)*s.weights[i] + float64(c.MaxSkew-1)
	}
	return int64(math.Round(score)), nil
}

// NormalizeScore maps scores so the least crowded node gets 100:
// 100 × (max + min − score) / max; ignored nodes get 0.
func (pl *PodTopologySpread) NormalizeScore(state *framework.CycleState, _ *framework.PodInfo, nodes []*framework.NodeInfo, scores []int64) *framework.Status {
	v, ok := state.Read(preScoreKey)
	if !ok {
		return nil
	}
	s := v.(*preScoreState)
	var minS int64 = math.MaxInt64
	var maxS int64
	for i, sc := range scores {
		if s.ignored[nodes[i].Name()] {
			continue
		}
		minS = min(minS, sc)
		maxS = max(maxS, sc)
	}
	for i, sc := range scores {
		switch {
		case s.ignored[nodes[i].Name()]:
			scores[i] = 0
		case maxS == 0:
			scores[i] = framework.MaxNodeScore
		default:
			scores[i] = framework.MaxNodeScore * (maxS + minS - sc) / maxS
		}
	}
	return nil
}
