package quota

import (
	"slices"

	"kubeplay/core/api"
)

// MatchesScopes reports whether obj falls under every scope of the quota
// (spec.scopes and spec.scopeSelector). Scopes select pods only: any other
// object is outside a scoped quota.
func MatchesScopes(q *api.ResourceQuota, obj api.Object) bool {
	var reqs []api.ScopedResourceSelectorRequirement
	for _, s := range q.Spec.Scopes {
		reqs = append(reqs, api.ScopedResourceSelectorRequirement{ScopeName: s, Operator: api.ScopeSelectorOpExists})
	}
	if q.Spec.ScopeSelector != nil {
		reqs = append(reqs, q.Spec.ScopeSelector.MatchExpressions...)
	}
	if len(reqs) == 0 {
		return true
	}
	p, ok := obj.(*api.Pod)
	if !ok {
		return false
	}
	for _, r := range reqs {
		if !podMatchesScope(p, r) {
			return false
		}
	}
	return true
}

func podMatchesScope(p *api.Pod, r api.ScopedResourceSelectorRequirement) bool {
	var in bool
	switch r.ScopeName {
	case api.ResourceQuotaScopeTerminating:
		in = p.Spec.ActiveDeadlineSeconds != nil && *p.Spec.ActiveDeadlineSeconds >= 0
	case api.ResourceQuotaScopeNotTerminating:
		in = p.Spec.ActiveDeadlineSeconds == nil || *p.Spec.ActiveDeadlineSeconds < 0
	case api.ResourceQuotaScopeBestEffort:
		in = isBestEffort(p)
	case api.ResourceQuotaScopeNotBestEffort:
		in = !isBestEffort(p)
	case api.ResourceQuotaScopePriorityClass:
		switch r.Operator {
		case api.ScopeSelectorOpIn:
			return slices.Contains(r.Values, p.Spec.PriorityClassName)
		case api.ScopeSelectorOpNotIn:
			return !slices.Contains(r.Values, p.Spec.PriorityClassName)
		}
		in = p.Spec.PriorityClassName != ""
	case api.ResourceQuotaScopeCrossNamespacePodAffinity:
		in = crossNamespaceAffinity(p)
	default:
		return false
	}
	if r.Operator == api.ScopeSelectorOpDoesNotExist {
		return !in
	}
	return in
}

// isBestEffort: no container requests or limits cpu or memory.
func isBestEffort(p *api.Pod) bool {
	for _, cs := range [][]api.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for _, c := range cs {
			for _, l := range []api.ResourceList{c.Resources.Requests, c.Resources.Limits} {
				if _, ok := l[api.ResourceCPU]; ok {
					return false
				}
				if _, ok := l[api.ResourceMemory]; ok {
					return false
				}
			}
		}
	}
	return true
}

func crossNamespaceAffinity(p *api.Pod) bool {
	a := p.Spec.Affinity
	if a == nil {
		return false
	}
	var terms []api.PodAffinityTerm
	if a.PodAffinity != nil {
		terms = append(terms, a.PodAffinity.RequiredDuringSchedulingIgnoredDuringExecution...)
		for _, w := range a.PodAffinity.PreferredDuringSchedulingIgnoredDuringExecution {
			terms = append(terms, w.PodAffinityTerm)
		}
	}
	if a.PodAntiAffinity != nil {
		terms = append(terms, a.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution...)
		for _, w := range a.PodAntiAffinity.PreferredDuringSchedulingIgnoredDuringExecution {
			terms = append(terms, w.PodAffinityTerm)
		}
	}
	for _, t := range terms {
		if len(t.Namespaces) > 0 || t.NamespaceSelector != nil {
			return true
		}
	}
	return false
}
