package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// In the shell, a learner's turn passes only after the learner's own command, and next plays a scripted step.
func TestAShellLessonChecksTheLearnersTurnAfterTheirCommands(t *testing.T) {
	sc, err := loadLesson(filepath.Join("..", "..", "scenario", "testdata", "your-turn.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ls := newLessonShell(sc, 0, "en", &out)
	ls.sh.Echo = true
	ls.p.Cluster().SetFiles(lessonFiles(sc), osReadDir)
	for _, line := range []string{"next", "sleep 3m", "kubectl apply -f web.yaml"} {
		ls.exec(line)
	}
	if ls.p.Done() || strings.Contains(out.String(), "✓ 1 pod(s) web-* Running") {
		t.Fatalf("the learner's turn passed without the fix:\n%s", out.String())
	}
	// The learner's apply of the broken file is an attempt: it is told at once what is missing.
	if !strings.Contains(out.String(), "deployment.apps/web unchanged\n✗ Not yet: expected 1 Pod(s) web-* are Running within 2m; now: web-") {
		t.Errorf("no ✗ after the learner's wrong apply:\n%s", out.String())
	}
	ls.exec("kubectl set image deployment/web web=nginx:1.27")
	ls.exec("sleep 20s")
	if !ls.p.Done() || !strings.Contains(out.String(), "# step 2 (your turn)\n✓ 1 pod(s) web-* Running") ||
		!strings.Contains(out.String(), "# the lesson is done: 2 of 2 steps passed") {
		t.Fatalf("after the learner's fix:\n%s", out.String())
	}
	if b, err := loadLesson("image-typo"); err != nil || b.Name != "07-image-typo" {
		t.Errorf("a built-in lesson by name: %v, %v", b, err)
	}
}
