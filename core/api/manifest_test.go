package api

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

const nginxDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx-deployment
  labels:
    app: nginx
spec:
  replicas: 3
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.14.2
        ports:
        - containerPort: 80
`

func TestParseManifestsReadsTheDocsDeployment(t *testing.T) {
	ms, err := ParseManifests("deploy.yaml", []byte(nginxDeployment))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].Err != nil {
		t.Fatalf("got %d manifests, err %v", len(ms), ms[0].Err)
	}
	d, ok := ms[0].Object.(*Deployment)
	if !ok {
		t.Fatalf("object is %T", ms[0].Object)
	}
	if *d.Spec.Replicas != 3 || d.Spec.Template.Spec.Containers[0].Image != "nginx:1.14.2" || d.Spec.Template.Spec.Containers[0].Ports[0].ContainerPort != 80 {
		t.Errorf("decoded wrongly: %+v", d.Spec)
	}
	if ms[0].Name != "nginx-deployment" || ms[0].GVK.APIVersion() != "apps/v1" {
		t.Errorf("name/gvk = %q %v", ms[0].Name, ms[0].GVK)
	}
}

func TestParseManifestsSplitsDocumentsAndExpandsLists(t *testing.T) {
	in := `# leading comment
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: a
---
---
apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: b
- apiVersion: v1
  kind: Namespace
  metadata:
    name: c
`
	ms, err := ParseManifests("f.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.GVK.Kind+"/"+m.Name+"@"+strconv.Itoa(m.Line))
	}
	if want := "ConfigMap/a@3 ConfigMap/b@12 Namespace/c@16"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

func TestParseManifestsFileLevelErrorsReadLikeKubectl(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a YAML syntax error names the document's line", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n   bad: indent\n",
			"error parsing f.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context"},
		{"lines count from the start of the failing document", "a: 1\n---\nb: 1\nc: d: e\n",
			"error parsing f.yaml: error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context"},
		{"duplicate keys are refused with their line", "apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  name: y\n",
			"error parsing f.yaml: error converting YAML to JSON: yaml: unmarshal errors:\n  line 5: key \"name\" already set in map"},
		{"a bad document separator", "a: 1\n--- x\n", "error parsing f.yaml: invalid Yaml document separator: x"},
		{"a tab indentation", "a:\n\tb: 1\n", "error parsing f.yaml: error converting YAML to JSON: yaml: line 2: found character that cannot start any token"},
		{"a tab after a plain scalar is numbered by the tab's line, as go-yaml v2 numbers it",
			"apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  containers:\n  - name: c\n    image: busybox\n\tenv: []\n",
			"error parsing f.yaml: error converting YAML to JSON: yaml: line 9: found a tab character that violates indentation"},
		{"a tab in a later document counts from that document", "a: 1\n---\nb:\n  c: d\n\te: f\n",
			"error parsing f.yaml: error converting YAML to JSON: yaml: line 3: found a tab character that violates indentation"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseManifests("f.yaml", []byte(tt.in))
			if err == nil || err.Error() != tt.want {
				t.Errorf("err = %v\nwant  %s", err, tt.want)
			}
		})
	}
}

func TestParseManifestsPerObjectErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
		hasObject      bool
	}{
		{"an unknown field is a strict decoding error naming the path",
			strings.Replace(nginxDeployment, "        image: nginx:1.14.2\n", "        image: nginx:1.14.2\n        imagePullPolcy: Always\n", 1),
			`strict decoding error: unknown field "spec.template.spec.containers[0].imagePullPolcy"`, true},
		{"a field with the wrong case is unknown, as in Kubernetes",
			"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  Name: x\n", `strict decoding error: unknown field "metadata.Name"`, true},
		{"several unknown fields are listed in document order",
			"apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\nspec:\n  zeta: 1\n  alpha: 2\n", `strict decoding error: unknown field "spec.zeta", unknown field "spec.alpha"`, true},
		{"an unknown kind is kubectl's no-match error",
			"apiVersion: example.com/v1\nkind: Foo\nmetadata:\n  name: x\n", `no matches for kind "Foo" in version "example.com/v1"`, false},
		{"a known kind in an unserved version is no match either",
			"apiVersion: apps/v1beta1\nkind: Deployment\nmetadata:\n  name: x\n", `no matches for kind "Deployment" in version "apps/v1beta1"`, false},
		{"a missing kind", "apiVersion: v1\nmetadata:\n  name: x\n", `Object 'Kind' is missing in '{"apiVersion":"v1","metadata":{"name":"x"}}'`, false},
		{"YAML 1.1 booleans reach a string field as booleans",
			"apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  enabled: yes\n", "json: cannot unmarshal bool into Go struct field ConfigMap.data of type string", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms, err := ParseManifests("f.yaml", []byte(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if len(ms) != 1 || ms[0].Err == nil {
				t.Fatalf("want one manifest with an error, got %d", len(ms))
			}
			if got := ms[0].Err.Error(); got != tt.want {
				t.Errorf("err = %s\nwant  %s", got, tt.want)
			}
			if (ms[0].Object != nil) != tt.hasObject {
				t.Errorf("object = %v, want present=%v", ms[0].Object, tt.hasObject)
			}
		})
	}
	var nk *NoKindMatchError
	ms, _ := ParseManifests("f.yaml", []byte("apiVersion: example.com/v1\nkind: Foo\n"))
	if !errors.As(ms[0].Err, &nk) || nk.Group != "example.com" {
		t.Errorf("want a *NoKindMatchError, got %#v", ms[0].Err)
	}
}

func TestLineOfFindsFieldsAndNearestAncestors(t *testing.T) {
	in := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\n---\n" + nginxDeployment
	ms, err := ParseManifests("f.yaml", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	m := ms[1]
	tests := []struct {
		path string
		want int
	}{
		{"", 6},
		{"spec.replicas", 13},
		{"spec.template.spec.containers[0].image", 24},
		{"spec.template.spec.containers[0].ports[0].containerPort", 26},
		{"metadata.labels[app]", 11},
		{"metadata.labels.app", 11},
		{"spec.template.spec.containers[0].imagePullPolicy", 23},
		{"spec.template.spec.containers[3].image", 22},
		{"spec.nothing.here", 12},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			if got := m.LineOf(tt.path); got != tt.want {
				t.Errorf("LineOf(%q) = %d, want %d", tt.path, got, tt.want)
			}
		})
	}
}

func TestParseManifestsResistsHostileInput(t *testing.T) {
	bomb := "a: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n"
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		bomb += n + ": &" + n + " [*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + ",*" + prev + "]\n"
		prev = n
	}
	tests := []struct{ name, in, want string }{
		{"an alias bomb stops early", bomb, "excessive aliasing"},
		{"deep nesting is refused", strings.Repeat("[", 150) + strings.Repeat("]", 150) + "\n", "exceeded max depth"},
		{"a huge file is refused", "a: " + strings.Repeat("x", MaxManifestBytes) + "\n", "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseManifests("f.yaml", []byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

func TestDecodeIsStrictJSON(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"unknown field", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{"foo":1}}`, `strict decoding error: unknown field "spec.foo"`},
		{"duplicate field", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x","name":"y"}}`, `strict decoding error: duplicate field "metadata.name"`},
		{"unknown kind", `{"apiVersion":"v1","kind":"Nope"}`, `no matches for kind "Nope" in version "v1"`},
		{"wrong type", `{"apiVersion":"apps/v1","kind":"Deployment","spec":{"replicas":"3"}}`, "json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode([]byte(tt.in))
			if err == nil || err.Error() != tt.want {
				t.Errorf("err = %v\nwant  %s", err, tt.want)
			}
		})
	}
	obj, err := Decode([]byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"x"},"spec":{"foo":1,"nodeName":"n1"}}`))
	if p, ok := obj.(*Pod); !ok || p.Spec.NodeName != "n1" || err == nil {
		t.Errorf("a strict error still returns the object: %v %v", obj, err)
	}
}
