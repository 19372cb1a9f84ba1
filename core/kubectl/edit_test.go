package kubectl

import (
	"bytes"
	"strings"
	"testing"
)

// TestEditOpensTheEditorAndSavesAsKubectlEdit: the page's editor round trip.
func TestEditOpensTheEditorAndSavesAsKubectlEdit(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	if _, errOut, code := c.run("edit deployment nginx"); code != 1 || errOut != "error: there was a problem with the editor \"vi\"\n" {
		t.Fatalf("edit without an editor: %d %q", code, errOut)
	}
	var opened []Edit
	c.k.SetEditor(func(e Edit) { opened = append(opened, e) })
	open := func(line string) Edit {
		t.Helper()
		opened = nil
		if out, errOut, code := c.run(line); code != 0 || out != "" || errOut != "" || len(opened) != 1 {
			t.Fatalf("%s: %d %q %q, opened %d", line, code, out, errOut, len(opened))
		}
		return opened[0]
	}
	e := open("edit deploy nginx")
	if !strings.HasPrefix(e.Text, editHeader) || !strings.Contains(e.Text, "replicas: 2") || e.Resource != "deployments.apps" ||
		e.Namespace != "default" || e.Name != "nginx" || e.Ref != "deployment.apps/nginx" || e.Text != editHeader+e.Shown {
		t.Fatalf("edit opened %+v", e)
	}
	save := func(e Edit, s string) (int, string, string, string) {
		t.Helper()
		if err := c.k.EditResume(e); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		code, reopen := c.k.EditSave(s, &out, &errOut)
		return code, reopen, out.String(), errOut.String()
	}
	if code, _, out, _ := save(e, e.Text); code != 0 || out != "Edit cancelled, no changes made.\n" {
		t.Fatalf("unchanged save: %d %q", code, out)
	}
	e = open("edit deployments.apps/nginx -n default")
	code, reopen, _, errOut := save(e, strings.Replace(e.Text, "replicas: 2", "replicas: -1", 1))
	if code != 1 || !strings.Contains(reopen, "# deployments.apps \"nginx\" was not valid:\n# * spec.replicas: Invalid value: -1: must be greater than or equal to 0\n") || !strings.Contains(errOut, `The Deployment "nginx" is invalid`) {
		t.Fatalf("invalid save: %d\n%s\n%s", code, reopen, errOut)
	}
	code, reopen, out, _ := save(e, strings.Replace(reopen, "replicas: -1", "replicas: 4", 1))
	if code != 0 || reopen != "" || out != "deployment.apps/nginx edited\n" {
		t.Fatalf("valid save: %d %q %q", code, out, reopen)
	}
	if r := c.deployment("nginx").Spec.Replicas; r == nil || *r != 4 {
		t.Fatalf("replicas after edit: %v", r)
	}
	// The cluster moved on while the file was open (the status changed): only the learner's change is sent.
	e = open("edit deploy nginx")
	c.must("scale deployment nginx --replicas=3")
	if code, _, out, errOut := save(e, strings.Replace(e.Text, "image: nginx", "image: nginx:1.28", 1)); code != 0 || out != "deployment.apps/nginx edited\n" {
		t.Fatalf("save after the cluster moved: %d %q %q", code, out, errOut)
	}
	if d := c.deployment("nginx"); *d.Spec.Replicas != 3 || !strings.Contains(d.Spec.Template.Spec.Containers[0].Image, "nginx:1.28") {
		t.Fatalf("after the edit: replicas %d image %s", *d.Spec.Replicas, d.Spec.Template.Spec.Containers[0].Image)
	}
	if _, errOut, code := c.run("edit deploy nope"); code != 1 || !strings.Contains(errOut, `deployments.apps "nope" not found`) {
		t.Fatalf("edit of a missing object: %d %q", code, errOut)
	}
}
