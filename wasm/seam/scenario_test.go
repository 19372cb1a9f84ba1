//go:build !lite

package seam

import (
	"slices"
	"strings"
	"testing"
)

func TestTheScenarioFunctionsAreRegisteredOnTheSeam(t *testing.T) {
	for _, name := range []string{"scenarios", "loadScenario", "runStep", "scenarioState"} {
		if !slices.Contains(Functions(), name) {
			t.Errorf("seam function %s is not registered", name)
		}
	}
}

func TestTheLibraryListsEveryBuiltInScenarioInBothLanguages(t *testing.T) {
	k := started(t)
	var list []scenarioInfo
	call(t, k, &list, "scenarios")
	if len(list) < 14 {
		t.Fatalf("got %d scenarios, want the 14 built-ins", len(list))
	}
	if list[0].Name != "01-hands-on" {
		t.Errorf("first scenario is %q, want 01-hands-on", list[0].Name)
	}
	for _, s := range list {
		if s.Title.JA == "" || s.Title.EN == "" || s.Steps == 0 {
			t.Errorf("%s: title %+v, %d steps", s.Name, s.Title, s.Steps)
		}
	}
}

func TestLoadingAScenarioGivesSafeNarrationNodesAndExpectations(t *testing.T) {
	k := started(t)
	var sc loadedScenario
	call(t, k, &sc, "loadScenario", "01-hands-on", float64(0))
	if sc.Name != "01-hands-on" || len(sc.Steps) == 0 || sc.Seed == 0 {
		t.Fatalf("loaded %+v", sc)
	}
	st := sc.Steps[0]
	if len(st.Narration.JA) == 0 || len(st.Narration.EN) == 0 {
		t.Errorf("step 1 has no narration nodes: %+v", st.Narration)
	}
	if len(st.Expect) == 0 || st.Expect[0] == "" {
		t.Errorf("step 1's expectations are not described: %q", st.Expect)
	}
	if len(st.Sentences) != len(st.Expect) || len(st.Sentences) == 0 || !strings.Contains(st.Sentences[0].JA, "Scheduled") || !strings.Contains(st.Sentences[0].JA, "30 秒以内") || !strings.Contains(st.Sentences[0].EN, "Scheduled") {
		t.Errorf("step 1's expectations as sentences: %+v", st.Sentences)
	}
	var state scenarioStatus
	call(t, k, &state, "scenarioState")
	if state.Name != "01-hands-on" || state.Next != 0 || state.Done {
		t.Errorf("state after load = %+v", state)
	}
}

func TestRunningTheStepsInOrderPassesEveryExpectation(t *testing.T) {
	k := started(t)
	var sc loadedScenario
	call(t, k, &sc, "loadScenario", "01-hands-on", float64(0))
	for i := range sc.Steps {
		var r stepRun
		call(t, k, &r, "runStep", float64(i))
		if r.Index != i || !r.Passed {
			t.Fatalf("step %d: %+v", i+1, r)
		}
		if !strings.Contains(r.Transcript, "# step") || len(r.Expectations) == 0 || !strings.HasPrefix(r.Expectations[0].Message, "✓") {
			t.Errorf("step %d: transcript %q, expectations %+v", i+1, r.Transcript, r.Expectations)
		}
	}
	var r runResult
	call(t, k, &r, "run", "kubectl get deployments")
	if !strings.Contains(r.Output, "nginx") {
		t.Errorf("free play after the scenario: kubectl get deployments printed %q", r.Output)
	}
	if got := k.Call("runStep", []any{float64(0)}); !strings.Contains(got, "already run") {
		t.Errorf("running step 1 again answered %s", got)
	}
}

func TestRunningALaterStepRunsTheEarlierOnesFirst(t *testing.T) {
	k := started(t)
	call(t, k, nil, "loadScenario", "01-hands-on", float64(0))
	var r stepRun
	call(t, k, &r, "runStep", float64(1))
	if r.Index != 1 || r.Next != 2 {
		t.Errorf("runStep(1) from the start = index %d, next %d; want 1, 2", r.Index, r.Next)
	}
}

func TestTheSameScenarioAndSeedGiveTheSameEvents(t *testing.T) {
	events := func() string {
		k := started(t)
		call(t, k, nil, "loadScenario", "01-hands-on", float64(3))
		call(t, k, nil, "runStep", float64(0))
		return k.Call("events", []any{float64(0)})
	}
	if a, b := events(), events(); a != b {
		t.Errorf("two plays of the same scenario and seed differ:\n%s\n%s", a, b)
	}
}

func TestAResetLeavesTheScenarioForFreePlay(t *testing.T) {
	k := started(t)
	call(t, k, nil, "loadScenario", "01-hands-on", float64(0))
	call(t, k, nil, "reset", `{"seed":1}`)
	if got := k.Call("runStep", nil); !strings.Contains(got, "no scenario") {
		t.Errorf("runStep after reset answered %s", got)
	}
	if got := k.Call("loadScenario", []any{"no-such"}); !strings.Contains(got, `unknown scenario \"no-such\"`) {
		t.Errorf("loading an unknown scenario answered %s", got)
	}
}
