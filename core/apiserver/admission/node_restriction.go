package admission

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// NodeRestrictionPluginName is the plugin's name.
const NodeRestrictionPluginName = "NodeRestriction"

// NodeRestriction limits kubelets (system:node:NAME in system:nodes) to
// their own Node object, their own Lease and pods bound to them.
type NodeRestriction struct{}

// Name implements Plugin.
func (*NodeRestriction) Name() string { return NodeRestrictionPluginName }

func nodeIdentity(a *Attributes) (string, bool) {
	if !strings.HasPrefix(a.User.Name, request.NodeUserPrefix) {
		return "", false
	}
	for _, g := range a.User.Groups {
		if g == request.GroupNodes {
			return strings.TrimPrefix(a.User.Name, request.NodeUserPrefix), true
		}
	}
	return "", false
}

// Admit implements Mutator (kube-apiserver runs it in the mutating phase).
func (*NodeRestriction) Admit(a *Attributes, h Host) (bool, error) {
	node, ok := nodeIdentity(a)
	if !ok {
		return false, nil
	}
	switch a.resource() {
	case "nodes":
		name := a.Name
		if name == "" && a.Object != nil {
			name = a.Object.GetObjectMeta().Name
		}
		if name != node {
			return true, NewForbidden(a, fmt.Errorf("node %q is not allowed to modify node %q", node, name))
		}
		return true, nil
	case "leases":
		if a.Namespace == "kube-node-lease" && a.Name != "" && a.Name != node {
			return true, NewForbidden(a, fmt.Errorf("can only access node lease with the same name as the requesting node"))
		}
		return true, nil
	case "pods":
		return true, admitPodByNode(a, h, node)
	}
	return false, nil
}

func admitPodByNode(a *Attributes, h Host, node string) error {
	switch {
	case a.Operation == Create && a.Subresource == "":
		pod, _ := a.Object.(*api.Pod)
		if pod == nil {
			return nil
		}
		if _, mirror := pod.Annotations[mirrorPodAnnotation]; !mirror {
			return NewForbidden(a, fmt.Errorf("pod does not have %q annotation, node %q can only create mirror pods", mirrorPodAnnotation, node))
		}
		if pod.Spec.NodeName != node {
			return NewForbidden(a, fmt.Errorf("node %q can only create pods with spec.nodeName set to itself", node))
		}
	case a.Operation == Update && a.Subresource == "status", a.Operation == Delete, a.Subresource == "eviction":
		bound := ""
		if old, ok := a.OldObject.(*api.Pod); ok {
			bound = old.Spec.NodeName
		} else if obj, err := h.Get("pods", a.Namespace, a.Name); err == nil {
			if p, ok := obj.(*api.Pod); ok {
				bound = p.Spec.NodeName
			}
		} else if api.IsNotFound(err) {
			return nil
		}
		if bound != node {
			verb := "update pod status for"
			if a.Operation == Delete {
				verb = "delete"
			} else if a.Subresource == "eviction" {
				verb = "evict"
			}
			return NewForbidden(a, fmt.Errorf("node %q can only %s pods with spec.nodeName set to itself", node, verb))
		}
	}
	return nil
}
