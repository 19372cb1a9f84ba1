package beat_test

import (
	"strings"
	"testing"
)

// The diagram's admission step names the plugin: PodSecurity's warning on an
// admitted Pod and its refusal of a violating one are told by name, in both
// languages; the audit annotation is in the trace's admission stage.
func TestPodSecurityIsNamedAtTheAdmissionStep(t *testing.T) {
	s := newSession(t, 1)
	for _, l := range []string{
		"kubectl create ns team",
		"kubectl label ns team pod-security.kubernetes.io/enforce=baseline pod-security.kubernetes.io/warn=restricted pod-security.kubernetes.io/audit=restricted",
		"sleep 1s",
		"kubectl run ok -n team --image=nginx",
		"kubectl run priv -n team --image=nginx --privileged",
	} {
		s.exec(t, l)
	}
	var warned, refused bool
	for _, b := range s.userBeats() {
		if b.Kind != "request" || b.Verb != "create" || b.Resource != "pods" || b.Namespace != "team" {
			continue
		}
		switch {
		case b.Name == "ok":
			warned = true
			if !strings.Contains(b.Text.En, "authenticated, authorized, admitted (PodSecurity warned), valid") ||
				!strings.Contains(b.Text.Ja, "認証・認可・admission(PodSecurity が警告)・検証") {
				t.Errorf("warned pod: %q / %q", b.Text.En, b.Text.Ja)
			}
		case b.Code == 403:
			refused = true
			// A refusal at admission is not an authentication or authorization denial.
			if !strings.HasPrefix(b.Text.En, `kube-apiserver refused kubectl's POST of Pod in team at admission (PodSecurity): 403 Forbidden: pods "priv" is forbidden: violates PodSecurity "baseline:latest"`) ||
				!strings.HasPrefix(b.Text.Ja, "kube-apiserver が admission (PodSecurity) で kubectl の POST (Pod in team) を拒否しました") ||
				!b.Warning || b.Class != "apiserver-rejected" {
				t.Errorf("refused pod (%s): %q / %q", b.Class, b.Text.En, b.Text.Ja)
			}
		}
	}
	if !warned || !refused {
		t.Fatalf("beats for the two pods not found (warned %v, refused %v)", warned, refused)
	}
	var stage string
	for _, r := range s.c.Sim.Trace.Since(0) {
		if r.Stage == "admission" && strings.Contains(r.Message, "audit-violations") {
			stage = r.Message
		}
	}
	if want := `validating admission (PodSecurity): admitted; PodSecurity warned: would violate PodSecurity "restricted:latest": `; !strings.HasPrefix(stage, want) ||
		!strings.Contains(stage, `; PodSecurity audit annotation: pod-security.kubernetes.io/audit-violations=would violate PodSecurity "restricted:latest": allowPrivilegeEscalation != false`) {
		t.Errorf("admission stage = %q", stage)
	}
}
