package cluster

import (
	"kubeplay/core/api"
	"kubeplay/core/sim"
)

// NodeSpec describes one node to create.
type NodeSpec struct {
	Name   string            `json:"name"`
	CPU    string            `json:"cpu,omitempty"`    // e.g. "4"
	Memory string            `json:"memory,omitempty"` // e.g. "8Gi"
	Pods   int               `json:"pods,omitempty"`   // default 110
	Labels map[string]string `json:"labels,omitempty"`
	Taints []api.Taint       `json:"taints,omitempty"`
	// ControlPlane adds the node-role label and the control-plane taint.
	ControlPlane bool `json:"controlPlane,omitempty"`
}

// Options configures a cluster.
type Options struct {
	Seed  uint64     `json:"seed"`
	Nodes []NodeSpec `json:"nodes"`
	// Name is the kind cluster name (node names are <name>-control-plane...).
	Name string `json:"name,omitempty"`
	// NoControllers, NoScheduler, NoKubelets leave components out (benchmarks, tests).
	NoControllers bool `json:"-"`
	NoScheduler   bool `json:"-"`
	NoKubelets    bool `json:"-"`
	// SystemWorkloads adds kind's kube-system and local-path-storage
	// workloads (system.yaml): CoreDNS, kube-proxy, kindnet, the
	// local-path provisioner and the control plane's static pods.
	SystemWorkloads bool `json:"systemWorkloads,omitempty"`
}

// Default is `kind create cluster --name demo` with two workers: a tainted
// control-plane node and two workers, each 4 CPUs, 8Gi and 110 pods.
func Default() Options {
	return Options{
		Seed:            sim.DefaultSeed,
		Name:            "demo",
		SystemWorkloads: true,
		Nodes: []NodeSpec{
			{Name: "demo-control-plane", CPU: "4", Memory: "8Gi", Pods: 110, ControlPlane: true},
			{Name: "demo-worker", CPU: "4", Memory: "8Gi", Pods: 110},
			{Name: "demo-worker2", CPU: "4", Memory: "8Gi", Pods: 110},
		},
	}
}

// ControlPlaneTaint is the taint kubeadm puts on control-plane nodes.
var ControlPlaneTaint = api.Taint{Key: "node-role.kubernetes.io/control-plane", Effect: api.TaintEffectNoSchedule}

func (n NodeSpec) withDefaults() NodeSpec {
	if n.CPU == "" {
		n.CPU = "4"
	}
	if n.Memory == "" {
		n.Memory = "8Gi"
	}
	if n.Pods == 0 {
		n.Pods = 110
	}
	labels := map[string]string{}
	for k, v := range n.Labels {
		labels[k] = v
	}
	if n.ControlPlane {
		labels["node-role.kubernetes.io/control-plane"] = ""
		labels["node.kubernetes.io/exclude-from-external-load-balancers"] = ""
		has := false
		for _, t := range n.Taints {
			if t.Key == ControlPlaneTaint.Key {
				has = true
			}
		}
		if !has {
			n.Taints = append([]api.Taint{ControlPlaneTaint}, n.Taints...)
		}
	}
	n.Labels = labels
	return n
}
