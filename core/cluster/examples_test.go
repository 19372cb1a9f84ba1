package cluster

import (
	"bytes"
	"io"
	"testing"
)

// TestKubectlReadsTheDocumentationsExamples: every cluster's kubectl reads the documentation's example URLs,
// in each form the pages write, from the compiled-in examples; a path the documentation does not have
// answers as kubectl does for the server's 404; other hosts keep the no-network answer.
func TestKubectlReadsTheDocumentationsExamples(t *testing.T) {
	c := New(Default())
	run := func(line string) (string, string, int) {
		var out, errOut bytes.Buffer
		code := c.Kubectl(io.Discard).RunLine(line, &out, &errOut)
		return out.String(), errOut.String(), code
	}
	for i, url := range []string{
		"https://k8s.io/examples/application/deployment.yaml",
		"https://kubernetes.io/examples/application/deployment.yaml",
		"https://raw.githubusercontent.com/kubernetes/website/main/content/en/examples/application/deployment.yaml",
	} {
		want := "deployment.apps/nginx-deployment created\n"
		if i > 0 {
			want = "deployment.apps/nginx-deployment unchanged\n"
		}
		if out, errOut, code := run("apply -f " + url); code != 0 || out != want {
			t.Errorf("apply -f %s: code %d stdout %q stderr %q, want %q", url, code, out, errOut, want)
		}
	}
	for url, want := range map[string]string{
		"https://k8s.io/examples/application/nope.yaml": "error: unable to read URL \"https://k8s.io/examples/application/nope.yaml\", server reported 404 Not Found, status code=404\n",
		"https://example.com/deployment.yaml":           "error: unable to read URL \"https://example.com/deployment.yaml\", kubeplay has no network access: paste the manifest into a file (or kubectl apply -f - <<EOF)\n",
	} {
		if out, errOut, code := run("apply -f " + url); code != 1 || errOut != want {
			t.Errorf("apply -f %s: code %d stdout %q stderr %q, want %q", url, code, out, errOut, want)
		}
	}
}
