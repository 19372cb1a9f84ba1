// Package perf holds kube-scheduler's scheduler_perf templates (the
// SchedulingBasic workload's node-default.yaml and pod-default.yaml), shared
// by the scheduler's, the cluster's and the browser's benchmarks so the three
// measure the same thing.
package perf

import (
	"fmt"
	"runtime"

	"kubeplay/core/api"
	"kubeplay/core/client"
)

// Node is scheduler_perf's config/templates/node-default.yaml: 110 pods,
// 4 cpu, 32Gi, no taints, Ready.
func Node(i int) *api.Node {
	n := &api.Node{}
	n.APIVersion, n.Kind = "v1", "Node"
	n.Name = fmt.Sprintf("scheduler-perf-%05d", i)
	n.Labels = map[string]string{api.LabelHostname: n.Name}
	rl := api.ResourceList{api.ResourcePods: api.MustParse("110"), api.ResourceCPU: api.MustParse("4"), api.ResourceMemory: api.MustParse("32Gi")}
	n.Status.Capacity, n.Status.Allocatable = rl, rl
	n.Status.Conditions = []api.NodeCondition{{Type: api.NodeReady, Status: api.ConditionTrue}}
	return n
}

// Pod is scheduler_perf's config/templates/pod-default.yaml: one pause
// container requesting (and limited to) 100m cpu and 500Mi. It shares
// nothing with other objects, as a decoded pod would not: the benchmarks give
// it to the apiserver (client.ResourceClient.CreateHandOver).
func Pod(prefix string, i int) *api.Pod {
	p := &api.Pod{}
	p.APIVersion, p.Kind = "v1", "Pod"
	p.Name, p.Namespace = fmt.Sprintf("%s-%05d", prefix, i), "default"
	rl := func() api.ResourceList {
		return api.ResourceList{api.ResourceCPU: api.MustParse("100m"), api.ResourceMemory: api.MustParse("500Mi")}
	}
	p.Spec.Containers = []api.Container{{Name: "pause", Image: "registry.k8s.io/pause:3.10",
		Ports:     []api.ContainerPort{{ContainerPort: 80}},
		Resources: api.ResourceRequirements{Requests: rl(), Limits: rl()}}}
	return p
}

// CreateReadyNode creates a node as scheduler_perf does (a Node object, no
// kubelet) and drops the not-ready taint admission puts on new nodes, as the
// node lifecycle controller would once the node reports Ready.
func CreateReadyNode(c *client.Client, n *api.Node) error {
	o, err := c.Resource("nodes").Create(n)
	if err != nil {
		return err
	}
	created := o.(*api.Node)
	if len(created.Spec.Taints) == 0 {
		return nil
	}
	var taints []api.Taint
	for _, t := range created.Spec.Taints {
		if t.Key != api.TaintNodeNotReady {
			taints = append(taints, t)
		}
	}
	created.Spec.Taints = taints
	_, err = c.Resource("nodes").Update(created)
	return err
}

// HeapAfterGC is the live heap after two collections (the second frees what
// the first's finalizers let go): the benchmarks' retained-bytes-per-pod is
// the difference of two of these over the measured pods.
func HeapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
