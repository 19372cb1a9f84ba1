package quota

import (
	"strings"
	"time"

	"kubeplay/core/api"
)

// EvaluatorFor names the resource (and API group) whose objects a quota
// resource name measures: compute resources and "pods" measure pods,
// "services.nodeports" services, "count/<r>.<g>" the objects of r in group
// g, and the legacy names (configmaps, secrets, ...) their core resource.
// ok is false for names no evaluator knows.
func EvaluatorFor(name api.ResourceName) (resource, group string, ok bool) {
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

// ObjectCountName is "count/<resource>[.<group>]".
func ObjectCountName(resource, group string) api.ResourceName {
	if group == "" {
		return api.ResourceName("count/" + resource)
	}
	return api.ResourceName("count/" + resource + "." + group)
}

// Usage is what one object charges: its object count under every name,
// and for pods that have not finished their compute resources.
func Usage(resource, group string, obj api.Object, now time.Time) api.ResourceList {
	one := func() api.Quantity { return *api.NewQuantity(1, api.DecimalSI) }
	out := api.ResourceList{ObjectCountName(resource, group): one()}
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
		if !PodCounts(o, now) {
			return out
		}
		out["pods"] = one()
		for k, v := range PodComputeUsage(o) {
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

// PodCounts is QuotaV1Pod: finished pods and pods past their deletion
// grace period no longer use compute resources.
func PodCounts(p *api.Pod, now time.Time) bool {
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

// PodComputeUsage sums the containers' requests and limits; an init
// container counts by its maximum (PodRequests / PodLimits). Requests of
// cpu, memory, ephemeral-storage and hugepages-* count under both the bare
// and the requests. name, every other request under requests. only.
func PodComputeUsage(p *api.Pod) api.ResourceList {
	req, lim := api.ResourceList{}, api.ResourceList{}
	for _, c := range p.Spec.Containers {
		AddInto(req, c.Resources.Requests)
		AddInto(lim, c.Resources.Limits)
	}
	for _, c := range p.Spec.InitContainers {
		MaxInto(req, c.Resources.Requests)
		MaxInto(lim, c.Resources.Limits)
	}
	out := api.ResourceList{}
	for k, v := range req {
		if k == api.ResourceCPU || k == api.ResourceMemory || k == "ephemeral-storage" || strings.HasPrefix(string(k), "hugepages-") {
			out[k] = v
		}
		out["requests."+k] = v
	}
	for k, v := range lim {
		out["limits."+k] = v
	}
	return out
}
