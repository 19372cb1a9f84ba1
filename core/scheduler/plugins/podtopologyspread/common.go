// Package podtopologyspread is kube-scheduler's PodTopologySpread plugin.
// Filter enforces DoNotSchedule constraints (skew = matching pods in the
// node's domain + self − the global minimum must stay ≤ maxSkew); Score
// prefers domains with fewer matching pods for ScheduleAnyway constraints,
// or for the system default constraints (hostname maxSkew 3, zone maxSkew 5)
// when the pod declares none and belongs to a Service or workload.
package podtopologyspread

import (
	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/helper"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.PodTopologySpread

// Reasons.
const (
	ErrReasonConstraintsNotMatch = "node(s) didn't match pod topology spread constraints"
	ErrReasonNodeLabelNotMatch   = ErrReasonConstraintsNotMatch + " (missing required label)"
)

// SystemDefaultConstraints apply when a pod declares no constraint.
var SystemDefaultConstraints = []api.TopologySpreadConstraint{
	{TopologyKey: api.LabelHostname, WhenUnsatisfiable: api.ScheduleAnyway, MaxSkew: 3},
	{TopologyKey: api.LabelTopologyZone, WhenUnsatisfiable: api.ScheduleAnyway, MaxSkew: 5},
}

type constraint struct {
	MaxSkew       int32
	TopologyKey   string
	Selector      labels.Selector
	MinDomains    int32
	HonorAffinity bool
	HonorTaints   bool
}

// PodTopologySpread is the plugin.
type PodTopologySpread struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &PodTopologySpread{h: h} }

// The extension points PodTopologySpread is registered for (checked at compile time).
var (
	_ framework.PreFilterPlugin     = (*PodTopologySpread)(nil)
	_ framework.PreFilterExtensions = (*PodTopologySpread)(nil)
	_ framework.FilterPlugin        = (*PodTopologySpread)(nil)
	_ framework.PreScorePlugin      = (*PodTopologySpread)(nil)
	_ framework.ScorePlugin         = (*PodTopologySpread)(nil)
	_ framework.NormalizeScorer     = (*PodTopologySpread)(nil)
)

// Name implements Plugin.
func (*PodTopologySpread) Name() string { return Name }

func buildConstraints(pod *api.Pod, cs []api.TopologySpreadConstraint, action api.UnsatisfiableConstraintAction) ([]constraint, error) {
	var out []constraint
	for i := range cs {
		c := &cs[i]
		if c.WhenUnsatisfiable != action {
			continue
		}
		ls := c.LabelSelector
		if len(c.MatchLabelKeys) > 0 {
			cp := api.LabelSelector{}
			if ls != nil {
				cp.MatchLabels = ls.MatchLabels
				cp.MatchExpressions = append(cp.MatchExpressions, ls.MatchExpressions...)
			}
			for _, k := range c.MatchLabelKeys {
				if v, ok := pod.Labels[k]; ok {
					cp.MatchExpressions = append(cp.MatchExpressions, api.LabelSelectorRequirement{Key: k, Operator: "In", Values: []string{v}})
				}
			}
			ls = &cp
		}
		var sel labels.Selector
		if ls != nil {
			s, err := labels.SelectorFromLabelSelector(ls)
			if err != nil {
				return nil, err
			}
			sel = s
		}
		k := constraint{MaxSkew: c.MaxSkew, TopologyKey: c.TopologyKey, Selector: sel, MinDomains: 1, HonorAffinity: true}
		if c.MinDomains != nil {
			k.MinDomains = *c.MinDomains
		}
		if c.NodeAffinityPolicy != nil && *c.NodeAffinityPolicy == api.NodeInclusionPolicyIgnore {
			k.HonorAffinity = false
		}
		if c.NodeTaintsPolicy != nil && *c.NodeTaintsPolicy == api.NodeInclusionPolicyHonor {
			k.HonorTaints = true
		}
		out = append(out, k)
	}
	return out, nil
}

// nodeEligible applies nodeAffinityPolicy and nodeTaintsPolicy.
func nodeEligible(pod *api.Pod, node *api.Node, c *constraint) bool {
	if c.HonorAffinity && !helper.PodMatchesNodeSelectorAndAffinity(pod, node) {
		return false
	}
	if c.HonorTaints {
		if _, bad := helper.FindUntoleratedTaint(node.Spec.Taints, pod.Spec.Tolerations, func(t *api.Taint) bool {
			return t.Effect == api.TaintEffectNoSchedule || t.Effect == api.TaintEffectNoExecute
		}); bad {
			return false
		}
	}
	return true
}

func hasAllKeys(node *api.Node, cs []constraint) bool {
	for i := range cs {
		if _, ok := node.Labels[cs[i].TopologyKey]; !ok {
			return false
		}
	}
	return true
}

// countMatching counts the non-terminating pods of namespace ns selected by sel.
func countMatching(pods []*framework.PodInfo, sel labels.Selector, ns string) int {
	if sel == nil {
		return 0
	}
	n := 0
	for _, p := range pods {
		if p.Pod.DeletionTimestamp != nil || p.Pod.Namespace != ns {
			continue
		}
		if sel.Matches(labels.Set(p.Pod.Labels)) {
			n++
		}
	}
	return n
}

var _ framework.EnqueueExtensions = (*PodTopologySpread)(nil)

// EventsToRegister: any change to a pod on a node (the counts per domain), a node added, deleted or whose
// labels or taints changed (the domains).
func (*PodTopologySpread) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.All}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.Delete | framework.UpdateNodeLabel | framework.UpdateNodeTaint}},
	}
}
