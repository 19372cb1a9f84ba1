package admission

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/quota"
)

// ResourceQuotaPluginName is the plugin's name.
const ResourceQuotaPluginName = "ResourceQuota"

// ResourceQuota rejects creations that would exceed a quota of the
// namespace, and charges what it admits to the quota's status.used.
// Usage is computed from the objects the apiserver holds, as the quota
// controller would.
type ResourceQuota struct{}

// Name implements Plugin.
func (*ResourceQuota) Name() string { return ResourceQuotaPluginName }

// computeResources must be declared by every container when a quota limits them.
var computeResources = map[api.ResourceName]bool{
	"cpu": true, "memory": true, "requests.cpu": true, "requests.memory": true, "limits.cpu": true, "limits.memory": true,
}

// Validate implements Validator.
func (*ResourceQuota) Validate(a *Attributes, h Host) (bool, error) {
	if a.Operation != Create || a.Subresource != "" || a.Namespace == "" || a.Object == nil {
		return false, nil
	}
	objs, err := h.List("resourcequotas", a.Namespace)
	if err != nil || len(objs) == 0 {
		return false, nil
	}
	quotas := make([]*api.ResourceQuota, 0, len(objs))
	for _, o := range objs {
		if q, ok := o.(*api.ResourceQuota); ok {
			quotas = append(quotas, q)
		}
	}
	sort.Slice(quotas, func(i, j int) bool { return quotas[i].Name < quotas[j].Name })

	requested := usageOf(a.Resource, a.Object, h.Now())
	if len(requested) == 0 {
		return false, nil
	}
	var used api.ResourceList
	var charged []*api.ResourceQuota
	for _, q := range quotas {
		_, isPod := a.Object.(*api.Pod)
		matched := matchedResources(q.Spec.Hard, requested, isPod)
		if len(matched) == 0 {
			continue
		}
		if pod, ok := a.Object.(*api.Pod); ok {
			if err := podConstraints(pod, q.Spec.Hard); err != nil {
				return true, NewForbidden(a, fmt.Errorf("failed quota: %s: %v", q.Name, err))
			}
		}
		if used == nil {
			used = namespaceUsage(a, h)
		}
		var exceeded []api.ResourceName
		for _, name := range matched {
			total := quantityOf(used, name)
			if r, ok := requested[name]; ok {
				total.Add(r)
			}
			limit := q.Spec.Hard[name]
			if total.Cmp(limit) > 0 {
				exceeded = append(exceeded, name)
			}
		}
		if len(exceeded) > 0 {
			return true, NewForbidden(a, fmt.Errorf("exceeded quota: %s, requested: %s, used: %s, limited: %s",
				q.Name, prettyPrint(requested, exceeded), prettyPrint(withZeros(used, exceeded), exceeded), prettyPrint(q.Spec.Hard, exceeded)))
		}
		charged = append(charged, q)
	}
	if len(charged) == 0 {
		return false, nil
	}
	if !a.DryRun {
		for _, q := range charged {
			chargeStatus(h, q, used, requested)
		}
	}
	return true, nil
}

// chargeStatus writes status.hard and the new status.used.
func chargeStatus(h Host, q *api.ResourceQuota, used, requested api.ResourceList) {
	nq := api.DeepCopy(q).(*api.ResourceQuota)
	nq.Status.Hard = api.ResourceList{}
	nq.Status.Used = api.ResourceList{}
	for name, v := range q.Spec.Hard {
		nq.Status.Hard[name] = v.DeepCopy()
		total := quantityOf(used, name)
		if r, ok := requested[name]; ok {
			total.Add(r)
		}
		nq.Status.Used[name] = total
	}
	_ = h.UpdateStatus("resourcequotas", nq)
}

func quantityOf(l api.ResourceList, name api.ResourceName) api.Quantity {
	if v, ok := l[name]; ok {
		return v.DeepCopy()
	}
	return api.MustParse("0")
}

func withZeros(l api.ResourceList, names []api.ResourceName) api.ResourceList {
	out := api.ResourceList{}
	for _, n := range names {
		out[n] = quantityOf(l, n)
	}
	return out
}

// prettyPrint is the quota controller's "name=value,..." in key order.
func prettyPrint(l api.ResourceList, only []api.ResourceName) string {
	keys := make([]string, 0, len(only))
	for _, n := range only {
		if _, ok := l[n]; ok {
			keys = append(keys, string(n))
		}
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		v := l[api.ResourceName(k)]
		parts[i] = k + "=" + v.String()
	}
	return strings.Join(parts, ",")
}

// matchedResources are the hard limits this object's kind is measured by:
// what it uses, and for pods every compute resource (even unrequested).
func matchedResources(hard, requested api.ResourceList, isPod bool) []api.ResourceName {
	var out []api.ResourceName
	for name := range hard {
		n := string(name)
		_, uses := requested[name]
		compute := isPod && (computeResources[name] || n == "ephemeral-storage" ||
			strings.HasPrefix(n, "requests.") || strings.HasPrefix(n, "limits."))
		if uses || compute {
			out = append(out, name)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// usageOf is what one object counts against quota: the evaluator the
// quota controller uses too.
func usageOf(r *api.ResourceInfo, obj api.Object, now time.Time) api.ResourceList {
	if r == nil {
		return nil
	}
	return quota.Usage(r.Resource, r.Group, obj, now)
}

// podConstraints: when a quota limits cpu or memory, every container must
// say how much it needs (`must specify cpu for: nginx; memory for: nginx`).
func podConstraints(p *api.Pod, hard api.ResourceList) error {
	missing := map[string][]string{}
	check := func(c api.Container) {
		have := map[api.ResourceName]bool{}
		for k := range c.Resources.Requests {
			have[k] = true
			have["requests."+k] = true
		}
		for k := range c.Resources.Limits {
			have["limits."+k] = true
		}
		for name := range hard {
			if computeResources[name] && !have[name] {
				missing[string(name)] = append(missing[string(name)], c.Name)
			}
		}
	}
	for _, c := range p.Spec.Containers {
		check(c)
	}
	for _, c := range p.Spec.InitContainers {
		check(c)
	}
	if len(missing) == 0 {
		return nil
	}
	names := make([]string, 0, len(missing))
	for n := range missing {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		cs := missing[n]
		sort.Strings(cs)
		parts[i] = fmt.Sprintf("%s for: %s", n, strings.Join(cs, ","))
	}
	return fmt.Errorf("must specify %s", strings.Join(parts, "; "))
}

// namespaceUsage sums the usage of every object of the kinds quota tracks.
func namespaceUsage(a *Attributes, h Host) api.ResourceList {
	total := api.ResourceList{}
	now := h.Now()
	for _, r := range api.Resources() {
		if !r.Namespaced || r.Resource == "bindings" || r.Resource == "events" {
			continue
		}
		objs, err := h.List(r.Resource, a.Namespace)
		if err != nil {
			continue
		}
		for _, o := range objs {
			quota.AddInto(total, usageOf(r, o, now))
		}
	}
	return total
}
