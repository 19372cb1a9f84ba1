package scenario

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata/golden")

func TestEveryBuiltInScenarioPassesAndMatchesItsGoldenTranscript(t *testing.T) {
	lib, err := Library()
	if err != nil {
		t.Fatalf("Library: %v", err)
	}
	if len(lib) < 14 {
		t.Errorf("the library has %d scenarios, want at least 14", len(lib))
	}
	for _, sc := range lib {
		t.Run(sc.Name, func(t *testing.T) {
			res := Play(sc, Options{})
			if res.Err != "" {
				t.Fatalf("the play stopped: %s", res.Err)
			}
			for _, f := range res.Failures() {
				t.Errorf("%s:%d: step %d: %s", sc.Source, f.Line, f.Step, f.Message())
			}
			if len(res.Expectations()) == 0 {
				t.Error("the scenario checks nothing")
			}
			golden := filepath.Join("testdata", "golden", sc.Name+".txt")
			if *update {
				if err := os.WriteFile(golden, []byte(res.Transcript), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("no golden transcript (run go test ./core/scenario -update): %v", err)
			}
			if got := res.Transcript; got != string(want) {
				t.Errorf("transcript differs from %s (-update to accept):\n%s", golden, firstDiff(string(want), got))
			}
		})
	}
}

func TestEveryBuiltInScenarioIsBilingual(t *testing.T) {
	lib, err := Library()
	if err != nil {
		t.Fatalf("Library: %v", err)
	}
	for _, sc := range lib {
		for i, st := range sc.Steps {
			if st.Narration.JA == "" || st.Narration.EN == "" {
				t.Errorf("%s step %d: narration must be given in ja and en", sc.Name, i+1)
			}
		}
		if !strings.HasPrefix(filepath.Base(sc.Source), sc.Name) {
			t.Errorf("%s is named %q: file and name should agree", sc.Source, sc.Name)
		}
	}
}

func TestAFailingScenarioSaysWhatItExpectedAndWhatHappened(t *testing.T) {
	sc, err := Load(filepath.Join("testdata", "failing.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	res := Play(sc, Options{})
	if res.Passed() {
		t.Fatalf("the failing scenario passed:\n%s", res.Transcript)
	}
	fails := res.Failures()
	if len(fails) != 2 {
		t.Fatalf("%d failures, want 2 (events and podStatus):\n%s", len(fails), res.Transcript)
	}
	got := regexp.MustCompile(`(?m)^✗ expected events for pod/web-\* in order: Scheduled, Pulling, Pulled, Created, Started within 1m; got: Scheduled, Pulling( ×\d+)?, Failed ×\d+, BackOff ×\d+$`)
	if !got.MatchString(res.Transcript) {
		t.Errorf("the transcript lacks a line matching %s:\n%s", got, res.Transcript)
	}
	for _, want := range []string{
		"✗ expected pod web-* Running within 30s; got: web-",
		"ImagePullBackOff on demo-worker",
		"✓ output containing \"deployment.apps/web created\"",
	} {
		if !strings.Contains(res.Transcript, want) {
			t.Errorf("the transcript lacks %q:\n%s", want, res.Transcript)
		}
	}
	if fails[0].Line != 12 || fails[0].Step != 1 || fails[0].Index != 1 {
		t.Errorf("first failure at step %d #%d line %d, want step 1 #1 line 12", fails[0].Step, fails[0].Index, fails[0].Line)
	}
}

func TestPlayingTwiceGivesTheSameTranscript(t *testing.T) {
	sc, err := Parse("same.yaml", []byte(`apiVersion: kubeplay.dev/v1
kind: Scenario
name: same
title: {ja: 同じ, en: Same}
summary: {ja: 同じ, en: Same}
steps:
- run: [kubectl create deployment nginx --image=nginx --replicas=3, sleep 20s, kubectl get pods -o wide, kubectl get events]
`))
	if err != nil {
		t.Fatal(err)
	}
	a, b := Play(sc, Options{}), Play(sc, Options{})
	if a.Transcript != b.Transcript {
		t.Errorf("two plays differ:\n%s", firstDiff(a.Transcript, b.Transcript))
	}
	c := Play(sc, Options{Seed: 2})
	if c.Transcript == a.Transcript {
		t.Error("another seed gave the very same transcript (pod names should differ)")
	}
}

func TestTheTranscriptHasStepHeadersNarrationAndPrompts(t *testing.T) {
	sc, err := Parse("t.yaml", []byte(`apiVersion: kubeplay.dev/v1
kind: Scenario
name: t
title: {ja: t, en: t}
summary: {ja: t, en: t}
files:
- name: cm.yaml
  content: |
    apiVersion: v1
    kind: ConfigMap
    metadata: {name: settings}
    data: {mode: fast}
steps:
- narration: {ja: "設定を*作る*", en: "Create the *settings*"}
  apply: cm.yaml
  run: ["kubectl get configmap settings -o jsonpath={.data.mode}", "kubectl get configmap settings"]
  expect:
  - output: {contains: "configmap/settings created"}
`))
	if err != nil {
		t.Fatal(err)
	}
	res := Play(sc, Options{Lang: "ja"})
	want := `# scenario t (seed 1)
# step 1
# 設定を作る
$ kubectl apply -f cm.yaml
configmap/settings created
$ kubectl get configmap settings -o jsonpath={.data.mode}
fast
$ kubectl get configmap settings
NAME       DATA   AGE
settings   1      0s
✓ output containing "configmap/settings created"
`
	if res.Transcript != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", res.Transcript, want)
	}
	if !res.Passed() || res.Steps[0].Output == "" || strings.Contains(res.Steps[0].Output, "✓") {
		t.Errorf("step output %q should hold the lines' output only", res.Steps[0].Output)
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return "line " + strconv.Itoa(i+1) + ":\n- " + wl + "\n+ " + gl
		}
	}
	return "(no difference)"
}
