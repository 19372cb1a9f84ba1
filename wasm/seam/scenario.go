//go:build !lite

package seam

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"kubeplay/core/scenario"
)

// The scenario player's side of the seam: the built-in library,
// loading one scenario onto a fresh cluster, and running its steps with
// their expectations. The page renders narration from safe nodes
// (scenario.Markdown) with text nodes only.
//
//	scenarios()              → [{name, title:{ja,en}, summary:{ja,en}, steps}]
//	loadScenario(name, seed) → {name, title, summary, seed, files, steps:[{narration:{ja,en}, apply, run, expect}]}
//	runStep(i, mine?)        → (mine: {file: content}, the learner's versions the steps apply instead)
//	                           runs every step up to i (0-based) that has not run yet:
//	                           {index, transcript, passed, expectations:[{text, ok, message}], next, done}
//	scenarioState()          → {name, seed, next, steps, done} ("" name: free play)
//
// Lessons anyone writes (issue 12) travel as scenario YAML and are checked by the loader kubeplay check uses:
//
//	checkScenarioText(yaml)           → {ok, name, steps, problems:[{line, message}]}
//	loadScenarioText(yaml, seed)      → loadScenario's answer, or {problems:[{line, message}]} (nothing is loaded)
//	checkStep()                       → the current step when it is the learner's turn, checked now:
//	                                    {index, state: pending|passed|failed, expectations:[…], next, done}
//	                                    or {index: -1} when the current step is not the learner's
//
// A learner's-turn step (yourTurn) is run by runStep too: that plays its solution ("show me").
func init() {
	table["scenarios"] = (*Core).scenarios
	table["loadScenario"] = (*Core).loadScenario
	table["runStep"] = (*Core).runStep
	table["scenarioState"] = (*Core).scenarioState
	table["checkScenarioText"] = (*Core).checkScenarioText
	table["loadScenarioText"] = (*Core).loadScenarioText
	table["checkStep"] = (*Core).checkStep
	// What the learner's terminal prints counts for a learner's turn's output expectations.
	if run := table["run"]; run != nil {
		table["run"] = func(k *Core, a argList) (any, error) {
			v, err := run(k, a)
			if r, ok := v.(runResult); ok {
				if s := k.session(); s != nil {
					s.p.Typed(r.Output)
				}
			}
			return v, err
		}
	}
}

// LessonFile is the name a lesson's problems are reported under.
const LessonFile = "lesson.yaml"

// session is a scenario loaded on a Core. It is stale once the Core's
// cluster is replaced (reset), and then the page is in free play.
type session struct {
	sc   *scenario.Scenario
	p    *scenario.Player
	seed uint64
}

// sessions holds each Core's scenario (Core's own fields belong to the seam
// proper; the player is kept beside it).
var sessions = map[*Core]*session{}

func (k *Core) session() *session {
	s := sessions[k]
	if s == nil || k.c == nil || s.p.Cluster() != k.c {
		delete(sessions, k)
		return nil
	}
	return s
}

var library struct {
	once sync.Once
	list []*scenario.Scenario
	err  error
}

// Library returns the built-in scenarios, parsed once.
func Library() ([]*scenario.Scenario, error) {
	library.once.Do(func() { library.list, library.err = scenario.Library() })
	return library.list, library.err
}

// baseScenario returns the scenario a journal's base names: a built-in by
// name, or a lesson's text, checked as a pasted lesson is.
func baseScenario(b journalBase) (*scenario.Scenario, error) {
	switch {
	case b.Scenario != "" && b.Lesson != "":
		return nil, fmt.Errorf("a journal's base names a scenario or a lesson, not both")
	case b.Lesson != "":
		sc, pl := parseLesson(b.Lesson)
		if sc == nil {
			msg := "the lesson does not load"
			if len(pl.Problems) > 0 {
				msg += ": " + pl.Problems[0].Message
			}
			return nil, errors.New(msg)
		}
		return sc, nil
	}
	return FindScenario(b.Scenario)
}

// checkBase checks that a journal's base can be rebuilt.
func checkBase(b journalBase) error {
	if b.Scenario == "" && b.Lesson == "" {
		return nil
	}
	_, err := baseScenario(b)
	return err
}

// openBase loads the scenario or lesson a (checked) journal base names.
func (k *Core) openBase(b journalBase) {
	if sc, err := baseScenario(b); err == nil {
		k.play(sc, b.Seed, b)
	}
}

// FindScenario returns the built-in scenario called name.
func FindScenario(name string) (*scenario.Scenario, error) {
	list, err := Library()
	if err != nil {
		return nil, err
	}
	for _, sc := range list {
		if sc.Name == name {
			return sc, nil
		}
	}
	return nil, fmt.Errorf("unknown scenario %q", name)
}

type scenarioInfo struct {
	Name    string        `json:"name"`
	Title   scenario.Text `json:"title"`
	Summary scenario.Text `json:"summary"`
	Steps   int           `json:"steps"`
}

func (k *Core) scenarios(argList) (any, error) {
	list, err := Library()
	if err != nil {
		return nil, err
	}
	out := make([]scenarioInfo, 0, len(list))
	for _, sc := range list {
		out = append(out, scenarioInfo{Name: sc.Name, Title: sc.Title, Summary: sc.Summary, Steps: len(sc.Steps)})
	}
	return out, nil
}

type narration struct {
	JA []scenario.Node `json:"ja"`
	EN []scenario.Node `json:"en"`
}

type stepInfo struct {
	Narration narration `json:"narration"`
	Apply     string    `json:"apply,omitempty"`
	Run       []string  `json:"run"`
	Expect    []string  `json:"expect"`
	// Sentences says each expectation as a learner reads it, in both languages (Expect keeps the transcript's words).
	Sentences []scenario.Text `json:"sentences"`
	// The learner's turn: the goal, a hint and the solution's lines.
	YourTurn *narration `json:"yourTurn,omitempty"`
	Hint     *narration `json:"hint,omitempty"`
	Solution []string   `json:"solution,omitempty"`
}

type loadedScenario struct {
	Name    string          `json:"name"`
	Version string          `json:"version"` // the file's content hash (scenario.Version)
	Title   scenario.Text   `json:"title"`
	Summary scenario.Text   `json:"summary"`
	Seed    uint64          `json:"seed"`
	Files   []scenario.File `json:"files"`
	// Solutions are the files only a learner's turn's solution applies: the page keeps them out of the
	// editor until the learner asks to be shown.
	Solutions []string   `json:"solutions"`
	Steps     []stepInfo `json:"steps"`
	Now       float64    `json:"now"`
}

// loadScenario builds the scenario's cluster (its nodes, images and seed;
// a non-zero seed argument overrides the scenario's) and makes it the
// playground's cluster, positioned before the first step. The terminal
// keeps working on it between and after steps (free play).
func (k *Core) loadScenario(a argList) (any, error) {
	sc, err := FindScenario(a.str(0))
	if err != nil {
		return nil, err
	}
	return k.play(sc, uint64(a.num(1)), journalBase{Scenario: sc.Name}), nil
}

type problemList struct {
	OK       bool               `json:"ok"`
	Name     string             `json:"name,omitempty"`
	Steps    int                `json:"steps,omitempty"`
	Problems []scenario.Problem `json:"problems"`
}

// parseLesson checks a lesson's YAML with the loader kubeplay check uses.
func parseLesson(text string) (*scenario.Scenario, problemList) {
	sc, err := scenario.Parse(LessonFile, []byte(text))
	if err != nil {
		pl := problemList{Problems: []scenario.Problem{}}
		if le, ok := err.(*scenario.LoadError); ok {
			pl.Problems = le.Problems
		} else {
			pl.Problems = []scenario.Problem{{Message: err.Error()}}
		}
		return nil, pl
	}
	return sc, problemList{OK: true, Name: sc.Name, Steps: len(sc.Steps), Problems: []scenario.Problem{}}
}

// checkedLesson is checkScenarioText(yaml, "play")'s answer: kubeplay check's report (scenario.CheckFile),
// its text exactly as the CLI prints it.
type checkedLesson struct {
	problemList
	Played bool                 `json:"played"`
	Report scenario.CheckReport `json:"report"`
	Text   string               `json:"text"`
}

// checkScenarioText(yaml) runs the loader only (instant: what openLesson asks before it loads);
// checkScenarioText(yaml, "play") is kubeplay check: the lesson played headlessly on a cluster of its own
// and every expectation verified, the playground's cluster untouched.
func (k *Core) checkScenarioText(a argList) (any, error) {
	_, pl := parseLesson(a.str(0))
	if a.str(1) != "play" || !pl.OK {
		return pl, nil
	}
	r := scenario.CheckFile(LessonFile, []byte(a.str(0)), 0)
	pl.OK = r.Passed
	return checkedLesson{problemList: pl, Played: true, Report: r, Text: r.Text()}, nil
}

func (k *Core) loadScenarioText(a argList) (any, error) {
	sc, pl := parseLesson(a.str(0))
	if sc == nil {
		return pl, nil
	}
	return k.play(sc, uint64(a.num(1)), journalBase{Lesson: a.str(0)}), nil
}

// play makes sc, on a fresh cluster, the playground's scenario. A built-in
// scenario and a lesson someone wrote take this one path: the same cluster,
// shell, beats (the relay the page's story, diagram, captions and object lane
// show) and journal, whose base names what to rebuild (base.Scenario, a
// built-in's name, or base.Lesson, the lesson's text).
func (k *Core) play(sc *scenario.Scenario, seed uint64, base journalBase) loadedScenario {
	if k.c != nil {
		k.c.StopWatches()
	}
	delete(sessions, k)
	p := scenario.NewPlayer(sc, scenario.Options{Seed: seed})
	p.Cluster().Sim.Trace.SetLimit(TraceRetention)
	k.out.Reset()
	k.pending.Reset()
	k.c = p.Cluster()
	k.sh = k.newShell()
	k.sh.Echo = false
	k.sh.SetOutput(&k.out)
	// Until the page sends its editor's files, -f reads the scenario's own.
	k.files = map[string]string{}
	for _, f := range sc.Files {
		k.files[f.Name] = f.Content
	}
	s := &session{sc: sc, p: p, seed: k.c.Sim.Seed()}
	sessions[k] = s
	k.attach()
	base.Seed = s.seed
	k.j = journalState{base: base}

	res := loadedScenario{Name: sc.Name, Version: sc.Version, Title: sc.Title, Summary: sc.Summary, Seed: s.seed,
		Files: append([]scenario.File{}, sc.Files...), Steps: make([]stepInfo, len(sc.Steps)), Now: ms(k.c.Sim.Now())}
	res.Solutions = solutionFiles(sc)
	for i := range sc.Steps {
		st := &sc.Steps[i]
		info := stepInfo{
			Narration: narration{JA: nodes(sc.NarrationNodes(i, "ja")), EN: nodes(sc.NarrationNodes(i, "en"))},
			Apply:     st.Apply, Run: append([]string{}, st.Run...), Expect: make([]string, len(st.Expect)),
			Sentences: make([]scenario.Text, len(st.Expect)),
		}
		if st.Learner() {
			info.YourTurn = &narration{JA: nodes(scenario.Markdown(st.YourTurn.JA)), EN: nodes(scenario.Markdown(st.YourTurn.EN))}
			if !st.Hint.IsZero() {
				info.Hint = &narration{JA: nodes(scenario.Markdown(st.Hint.JA)), EN: nodes(scenario.Markdown(st.Hint.EN))}
			}
			if sol := st.Solution; sol != nil {
				if sol.Apply != "" {
					info.Solution = append(info.Solution, "kubectl apply -f "+sol.Apply)
				}
				info.Solution = append(info.Solution, sol.Run...)
			}
		}
		for j := range st.Expect {
			info.Expect[j] = st.Expect[j].Describe()
			info.Sentences[j] = scenario.Text{JA: st.Expect[j].Sentence("ja"), EN: st.Expect[j].Sentence("en")}
		}
		res.Steps[i] = info
	}
	return res
}

// solutionFiles names the files a solution applies and no scripted step does.
func solutionFiles(sc *scenario.Scenario) []string {
	out := []string{}
	for _, st := range sc.Steps {
		if st.Solution == nil || st.Solution.Apply == "" || slices.Contains(out, st.Solution.Apply) {
			continue
		}
		used := false
		for _, o := range sc.Steps {
			used = used || o.Apply == st.Solution.Apply
		}
		if !used {
			out = append(out, st.Solution.Apply)
		}
	}
	return out
}

func nodes(n []scenario.Node) []scenario.Node {
	if n == nil {
		return []scenario.Node{}
	}
	return n
}

type expectationResult struct {
	// Text describes the expectation; Message is the transcript's ✓/✗ line
	// (expected versus got on failure).
	Text    string  `json:"text"`
	OK      bool    `json:"ok"`
	Message string  `json:"message"`
	Got     string  `json:"got,omitempty"`
	Waited  float64 `json:"waitedMs"`
	// Feedback says a failure as a learner reads it, in both languages: expected versus what the cluster
	// shows, and the Event that says why.
	Feedback *scenario.Text `json:"feedback,omitempty"`
}

type stepRun struct {
	Index        int                 `json:"index"` // 0-based
	Transcript   string              `json:"transcript"`
	Passed       bool                `json:"passed"`
	Expectations []expectationResult `json:"expectations"`
	Next         int                 `json:"next"`
	Done         bool                `json:"done"`
	Now          float64             `json:"now"`
	Error        string              `json:"failure,omitempty"`
}

// runStep runs the scenario's steps in order up to step i (0-based; -1 or
// missing = the next one) and answers the last one's result. A step that
// already ran is an error: steps run once, in order.
func (k *Core) runStep(a argList) (any, error) {
	s := k.session()
	if s == nil {
		return nil, errFreePlay
	}
	i := s.p.Next()
	if len(a) > 0 && a[0] != nil && a.num(0) >= 0 {
		i = int(a.num(0))
	}
	if i >= len(s.sc.Steps) {
		return nil, fmt.Errorf("scenario %s has %d steps; there is no step %d", s.sc.Name, len(s.sc.Steps), i+1)
	}
	if i < s.p.Next() {
		return nil, fmt.Errorf("step %d has already run (steps run once, in order)", i+1)
	}
	// The learner's versions of files, {name: content}, kept for the steps that apply them.
	if mine := a.str(1); mine != "" {
		var files map[string]string
		if err := json.Unmarshal([]byte(mine), &files); err != nil {
			return nil, fmt.Errorf("runStep: files: %v", err)
		}
		for name, content := range files {
			if _, ok := s.sc.File(name); ok {
				s.p.UseFile(name, content)
			}
		}
	}
	k.stash()
	var last stepRun
	for !s.p.Done() && s.p.Next() <= i {
		before := len(s.p.Result().Transcript)
		idx := s.p.Next()
		sr := s.p.Step()
		res := s.p.Result()
		last = stepRun{Index: idx, Transcript: res.Transcript[before:]}
		last.Passed, last.Expectations = expectationResults(s.sc.Steps[idx].Expect, sr.Expectations)
		if res.Err != "" {
			last.Passed = false
			last.Error = strings.SplitN(res.Err, "\n", 2)[0]
		}
	}
	last.Next, last.Done, last.Now = s.p.Next(), s.p.Done(), ms(k.c.Sim.Now())
	return last, nil
}

// expectationResults is what the page shows of a step's expectation results, and whether they all passed.
func expectationResults(exp []scenario.Expect, rs []scenario.ExpectResult) (bool, []expectationResult) {
	passed, out := true, []expectationResult{}
	for j, e := range rs {
		text := e.Description
		if j < len(exp) && text == "" {
			text = exp[j].Describe()
		}
		r := expectationResult{Text: text, OK: e.Passed, Message: e.Message(),
			Got: e.Got, Waited: float64(e.Waited.Microseconds()) / 1e3}
		if !e.Passed && j < len(exp) {
			r.Feedback = &scenario.Text{JA: e.Feedback(exp[j].Sentence("ja"), "ja"), EN: e.Feedback(exp[j].Sentence("en"), "en")}
		}
		out = append(out, r)
		passed = passed && e.Passed
	}
	return passed, out
}

type stepCheck struct {
	Index        int                 `json:"index"` // 0-based; -1 = the current step is not the learner's turn
	State        string              `json:"state,omitempty"`
	Expectations []expectationResult `json:"expectations"`
	Transcript   string              `json:"transcript,omitempty"` // the ✓ lines, once passed
	Attempts     int                 `json:"attempts"`
	Next         int                 `json:"next"`
	Done         bool                `json:"done"`
	Now          float64             `json:"now"`
}

// attempt reports whether checkStep's arguments make it an attempt (a journal entry: it moves the clock).
func attempt(a argList) bool {
	mode := a.str(0)
	return mode == "attempt" || mode == "run" && !scenario.Looks(a.str(1))
}

// checkStep checks the learner's turn against the playground's cluster:
//
//	checkStep()              a look: now, without moving the clock (the running clock, a read)
//	checkStep("attempt")     the learner acted (an Apply): each expectation waits on the virtual clock
//	                         as long as its within allows, as a scripted step's does (Player.Attempt)
//	checkStep("run", line)   after a terminal line: an attempt, or a look when the line only reads
func (k *Core) checkStep(a argList) (any, error) {
	s := k.session()
	if s == nil {
		return nil, errFreePlay
	}
	before := len(s.p.Result().Transcript)
	check := s.p.Check
	if attempt(a) {
		check = s.p.Attempt
	}
	ch, ok := check()
	out := stepCheck{Index: -1, Expectations: []expectationResult{}, Next: s.p.Next(), Done: s.p.Done(), Now: ms(k.c.Sim.Now())}
	if !ok {
		return out, nil
	}
	out.Index, out.State, out.Attempts = ch.Index, ch.State, ch.Attempts
	_, out.Expectations = expectationResults(s.sc.Steps[ch.Index].Expect, ch.Expectations)
	if ch.State == scenario.StatePassed {
		out.Transcript = s.p.Result().Transcript[before:]
	}
	return out, nil
}

func (k *Core) scenarioState(argList) (any, error) {
	s := k.session()
	if s == nil {
		return scenarioStatus{Seed: k.c.Sim.Seed()}, nil
	}
	return scenarioStatus{Name: s.sc.Name, Seed: s.seed, Next: s.p.Next(), Steps: len(s.sc.Steps), Done: s.p.Done()}, nil
}
