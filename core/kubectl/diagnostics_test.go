package kubectl_test

import (
	"io"
	"testing"

	"kubeplay/core/cluster"
)

// TestEditorDiagnosticsPointAtTheOffendingLine checks the lines the editor
// marks for each kind of apply error.
func TestEditorDiagnosticsPointAtTheOffendingLine(t *testing.T) {
	cases := []struct {
		name, file string
		wantLine   int
	}{
		{"an unknown field is marked where it is written", `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
        imagePullPolicyy: Always
`, 16},
		{"a validation error is marked on its field", `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: -1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx
`, 6},
		{"a parser error (counted from 0 in its message) marks the line it is about", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\n data: [\n", 5},
		{"a tab marks the tab's line", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: busybox\n\tenv: []\n", 9},
		{"a YAML error in a second document counts lines from the file's start", `apiVersion: v1
kind: ConfigMap
metadata:
  name: one
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: two
 data: [
`, 10},
	}
	opts := cluster.Default()
	opts.NoControllers, opts.NoScheduler, opts.NoKubelets = true, true, true
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cl := cluster.New(opts)
			code, diags := cl.Kubectl(io.Discard).ApplyContent("f.yaml", []byte(c.file), io.Discard, io.Discard)
			if code == 0 || len(diags) == 0 {
				t.Fatalf("exit %d, diagnostics %v; want an error", code, diags)
			}
			if diags[0].Line != c.wantLine {
				t.Errorf("marked line %d (%s), want %d", diags[0].Line, diags[0].Message, c.wantLine)
			}
		})
	}
}
