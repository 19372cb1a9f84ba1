package cluster

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzApply feeds arbitrary files to `kubectl apply` (the editor's Apply
// button) on a live apiserver: no input may panic, and whatever happens the
// cluster keeps answering.
func FuzzApply(f *testing.F) {
	f.Add(everyKind)
	f.Add("apiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers:\n  - name: c\n    image: nginx\n")
	f.Add("a: &a [*a, *a]\nb: &b [*a, *a, *a]\nc: &c [*b, *b, *b]\nd: [*c, *c, *c, *c]\n")
	f.Add(strings.Repeat("- ", 5000) + "x\n")
	f.Add(strings.Repeat("{", 3000))
	f.Add("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n  name: y\n")
	f.Add("apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\n")
	f.Add("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: Bad_Name\nspec:\n  replicas: -1\n")
	f.Add("---\n---\n\x00\xff")
	f.Add("apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Namespace\n  metadata: {name: n}\n")
	opts := Default()
	opts.NoControllers, opts.NoScheduler, opts.NoKubelets = true, true, true
	c := New(opts)
	f.Fuzz(func(t *testing.T, doc string) {
		var out bytes.Buffer
		k := c.Kubectl(&out)
		k.ApplyContent("fuzz.yaml", []byte(doc), &out, &out)
		out.Reset()
		if code := k.RunLine("get namespaces -o name", &out, &out); code != 0 || !strings.Contains(out.String(), "namespace/default") {
			t.Fatalf("the cluster stopped answering after applying %q:\n%s", doc, out.String())
		}
	})
}

// TestHugeManifestsAreRefusedWithAClearError checks the stated size limit.
func TestHugeManifestsAreRefusedWithAClearError(t *testing.T) {
	opts := Default()
	opts.NoControllers, opts.NoScheduler, opts.NoKubelets = true, true, true
	c := New(opts)
	huge := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: big\ndata:\n  x: \"" + strings.Repeat("a", 4<<20) + "\"\n"
	var out bytes.Buffer
	code, _ := c.Kubectl(&out).ApplyContent("big.yaml", []byte(huge), &out, &out)
	if code == 0 || !strings.Contains(out.String(), "big.yaml") {
		t.Fatalf("a 4 MiB manifest: exit %d, output %q; want a clear refusal naming the file", code, out.String())
	}
	t.Logf("refusal: %s", strings.TrimSpace(out.String()))
}
