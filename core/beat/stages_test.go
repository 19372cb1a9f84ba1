package beat_test

import (
	"slices"
	"strings"
	"testing"
)

// A request's beat names the stages of kube-apiserver's chain it went through and the one that refused it:
// kubectl apply's first GET (404, nothing there yet) went through authentication and authorization and was
// refused by none; the POST that follows went through all four; a write an RBAC rule forbids was refused by
// authorization; an invalid object by validation.
func TestRequestBeatsNameTheStagesTheyWentThroughAndTheOneThatRefused(t *testing.T) {
	s := newSession(t, 1)
	s.apply(t, DefaultDeployment)
	s.exec(t, "kubectl get pods --as=system:serviceaccount:default:default")
	s.exec(t, "kubectl create deployment bad --image=nginx --replicas=-1")
	var get404, post, forbidden, invalid bool
	for _, b := range s.userBeats() {
		if b.Kind != "request" && b.Kind != "event" {
			if len(b.Stages) > 0 || b.Refused != "" {
				t.Errorf("a %s beat has stages %v refused %q: %s", b.Kind, b.Stages, b.Refused, b.Text.En)
			}
			continue
		}
		read := b.Verb == "get" || b.Verb == "list" || b.Verb == "watch"
		switch {
		case read && b.Code < 400 || b.Code == 404 && read:
			if !slices.Equal(b.Stages, []string{"authn", "authz"}) || b.Refused != "" {
				t.Errorf("a read: stages %v refused %q, want [authn authz] and none: %s", b.Stages, b.Refused, b.Text.En)
			}
			get404 = get404 || b.Code == 404 && b.From == "kubectl" && strings.HasPrefix(b.Resource, "deployments")
		case b.Code >= 200 && b.Code < 300 && b.Verb == "create":
			if !slices.Equal(b.Stages, []string{"authn", "authz", "admission", "validation"}) || b.Refused != "" {
				t.Errorf("a create: stages %v refused %q, want all four and none: %s", b.Stages, b.Refused, b.Text.En)
			}
			post = post || b.From == "kubectl"
		case b.Code == 403:
			forbidden = true
			if b.Refused != "authz" || slices.Contains(b.Stages, "admission") {
				t.Errorf("a forbidden request: stages %v refused %q, want refused by authz before admission: %s", b.Stages, b.Refused, b.Text.En)
			}
		case b.Code == 422:
			invalid = true
			if b.Refused != "validation" {
				t.Errorf("an invalid object: stages %v refused %q, want validation: %s", b.Stages, b.Refused, b.Text.En)
			}
		}
	}
	if !get404 || !post || !forbidden || !invalid {
		t.Errorf("beats seen: kubectl's GET 404 %v, its POST %v, a 403 %v, a 422 %v", get404, post, forbidden, invalid)
	}
}
