package seam

import (
	"encoding/json"
	"strings"
	"testing"
)

// Applying an existing Deployment again with 3 replicas answers kubectl apply's three-way merge as
// core/kubectl computed and sent it: the live object, the last-applied configuration before and after, and
// the strategic merge patch {"spec":{"replicas":3}} with the annotation's change.
func TestApplyAnswersKubectlsThreeWayMerge(t *testing.T) {
	k := started(t)
	var first applyResult
	call(t, k, &first, "apply", "deploy.yaml", nginx)
	if len(first.Merges) != 0 {
		t.Errorf("a create merged: %+v", first.Merges)
	}
	three := strings.Replace(nginx, "replicas: 2", "replicas: 3", 1)
	if three == nginx {
		t.Fatalf("the test manifest has no replicas: 2")
	}
	var again applyResult
	call(t, k, &again, "apply", "deploy.yaml", three)
	if len(again.Merges) != 1 {
		t.Fatalf("merges: %+v (stdout %q)", again.Merges, again.Stdout)
	}
	m := again.Merges[0]
	var patch struct {
		Metadata struct {
			Annotations map[string]string `json:"annotations"`
		} `json:"metadata"`
		Spec map[string]any `json:"spec"`
	}
	if err := json.Unmarshal([]byte(m.Patch), &patch); err != nil {
		t.Fatalf("patch %q: %v", m.Patch, err)
	}
	if len(patch.Spec) != 1 || patch.Spec["replicas"] != 3.0 || m.PatchType != "application/strategic-merge-patch+json" {
		t.Errorf("patch %s (%s), want spec {\"replicas\":3}", m.Patch, m.PatchType)
	}
	if a := patch.Metadata.Annotations["kubectl.kubernetes.io/last-applied-configuration"]; a != m.NewLastApplied ||
		!strings.Contains(m.NewLastApplied, `"replicas":3`) || !strings.Contains(m.LastApplied, `"replicas":2`) {
		t.Errorf("last-applied before %q, after %q, in the patch %q", m.LastApplied, m.NewLastApplied, a)
	}
	if m.Kind != "Deployment" || m.Name != "nginx" || m.Namespace != "default" || !strings.Contains(m.Live, `"replicas":2`) {
		t.Errorf("merge: %+v", m)
	}
	var same applyResult
	call(t, k, &same, "apply", "deploy.yaml", three)
	if len(same.Merges) != 1 || same.Merges[0].Patch != "{}" || !strings.Contains(same.Stdout, "unchanged") {
		t.Errorf("an unchanged apply: %+v", same)
	}
}
