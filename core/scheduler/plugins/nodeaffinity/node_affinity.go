// Package nodeaffinity is kube-scheduler's NodeAffinity plugin. Filter
// enforces spec.nodeSelector and requiredDuringScheduling node affinity
// (In, NotIn, Exists, DoesNotExist, Gt, Lt; matchFields metadata.name);
// Score sums the weights of matching preferred terms, normalized so the best
// node gets 100.
package nodeaffinity

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/helper"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.NodeAffinity

// ErrReasonPod is the rejection reason.
const ErrReasonPod = "node(s) didn't match Pod's node affinity/selector"

// NodeAffinity filters and scores node affinity.
type NodeAffinity struct{}

// New returns the plugin.
func New(framework.Handle) framework.Plugin { return &NodeAffinity{} }

// The extension points NodeAffinity is registered for (checked at compile time).
var (
	_ framework.PreFilterPlugin = (*NodeAffinity)(nil)
	_ framework.FilterPlugin    = (*NodeAffinity)(nil)
	_ framework.PreScorePlugin  = (*NodeAffinity)(nil)
	_ framework.ScorePlugin     = (*NodeAffinity)(nil)
	_ framework.NormalizeScorer = (*NodeAffinity)(nil)
)

// Name implements Plugin.
func (*NodeAffinity) Name() string { return Name }

func required(pod *api.Pod) *api.NodeSelector {
	if a := pod.Spec.Affinity; a != nil && a.NodeAffinity != nil {
		return a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution
	}
	return nil
}

func preferred(pod *api.Pod) []api.PreferredSchedulingTerm {
	if a := pod.Spec.Affinity; a != nil && a.NodeAffinity != nil {
		return a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution
	}
	return nil
}

// PreFilter skips the plugin for pods without selector or required affinity,
// and narrows the nodes to the names of matchFields metadata.name In terms
// when every term has one.
func (*NodeAffinity) PreFilter(_ *framework.CycleState, pod *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	req := required(pod.Pod)
	if len(pod.Pod.Spec.NodeSelector) == 0 && req == nil {
		return nil, framework.NewStatus(framework.Skip)
	}
	if req == nil {
		return nil, nil
	}
	names := map[string]bool{}
	for _, t := range req.NodeSelectorTerms {
		found := false
		for _, f := range t.MatchFields {
			if f.Key == "metadata.name" && f.Operator == api.NodeSelectorOpIn {
				found = true
				for _, v := range f.Values {
					names[v] = true
				}
			}
		}
		if !found {
			return nil, nil
		}
	}
	if len(req.NodeSelectorTerms) == 0 {
		return nil, nil
	}
	return &framework.PreFilterResult{NodeNames: names}, nil
}

// Filter implements FilterPlugin.
func (*NodeAffinity) Filter(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	if !helper.PodMatchesNodeSelectorAndAffinity(pod.Pod, n.Node()) {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonPod)
	}
	return nil
}

// PreScore skips pods without preferred terms.
func (*NodeAffinity) PreScore(_ *framework.CycleState, pod *framework.PodInfo, _ []*framework.NodeInfo) *framework.Status {
	if len(preferred(pod.Pod)) == 0 {
		return framework.NewStatus(framework.Skip)
	}
	return nil
}

// Score sums the weights of the preferred terms the node matches.
func (*NodeAffinity) Score(_ *framework.CycleState, pod *framework.PodInfo, n *framework.NodeInfo) (int64, *framework.Status) {
	var count int64
	for _, t := range preferred(pod.Pod) {
		if t.Weight == 0 {
			continue
		}
		if helper.MatchNodeSelectorTerm(n.Node(), &t.Preference) {
			count += int64(t.Weight)
		}
	}
	return count, nil
}

// NormalizeScore scales so the best node gets 100.
func (*NodeAffinity) NormalizeScore(_ *framework.CycleState, _ *framework.PodInfo, _ []*framework.NodeInfo, scores []int64) *framework.Status {
	framework.DefaultNormalizeScore(framework.MaxNodeScore, false, scores)
	return nil
}

var _ framework.EnqueueExtensions = (*NodeAffinity)(nil)

// EventsToRegister: a node added or relabelled that now matches the pod's nodeSelector and required node
// affinity.
func (*NodeAffinity) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeLabel},
			QueueingHintFn: func(pod *api.Pod, _, newObj api.Object) framework.QueueingHint {
				if n, ok := newObj.(*api.Node); ok && helper.PodMatchesNodeSelectorAndAffinity(pod, n) {
					return framework.Queue
				}
				return framework.QueueSkip
			}},
	}
}
