// Package st builds pods, nodes and NodeInfos for scheduler tests
// (kube-scheduler's pkg/scheduler/testing wrappers).
package st

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
)

// PodWrapper builds a pod.
type PodWrapper struct{ api.Pod }

// MakePod starts a pod in namespace default with one container "c" (image nginx).
func MakePod(name string) *PodWrapper {
	p := &PodWrapper{}
	p.Name, p.Namespace, p.UID = name, "default", "uid-"+name
	p.Spec.Containers = []api.Container{{Name: "c", Image: "nginx"}}
	return p
}

// Obj returns the pod.
func (p *PodWrapper) Obj() *api.Pod { return &p.Pod }

// Info returns its PodInfo.
func (p *PodWrapper) Info() *framework.PodInfo { return framework.NewPodInfo(&p.Pod) }

// Req sets the first container's requests, e.g. Req("cpu", "500m", "memory", "1Gi").
func (p *PodWrapper) Req(kv ...string) *PodWrapper {
	rl := api.ResourceList{}
	for i := 0; i+1 < len(kv); i += 2 {
		rl[api.ResourceName(kv[i])] = api.MustParse(kv[i+1])
	}
	p.Spec.Containers[0].Resources.Requests = rl
	return p
}

// Image sets the first container's image.
func (p *PodWrapper) Image(img string) *PodWrapper { p.Spec.Containers[0].Image = img; return p }

// Label adds a label.
func (p *PodWrapper) Label(k, v string) *PodWrapper {
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	p.Labels[k] = v
	return p
}

// Priority sets spec.priority.
func (p *PodWrapper) Priority(v int32) *PodWrapper { p.Spec.Priority = &v; return p }

// PriorityClass sets spec.priorityClassName.
func (p *PodWrapper) PriorityClass(name string) *PodWrapper {
	p.Spec.PriorityClassName = name
	return p
}

// Toleration adds a toleration.
func (p *PodWrapper) Toleration(t api.Toleration) *PodWrapper {
	p.Spec.Tolerations = append(p.Spec.Tolerations, t)
	return p
}

// NodeSelector sets spec.nodeSelector.
func (p *PodWrapper) NodeSelector(m map[string]string) *PodWrapper { p.Spec.NodeSelector = m; return p }

// HostPort adds a host port to the first container.
func (p *PodWrapper) HostPort(port int32) *PodWrapper {
	p.Spec.Containers[0].Ports = append(p.Spec.Containers[0].Ports, api.ContainerPort{ContainerPort: port, HostPort: port})
	return p
}

// Affinity sets spec.affinity.
func (p *PodWrapper) Affinity(a *api.Affinity) *PodWrapper { p.Spec.Affinity = a; return p }

// Spread adds a topology spread constraint selecting pods with label k=v.
func (p *PodWrapper) Spread(maxSkew int32, key string, when api.UnsatisfiableConstraintAction, k, v string) *PodWrapper {
	p.Spec.TopologySpreadConstraints = append(p.Spec.TopologySpreadConstraints, api.TopologySpreadConstraint{
		MaxSkew: maxSkew, TopologyKey: key, WhenUnsatisfiable: when,
		LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{k: v}}})
	return p
}

// NodeWrapper builds a node.
type NodeWrapper struct{ api.Node }

// MakeNode starts a node with 4 cpu, 8Gi memory, 110 pods and the hostname label.
func MakeNode(name string) *NodeWrapper {
	n := &NodeWrapper{}
	n.Name = name
	n.Labels = map[string]string{api.LabelHostname: name}
	n.Capacity("cpu", "4", "memory", "8Gi", "pods", "110")
	return n
}

// Capacity sets capacity and allocatable.
func (n *NodeWrapper) Capacity(kv ...string) *NodeWrapper {
	rl := api.ResourceList{}
	for i := 0; i+1 < len(kv); i += 2 {
		rl[api.ResourceName(kv[i])] = api.MustParse(kv[i+1])
	}
	n.Status.Capacity, n.Status.Allocatable = rl, rl
	return n
}

// Label adds a label.
func (n *NodeWrapper) Label(k, v string) *NodeWrapper { n.Labels[k] = v; return n }

// Taint adds a taint.
func (n *NodeWrapper) Taint(key, value string, effect api.TaintEffect) *NodeWrapper {
	n.Spec.Taints = append(n.Spec.Taints, api.Taint{Key: key, Value: value, Effect: effect})
	return n
}

// Obj returns the node.
func (n *NodeWrapper) Obj() *api.Node { return &n.Node }

// NodeInfo builds a NodeInfo for node with pods on it.
func NodeInfo(node *api.Node, pods ...*api.Pod) *framework.NodeInfo {
	ni := framework.NewNodeInfo(node)
	for _, p := range pods {
		ni.AddPodInfo(framework.NewPodInfo(p))
	}
	return ni
}

// Handle is a minimal framework.Handle for plugin tests.
type Handle struct {
	framework.Handle
	List []*framework.NodeInfo
}

// HavePodsWithAffinity implements framework.Handle.
func (h *Handle) HavePodsWithAffinity() bool {
	for _, n := range h.List {
		if len(n.PodsWithAffinity) > 0 {
			return true
		}
	}
	return false
}

// HavePodsWithRequiredAntiAffinity implements framework.Handle.
func (h *Handle) HavePodsWithRequiredAntiAffinity() bool {
	for _, n := range h.List {
		if len(n.PodsWithRequiredAntiAffinity) > 0 {
			return true
		}
	}
	return false
}

// Nodes implements framework.Handle.
func (h *Handle) Nodes() []*framework.NodeInfo { return h.List }
