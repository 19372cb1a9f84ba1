package apiserver

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// The Node authorizer: kubelets (user system:node:<name> in group
// system:nodes) are authorized by the static system:node rules, with access
// to pods, their Node and their Lease narrowed to what concerns their own
// node. The system:node ClusterRole exists but, as in a real cluster, is not
// bound to anyone.

type decision int

const (
	decisionNoOpinion decision = iota
	decisionAllow
)

const nodeLeaseNamespace = "kube-node-lease"

// nodeIdentity returns the node name of a kubelet's identity.
func nodeIdentity(u request.UserInfo) (string, bool) {
	name, ok := strings.CutPrefix(u.Name, request.NodeUserPrefix)
	if !ok || name == "" {
		return "", false
	}
	for _, g := range u.Groups {
		if g == request.GroupNodes {
			return name, true
		}
	}
	return "", false
}

func noRelationship(node string) string {
	return fmt.Sprintf("no relationship found between node '%s' and this object", node)
}

func (s *Server) nodeAuthorize(node string, a *attributes) (decision, string) {
	allowedByRules := func() (decision, string) {
		for i := range nodeRules {
			if ruleAllows(a, &nodeRules[i]) {
				return decisionAllow, "allowed by the Node authorizer"
			}
		}
		return decisionNoOpinion, ""
	}
	if a.group == "" {
		switch a.resource {
		case "pods":
			return s.nodeAuthorizePod(node, a, allowedByRules)
		case "nodes":
			if a.name != "" && a.name != node && a.verb != "get" {
				return decisionNoOpinion, noRelationship(node)
			}
		}
	}
	if a.group == "coordination.k8s.io" && a.resource == "leases" {
		switch a.verb {
		case "get", "create", "update", "patch", "delete":
		default:
			return decisionNoOpinion, "can only get, create, update, patch, or delete a node lease"
		}
		if a.namespace != nodeLeaseNamespace {
			return decisionNoOpinion, fmt.Sprintf("can only access leases in the %q system namespace", nodeLeaseNamespace)
		}
		if a.subresource != "" {
			return decisionNoOpinion, "cannot modify node lease status"
		}
		if a.name != node && a.verb != "create" {
			return decisionNoOpinion, "can only access node lease with the same name as the requesting node"
		}
		return decisionAllow, "allowed by the Node authorizer: the node's own lease"
	}
	return allowedByRules()
}

// nodeAuthorizePod: a kubelet reads only pods bound to its node (lists and
// watches must select spec.nodeName=<node>) and changes only those.
func (s *Server) nodeAuthorizePod(node string, a *attributes, rules func() (decision, string)) (decision, string) {
	if a.name == "" {
		if a.verb == "list" || a.verb == "watch" {
			if v, ok := a.fields.exact("spec.nodeName"); !ok || v != node {
				return decisionNoOpinion, "can only list/watch pods with spec.nodeName field selector"
			}
		}
		return rules()
	}
	if a.verb == "create" && a.subresource == "" {
		return rules()
	}
	r := s.lookup("", "pods")
	c := r.get(a.namespace, a.name)
	if c == nil {
		return rules() // the request answers 404
	}
	if c.obj.(*api.Pod).Spec.NodeName != node {
		return decisionNoOpinion, noRelationship(node)
	}
	return rules()
}

// nodeRules are the system:node ClusterRole's rules (NodeRules in
// plugin/pkg/auth/authorizer/rbac/bootstrappolicy), trimmed to the
// resources kubeplay serves.
var nodeRules = []api.PolicyRule{
	{Verbs: []string{"create", "get", "list", "watch", "update", "patch", "delete"}, APIGroups: []string{""}, Resources: []string{"nodes"}},
	{Verbs: []string{"patch", "update"}, APIGroups: []string{""}, Resources: []string{"nodes/status"}},
	{Verbs: []string{"create", "patch", "update"}, APIGroups: []string{"", "events.k8s.io"}, Resources: []string{"events"}},
	{Verbs: []string{"get", "list", "watch"}, APIGroups: []string{""}, Resources: []string{"pods"}},
	{Verbs: []string{"create", "delete"}, APIGroups: []string{""}, Resources: []string{"pods"}},
	{Verbs: []string{"patch", "update"}, APIGroups: []string{""}, Resources: []string{"pods/status"}},
	{Verbs: []string{"create"}, APIGroups: []string{""}, Resources: []string{"pods/eviction"}},
	{Verbs: []string{"get", "list", "watch"}, APIGroups: []string{""}, Resources: []string{"services", "endpoints"}},
	{Verbs: []string{"get", "list", "watch"}, APIGroups: []string{"discovery.k8s.io"}, Resources: []string{"endpointslices"}},
	{Verbs: []string{"get", "list", "watch"}, APIGroups: []string{""}, Resources: []string{"secrets", "configmaps"}},
	{Verbs: []string{"get"}, APIGroups: []string{""}, Resources: []string{"persistentvolumeclaims", "persistentvolumes"}},
	{Verbs: []string{"create"}, APIGroups: []string{""}, Resources: []string{"serviceaccounts/token"}},
	{Verbs: []string{"get", "create", "update", "patch", "delete"}, APIGroups: []string{"coordination.k8s.io"}, Resources: []string{"leases"}},
	{Verbs: []string{"get", "list", "watch"}, APIGroups: []string{"node.k8s.io"}, Resources: []string{"runtimeclasses"}},
}
