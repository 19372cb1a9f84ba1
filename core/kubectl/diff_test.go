package kubectl

import (
	"strings"
	"testing"
)

// TestUnifiedHunksMatchGNUDiff: hunks as `diff -u` prints them (checked
// against GNU diffutils 3.8 on the same inputs).
func TestUnifiedHunksMatchGNUDiff(t *testing.T) {
	a := strings.Split("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm", "\n")
	b := strings.Split("a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn", "\n")
	want := "@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n@@ -11,3 +11,4 @@\n k\n l\n m\n+n\n"
	if got := unifiedHunks(a, b, 3); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	if got := unifiedHunks(nil, []string{"x", "y"}, 3); got != "@@ -0,0 +1,2 @@\n+x\n+y\n" {
		t.Fatalf("new file: %q", got)
	}
}

func TestDiffReplaceAndTheirErrors(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	if out, _, code := c.run("diff -f d.yaml"); code != 1 || !strings.Contains(out, "diff -u -N /tmp/LIVE-") || !strings.Contains(out, "+  name: nginx") {
		t.Fatalf("diff of a new object: code %d\n%s", code, out)
	}
	c.must("apply -f d.yaml")
	if out, errOut, code := c.run("diff -f d.yaml"); code != 0 || out != "" {
		t.Fatalf("diff of an applied object: code %d %q %q", code, out, errOut)
	}
	c.files["d.yaml"] = strings.Replace(deployYAML, "replicas: 2", "replicas: 3", 1)
	out, _, code := c.run("diff -f d.yaml")
	if code != 1 || !strings.Contains(out, "-  replicas: 2\n+  replicas: 3\n") || !strings.Contains(out, "apps.v1.Deployment.default.nginx") {
		t.Fatalf("diff of a change: code %d\n%s", code, out)
	}
	if got := c.must("replace -f d.yaml"); got != "deployment.apps/nginx replaced\n" {
		t.Fatalf("replace printed %q", got)
	}
	if c.deployment("nginx").Spec.Replicas == nil || *c.deployment("nginx").Spec.Replicas != 3 {
		t.Fatal("replace did not change replicas")
	}
	c.files["p.yaml"] = twoPodsYAML
	if _, errOut, code := c.run("replace -f p.yaml"); code != 1 || !strings.Contains(errOut, `Error from server (NotFound): error when replacing "p.yaml": pods "a" not found`) {
		t.Fatalf("replace of a missing object: %d %q", code, errOut)
	}
}
