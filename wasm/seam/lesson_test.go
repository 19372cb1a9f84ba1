//go:build !lite

package seam

import (
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
		len(sc.Steps[1].Solution) != 1 || sc.Steps[1].Solution[0] != "kubectl apply -f web-fixed.yaml" {
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
