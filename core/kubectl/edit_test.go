package kubectl

import (
	"bytes"
	"strings"
	"testing"
)

// TestEditStartAndSaveSpeakKubectlEdit: the page's editor round trip.
func TestEditStartAndSaveSpeakKubectlEdit(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	text, err := c.k.EditStart("deploy", "", "nginx")
	if err != nil || !strings.HasPrefix(text, editHeader) || !strings.Contains(text, "replicas: 2") {
		t.Fatalf("EditStart: %v\n%s", err, text)
	}
	save := func(s string) (int, string, string, string) {
		var out, errOut bytes.Buffer
		code, reopen := c.k.EditSave(s, &out, &errOut)
		return code, reopen, out.String(), errOut.String()
	}
	if code, _, out, _ := save(text); code != 0 || out != "Edit cancelled, no changes made.\n" {
		t.Fatalf("unchanged save: %d %q", code, out)
	}
	text, _ = c.k.EditStart("deployments.apps", "default", "nginx")
	code, reopen, _, errOut := save(strings.Replace(text, "replicas: 2", "replicas: -1", 1))
	if code != 1 || !strings.Contains(reopen, "# deployments.apps \"nginx\" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n") || !strings.Contains(errOut, `The Deployment "nginx" is invalid`) {
		t.Fatalf("invalid save: %d\n%s\n%s", code, reopen, errOut)
	}
	code, reopen, out, _ := save(strings.Replace(reopen, "replicas: -1", "replicas: 4", 1))
	if code != 0 || reopen != "" || out != "deployment.apps/nginx edited\n" {
		t.Fatalf("valid save: %d %q %q", code, out, reopen)
	}
	if r := c.deployment("nginx").Spec.Replicas; r == nil || *r != 4 {
		t.Fatalf("replicas after edit: %v", r)
	}
	if _, err := c.k.EditStart("deploy", "", "nope"); err == nil || !strings.Contains(err.Error(), `deployments.apps "nope" not found`) {
		t.Fatalf("EditStart of a missing object: %v", err)
	}
	if _, errOut, code := c.run("edit deployment nginx"); code != 1 || errOut != "error: there was a problem with the editor \"vi\"\n" {
		t.Fatalf("edit in the terminal: %d %q", code, errOut)
	}
}
