// Package interpodaffinity is kube-scheduler's InterPodAffinity plugin.
// Filter enforces required pod affinity and anti-affinity of the incoming
// pod and the required anti-affinity of pods already running; Score adds
// the weights of preferred terms (and existing pods' terms, symmetrically)
// per topology domain, min-max normalized.
package interpodaffinity

import (
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.InterPodAffinity

// Reasons.
const (
	ErrReasonExistingAntiAffinityRulesNotMatch = "node(s) didn't satisfy existing pods anti-affinity rules"
	ErrReasonAffinityRulesNotMatch             = "node(s) didn't match pod affinity rules"
	ErrReasonAntiAffinityRulesNotMatch         = "node(s) didn't match pod anti-affinity rules"
)

// HardPodAffinityWeight is the weight given to existing pods' required
// affinity terms when scoring (symmetry).
const HardPodAffinityWeight = 1

// InterPodAffinity is the plugin.
type InterPodAffinity struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &InterPodAffinity{h: h} }

// The extension points InterPodAffinity is registered for (checked at compile time).
var (
	_ framework.PreFilterPlugin     = (*InterPodAffinity)(nil)
	_ framework.PreFilterExtensions = (*InterPodAffinity)(nil)
	_ framework.FilterPlugin        = (*InterPodAffinity)(nil)
	_ framework.PreScorePlugin      = (*InterPodAffinity)(nil)
	_ framework.ScorePlugin         = (*InterPodAffinity)(nil)
	_ framework.NormalizeScorer     = (*InterPodAffinity)(nil)
)

// Name implements Plugin.
func (*InterPodAffinity) Name() string { return Name }

type pair struct{ key, value string }

type topologyCounts map[pair]int

func (m topologyCounts) add(key string, labels map[string]string, d int) {
	if v, ok := labels[key]; ok {
		m[pair{key, v}] += d
		if m[pair{key, v}] == 0 {
			delete(m, pair{key, v})
		}
	}
}

func (m topologyCounts) clone() topologyCounts {
	c := make(topologyCounts, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

const preFilterKey = "PreFilter" + Name

type preFilterState struct {
	existingAnti topologyCounts
	affinity     topologyCounts
	anti         topologyCounts
}

func (s *preFilterState) Clone() any {
	return &preFilterState{existingAnti: s.existingAnti.clone(), affinity: s.affinity.clone(), anti: s.anti.clone()}
}

func matchesAll(terms []framework.AffinityTerm, pi *framework.PodInfo) bool {
	if len(terms) == 0 {
		return false
	}
	for i := range terms {
		if !terms[i].Matches(pi.Pod) {
			return false
		}
	}
	return true
}

func (s *preFilterState) account(pod, existing *framework.PodInfo, nodeLabels map[string]string, d int) {
	for i := range existing.RequiredAntiAffinityTerms {
		t := &existing.RequiredAntiAffinityTerms[i]
		if t.Matches(pod.Pod) {
			s.existingAnti.add(t.TopologyKey, nodeLabels, d)
		}
	}
	if matchesAll(pod.RequiredAffinityTerms, existing) {
		for i := range pod.RequiredAffinityTerms {
			s.affinity.add(pod.RequiredAffinityTerms[i].TopologyKey, nodeLabels, d)
		}
	}
	for i := range pod.RequiredAntiAffinityTerms {
		t := &pod.RequiredAntiAffinityTerms[i]
		if t.Matches(existing.Pod) {
			s.anti.add(t.TopologyKey, nodeLabels, d)
		}
	}
}

// PreFilter counts, per topology pair, existing pods whose anti-affinity
// rejects the pod and existing pods matching the pod's own required terms.
func (pl *InterPodAffinity) PreFilter(state *framework.CycleState, pod *framework.PodInfo, nodes []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	if pod.ParseErr != nil {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, pod.ParseErr.Error())
	}
	ownTerms := len(pod.RequiredAffinityTerms)+len(pod.RequiredAntiAffinityTerms) > 0
	anyExistingAnti := pl.h.HavePodsWithRequiredAntiAffinity()
	if !ownTerms && !anyExistingAnti {
		return nil, framework.NewStatus(framework.Skip)
	}
	s := &preFilterState{existingAnti: topologyCounts{}, affinity: topologyCounts{}, anti: topologyCounts{}}
	for _, n := range nodes {
		lbls := n.Node().Labels
		if ownTerms {
			for _, e := range n.Pods {
				s.account(pod, e, lbls, 1)
			}
		} else {
			for _, e := range n.PodsWithRequiredAntiAffinity {
				s.account(pod, e, lbls, 1)
			}
		}
	}
	state.Write(preFilterKey, s)
	return nil, nil
}

// AddPod implements PreFilterExtensions.
func (pl *InterPodAffinity) AddPod(state *framework.CycleState, pod, toAdd *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if v, ok := state.Read(preFilterKey); ok {
		v.(*preFilterState).account(pod, toAdd, n.Node().Labels, 1)
	}
	return nil
}

// RemovePod implements PreFilterExtensions.
func (pl *InterPodAffinity) RemovePod(state *framework.CycleState, pod, toRemove *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if v, ok := state.Read(preFilterKey); ok {
		v.(*preFilterState).account(pod, toRemove, n.Node().Labels, -1)
	}
	return nil
}

// Filter implements FilterPlugin.
func (pl *InterPodAffinity) Filter(state *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	v, ok := state.Read(preFilterKey)
	if !ok {
		return nil
	}
	s := v.(*preFilterState)
	lbls := n.Node().Labels
	if len(pod.RequiredAffinityTerms) > 0 {
		exist := true
		for i := range pod.RequiredAffinityTerms {
			t := &pod.RequiredAffinityTerms[i]
			val, ok := lbls[t.TopologyKey]
			if !ok {
				return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonAffinityRulesNotMatch)
			}
			if s.affinity[pair{t.TopologyKey, val}] <= 0 {
				exist = false
			}
		}
		// The first pod of a group may land anywhere if it matches its own terms.
		if !exist && !(len(s.affinity) == 0 && matchesAll(pod.RequiredAffinityTerms, pod)) {
			return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonAffinityRulesNotMatch)
		}
	}
	for i := range pod.RequiredAntiAffinityTerms {
		t := &pod.RequiredAntiAffinityTerms[i]
		if val, ok := lbls[t.TopologyKey]; ok && s.anti[pair{t.TopologyKey, val}] > 0 {
			return framework.NewStatus(framework.Unschedulable, ErrReasonAntiAffinityRulesNotMatch)
		}
	}
	if len(s.existingAnti) > 0 {
		for k, val := range lbls {
			if s.existingAnti[pair{k, val}] > 0 {
				return framework.NewStatus(framework.Unschedulable, ErrReasonExistingAntiAffinityRulesNotMatch)
			}
		}
	}
	return nil
}

var _ framework.EnqueueExtensions = (*InterPodAffinity)(nil)

// EventsToRegister: a pod added to, relabelled on or deleted from a node; a node added or relabelled
// (its topology domains).
func (*InterPodAffinity) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add | framework.UpdatePodLabel | framework.Delete}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeLabel}},
	}
}
