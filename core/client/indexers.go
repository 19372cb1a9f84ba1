package client

import "kubeplay/core/api"

// PodNodeNameIndex indexes pods by spec.nodeName (the kubelet's and the
// scheduler's "pods on this node").
const PodNodeNameIndex = "spec.nodeName"

// PodNodeNameIndexFunc indexes a pod by its spec.nodeName ("" while unscheduled).
func PodNodeNameIndexFunc(obj api.Object) []string {
	if p, ok := obj.(*api.Pod); ok {
		return []string{p.Spec.NodeName}
	}
	return nil
}
