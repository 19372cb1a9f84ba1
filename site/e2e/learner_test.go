package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// pendingReasons is the review's lesson (issue 27), written from scenarios/README.md as an instructor writes
// it: 「Pod が Pending のままになる理由」, four steps, the third the learner's turn (lower the CPU request).
func pendingReasons(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../core/scenario/testdata/pending-reasons.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// withCPU is the lesson's web.yaml with another CPU request (the learner's edit).
func withCPU(t *testing.T, lesson, cpu string) string {
	t.Helper()
	i := strings.Index(lesson, "    apiVersion: apps/v1\n")
	j := strings.Index(lesson, "steps:\n")
	if i < 0 || j < i {
		t.Fatal("the lesson has no web.yaml")
	}
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(lesson[i:j], "\n"), "\n") {
		b.WriteString(strings.TrimPrefix(l, "    ") + "\n")
	}
	out := strings.Replace(b.String(), `cpu: "6"`, "cpu: "+cpu, 1)
	if out == b.String() {
		t.Fatal("web.yaml has no cpu: \"6\"")
	}
	return out
}

// A lesson written in the Lesson tab takes the built-in scenarios' path: Check is kubeplay check, and after
// its first step the events pane tells the relay (beats, FailedScheduling in the story) as for lesson 04.
func TestALessonWrittenInTheLessonTabShowsTheRelay(t *testing.T) {
	lesson := pendingReasons(t)
	p, d := openAt(t, "/?lang=ja", 1400, 900)
	p.showPanel("lesson")
	p.do(jsAction(fmt.Sprintf(`(() => { const t = document.getElementById('lesson-text'); t.value = %s; t.dispatchEvent(new Event('input')); })()`, jsonString(lesson))))
	p.click("#lesson-check")
	p.pollShowing(`document.getElementById('lesson-status').textContent.includes('kubeplay check に合格')`, 180*time.Second,
		`document.getElementById('lesson-status').textContent + ' | ' + document.getElementById('lesson-problems').textContent`)
	if got := eval[string](p, `document.getElementById('lesson-problems').textContent`); got != "PASS pending-reasons (6 expectations)" {
		t.Errorf("the Check's report: %q", got)
	}
	p.click("#lesson-run")
	p.poll(`kubeplay.session().scenario === 'pending-reasons'`, 60*time.Second)
	if got := eval[int](p, `kubeplay.beats().length`); got != 0 {
		t.Errorf("before the first step: %d beats", got)
	}
	p.click("#player .player-run")
	p.poll(`kubeplay.session().results[0].state === 'passed'`, 60*time.Second)
	p.showPanel("events")
	p.poll(`kubeplay.beats().length > 0`, 10*time.Second)
	p.pollShowing(`document.querySelector('#story .story-row[data-reason="FailedScheduling"]') !== null`, 20*time.Second,
		`document.querySelectorAll('#story .story-row').length + ' rows: ' + document.getElementById('story').textContent.slice(0, 300)`)
	if empty := eval[bool](p, `(() => { const e = document.querySelector('.story-empty'); return !!e && !e.hidden; })()`); empty {
		t.Error("the story still says nothing happened")
	}
	t.Logf("beats after step 1: %d", eval[int](p, `kubeplay.beats().length`))
	p.screenshot("lesson-tab-relay")
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}

// The learner's turn: time stands still until the learner acts; one Apply of a wrong fix gets a ✗ a learner
// can act on, in Japanese (what was expected, the Pods Pending, the scheduler's reason); the step panel's
// scroll survives the running clock; the right fix passes.
func TestAWrongFixGetsAnActionableCrossInJapaneseWithinOneApply(t *testing.T) {
	lesson := pendingReasons(t)
	p, d := openAt(t, "/?embed=1&lang=ja&step=2#"+lessonLink(t, lesson), 760, 640)
	p.poll(`kubeplay.session().step === 2 && document.querySelector('#player .player-goal') !== null`, 60*time.Second)
	if eval[bool](p, `kubeplay.session().playing`) {
		t.Fatal("the clock plays on the learner's turn before they pressed play")
	}
	before := eval[float64](p, `kubeplay.now()`)
	p.frames(30)
	if after := eval[float64](p, `kubeplay.now()`); after != before {
		t.Errorf("time moved on the learner's turn without play: %v → %v", before, after)
	}
	// The solution's file is not an editor tab.
	if got := eval[string](p, `__kubeplayUI.editor.files.map(f => f.name).join()`); got != "web.yaml" {
		t.Errorf("editor tabs %q, want only web.yaml", got)
	}
	p.setEditor(withCPU(t, lesson, `"4"`))
	p.click("#apply")
	p.pollShowing(`kubeplay.session().results[2].state === 'failed'`, 60*time.Second, `JSON.stringify(kubeplay.session().progress[2])`)
	if n := eval[int](p, `kubeplay.session().progress[2].attempts`); n != 1 {
		t.Errorf("attempts after one Apply: %d", n)
	}
	got := eval[string](p, `document.querySelector('#player .player-expect[data-state="fail"] .player-expect-got').textContent`)
	for _, want := range []string{"まだです: 「web-* の Pod 2 個が 3 分以内に Running になる」はずが、いまは Running の Pod は ", "Pending (ノード未定)", "理由 (Event): FailedScheduling: 0/3 nodes are available:", "Insufficient cpu"} {
		if !strings.Contains(got, want) {
			t.Errorf("the ✗ lacks %q:\n%s", want, got)
		}
	}
	p.screenshot("learner-wrong-fix-ja")
	// The learner scrolls the step panel, then presses play: ticks re-check the step without resetting it.
	var box struct{ SH, CH int }
	evalJSON(p, `(() => { const b = document.querySelector('#player .player-body'); return {SH: b.scrollHeight, CH: b.clientHeight}; })()`, &box)
	if box.SH <= box.CH {
		t.Fatalf("the step panel does not scroll at 760×640 (%d of %d px): nothing to keep", box.SH, box.CH)
	}
	top := eval[float64](p, `(() => { const b = document.querySelector('#player .player-body'); b.scrollTop = b.scrollHeight; window.__body = b; return b.scrollTop; })()`)
	start := eval[float64](p, `kubeplay.now()`)
	eval[bool](p, `(kubeplay.play(5), true)`)
	p.poll(fmt.Sprintf(`kubeplay.now() > %v + 10000`, start), 60*time.Second)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	var kept struct {
		Connected bool
		Top       float64
	}
	evalJSON(p, `({Connected: window.__body.isConnected, Top: window.__body.scrollTop})`, &kept)
	if !kept.Connected || kept.Top != top {
		t.Errorf("after 10s of ticks the step panel was replaced (%v) or scrolled from %v to %v", !kept.Connected, top, kept.Top)
	}
	// The right fix passes with its Apply.
	p.setEditor(withCPU(t, lesson, "500m"))
	p.click("#apply")
	p.pollShowing(`kubeplay.session().results[2].state === 'passed'`, 60*time.Second, `JSON.stringify(kubeplay.session().progress[2])`)
	if got := eval[string](p, `JSON.stringify([kubeplay.session().progress[2].attempts, kubeplay.session().progress[2].solutionShown, !!kubeplay.session().progress[2].firstPassedAt])`); got != "[2,false,true]" {
		t.Errorf("progress of the learner's turn [attempts, solutionShown, passed at]: %s", got)
	}
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}

// A course page on another origin hears the documented messages once per change, the lesson's version in
// lesson-complete, and a reload of the embed keeps the learner's progress.
func TestACrossOriginCourseHearsHonestProgressThatSurvivesAReload(t *testing.T) {
	lesson := pendingReasons(t)
	p := newTab(t, 1000, 800)
	other := strings.Replace(server.URL, "127.0.0.1", "localhost", 1)
	p.do(jsAction(`location.href = ` + jsonString(other+"/not-a-page")))
	p.poll(`location.hostname === 'localhost' && document.readyState === 'complete'`, 10*time.Second)
	src := server.URL + "/index.html?embed=1&lang=ja&step=2&origins=" + other + "#" + lessonLink(t, lesson)
	eval[bool](p, fmt.Sprintf(`(() => {
		window.log = [];
		window.addEventListener('message', (ev) => { if (ev.origin === %s && ev.data && ev.data.type) window.log.push(ev.data); });
		const f = document.createElement('iframe');
		f.id = 'kp'; f.width = 760; f.height = 640; f.src = %s;
		document.body.append(f);
		let n = 0;
		window.send = (msg) => new Promise((resolve) => {
			const id = 'm' + (++n);
			const on = (ev) => { if (ev.data && ev.data.id === id) { window.removeEventListener('message', on); resolve(ev.data); } };
			window.addEventListener('message', on);
			f.contentWindow.postMessage({ ...msg, id }, %s);
		});
		return true; })()`, jsonString(server.URL), jsonString(src), jsonString(server.URL)))
	p.poll(`log.filter(m => m.type === 'kubeplay:ready').length === 1`, 120*time.Second)
	// The steps the link replays are not the learner's doing: the host hears nothing of them.
	if n := eval[int](p, `log.filter(m => m.type === 'kubeplay:step').length`); n != 0 {
		t.Errorf("the host heard %d steps the link replayed", n)
	}
	apply := func(cpu string) {
		a := eval[map[string]any](p, fmt.Sprintf(`send({type: 'kubeplay:apply', filename: 'web.yaml', yaml: %s})`, jsonString(withCPU(t, lesson, cpu))))
		if a["ok"] != true {
			t.Fatalf("apply %s: %v", cpu, a)
		}
	}
	apply(`"4"`)
	p.poll(`log.some(m => m.type === 'kubeplay:step' && m.state === 'failed')`, 60*time.Second)
	apply("500m")
	p.poll(`log.some(m => m.type === 'kubeplay:step' && m.state === 'passed')`, 60*time.Second)
	if a := eval[map[string]any](p, `send({type: 'kubeplay:runStep'})`); a["ok"] != true {
		t.Fatalf("runStep: %v", a)
	}
	p.poll(`log.some(m => m.type === 'kubeplay:lesson-complete')`, 60*time.Second)
	type stepMsg struct {
		Index         int    `json:"index"`
		State         string `json:"state"`
		Attempts      int    `json:"attempts"`
		HintsShown    int    `json:"hintsShown"`
		SolutionShown bool   `json:"solutionShown"`
		FirstPassedAt *struct {
			Virtual float64 `json:"virtual"`
			Wall    float64 `json:"wall"`
		} `json:"firstPassedAt"`
		Failed []struct {
			Feedback string `json:"feedback"`
		} `json:"failed"`
	}
	var steps []stepMsg
	evalJSON(p, `log.filter(m => m.type === 'kubeplay:step')`, &steps)
	if len(steps) != 3 {
		t.Fatalf("the host heard %d step messages, want 3 (failed, passed, step 4): %+v", len(steps), steps)
	}
	if s := steps[0]; s.Index != 2 || s.State != "failed" || s.Attempts != 1 || s.SolutionShown || s.FirstPassedAt != nil || len(s.Failed) == 0 || !strings.Contains(s.Failed[0].Feedback, "Insufficient cpu") {
		t.Errorf("the wrong fix: %+v", s)
	}
	if s := steps[1]; s.Index != 2 || s.State != "passed" || s.Attempts != 2 || s.FirstPassedAt == nil || s.FirstPassedAt.Virtual <= 0 || s.FirstPassedAt.Wall <= 0 {
		t.Errorf("the right fix: %+v", s)
	}
	if s := steps[2]; s.Index != 3 || s.State != "passed" {
		t.Errorf("step 4: %+v", s)
	}
	var done struct {
		Name          string    `json:"name"`
		Version       string    `json:"version"`
		Steps         int       `json:"steps"`
		Passed        int       `json:"passed"`
		SolutionShown int       `json:"solutionShown"`
		Attempts      int       `json:"attempts"`
		Results       []stepMsg `json:"results"`
	}
	evalJSON(p, `log.find(m => m.type === 'kubeplay:lesson-complete')`, &done)
	if done.Name != "pending-reasons" || !strings.HasPrefix(done.Version, "sha256:") || done.Steps != 4 || done.Passed != 2 || done.SolutionShown != 0 || done.Attempts != 2 || len(done.Results) != 4 {
		t.Errorf("lesson-complete: %+v", done)
	}
	// A reload of the embed keeps the progress (local storage, keyed by the lesson's version), and tells the
	// host nothing new.
	heard := eval[int](p, `log.length`)
	eval[bool](p, `(() => { const f = document.getElementById('kp'); f.src = f.src.replace('&step=2', ''); return true; })()`)
	p.poll(`log.filter(m => m.type === 'kubeplay:ready').length === 2`, 120*time.Second)
	var st struct {
		State struct {
			Step     int       `json:"step"`
			Version  string    `json:"version"`
			Progress []stepMsg `json:"progress"`
		} `json:"state"`
	}
	p.until("the reloaded embed to be at its saved step", 60*time.Second, func() bool {
		evalJSON(p, `send({type: 'kubeplay:state'})`, &st)
		return st.State.Step == 4
	})
	if st.State.Version != done.Version || len(st.State.Progress) != 4 || st.State.Progress[2].State != "passed" || st.State.Progress[2].Attempts != 2 || st.State.Progress[2].SolutionShown {
		t.Errorf("after a reload: %+v", st.State)
	}
	if n := eval[int](p, `log.filter(m => m.type === 'kubeplay:step' || m.type === 'kubeplay:lesson-complete').length`); n != len(steps)+1 {
		t.Errorf("the reload told the host %d more step messages (of %d messages since)", n-len(steps)-1, eval[int](p, `log.length`)-heard)
	}
}
