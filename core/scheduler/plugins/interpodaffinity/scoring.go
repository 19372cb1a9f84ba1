package interpodaffinity

import (
	"math"

	"kubeplay/core/scheduler/framework"
)

const preScoreKey = "PreScore" + Name

type preScoreState struct {
	scores map[pair]int64
}

func (pl *InterPodAffinity) processExisting(s *preScoreState, pod, e *framework.PodInfo, lbls map[string]string) {
	add := func(key string, w int64) {
		if v, ok := lbls[key]; ok && w != 0 {
			s.scores[pair{key, v}] += w
		}
	}
	for i := range pod.PreferredAffinityTerms {
		t := &pod.PreferredAffinityTerms[i]
		if t.Matches(e.Pod) {
			add(t.TopologyKey, int64(t.Weight))
		}
	}
	for i := range pod.PreferredAntiAffinityTerms {
		t := &pod.PreferredAntiAffinityTerms[i]
		if t.Matches(e.Pod) {
			add(t.TopologyKey, -int64(t.Weight))
		}
	}
	for i := range e.RequiredAffinityTerms {
		t := &e.RequiredAffinityTerms[i]
		if t.Matches(pod.Pod) {
			add(t.TopologyKey, HardPodAffinityWeight)
		}
	}
	for i := range e.PreferredAffinityTerms {
		t := &e.PreferredAffinityTerms[i]
		if t.Matches(pod.Pod) {
			add(t.TopologyKey, int64(t.Weight))
		}
	}
	for i := range e.PreferredAntiAffinityTerms {
		t := &e.PreferredAntiAffinityTerms[i]
		if t.Matches(pod.Pod) {
			add(t.TopologyKey, -int64(t.Weight))
		}
	}
}

// PreScore accumulates weights per topology pair from the pod's preferred
// terms and from existing pods' terms that select the pod.
func (pl *InterPodAffinity) PreScore(state *framework.CycleState, pod *framework.PodInfo, _ []*framework.NodeInfo) *framework.Status {
	own := len(pod.PreferredAffinityTerms)+len(pod.PreferredAntiAffinityTerms) > 0
	all := pl.h.Nodes()
	anyAffinity := pl.h.HavePodsWithAffinity()
	if !own && !anyAffinity {
		return framework.NewStatus(framework.Skip)
	}
	s := &preScoreState{scores: map[pair]int64{}}
	for _, n := range all {
		lbls := n.Node().Labels
		pods := n.PodsWithAffinity
		if own {
			pods = n.Pods
		}
		for _, e := range pods {
			pl.processExisting(s, pod, e, lbls)
		}
	}
	if len(s.scores) == 0 {
		return framework.NewStatus(framework.Skip)
	}
	state.Write(preScoreKey, s)
	return nil
}

// Score sums the weights of the node's topology pairs.
func (pl *InterPodAffinity) Score(state *framework.CycleState, _ *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	v, ok := state.Read(preScoreKey)
	if !ok {
		return 0, nil
	}
	s := v.(*preScoreState)
	var total int64
	for p, w := range s.scores {
		if n.Node().Labels[p.key] == p.value {
			if _, has := n.Node().Labels[p.key]; has {
				total += w
			}
		}
	}
	return total, nil
}

// NormalizeScore is min-max: 100 × (s − min) / (max − min), 0 if all equal.
func (pl *InterPodAffinity) NormalizeScore(state *framework.CycleState, _ *framework.PodInfo, _ []*framework.NodeInfo, scores []int64) *framework.Status {
	if _, ok := state.Read(preScoreKey); !ok {
		return nil
	}
	var minS int64 = math.MaxInt64
	var maxS int64 = math.MinInt64
	for _, s := range scores {
		minS, maxS = min(minS, s), max(maxS, s)
	}
	diff := maxS - minS
	for i, s := range scores {
		f := 0.0
		if diff > 0 {
			f = float64(framework.MaxNodeScore) * float64(s-minS) / float64(diff)
		}
		scores[i] = int64(f)
	}
	return nil
}
