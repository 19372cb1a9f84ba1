package scenario

import (
	"errors"
	"strings"
	"testing"
	"time"
)

const validDoc = `apiVersion: kubeplay.dev/v1
kind: Scenario
name: hello
title: {ja: こんにちは, en: Hello}
summary: {ja: 要約, en: Summary}
cluster:
  seed: 7
  nodes:
  - {name: n1, cpu: "2", memory: 4Gi, labels: {disk: ssd}, taints: [{key: k, value: v, effect: NoSchedule}]}
  images:
  - name: example.com/team/app
    kind: server
    memory: 10Mi
    tags: [{tag: v1, size: 1000}]
files:
- name: deploy.yaml
  content: |
    apiVersion: apps/v1
    kind: Deployment
steps:
- narration: {ja: 作る, en: Create}
  apply: deploy.yaml
  run:
  - kubectl get pods
  - sleep 5s
  expect:
  - events: {object: pod/app-*, reasons: [Scheduled, Started], within: 1m}
  - podStatus: {pod: app-*, status: Running, within: 90s}
- run: kubectl get deploy
  expect:
  - output: {contains: "app"}
  - absent: {object: pod/app-*, reasons: [Failed], for: 10s}
`

func TestParseReadsAValidScenario(t *testing.T) {
	sc, err := Parse("hello.yaml", []byte(validDoc))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	if sc.Name != "hello" || sc.Title.In("ja") != "こんにちは" || sc.Title.In("en") != "Hello" {
		t.Errorf("name/title = %q %+v", sc.Name, sc.Title)
	}
	if sc.Cluster.Seed != 7 || len(sc.Cluster.Nodes) != 1 || sc.Cluster.Nodes[0].Taints[0].Effect != "NoSchedule" {
		t.Errorf("cluster = %+v", sc.Cluster)
	}
	if len(sc.Cluster.Images) != 1 || sc.Cluster.Images[0].Tags[0].Size != 1000 {
		t.Errorf("images = %+v", sc.Cluster.Images)
	}
	if len(sc.Steps) != 2 || sc.Steps[1].Run[0] != "kubectl get deploy" {
		t.Fatalf("steps = %+v", sc.Steps)
	}
	if got := sc.Steps[0].Expect[1].PodStatus.Within.D(); got != 90*time.Second {
		t.Errorf("within = %v, want 90s", got)
	}
	if sc.Steps[0].Line() != 21 || sc.Steps[0].Expect[0].Line() != 27 {
		t.Errorf("lines = step %d, expect %d; want 21, 27", sc.Steps[0].Line(), sc.Steps[0].Expect[0].Line())
	}
	if f, ok := sc.File("deploy.yaml"); !ok || !strings.HasPrefix(f.Content, "apiVersion: apps/v1") {
		t.Errorf("File(deploy.yaml) = %+v, %v", f, ok)
	}
	// The scenario's own image value is not normalized by validation.
	if sc.Cluster.Images[0].Tags[0].Repo != nil {
		t.Errorf("validation linked the scenario's image tags")
	}
}

func TestParseReportsProblemsWithTheirLines(t *testing.T) {
	tests := []struct {
		name string
		edit func(string) string
		want []string // substrings of the error, in order
	}{
		{
			name: "an unknown field names the field, its place and line",
			edit: func(s string) string {
				return strings.Replace(s, "- run: kubectl get deploy", "- runn: kubectl get deploy", 1)
			},
			want: []string{`x.yaml:29: unknown field "runn" in a step`},
		},
		{
			name: "an unknown expectation kind is an unknown field",
			edit: func(s string) string { return strings.Replace(s, "  - output:", "  - outpt:", 1) },
			want: []string{`x.yaml:31: unknown field "outpt" in an expectation`},
		},
		{
			name: "an unknown field of an image repository is an error too",
			edit: func(s string) string { return strings.Replace(s, "    kind: server", "    knd: server", 1) },
			want: []string{`unknown field "knd" in an image repository`},
		},
		{
			name: "a wrong apiVersion and a missing English title are both reported",
			edit: func(s string) string {
				s = strings.Replace(s, "kubeplay.dev/v1", "kubeplay.dev/v2", 1)
				return strings.Replace(s, "title: {ja: こんにちは, en: Hello}", "title: {ja: こんにちは}", 1)
			},
			want: []string{`x.yaml:1: apiVersion must be "kubeplay.dev/v1"`, `x.yaml:4: title must be given in both ja and en`},
		},
		{
			name: "applying a file that is not listed",
			edit: func(s string) string { return strings.Replace(s, "apply: deploy.yaml", "apply: other.yaml", 1) },
			want: []string{`x.yaml:22: step 1 applies "other.yaml", which is not one of files`},
		},
		{
			name: "a run line that is not a command the player knows",
			edit: func(s string) string { return strings.Replace(s, "  - sleep 5s", "  - curl http://x", 1) },
			want: []string{`x.yaml:25: step 1: "curl" is not a command`},
		},
		{
			name: "a bad sleep",
			edit: func(s string) string { return strings.Replace(s, "  - sleep 5s", "  - sleep soon", 1) },
			want: []string{`x.yaml:25: step 1: sleep: invalid time interval "soon"`},
		},
		{
			name: "an expectation with two kinds",
			edit: func(s string) string {
				return strings.Replace(s, "  - output: {contains: \"app\"}", "  - output: {contains: \"app\"}\n    absent: {pod: x}", 1)
			},
			want: []string{`x.yaml:31: step 2 expectation 1: give exactly one of events, podStatus, output, absent`},
		},
		{
			name: "a bad duration",
			edit: func(s string) string { return strings.Replace(s, "within: 90s", "within: soon", 1) },
			want: []string{`invalid duration "soon"`},
		},
		{
			name: "an object without a kind",
			edit: func(s string) string {
				return strings.Replace(s, "object: pod/app-*, reasons: [Scheduled", "object: app-*, reasons: [Scheduled", 1)
			},
			want: []string{`object "app-*" must be kind/name`},
		},
		{
			name: "a javascript link in narration",
			edit: func(s string) string {
				return strings.Replace(s, "en: Create}", "en: \"[x](javascript:alert(1))\"}", 1)
			},
			want: []string{`step 1 narration (en): link "javascript:alert(1" is not http(s)`},
		},
		{
			name: "an invalid node taint effect",
			edit: func(s string) string { return strings.Replace(s, "effect: NoSchedule", "effect: Never", 1) },
			want: []string{`x.yaml:9: node n1: taint k: unsupported effect "Never"`},
		},
		{
			name: "not yaml at all",
			edit: func(string) string { return "steps: [\n" },
			want: []string{`x.yaml:`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("x.yaml", []byte(tt.edit(validDoc)))
			if err == nil {
				t.Fatal("Parse succeeded, want an error")
			}
			var le *LoadError
			if !errors.As(err, &le) {
				t.Fatalf("error %T is not a *LoadError: %v", err, err)
			}
			msg := err.Error()
			for _, w := range tt.want {
				i := strings.Index(msg, w)
				if i < 0 {
					t.Fatalf("error\n%s\ndoes not contain %q", msg, w)
				}
				msg = msg[i+len(w):]
			}
		})
	}
}
