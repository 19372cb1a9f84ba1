package scheduler

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/helper"
	"kubeplay/core/scheduler/plugins/names"
	"kubeplay/core/scheduler/plugins/noderesources"
)

// Blocker kinds: what keeps a pod off a node, each with its own fix.
const (
	BlockResource      = "resource"      // the request does not fit the node's free allocatable
	BlockTaint         = "taint"         // a NoSchedule/NoExecute taint the pod does not tolerate
	BlockNodeSelector  = "nodeSelector"  // labels of spec.nodeSelector the node lacks
	BlockNodeAffinity  = "nodeAffinity"  // required node affinity the node does not match
	BlockUnschedulable = "unschedulable" // the node is cordoned
	BlockOther         = "other"         // another filter plugin (the attempt's verdict)
)

// Blocker is one reason a node cannot take the pod, with the numbers or the
// object behind it.
type Blocker struct {
	Kind string
	// Resource: the pod's request, the node's requests in use and its
	// allocatable, in scheduler units (milli-CPU, bytes, pods).
	Resource                  api.ResourceName
	Requested, Used, Capacity int64
	// Taint: the first untolerated taint.
	Taint *api.Taint
	// NodeSelector: the selector labels the node lacks (key → wanted value).
	Missing map[string]string
	// Other: the plugin and its reasons, from the last attempt.
	Plugin  string
	Reasons []string
}

// NodeDiagnosis is one node's resources as the scheduler's cache counts them
// now, and every blocker found for the pod (not only the first failing
// filter, which is all an attempt records).
type NodeDiagnosis struct {
	Node string
	// Allocatable and Requested (the sum of the requests of the pods on the
	// node) for cpu, memory and the pod count.
	AllocMilliCPU, AllocMemory, AllocPods int64
	UsedMilliCPU, UsedMemory, UsedPods    int64
	Blockers                              []Blocker
}

// Diagnosis is what keeps a pod from every node, node by node.
type Diagnosis struct {
	// The pod's effective requests (framework.PodRequests).
	MilliCPU, Memory int64
	NodeSelector     map[string]string
	Nodes            []NodeDiagnosis
}

// Diagnose checks the pod against every node in the scheduler's cache, with
// the checks of the filters a learner meets first (NodeUnschedulable,
// NodeAffinity with spec.nodeSelector, TaintToleration, NodeResourcesFit),
// and adds the verdict of any other filter from the pod's last attempt. It
// only reads: no state changes, no randomness.
func (sc *Scheduler) Diagnose(namespace, name string) (*Diagnosis, bool) {
	if sc.cache == nil || sc.podInformer == nil {
		return nil, false
	}
	obj, ok := sc.podInformer.Get(namespace, name)
	if !ok {
		return nil, false
	}
	pod := obj.(*api.Pod)
	pi := framework.NewPodInfo(pod)
	d := &Diagnosis{MilliCPU: pi.Requests.MilliCPU, Memory: pi.Requests.Memory, NodeSelector: pod.Spec.NodeSelector}
	var other map[string]NodeVerdict
	if a, ok := sc.explain.byKey[namespace+"/"+name]; ok {
		other = map[string]NodeVerdict{}
		for _, v := range a.Nodes {
			switch v.Plugin {
			case "", names.NodeResourcesFit, names.TaintToleration, names.NodeAffinity, names.NodeUnschedulable:
			default:
				other[v.Node] = v
			}
		}
	}
	for _, n := range sc.cache.snap.List {
		node := n.Node()
		if node == nil {
			continue
		}
		nd := NodeDiagnosis{Node: n.Name(),
			AllocMilliCPU: n.Allocatable.MilliCPU, AllocMemory: n.Allocatable.Memory, AllocPods: int64(n.Allocatable.AllowedPodNumber),
			UsedMilliCPU: n.Requested.MilliCPU, UsedMemory: n.Requested.Memory, UsedPods: int64(len(n.Pods))}
		if node.Spec.Unschedulable && !toleratesUnschedulable(pod) {
			nd.Blockers = append(nd.Blockers, Blocker{Kind: BlockUnschedulable})
		}
		if missing := missingLabels(node, pod.Spec.NodeSelector); len(missing) > 0 {
			nd.Blockers = append(nd.Blockers, Blocker{Kind: BlockNodeSelector, Missing: missing})
		} else if !helper.PodMatchesNodeSelectorAndAffinity(pod, node) {
			nd.Blockers = append(nd.Blockers, Blocker{Kind: BlockNodeAffinity})
		}
		if t, bad := helper.FindUntoleratedTaint(node.Spec.Taints, pod.Spec.Tolerations, func(t *api.Taint) bool {
			return t.Effect == api.TaintEffectNoSchedule || t.Effect == api.TaintEffectNoExecute
		}); bad {
			tc := *t
			nd.Blockers = append(nd.Blockers, Blocker{Kind: BlockTaint, Taint: &tc})
		}
		for _, r := range noderesources.Fits(pi, n) {
			nd.Blockers = append(nd.Blockers, Blocker{Kind: BlockResource, Resource: r.Name, Requested: r.Requested, Used: r.Used, Capacity: r.Capacity})
		}
		if v, ok := other[nd.Node]; ok {
			nd.Blockers = append(nd.Blockers, Blocker{Kind: BlockOther, Plugin: v.Plugin, Reasons: append([]string(nil), v.Reasons...)})
		}
		d.Nodes = append(d.Nodes, nd)
	}
	return d, true
}

// toleratesUnschedulable: a pod tolerating node.kubernetes.io/unschedulable:NoSchedule passes
// NodeUnschedulable.
func toleratesUnschedulable(pod *api.Pod) bool {
	t := api.Taint{Key: "node.kubernetes.io/unschedulable", Effect: api.TaintEffectNoSchedule}
	return helper.TolerationsTolerateTaint(pod.Spec.Tolerations, &t)
}

func missingLabels(node *api.Node, sel map[string]string) map[string]string {
	var out map[string]string
	for k, v := range sel {
		if lv, ok := node.Labels[k]; !ok || lv != v {
			if out == nil {
				out = map[string]string{}
			}
			out[k] = v
		}
	}
	return out
}
