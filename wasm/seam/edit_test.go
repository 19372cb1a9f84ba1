//go:build !lite

package seam

import (
	"strings"
	"testing"
)

// TestKubectlEditOpensInThePageAndSavesThroughTheJournal: `kubectl edit` in the
// terminal answers with the object's file; saving it edits the Deployment as
// kubectl edit does, and a seek back and forward replays the save.
func TestKubectlEditOpensInThePageAndSavesThroughTheJournal(t *testing.T) {
	k := New()
	call(t, k, nil, "reset", `{"seed":1}`)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 30000.0, 1e9)
	var r runResult
	call(t, k, &r, "run", "kubectl edit deployment nginx")
	if r.Code != 0 || r.Output != "" || r.Edit == nil || r.Edit.Ref != "deployment.apps/nginx" || !strings.HasPrefix(r.Edit.Text, "# Please edit the object below.") {
		t.Fatalf("kubectl edit answered %+v", r)
	}
	e := r.Edit
	var missing runResult
	call(t, k, &missing, "run", "kubectl edit deployment nope")
	if missing.Edit != nil || !strings.Contains(missing.Output, `deployments.apps "nope" not found`) {
		t.Fatalf("kubectl edit of a missing object answered %+v", missing)
	}
	save := func(text string) editResult {
		var res editResult
		call(t, k, &res, "editSave", e.Resource, e.Namespace, e.Name, e.Shown, text)
		return res
	}
	bad := save(strings.Replace(e.Text, "replicas: 2", "replicas: -3", 1))
	if bad.Code != 1 || !strings.Contains(bad.Reopen, "# * spec.replicas: Invalid value: -3") || !strings.Contains(bad.Stderr, `The Deployment "nginx" is invalid`) {
		t.Fatalf("an invalid save answered %+v", bad)
	}
	before := nowOf(t, k)
	good := save(strings.Replace(bad.Reopen, "replicas: -3", "replicas: 3", 1))
	if good.Code != 0 || good.Stdout != "deployment.apps/nginx edited\n" || good.Reopen != "" {
		t.Fatalf("a valid save answered %+v", good)
	}
	call(t, k, nil, "advance", 30000.0, 1e9)
	end := nowOf(t, k)
	pods := func() string {
		var out runResult
		k.j.replaying = true // a read for the test, not an input
		call(t, k, &out, "run", "kubectl get pods -o name")
		k.j.replaying = false
		return out.Output
	}
	after := pods()
	if strings.Count(after, "pod/nginx-") != 3 {
		t.Fatalf("after the edit to 3 replicas: %q", after)
	}
	call(t, k, nil, "seek", before-1000)
	if got := pods(); strings.Count(got, "pod/nginx-") != 2 {
		t.Fatalf("before the save: %q", got)
	}
	call(t, k, nil, "seek", end)
	if got := pods(); got != after {
		t.Fatalf("seeking forward again replays the save: %q, want %q", got, after)
	}
}
