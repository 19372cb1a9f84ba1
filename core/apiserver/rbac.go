package apiserver

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// RBAC, evaluated from the stored Roles, ClusterRoles, RoleBindings and
// ClusterRoleBindings (read from the watch cache). The rules that apply to a
// (user, namespace) pair are gathered once and memoised until the next RBAC
// write, so a request costs a short scan, not a walk over every binding.

// attributes are what an authorizer decides on.
type attributes struct {
	user        request.UserInfo
	verb        string
	group       string
	resource    string
	subresource string
	namespace   string
	name        string
	// fieldSelector of a list or watch (the Node authorizer reads spec.nodeName).
	fields fieldSelector
}

// boundRule is one rule granted to a subject, with the binding that grants it.
type boundRule struct {
	rule *api.PolicyRule
	// allowed is the decision's reason: `RBAC: allowed by ClusterRoleBinding "x" of ClusterRole "y"
	// to User "z"`.
	allowed string
}

type rbacCache struct {
	rules map[string][]boundRule
	key   []byte // scratch space for rulesFor's key
}

func (c *rbacCache) invalidate() { c.rules = nil }

// rulesFor returns the rules granted to u in namespace ns (cluster-wide
// bindings included), in the order the real authorizer visits them.
func (s *Server) rulesFor(u request.UserInfo, ns string) []boundRule {
	k := append(s.rbac.key[:0], u.Name...)
	for _, g := range u.Groups {
		k = append(append(k, 0), g...)
	}
	k = append(append(k, 0, 0, 0), ns...)
	s.rbac.key = k
	if rs, ok := s.rbac.rules[string(k)]; ok {
		return rs
	}
	key := string(k)
	var out []boundRule
	if r := s.lookup("rbac.authorization.k8s.io", "clusterrolebindings"); r != nil {
		for _, c := range r.list("") {
			b := c.obj.(*api.ClusterRoleBinding)
			for i := range b.Subjects {
				if subjectMatches(&b.Subjects[i], u, "") {
					src := fmt.Sprintf("ClusterRoleBinding %q of %s %q to %s", b.Name, b.RoleRef.Kind, b.RoleRef.Name, describeSubject(&b.Subjects[i], ""))
					out = s.appendRoleRules(out, b.RoleRef, "", src)
					break
				}
			}
		}
	}
	if r := s.lookup("rbac.authorization.k8s.io", "rolebindings"); r != nil && ns != "" {
		for _, c := range r.list(ns) {
			b := c.obj.(*api.RoleBinding)
			for i := range b.Subjects {
				if subjectMatches(&b.Subjects[i], u, ns) {
					src := fmt.Sprintf("RoleBinding %q of %s %q to %s", b.Name+"/"+ns, b.RoleRef.Kind, b.RoleRef.Name, describeSubject(&b.Subjects[i], ns))
					out = s.appendRoleRules(out, b.RoleRef, ns, src)
					break
				}
			}
		}
	}
	if s.rbac.rules == nil {
		s.rbac.rules = map[string][]boundRule{}
	}
	s.rbac.rules[key] = out
	return out
}

func (s *Server) appendRoleRules(out []boundRule, ref api.RoleRef, ns, src string) []boundRule {
	var rules []api.PolicyRule
	switch ref.Kind {
	case "ClusterRole":
		if r := s.lookup("rbac.authorization.k8s.io", "clusterroles"); r != nil {
			if c := r.get("", ref.Name); c != nil {
				rules = c.obj.(*api.ClusterRole).Rules
			}
		}
	case "Role":
		if r := s.lookup("rbac.authorization.k8s.io", "roles"); r != nil {
			if c := r.get(ns, ref.Name); c != nil {
				rules = c.obj.(*api.Role).Rules
			}
		}
	}
	for i := range rules {
		out = append(out, boundRule{rule: &rules[i], allowed: "RBAC: allowed by " + src})
	}
	return out
}

func subjectMatches(sub *api.Subject, u request.UserInfo, bindingNS string) bool {
	switch sub.Kind {
	case "User":
		return sub.Name == u.Name
	case "Group":
		for _, g := range u.Groups {
			if g == sub.Name {
				return true
			}
		}
	case "ServiceAccount":
		ns := sub.Namespace
		if ns == "" {
			ns = bindingNS
		}
		return u.Name == request.ServiceAccountPrefix+ns+":"+sub.Name
	}
	return false
}

func describeSubject(sub *api.Subject, bindingNS string) string {
	if sub.Kind == "ServiceAccount" {
		ns := sub.Namespace
		if ns == "" {
			ns = bindingNS
		}
		return fmt.Sprintf("%s %q", sub.Kind, ns+"/"+sub.Name)
	}
	return fmt.Sprintf("%s %q", sub.Kind, sub.Name)
}

// ruleAllows is rbac's RuleAllows for a resource request.
func ruleAllows(a *attributes, rule *api.PolicyRule) bool {
	if !hasOrStar(rule.Verbs, a.verb) || !hasOrStar(rule.APIGroups, a.group) {
		return false
	}
	ok := false
	for _, rr := range rule.Resources {
		if rr == "*" || names(rr, a.resource, a.subresource) || (a.subresource != "" && names(rr, "*", a.subresource)) {
			ok = true
			break
		}
	}
	if !ok {
		return false
	}
	if len(rule.ResourceNames) == 0 {
		return true
	}
	for _, n := range rule.ResourceNames {
		if n == a.name {
			return true
		}
	}
	return false
}

// names reports whether a rule's resource rr is resource, or resource/sub
// when sub is not "", without building the joined string.
func names(rr, resource, sub string) bool {
	if sub == "" {
		return rr == resource
	}
	n := len(resource)
	return len(rr) == n+1+len(sub) && rr[:n] == resource && rr[n] == '/' && rr[n+1:] == sub
}

func hasOrStar(l []string, v string) bool {
	for _, x := range l {
		if x == "*" || x == v {
			return true
		}
	}
	return false
}

// rbacAuthorize returns whether RBAC allows a, with the real reason text.
func (s *Server) rbacAuthorize(a *attributes) (bool, string) {
	for _, br := range s.rulesFor(a.user, a.namespace) {
		if ruleAllows(a, br.rule) {
			return true, br.allowed
		}
	}
	return false, ""
}

// authorize runs the authorizer chain (--authorization-mode=Node,RBAC).
func (s *Server) authorize(a *attributes) (bool, string) {
	var reasons []string
	if node, ok := nodeIdentity(a.user); ok {
		d, reason := s.nodeAuthorize(node, a)
		if d == decisionAllow {
			return true, reason
		}
		if reason != "" {
			reasons = append(reasons, reason)
		}
	}
	if ok, reason := s.rbacAuthorize(a); ok {
		return true, reason
	}
	return false, strings.Join(reasons, "\n")
}

// Authorize answers `kubectl auth can-i`: whether user may do verb on the
// resource (and subresource) in namespace ns ("" = cluster scope), with the
// authorizer's reason. A user given without groups gets the groups the
// server authenticates it with.
func (s *Server) Authorize(user request.UserInfo, verb, group, resource, subresource, ns, name string) (allowed bool, reason string) {
	if len(user.Groups) == 0 {
		if u, ok := s.UserFor(user.Name); ok {
			user = u
		}
	}
	return s.authorize(&attributes{user: user, verb: verb, group: group, resource: resource,
		subresource: subresource, namespace: ns, name: name})
}

// forbidden builds the 403 of an authorization failure (responsewriters.Forbidden).
func forbidden(a *attributes, reason string) *api.StatusError {
	res := a.resource
	if a.subresource != "" {
		res += "/" + a.subresource
	}
	var msg string
	if a.namespace == "" {
		msg = fmt.Sprintf("User %q cannot %s resource %q in API group %q at the cluster scope", a.user.Name, a.verb, res, a.group)
	} else {
		msg = fmt.Sprintf("User %q cannot %s resource %q in API group %q in the namespace %q", a.user.Name, a.verb, res, a.group, a.namespace)
	}
	if reason != "" {
		msg += ": " + reason
	}
	return api.NewForbidden(api.GroupResource{Group: a.group, Resource: a.resource}, a.name, msg)
}
