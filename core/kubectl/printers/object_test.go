package printers_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
	pt "kubeplay/core/kubectl/printers/printerstest"
)

func TestPrintObjectMatchesKubectlOutputFormats(t *testing.T) {
	dep := pt.Deployment()
	dep.TypeMeta = api.TypeMeta{} // as a typed client returns it: kind must be filled in
	tests := []struct {
		name   string
		obj    api.Object
		format string
	}{
		{"deployment.yaml", dep, "yaml"},
		{"deployment.json", dep, "json"},
		{"pod.yaml", pt.RunningPod("nginx-7c5ddbdf54-x2x4k", "demo-worker", "10.244.1.2"), "yaml"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := printers.PrintObject(&buf, tt.obj, tt.format); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("objects", tt.name), buf.String())
		})
	}
}

func TestPrintObjectAsNameIsLowercaseKindDotGroup(t *testing.T) {
	tests := []struct {
		name string
		obj  api.Object
		want string
	}{
		{"a core pod has no group", pt.RunningPod("web", "demo-worker", ""), "pod/web\n"},
		{"a deployment carries its group", pt.Deployment(), "deployment.apps/nginx\n"},
		{"a node is cluster-scoped core", pt.Nodes()[0], "node/demo-control-plane\n"},
		{"a lease is coordination.k8s.io", pt.Lease("demo-worker"), "lease.coordination.k8s.io/demo-worker\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := printers.PrintObject(&buf, tt.obj, "name"); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tt.want {
				t.Errorf("got %q, want %q", buf.String(), tt.want)
			}
		})
	}
}

func TestPrintListWrapsObjectsInAV1List(t *testing.T) {
	objs := []api.Object{pt.Namespaces()[0], pt.Namespaces()[1]}
	for _, format := range []string{"yaml", "json"} {
		t.Run(format, func(t *testing.T) {
			var buf bytes.Buffer
			if err := printers.PrintList(&buf, objs, format, ""); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("objects", "namespace-list."+format), buf.String())
		})
	}
	var buf bytes.Buffer
	if err := printers.PrintList(&buf, nil, "yaml", ""); err != nil {
		t.Fatal(err)
	}
	if want := "apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: \"\"\n"; buf.String() != want {
		t.Errorf("empty list:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestPrintObjectRejectsUnknownFormats(t *testing.T) {
	err := printers.PrintObject(&bytes.Buffer{}, pt.Deployment(), "xml")
	if err == nil {
		t.Fatal("want an error for -o xml")
	}
}
