//go:build lite

package shell

import (
	"bytes"
	"strings"
	"testing"

	"kubeplay/core/cluster"
	"kubeplay/core/lite"
	"kubeplay/core/shell/shelltest"
)

// In the lite build (core/lite: the page's first download), every golden
// transcript runs as in the full build up to the first line that reaches
// something the lite build leaves out, and that line stops with lite.Missing
// (the page then runs the session again in the full build). The transcripts
// the article and a first session follow never stop.
func TestTheLiteBuildPrintsTheGoldenTranscriptsOrStops(t *testing.T) {
	// The transcripts that reach the full build, and what they reach first:
	// none of them is a first session's (hands-on, crashloop, image-typo,
	// rolling-update, failed-scheduling and the rest run to their end).
	wantFull := map[string]string{
		"configmap-volume":              "kubectl exec mount",
		"cascading-deletion":            "PodSecurity",
		"customresource-columns":        "CustomResourceDefinition",
		"customresource-validation":     "CustomResourceDefinition",
		"customresourcedefinition":      "CustomResourceDefinition",
		"dynamic-resource-allocation":   "ResourceClaimTemplate",
		"endpoints":                     "kubectl describe endpoints",
		"explain":                       "kubectl explain",
		"guestbook":                     "the guestbook frontend",
		"horizontalpodautoscaler":       "kubectl autoscale",
		"kubectl-create-more":           "kubectl create secret tls",
		"kubectl-diff-replace":          "kubectl diff",
		"kubectl-exec":                  "kubectl exec -ti",
		"kubectl-go-template":           "kubectl -o go-template",
		"kubectl-pipes":                 "awk",
		"kubectl-port-forward":          "kubectl port-forward",
		"kubernetes-basics":             "kubectl proxy",
		"mysql-client":                  "mysql",
		"pod-security":                  "PodSecurity",
		"pod-security-namespace-labels": "PodSecurity",
		"pod-security-namespace-level":  "PodSecurity",
		"poddisruptionbudget":           "kubectl drain",
		"preemption":                    "kubectl create priorityclass",
		"quota-preemption":              "kubectl create quota",
		"redis-configmap":               "redis-cli",
		"replicationcontroller":         "ReplicationController",
		"security-context":              "kubectl exec id",
		"statefulset":                   "kubectl describe persistentvolumeclaim",
	}
	cases, err := shelltest.Cases("testdata")
	if err != nil {
		t.Fatal(err)
	}
	stopped := map[string]string{}
	for _, c := range cases {
		got, feature, line := liteTranscript(c.Input)
		if feature != "" {
			stopped[c.Name] = feature
			if !strings.HasPrefix(c.Want, got) {
				t.Errorf("%s: before line %d (%s) the lite build printed what the full build did not (-want +got):\n%s", c.Name, line, feature, diffLines(c.Want[:min(len(c.Want), len(got))], got))
			}
			continue
		}
		if got != c.Want {
			t.Errorf("%s: the lite build's transcript differs from %s (-want +got):\n%s", c.Name, c.Golden, diffLines(c.Want, got))
		}
	}
	for name, feature := range wantFull {
		if stopped[name] != feature {
			t.Errorf("%s: stopped at %q in the lite build, want %q", name, stopped[name], feature)
		}
	}
	for name, feature := range stopped {
		if _, ok := wantFull[name]; !ok {
			t.Errorf("%s stopped at %s in the lite build: a transcript that runs whole in a first session no longer does", name, feature)
		}
	}
}

// liteTranscript plays input as transcript does and stops at the first line
// that reaches what the lite build leaves out: its output up to that line,
// the feature and the line's number.
func liteTranscript(input string) (out string, feature string, line int) {
	opts := cluster.Default()
	opts.Seed = 1
	c := cluster.New(opts)
	var b bytes.Buffer
	sh := New(c, &b)
	c.SetOutput(&b)
	for i, l := range strings.Split(strings.TrimRight(input, "\n"), "\n") {
		before := b.Len()
		if f := execLite(sh, l); f != "" {
			return b.String()[:before], f, i + 1
		}
	}
	return b.String(), "", 0
}

func execLite(sh *Shell, line string) (feature string) {
	defer func() {
		if r := recover(); r != nil {
			m, ok := r.(lite.Missing)
			if !ok {
				panic(r)
			}
			feature = m.Feature
		}
	}()
	sh.Exec(line)
	return ""
}
