package helper

import (
	"strconv"

	"kubeplay/core/api"
)

// MatchNodeSelectorTerms reports whether node matches any of terms
// (component-helpers nodeaffinity): terms are ORed, the requirements of a
// term are ANDed, and a term with no requirement matches nothing.
func MatchNodeSelectorTerms(node *api.Node, terms []api.NodeSelectorTerm) bool {
	for i := range terms {
		if MatchNodeSelectorTerm(node, &terms[i]) {
			return true
		}
	}
	return false
}

// MatchNodeSelectorTerm reports whether node matches every requirement of t.
func MatchNodeSelectorTerm(node *api.Node, t *api.NodeSelectorTerm) bool {
	if len(t.MatchExpressions) == 0 && len(t.MatchFields) == 0 {
		return false
	}
	for i := range t.MatchExpressions {
		r := &t.MatchExpressions[i]
		v, ok := node.Labels[r.Key]
		if !matchRequirement(r, v, ok) {
			return false
		}
	}
	for i := range t.MatchFields {
		r := &t.MatchFields[i]
		if r.Key != "metadata.name" {
			return false
		}
		if r.Operator != api.NodeSelectorOpIn && r.Operator != api.NodeSelectorOpNotIn {
			return false
		}
		if !matchRequirement(r, node.Name, true) {
			return false
		}
	}
	return true
}

func matchRequirement(r *api.NodeSelectorRequirement, v string, has bool) bool {
	switch r.Operator {
	case api.NodeSelectorOpIn:
		return has && contains(r.Values, v)
	case api.NodeSelectorOpNotIn:
		return !has || !contains(r.Values, v)
	case api.NodeSelectorOpExists:
		return has
	case api.NodeSelectorOpDoesNotExist:
		return !has
	case api.NodeSelectorOpGt, api.NodeSelectorOpLt:
		if !has || len(r.Values) != 1 {
			return false
		}
		lv, err1 := strconv.ParseInt(v, 10, 64)
		rv, err2 := strconv.ParseInt(r.Values[0], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if r.Operator == api.NodeSelectorOpGt {
			return lv > rv
		}
		return lv < rv
	}
	return false
}

func contains(vs []string, v string) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// MatchNodeSelectorMap reports whether node has every label of sel
// (spec.nodeSelector).
func MatchNodeSelectorMap(node *api.Node, sel map[string]string) bool {
	for k, v := range sel {
		if lv, ok := node.Labels[k]; !ok || lv != v {
			return false
		}
	}
	return true
}

// PodMatchesNodeSelectorAndAffinity reports whether node satisfies the pod's
// nodeSelector and required node affinity (what NodeAffinity filters and
// PodTopologySpread's nodeAffinityPolicy Honor uses).
func PodMatchesNodeSelectorAndAffinity(pod *api.Pod, node *api.Node) bool {
	if !MatchNodeSelectorMap(node, pod.Spec.NodeSelector) {
		return false
	}
	if a := pod.Spec.Affinity; a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil {
		return MatchNodeSelectorTerms(node, a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms)
	}
	return true
}
