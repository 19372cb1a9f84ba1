package printers_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
	pt "kubeplay/core/kubectl/printers/printerstest"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/<name>, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("missing golden file (run go test -update): %v", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (-want +got):\n-%s\n+%s", name, strings.ReplaceAll(string(want), "\n", "\n-"), strings.ReplaceAll(got, "\n", "\n+"))
	}
}

func objs[T api.Object](items ...T) []api.Object {
	out := make([]api.Object, len(items))
	for i, it := range items {
		out[i] = it
	}
	return out
}

func info(t *testing.T, resource string) *api.ResourceInfo {
	t.Helper()
	i, ok := api.ResourceFor(resource)
	if !ok {
		t.Fatalf("no resource %q in the registry", resource)
	}
	return i
}

func TestPrintTableMatchesKubectlGetGoldens(t *testing.T) {
	pods := append(pt.DeploymentPods(), pt.PendingPod(), pt.CrashLoopPod())
	misc := pt.Misc()
	var events []api.Object
	for _, e := range append(append(pt.DeploymentEvents(), pt.ReplicaSetEvents()...), pt.PodEvents(pods[2])...) {
		events = append(events, e)
	}
	for _, e := range append(pt.PendingEvents(pods[3]), pt.CrashEvents(pods[4])...) {
		events = append(events, e)
	}
	tests := []struct {
		name     string
		resource string
		objs     []api.Object
		opts     printers.Options
	}{
		{"pods", "pods", objs(pods...), printers.Options{}},
		{"pods-wide", "pods", objs(pods...), printers.Options{Wide: true}},
		{"pods-all-namespaces-show-labels", "pods", objs(pods...), printers.Options{WithNamespace: true, ShowLabels: true}},
		{"pods-label-columns-no-headers", "pods", objs(pods...), printers.Options{NoHeaders: true, LabelColumns: []string{"app", "example.com/tier"}}},
		{"deployments", "deployments", objs(pt.Deployment()), printers.Options{}},
		{"deployments-wide", "deployments", objs(pt.Deployment()), printers.Options{Wide: true}},
		{"replicasets-wide", "replicasets", objs(pt.ReplicaSet()), printers.Options{Wide: true}},
		{"daemonsets-wide", "daemonsets", misc["daemonsets"], printers.Options{Wide: true, WithNamespace: true}},
		{"jobs", "jobs", misc["jobs"], printers.Options{}},
		{"nodes", "nodes", objs(pt.Nodes()...), printers.Options{}},
		{"nodes-wide", "nodes", objs(pt.Nodes()...), printers.Options{Wide: true}},
		{"namespaces", "namespaces", pt.Namespaces(), printers.Options{}},
		{"events", "events", events, printers.Options{}},
		{"events-wide", "events", events, printers.Options{Wide: true}},
		{"services", "services", objs(pt.KubernetesService(), pt.Service(), pt.NodePortService()), printers.Options{}},
		{"services-wide", "services", objs(pt.KubernetesService(), pt.Service()), printers.Options{Wide: true}},
		{"configmaps", "configmaps", misc["configmaps"], printers.Options{}},
		{"secrets", "secrets", misc["secrets"], printers.Options{}},
		{"serviceaccounts", "serviceaccounts", misc["serviceaccounts"], printers.Options{}},
		{"roles", "roles", misc["roles"], printers.Options{}},
		{"rolebindings-wide", "rolebindings", misc["rolebindings"], printers.Options{Wide: true}},
		{"clusterrolebindings", "clusterrolebindings", misc["clusterrolebindings"], printers.Options{}},
		{"resourcequotas", "resourcequotas", misc["resourcequotas"], printers.Options{}},
		{"limitranges", "limitranges", misc["limitranges"], printers.Options{}},
		{"priorityclasses", "priorityclasses", misc["priorityclasses"], printers.Options{}},
		{"leases", "leases", misc["leases"], printers.Options{WithNamespace: true}},
		{"endpointslices", "endpointslices", objs(pt.EndpointSlice()), printers.Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Now = pt.Now
			var buf bytes.Buffer
			if err := printers.PrintTable(&buf, info(t, tt.resource), tt.objs, tt.opts); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join("tables", tt.name+".txt"), buf.String())
		})
	}
}

func TestPrintTableOfNoObjectsPrintsNothing(t *testing.T) {
	var buf bytes.Buffer
	if err := printers.PrintTable(&buf, info(t, "pods"), nil, printers.Options{Now: pt.Now}); err != nil {
		t.Fatal(err)
	}
	if buf.Len() != 0 {
		t.Errorf("got %q, want nothing (kubectl prints No resources found on stderr)", buf.String())
	}
}

func TestPrintTableUsesKubectlColumnPadding(t *testing.T) {
	var buf bytes.Buffer
	ns := pt.Namespaces()[:1]
	if err := printers.PrintTable(&buf, info(t, "namespaces"), ns, printers.Options{Now: pt.Now}); err != nil {
		t.Fatal(err)
	}
	want := "NAME      STATUS   AGE\ndefault   Active   135m\n"
	if buf.String() != want {
		t.Errorf("got\n%q\nwant\n%q", buf.String(), want)
	}
}
