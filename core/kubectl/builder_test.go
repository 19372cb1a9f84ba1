package kubectl

import (
	"fmt"
	"path"
	"sort"
	"strings"
	"testing"
)

const twoPodsYAML = `apiVersion: v1
kind: Pod
metadata:
  name: a
  labels: {app: web}
spec:
  containers: [{name: c, image: nginx}]
---
apiVersion: v1
kind: Pod
metadata:
  name: b
  labels: {app: db}
spec:
  containers: [{name: c, image: redis}]
`

// TestBuilderResolvesEveryWayOfNamingObjects runs the builder's grammar
// through the commands that use it, with kubectl's outputs and errors.
func TestBuilderResolvesEveryWayOfNamingObjects(t *testing.T) {
	c := newCluster(t)
	c.files["pods.yaml"] = twoPodsYAML
	c.must("apply -f pods.yaml")
	c.must("create namespace other")
	c.must("create configmap cm -n other --from-literal=a=1")
	cases := []struct {
		line, out, errOut string
		code              int
	}{
		{line: "get pods -o name", out: "pod/a\npod/b\n"},
		{line: "get pod a b -o name", out: "pod/a\npod/b\n"},
		{line: "get pod/a pod/b -o name", out: "pod/a\npod/b\n"},
		{line: "get pods,pods,po -o name", out: "pod/a\npod/b\n"},
		{line: "get pods,configmaps -A -o name", out: "pod/a\npod/b\nconfigmap/cm\n"},
		{line: "get pods -l app=web -o name", out: "pod/a\n"},
		{line: "get pods --field-selector metadata.name=b -o name", out: "pod/b\n"},
		{line: "get -f pods.yaml -o name", out: "pod/a\npod/b\n"},
		{line: "get -f pods.yaml -l app=db -o name", out: "pod/b\n"},
		{line: "get pod a -l app=web", errOut: "error: name cannot be provided when a selector is specified\n", code: 1},
		{line: "get pod/a -l app=web", errOut: "error: selectors and the all flag cannot be used when passing resource/name arguments\n", code: 1},
		{line: "get pod a -A", errOut: "error: a resource cannot be retrieved by name across all namespaces\n", code: 1},
		{line: "get pod a -f pods.yaml", errOut: "error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n", code: 1},
		{line: "get pods a/b", errOut: "error: " + tupleMixed + "\n", code: 1},
		{line: "get pod a nope", out: "NAME", errOut: "Error from server (NotFound): pods \"nope\" not found\n", code: 1},
		{line: "get -f https://k8s.io/examples/pods/simple-pod.yaml", errOut: "error: unable to read URL \"https://k8s.io/examples/pods/simple-pod.yaml\", kubeplay has no network access: paste the manifest into a file (or kubectl apply -f - <<EOF)\n", code: 1},
		{line: "label pods app=x", errOut: "error: resource(s) were provided, but no name was specified\n", code: 1},
		{line: "label app=x", errOut: "error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n", code: 1},
		{line: "label pods --all -l app=web x=y", errOut: "error: setting 'all' parameter but found a non empty selector. \n", code: 1},
		{line: "label pods -l app=web tier=front", out: "pod/a labeled\n"},
		{line: "scale --replicas=1", errOut: "error: " + missingResource + "\n", code: 1},
		{line: "describe pods -l app=nothing", errOut: "No resources found in default namespace.\n"},
		{line: "delete pods -l app=db", out: "pod \"b\" deleted from default namespace\n"},
	}
	for _, tc := range cases {
		out, errOut, code := c.run(tc.line)
		if code != tc.code || errOut != tc.errOut || !strings.HasPrefix(out, tc.out) || (tc.out != "NAME" && out != tc.out) {
			t.Errorf("%s:\n got code %d stdout %q stderr %q\nwant code %d stdout %q stderr %q", tc.line, code, out, errOut, tc.code, tc.out, tc.errOut)
		}
	}
}

// TestBuilderReadsDirectoriesRecursivelyOnlyWithR: -f DIR reads the
// directory's manifests; -R also its subdirectories, in walk order.
func TestBuilderReadsDirectoriesRecursivelyOnlyWithR(t *testing.T) {
	c := newCluster(t)
	files := map[string]string{
		"app/a.yaml":     "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n",
		"app/z.json":     `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"z"}}`,
		"app/notes.txt":  "not a manifest",
		"app/sub/b.yml":  "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n",
		"app/sub/c.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\n",
	}
	c.k.SetFiles(func(p string) ([]byte, error) {
		if d, ok := files[p]; ok {
			return []byte(d), nil
		}
		return nil, fmt.Errorf("no such file")
	}, func(p string) ([]string, error) {
		seen := map[string]bool{}
		var out []string
		for name := range files {
			if rest, ok := strings.CutPrefix(name, p+"/"); ok {
				first, _, _ := strings.Cut(rest, "/")
				if !seen[first] {
					seen[first] = true
					out = append(out, first)
				}
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("not a directory")
		}
		sort.Sort(sort.Reverse(sort.StringSlice(out)))
		return out, nil
	})
	if got := c.must("apply -f app"); got != "configmap/a created\nconfigmap/z created\n" {
		t.Fatalf("apply -f app printed %q", got)
	}
	if got := c.must("apply -R -f app"); got != "configmap/a unchanged\nconfigmap/b created\nconfigmap/c created\nconfigmap/z unchanged\n" {
		t.Fatalf("apply -R -f app printed %q", got)
	}
	if got := c.must("delete -R -f " + path.Join("app", "sub")); got != "configmap \"b\" deleted from default namespace\nconfigmap \"c\" deleted from default namespace\n" {
		t.Fatalf("delete -R printed %q", got)
	}
}

// TestBuilderReadsURLsThroughTheURLReader: with a URL reader set, -f
// https://... reads the manifest from it; a URL it does not have answers as
// kubectl does for a 404.
func TestBuilderReadsURLsThroughTheURLReader(t *testing.T) {
	c := newCluster(t)
	c.k.SetURLs(func(url string) ([]byte, error) {
		if url == "https://k8s.io/examples/cm.yaml" {
			return []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: fetched}\n"), nil
		}
		return nil, fmt.Errorf("not found")
	})
	if out, errOut, code := c.run("apply -f https://k8s.io/examples/cm.yaml"); code != 0 || out != "configmap/fetched created\n" {
		t.Errorf("apply -f URL: code %d stdout %q stderr %q", code, out, errOut)
	}
	_, errOut, code := c.run("apply -f https://k8s.io/examples/nope.yaml")
	if want := "error: unable to read URL \"https://k8s.io/examples/nope.yaml\", server reported 404 Not Found, status code=404\n"; code != 1 || errOut != want {
		t.Errorf("missing URL: code %d stderr %q, want %q", code, errOut, want)
	}
}
