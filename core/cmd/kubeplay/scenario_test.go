package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kubeplay/core/scenario"
)

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const passingScenario = `apiVersion: kubeplay.dev/v1
kind: Scenario
name: configmap
title: {ja: 設定, en: Settings}
summary: {ja: 設定を作る, en: Create settings}
steps:
- narration: {ja: 設定を作る, en: Create a ConfigMap}
  run: [kubectl create configmap settings --from-literal=mode=fast]
  expect:
  - output: {contains: "configmap/settings created"}
`

func TestCheckPrintsPassWithTheNumberOfExpectations(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.yaml", passingScenario)
	var out, errOut bytes.Buffer
	if code := checkScenarios([]string{dir}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errOut.String())
	}
	if got := out.String(); got != "PASS configmap (1 expectations)\n" {
		t.Errorf("output %q", got)
	}
}

func TestCheckFailsWithExpectedVersusGotAndTheLine(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.yaml", strings.Replace(passingScenario, `contains: "configmap/settings created"`, `contains: "secret/settings created"`, 1))
	var out, errOut bytes.Buffer
	if code := checkScenarios([]string{dir}, &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out.String())
	}
	for _, want := range []string{
		"FAIL configmap\n",
		`step 1: ✗ expected output containing "secret/settings created"; got: "$ kubectl create configmap settings --from-literal=mode=fast\nconfigmap/settings created"`,
		"a.yaml:10)",
		"1 of 1 scenarios failed",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestCheckReportsAnInvalidFileAndGoesOn(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a.yaml", strings.Replace(passingScenario, "  run:", "  runs:", 1))
	writeFile(t, dir, "b.yaml", strings.Replace(passingScenario, "name: configmap", "name: other", 1))
	var out, errOut bytes.Buffer
	if code := checkScenarios([]string{dir}, &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	for _, want := range []string{"FAIL " + filepath.Join(dir, "a.yaml") + " (invalid)", `a.yaml:8: unknown field "runs" in a step`, "PASS other (1 expectations)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRunPrintsTheTranscriptWithNarration(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, dir, "a.yaml", passingScenario)
	var out, errOut bytes.Buffer
	if code := runScenario([]string{f, "--lang", "ja", "--seed", "3"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := "# scenario configmap (seed 3)\n# step 1\n# 設定を作る\n$ kubectl create configmap settings --from-literal=mode=fast\nconfigmap/settings created\n✓ output containing \"configmap/settings created\"\n"
	if out.String() != want {
		t.Errorf("transcript:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestRunExitsOneOnAnInvalidFile(t *testing.T) {
	dir := t.TempDir()
	f := writeFile(t, dir, "a.yaml", "kind: Scenario\n")
	var out, errOut bytes.Buffer
	if code := runScenario([]string{f}, &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if !strings.Contains(errOut.String(), `apiVersion must be "kubeplay.dev/v1"`) {
		t.Errorf("stderr: %s", errOut.String())
	}
}

// A lesson with a learner's turn: check passes it by playing its solution, and run prints that solution.
func TestCheckAndRunPlayALearnersTurnWithItsSolution(t *testing.T) {
	file := filepath.Join("..", "..", "scenario", "testdata", "your-turn.yaml")
	var out, errOut bytes.Buffer
	if code := checkScenarios([]string{file}, &out, &errOut); code != 0 || out.String() != "PASS fix-the-typo (2 expectations)\n" {
		t.Fatalf("check: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	if code := runScenario([]string{file, "--lang", "none"}, &out, &errOut); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, errOut.String())
	}
	if want := "# step 2 (your turn)\n$ kubectl apply -f web-fixed.yaml\ndeployment.apps/web configured\n✓ 1 pod(s) web-* Running within 2m"; !strings.Contains(out.String(), want) {
		t.Errorf("run output lacks %q:\n%s", want, out.String())
	}
}

// kubeplay check prints scenario.CheckFile's report, the one the page's Check shows (wasm/seam).
func TestCheckPrintsTheReportThePageShows(t *testing.T) {
	src, err := os.ReadFile("../../scenario/testdata/pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(src), "status: Pending, count: 2", "status: Running, count: 2", 1)
	file := filepath.Join(t.TempDir(), "pending-reasons.yaml")
	if err := os.WriteFile(file, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := checkScenarios([]string{file}, &out, &errOut); code != 1 {
		t.Fatalf("check: exit %d\n%s", code, out.String())
	}
	want := scenario.CheckFile(file, []byte(bad), 0).Text() + "1 of 1 scenarios failed\n"
	if out.String() != want || !strings.HasPrefix(out.String(), "FAIL pending-reasons\n    step 1: ✗ expected 2 pod(s) web-* Running within 30s; got: ") {
		t.Fatalf("check printed\n%s\nwant\n%s", out.String(), want)
	}
}
