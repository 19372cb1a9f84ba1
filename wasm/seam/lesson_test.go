//go:build !lite

package seam

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func yourTurnLesson(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../core/scenario/testdata/your-turn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestABrokenLessonIsRefusedWithItsLinesAndNothingIsLoaded(t *testing.T) {
	k := started(t)
	bad := strings.Replace(yourTurnLesson(t), "  apply: web.yaml\n", "  aply: web.yaml\n", 1)
	var pl problemList
	call(t, k, &pl, "checkScenarioText", bad)
	if pl.OK || len(pl.Problems) != 1 || pl.Problems[0].Line != 43 || !strings.Contains(pl.Problems[0].Message, `unknown field "aply" in a step`) {
		t.Fatalf("checkScenarioText = %+v", pl)
	}
	call(t, k, &pl, "loadScenarioText", bad, 0.0)
	if pl.OK || len(pl.Problems) != 1 {
		t.Fatalf("loadScenarioText = %+v", pl)
	}
	var st scenarioStatus
	call(t, k, &st, "scenarioState")
	if st.Name != "" {
		t.Fatalf("a broken lesson was loaded: %+v", st)
	}
	for _, hostile := range []string{strings.Repeat("[", 10000), strings.Repeat("a: ", 1<<19) + "b", "a: &a [*a]"} {
		call(t, k, &pl, "checkScenarioText", hostile)
		if pl.OK || len(pl.Problems) == 0 {
			t.Errorf("checkScenarioText(%.20q…) = %+v", hostile, pl)
		}
	}
}

func TestALessonsLearnersTurnIsCheckedAgainstTheLearnersCluster(t *testing.T) {
	k := started(t)
	lesson := yourTurnLesson(t)
	var sc loadedScenario
	call(t, k, &sc, "loadScenarioText", lesson, 0.0)
	if sc.Name != "fix-the-typo" || len(sc.Steps) != 2 || sc.Steps[1].YourTurn == nil || sc.Steps[1].Hint == nil ||
		len(sc.Steps[1].Solution) != 1 || sc.Steps[1].Solution[0] != "kubectl apply -f web-fixed.yaml" ||
		len(sc.Solutions) != 1 || sc.Solutions[0] != "web-fixed.yaml" || !strings.HasPrefix(sc.Version, "sha256:") {
		t.Fatalf("loaded %+v", sc)
	}
	var ch stepCheck
	call(t, k, &ch, "checkStep")
	if ch.Index != -1 {
		t.Fatalf("checkStep on a scripted step = %+v", ch)
	}
	var r stepRun
	call(t, k, &r, "runStep", 0.0)
	if !r.Passed || r.Next != 1 {
		t.Fatalf("step 1: %+v", r)
	}
	call(t, k, &ch, "checkStep")
	if ch.Index != 1 || ch.State != "pending" {
		t.Fatalf("before the learner acts: %+v", ch)
	}
	fixed := strings.Replace(sc.Files[0].Content, "ngnix", "nginx", 1)
	var ap applyResult
	call(t, k, &ap, "apply", "web.yaml", fixed)
	if ap.Code != 0 {
		t.Fatalf("apply: %+v", ap)
	}
	for i := 0; i < 60 && ch.State != "passed"; i++ {
		call(t, k, nil, "advance", 1000.0, 10000.0)
		call(t, k, &ch, "checkStep")
	}
	if ch.State != "passed" || !ch.Done || !strings.Contains(ch.Transcript, "✓ 1 pod(s) web-* Running") {
		t.Fatalf("after the learner's apply: %+v", ch)
	}
}

// A lesson someone wrote takes the built-in scenarios' one path (play): the same scenario's text loaded with
// loadScenarioText gives the beats, the journal and the seek that loadScenario gives (issue 27: beats() was 0
// against 77 for 04-insufficient-resources).
func TestALessonsTextPlaysAsTheBuiltInScenarioItCopies(t *testing.T) {
	text, err := os.ReadFile("../../scenarios/04-insufficient-resources.yaml")
	if err != nil {
		t.Fatal(err)
	}
	run := func(fn string, arg string) (beats string, j Journal, transcript string) {
		k := started(t)
		var sc loadedScenario
		call(t, k, &sc, fn, arg, 0.0)
		if sc.Name != "04-insufficient-resources" {
			t.Fatalf("%s: loaded %+v", fn, sc)
		}
		var r stepRun
		for i := range sc.Steps {
			call(t, k, &r, "runStep", float64(i))
			transcript += r.Transcript
		}
		beats = call(t, k, nil, "beats", 0.0)
		call(t, k, &j, "journal")
		return beats, j, transcript
	}
	builtBeats, builtJ, builtT := run("loadScenario", "04-insufficient-resources")
	lessonBeats, lessonJ, lessonT := run("loadScenarioText", string(text))
	var bs []map[string]any
	if err := json.Unmarshal([]byte(lessonBeats), &bs); err != nil || len(bs) == 0 {
		t.Fatalf("the lesson made no beats: %.200s", lessonBeats)
	}
	if lessonBeats != builtBeats || lessonT != builtT {
		t.Errorf("the lesson's beats or transcript differ from the built-in's (%d against %d bytes of beats)", len(lessonBeats), len(builtBeats))
	}
	if builtJ.Base.Scenario != "04-insufficient-resources" || lessonJ.Base.Lesson != string(text) || lessonJ.Base.Scenario != "" ||
		len(lessonJ.Entries) != len(builtJ.Entries) || lessonJ.Base.Seed != builtJ.Base.Seed {
		t.Fatalf("journals: built-in %+v; lesson base %q…, %d entries", builtJ.Base, lessonJ.Base.Scenario, len(lessonJ.Entries))
	}
	// Seeking back in the lesson rebuilds the lesson (not free play), and playing on gives the same beats.
	k := started(t)
	raw, _ := json.Marshal(lessonJ)
	call(t, k, nil, "replay", string(raw))
	if got := call(t, k, nil, "beats", 0.0); got != lessonBeats {
		t.Errorf("a replayed lesson's beats differ (%d against %d bytes)", len(got), len(lessonBeats))
	}
	var st scenarioStatus
	call(t, k, &st, "scenarioState")
	if st.Name != "04-insufficient-resources" || !st.Done {
		t.Errorf("after replaying the lesson's journal: %+v", st)
	}
	// A journal whose lesson does not load is refused in the loader's words, nothing rebuilt.
	lessonJ.Base.Lesson = strings.Replace(lessonJ.Base.Lesson, "apiVersion: kubeplay.dev/v1", "apiVersion: v2", 1)
	raw, _ = json.Marshal(lessonJ)
	if s := call(t, k, nil, "replay", string(raw)); !strings.Contains(s, "the lesson does not load: apiVersion must be") {
		t.Errorf("replay of a broken lesson = %s", s)
	}
}

// The learner's turn: a look never fails an idle learner; a command that changes something is an attempt,
// checked at once with feedback in both languages, and journaled (a replay lands on the same state).
func TestAnAttemptIsCheckedAtOnceWithFeedbackAndJournaled(t *testing.T) {
	text, err := os.ReadFile("../../core/scenario/testdata/pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	k := started(t)
	var sc loadedScenario
	call(t, k, &sc, "loadScenarioText", string(text), 0.0)
	var r stepRun
	call(t, k, &r, "runStep", 1.0)
	var ch stepCheck
	call(t, k, nil, "advance", 240000.0, 100000.0)
	call(t, k, &ch, "checkStep")
	if ch.Index != 2 || ch.State != "pending" || ch.Attempts != 0 {
		t.Fatalf("an idle learner after 4m: %+v", ch)
	}
	call(t, k, &ch, "checkStep", "run", "kubectl get pods")
	if ch.State != "pending" || ch.Attempts != 0 {
		t.Fatalf("a look: %+v", ch)
	}
	line := "kubectl set resources deployment web --requests=cpu=4"
	call(t, k, nil, "run", line)
	call(t, k, &ch, "checkStep", "run", line)
	if ch.State != "failed" || ch.Attempts != 1 || ch.Expectations[0].Feedback == nil ||
		!strings.Contains(ch.Expectations[0].Feedback.JA, "Insufficient cpu") || !strings.HasPrefix(ch.Expectations[0].Feedback.JA, "まだです") {
		t.Fatalf("a wrong fix: %+v", ch)
	}
	var j Journal
	call(t, k, &j, "journal")
	if last := j.Entries[len(j.Entries)-1]; last.Op != "checkStep" {
		t.Fatalf("the attempt is not the journal's last entry: %+v", last)
	}
	pods := call(t, k, nil, "run", "kubectl get pods")
	k2 := started(t)
	raw, _ := json.Marshal(j)
	call(t, k2, nil, "replay", string(raw))
	if got := call(t, k2, nil, "run", "kubectl get pods"); got != pods {
		t.Errorf("after a replay:\n%s\nwant\n%s", got, pods)
	}
	call(t, k, &ch, "checkStep", "attempt")
	if ch.State != "failed" || ch.Attempts != 2 {
		t.Fatalf("a second attempt: %+v", ch)
	}
	call(t, k, nil, "run", "kubectl set resources deployment web --requests=cpu=500m")
	call(t, k, &ch, "checkStep", "attempt")
	if ch.State != "passed" || ch.Next != 3 {
		t.Fatalf("the right fix: %+v", ch)
	}
}

// The page's Check is kubeplay check: a lesson that loads but whose expectations fail is refused with the
// CLI's report, word for word (scenario.CheckFile, which core/cmd/kubeplay prints), and the playground's
// cluster is untouched.
func TestThePagesCheckIsKubeplayCheck(t *testing.T) {
	text, err := os.ReadFile("../../core/scenario/testdata/pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(text), "{pod: web-*, status: Pending, count: 2, within: 30s}", "{pod: web-*, status: Running, count: 2, within: 30s}", 1)
	k := started(t)
	var pl problemList
	call(t, k, &pl, "checkScenarioText", bad)
	if !pl.OK {
		t.Fatalf("the loader refused a valid lesson: %+v", pl)
	}
	var ch checkedLesson
	call(t, k, &ch, "checkScenarioText", bad, "play")
	want := "FAIL pending-reasons\n    step 1: ✗ expected 2 pod(s) web-* Running within 30s; got: web-"
	if ch.OK || !ch.Played || ch.Report.Passed || !strings.HasPrefix(ch.Text, want) || !strings.Contains(ch.Text, "(lesson.yaml:39)") {
		t.Fatalf("the page's check of a failing lesson: ok %v, played %v\n%s", ch.OK, ch.Played, ch.Text)
	}
	call(t, k, &ch, "checkScenarioText", string(text), "play")
	if !ch.OK || ch.Text != "PASS pending-reasons (6 expectations)\n" {
		t.Fatalf("the page's check of the lesson: %+v", ch)
	}
	if out := call(t, k, nil, "run", "kubectl get deployments"); !strings.Contains(out, "No resources found") {
		t.Errorf("checking played on the playground's cluster: %s", out)
	}
}
