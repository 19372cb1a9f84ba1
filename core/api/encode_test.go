package api

import (
	"strings"
	"testing"
)

func TestEncodeYAMLLooksLikeKubectlGetOYAML(t *testing.T) {
	replicas := int32(1)
	d := &Deployment{
		ObjectMeta: ObjectMeta{Name: "web", Namespace: "default", Labels: map[string]string{"app": "web"},
			Annotations: map[string]string{"deployment.kubernetes.io/revision": "1"}},
		Spec: DeploymentSpec{Replicas: &replicas, Selector: &LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			Template: PodTemplateSpec{ObjectMeta: ObjectMeta{Labels: map[string]string{"app": "web"}},
				Spec: PodSpec{Containers: []Container{{Name: "web", Image: "nginx", Command: []string{"sh", "-c", "echo hi\necho there\n"},
					Resources: ResourceRequirements{Requests: ResourceList{ResourceCPU: MustParse("0.5")}}}}}}},
		Status: DeploymentStatus{Conditions: []DeploymentCondition{{Type: DeploymentAvailable, Status: ConditionTrue,
			Message: "Deployment does not have minimum availability. This message is long enough to be folded by the emitter."}}},
	}
	want := `apiVersion: apps/v1
kind: Deployment
metadata:
  annotations:
    deployment.kubernetes.io/revision: "1"
  labels:
    app: web
  name: web
  namespace: default
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  strategy: {}
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - command:
        - sh
        - -c
        - |
          echo hi
          echo there
        image: nginx
        name: web
        resources:
          requests:
            cpu: 500m
status:
  conditions:
  - lastTransitionTime: null
    lastUpdateTime: null
    message: Deployment does not have minimum availability. This message is long enough
      to be folded by the emitter.
    status: "True"
    type: Available
`
	if got := string(EncodeYAML(d)); got != want {
		t.Errorf("EncodeYAML:\n%s\nwant:\n%s", got, want)
	}
}

// The styles below were checked against goyaml.v2 (sigs.k8s.io/yaml's emitter).
func TestMarshalYAMLQuotesScalarsLikeGoyamlV2(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"a plain word", "nginx", "nginx"},
		{"an image with a colon", "nginx:1.14.2", "nginx:1.14.2"},
		{"an empty string", "", `""`},
		{"a string that reads as a bool", "true", `"true"`},
		{"a YAML 1.1 bool", "yes", `"yes"`},
		{"a number", "123", `"123"`},
		{"an octal-looking number", "0777", `"0777"`},
		{"a timestamp", "2024-01-01T10:00:00Z", `"2024-01-01T10:00:00Z"`},
		{"a sexagesimal", "1:20", `"1:20"`},
		{"a leading star", "*", `'*'`},
		{"colon space", "a: b", `'a: b'`},
		{"space hash", "a #b", `'a #b'`},
		{"a leading space", " lead", `' lead'`},
		{"a tab", "tab\there", `"tab\there"`},
		{"a single quote inside", "it's", "it's"},
		{"a leading single quote", "'q'", `'''q'''`},
		{"a percentage", "25%", "25%"},
		{"japanese text", "日本語のテキスト", "日本語のテキスト"},
		{"a control character", "a\x01b", `"a\x01b"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.TrimSuffix(string(MarshalYAML(map[string]any{"k": tt.in})), "\n")
			if want := "k: " + tt.want; got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}

func TestEncodeJSONLooksLikeKubectlGetOJSON(t *testing.T) {
	p := &Pod{ObjectMeta: ObjectMeta{Name: "p", Annotations: map[string]string{"a": "<b>"}}}
	want := `{
    "apiVersion": "v1",
    "kind": "Pod",
    "metadata": {
        "annotations": {
            "a": "\u003cb\u003e"
        },
        "name": "p"
    },
    "spec": {
        "containers": null
    },
    "status": {}
}
`
	if got := string(EncodeJSON(p)); got != want {
		t.Errorf("EncodeJSON:\n%s\nwant:\n%s", got, want)
	}
}
