package apiserver

import (
	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// discoveryRules are what the bootstrap ClusterRoles system:basic-user,
// system:discovery and system:public-info-viewer grant every authenticated
// user. kubeplay does not store those roles (nothing else reads them); a
// rules review adds their rules as the real one finds them.
var discoveryRules = []api.PolicyRule{
	{Verbs: []string{"create"}, APIGroups: []string{"authorization.k8s.io"}, Resources: []string{"selfsubjectaccessreviews", "selfsubjectrulesreviews"}},
	{Verbs: []string{"create"}, APIGroups: []string{"authentication.k8s.io"}, Resources: []string{"selfsubjectreviews"}},
	{Verbs: []string{"get"}, NonResourceURLs: []string{"/api", "/api/*", "/apis", "/apis/*", "/healthz", "/livez", "/openapi", "/openapi/*", "/readyz", "/version", "/version/"}},
	{Verbs: []string{"get"}, NonResourceURLs: []string{"/healthz", "/livez", "/readyz", "/version", "/version/"}},
}

// RulesReview is a SelfSubjectRulesReview: the rules that apply to user in
// namespace ns, cluster-wide bindings included (system:masters holds
// cluster-admin's).
func (s *Server) RulesReview(user request.UserInfo, ns string) []api.PolicyRule {
	if len(user.Groups) == 0 {
		if u, ok := s.UserFor(user.Name); ok {
			user = u
		}
	}
	var out []api.PolicyRule
	for _, r := range s.rulesFor(user, ns) {
		out = append(out, *r.rule)
	}
	return append(out, discoveryRules...)
}
