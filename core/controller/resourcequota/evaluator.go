package resourcequota

import (
	"slices"
	"strings"
	"time"

	"kubeplay/core/api"
)

// evaluatorFor names the resource (and API group) whose objects a quota
// resource name measures (pkg/quota/v1/evaluator/core): compute resources
// and "pods" measure pods, "services.nodeports" services, "count/<r>.<g>"
// the objects of r in group g, and the legacy names (configmaps, secrets,
// ...) their core resource. ok is false for names no evaluator knows.
func evaluatorFor(name api.ResourceName) (resource, group string, ok bool) {
	n := string(name)
	switch {
	case n == "persistentvolumeclaims" || n == "requests.storage" || strings.Contains(n, ".storageclass.storage.k8s.io/"):
		return "persistentvolumeclaims", "", true
	case n == "services" || n == "services.loadbalancers" || n == "services.nodeports":
		return "services", "", true
	case n == "configmaps" || n == "secrets" || n == "resourcequotas" || n == "replicationcontrollers":
		return n, "", true
	case n == "pods" || n == "cpu" || n == "memory" || n == "ephemeral-storage" ||
		strings.HasPrefix(n, "requests.") || strings.HasPrefix(n, "limits.") || strings.HasPrefix(n, "hugepages-"):
		return "pods", "", true
	case strings.HasPrefix(n, "count/"):
		r, g, _ := strings.Cut(strings.TrimPrefix(n, "count/"), ".")
		return r, g, r != ""
	}
	return "", "", false
}

// objectCountName is "count/<resource>[.<group>]".
func objectCountName(resource, group string) api.ResourceName {
	if group == "" {
		return api.ResourceName("count/" + resource)
	}
	return api.ResourceName("count/" + resource + "." + group)
}

// usage is what one object charges: its object count under every name,
// and for pods that have not finished their compute resources.
func usage(resource, group string, obj api.Object, now time.Time) api.ResourceList {
	one := func() api.Quantity { return *api.NewQuantity(1, api.DecimalSI) }
	out := api.ResourceList{objectCountName(resource, group): one()}
	if group == "" {
		switch resource {
		case "configmaps", "secrets", "resourcequotas", "replicationcontrollers", "persistentvolumeclaims", "services":
			out[api.ResourceName(resource)] = one()
		}
	}
	switch o := obj.(type) {
	case *api.Pod:
		// count/pods tracks every pod in storage; "pods" and the compute
		// resources only pods that have not reached the end of their life.
		if !podCounts(o, now) {
			return out
		}
		out["pods"] = one()
		for k, v := range podComputeUsage(o) {
			out[k] = v
		}
	case *api.Service:
		ports := *api.NewQuantity(int64(len(o.Spec.Ports)), api.DecimalSI)
		switch o.Spec.Type {
		case api.ServiceTypeLoadBalancer:
			out["services.loadbalancers"] = one()
			if o.Spec.AllocateLoadBalancerNodePorts == nil || *o.Spec.AllocateLoadBalancerNodePorts {
				out["services.nodeports"] = ports
			}
		case api.ServiceTypeNodePort:
			out["services.nodeports"] = ports
		}
	}
	return out
}

// podCounts is QuotaV1Pod: finished pods and pods past their deletion
// grace period no longer use compute resources.
func podCounts(p *api.Pod, now time.Time) bool {
	if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
		return false
	}
	if p.DeletionTimestamp != nil && p.DeletionGracePeriodSeconds != nil {
		end := p.DeletionTimestamp.Time.Add(time.Duration(*p.DeletionGracePeriodSeconds) * time.Second)
		if now.After(end) {
			return false
		}
	}
	return true
}

// podComputeUsage sums the containers' requests and limits; an init
// container counts by its maximum (PodRequests / PodLimits). Requests
// count under both the bare and the requests. name.
func podComputeUsage(p *api.Pod) api.ResourceList {
	req, lim := api.ResourceList{}, api.ResourceList{}
	for _, c := range p.Spec.Containers {
		addList(req, c.Resources.Requests)
		addList(lim, c.Resources.Limits)
	}
	for _, c := range p.Spec.InitContainers {
		maxList(req, c.Resources.Requests)
		maxList(lim, c.Resources.Limits)
	}
	out := api.ResourceList{}
	for k, v := range req {
		if k == api.ResourceCPU || k == api.ResourceMemory || k == "ephemeral-storage" {
			out[k] = v
		}
		out["requests."+k] = v
	}
	for k, v := range lim {
		out["limits."+k] = v
	}
	return out
}

func addList(dst, src api.ResourceList) {
	for k, v := range src {
		cur, ok := dst[k]
		if !ok {
			dst[k] = v
			continue
		}
		cur.Add(v)
		dst[k] = cur
	}
}

func maxList(dst, src api.ResourceList) {
	for k, v := range src {
		if cur, ok := dst[k]; !ok || cur.Cmp(v) < 0 {
			dst[k] = v
		}
	}
}

// matchesScopes reports whether obj falls under every scope of the quota
// (spec.scopes and spec.scopeSelector). Scopes select pods only: any other
// object is outside a scoped quota.
func matchesScopes(q *api.ResourceQuota, obj api.Object) bool {
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
