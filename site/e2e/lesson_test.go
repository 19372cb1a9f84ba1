package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"kubeplay/site/share"
)

// yourTurnLesson is core/scenario's lesson with a learner's turn: apply a Deployment with the image typo
// ngnix, then the learner fixes it.
func yourTurnLesson(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../../core/scenario/testdata/your-turn.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func lessonLink(t *testing.T, lesson string) string {
	t.Helper()
	p, err := share.Encode(&share.State{Lesson: lesson, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

type stepState struct {
	Step  int    `json:"step"`
	State string `json:"state"`
}

func results(p *tab) []stepState {
	var r []stepState
	evalJSON(p, `kubeplay.session().results`, &r)
	return r
}

func TestACustomLessonInALinkRunsAndItsLearnersTurnPassesOnlyAfterTheirOwnApply(t *testing.T) {
	lesson := yourTurnLesson(t)
	p, d := openAt(t, "/#"+lessonLink(t, lesson), 1400, 900)
	if got := eval[string](p, `JSON.stringify([kubeplay.session().scenario, kubeplay.session().steps, kubeplay.session().lesson])`); got != `["fix-the-typo",2,true]` {
		t.Fatalf("the lesson opened as %s", got)
	}
	if got := eval[string](p, `document.getElementById('lesson-text').value`); got != lesson {
		t.Errorf("the Lesson tab does not hold the lesson's text: %q", got)
	}
	p.click("#player .player-run")
	p.poll(`kubeplay.session().results[0].state === 'passed'`, 60*time.Second)
	// Step 2 is the learner's turn: the page shows the goal and a "Show me"; time passing alone does not pass it.
	p.click("#player .player-advance")
	p.poll(`document.querySelector('#player .player-goal') && document.querySelector('#player .player-showme')`, 10*time.Second)
	eval[float64](p, `kubeplay.pause().then(() => kubeplay.advance('150s'))`)
	var ch struct {
		Index int    `json:"index"`
		State string `json:"state"`
	}
	evalJSON(p, `kubeplay.call('checkStep')`, &ch)
	if ch.Index != 1 || ch.State == "passed" {
		t.Fatalf("before the learner's apply, checkStep = %+v", ch)
	}
	if r := results(p); r[1].State == "passed" {
		t.Fatalf("the learner's turn passed without the learner: %+v", r)
	}
	// The learner fixes the typo in the editor and applies it.
	p.poll(`__kubeplayUI.editor.currentFile().name === 'web.yaml'`, 5*time.Second)
	p.setEditor(strings.Replace(eval[string](p, `__kubeplayUI.editor.view.state.doc.toString()`), "ngnix", "nginx", 1))
	p.click("#apply")
	p.pollShowing(`/deployment.apps\/web configured/.test(document.getElementById('apply-output').textContent)`, 20*time.Second,
		`JSON.stringify([document.getElementById('apply-output').textContent, __kubeplayUI.editor.currentFile().name, __kubeplayUI.editor.view.state.doc.toString()])`)
	eval[bool](p, `(kubeplay.play(25), true)`)
	p.poll(`kubeplay.session().results[1].state === 'passed'`, 60*time.Second)
	p.poll(`document.querySelectorAll('#player .player-expect[data-state="ok"]').length === 1`, 5*time.Second)
	if got := eval[string](p, `kubeplay.session().results.map(r => r.state).join(',')`); got != "passed,passed" {
		t.Errorf("results %s", got)
	}
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}

func TestABrokenLessonShowsItsLineNumberedErrorsInsteadOfRunning(t *testing.T) {
	bad := strings.Replace(yourTurnLesson(t), "  apply: web.yaml\n", "  aply: web.yaml\n", 1)
	p, d := openAt(t, "/#"+lessonLink(t, bad), 1200, 800)
	want := `lesson.yaml:43: unknown field "aply" in a step`
	p.poll(`document.getElementById('banner-text').textContent.includes(`+jsonString(want)+`)`, 10*time.Second)
	if got := eval[string](p, `[...document.querySelectorAll('#lesson-problems li')].map(l => l.textContent).join('\n')`); got != want {
		t.Errorf("the Lesson tab lists %q, want %q", got, want)
	}
	if got := eval[string](p, `kubeplay.session().scenario`); got != "" {
		t.Errorf("a broken lesson was loaded: %q", got)
	}
	// Fixed in the Lesson tab, it runs.
	p.showPanel("lesson")
	p.do(jsAction(`(() => { const t = document.getElementById('lesson-text'); t.value = t.value.replace('aply:', 'apply:'); })()`))
	p.click("#lesson-run")
	p.poll(`kubeplay.session().scenario === 'fix-the-typo'`, 30*time.Second)
	p.poll(`document.getElementById('lesson-status').textContent.includes('fix-the-typo')`, 5*time.Second)
	p.screenshot("lesson-editor")
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}

func TestHostileLessonsStayInertAndBounded(t *testing.T) {
	evil := `<img src=x onerror="` + pwn + `"><script>` + pwn + `</script>`
	base := yourTurnLesson(t)
	scripted := strings.Replace(base, "narration: {ja: 打ち間違えたまま apply する, en: Apply it with the typo}",
		"narration: {ja: "+jsonString(evil+"[x](javascript:alert(1))")+", en: "+jsonString(evil)+"}", 1)
	scripted = strings.Replace(scripted, "title: {ja: 打ち間違いを直す, en: Fix the typo}", "title: {ja: "+jsonString(evil)+", en: "+jsonString(evil)+"}", 1)
	noJSLink := strings.Replace(scripted, "[x](javascript:alert(1))", "", 1)
	deep := "apiVersion: kubeplay.dev/v1\nkind: Scenario\nname: deep\nsteps: " + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "\n"
	endless := strings.Replace(base, "  apply: web.yaml\n", "  apply: web.yaml\n  run: [sleep 99999h]\n", 1)
	huge := base + "# " + strings.Repeat("x", (1<<20)-len(base)) + "\n"
	cases := []struct {
		name, lesson, want string
	}{
		{"a javascript: link in narration", scripted, `lesson.yaml:42: step 1 narration (ja): link "javascript:alert(1" is not http(s)`},
		{"deeply nested YAML", deep, "lesson.yaml"},
		{"an endless sleep", endless, `lesson.yaml:44: step 1: sleep: invalid time interval "99999h"`},
		{"a lesson over 1 MiB", huge, "larger than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			link := "/#" + lessonLink(t, c.lesson)
			if len(c.lesson) > share.MaxDecoded-100 {
				// Too large for a link (the page says so); the Lesson tab refuses it too.
				p, d := openAt(t, "/", 1200, 800)
				got := eval[string](p, fmt.Sprintf(`kubeplay.checkLesson('#'.repeat(%d)).then(r => r.problems.map(x => x.message).join())`, len(c.lesson)))
				if !strings.Contains(got, c.want) {
					t.Errorf("checkLesson of %d bytes = %q", len(c.lesson), got)
				}
				inert(t, p, d)
				return
			}
			start := time.Now()
			p, d := openAt(t, link, 1200, 800)
			p.poll(`document.body.dataset.lesson === 'invalid'`, 20*time.Second)
			if got := eval[string](p, `document.getElementById('banner-text').textContent`); !strings.Contains(got, c.want) {
				t.Errorf("banner %q lacks %q", got, c.want)
			}
			t.Logf("refused in %v", time.Since(start).Round(time.Millisecond))
			inert(t, p, d)
		})
	}
	// A lesson whose narration holds markup, but no link, runs; its markup shows as text.
	p, d := openAt(t, "/#"+lessonLink(t, noJSLink), 1200, 800)
	p.poll(`kubeplay.session().scenario === 'fix-the-typo'`, 20*time.Second)
	if text := eval[string](p, `document.getElementById('player').textContent`); !strings.Contains(text, `<img src=x onerror=`) {
		t.Errorf("the narration's markup is not shown as text: %q", text)
	}
	inert(t, p, d)
}

// noInnerScroll fails when the embed's page scrolls (it must fit its iframe exactly).
func noInnerScroll(t *testing.T, p *tab) {
	t.Helper()
	var m struct{ SH, SW, H, W int }
	evalJSON(p, `({SH: document.scrollingElement.scrollHeight, SW: document.scrollingElement.scrollWidth, H: innerHeight, W: innerWidth})`, &m)
	if m.SH > m.H || m.SW > m.W {
		t.Errorf("the embed scrolls: content %d×%d in a %d×%d iframe", m.SW, m.SH, m.W, m.H)
	}
}

// visibleRows counts the story rows wholly inside the events pane's story list.
func visibleRows(p *tab) int {
	return eval[int](p, `(() => { const v = document.getElementById('story').getBoundingClientRect();
		return [...document.querySelectorAll('#story .story-row')].filter(r => { const b = r.getBoundingClientRect(); return b.height > 0 && b.top >= v.top - 1 && b.bottom <= v.bottom + 1; }).length; })()`)
}

func TestAnEmbedFillsItsIframeWithoutInnerScroll(t *testing.T) {
	for _, c := range []struct {
		path string
		w, h int64
		rows int // the whole story rows the events pane must show after an Apply (0: not checked)
	}{
		{"/?embed=1&panes=editor,events", 760, 640, 10},
		{"/?embed=1&panes=editor,events", 800, 560, 10},
		// The scenario's player takes a third of the height: the story keeps a few rows.
		{"/?embed=1&panes=editor,events&scenario=07-image-typo", 760, 640, 2},
		{"/?embed=1&scenario=01-hands-on", 800, 560, 0},
		{"/?embed=1&scenario=01-hands-on", 360, 480, 0},
		{"/?embed=1&panes=events,terminal,explain,cluster,etcd", 480, 600, 0},
	} {
		t.Run(fmt.Sprintf("%s at %dx%d", c.path, c.w, c.h), func(t *testing.T) {
			p, _ := openAt(t, c.path, c.w, c.h)
			if c.rows > 0 {
				// Start-up is not news: the story fills once the learner applies.
				// (a scenario opens paused: advance the clock).
				p.click("#apply")
				p.poll(`/created|configured/.test(document.getElementById('apply-output').textContent)`, 20*time.Second)
				eval[float64](p, `kubeplay.advance('60s')`)
				p.poll(`kubeplay.beats().filter(b => !b.heartbeat).length >= 30`, 30*time.Second)
				p.poll(fmt.Sprintf(`document.querySelectorAll('#story .story-row').length >= %d`, c.rows), 10*time.Second)
				// Once the list has drawn its newest rows, at its bottom: the pane's room is what this checks, so
				// the test scrolls there itself (the list follows the newest row on its own; under a full CI run
				// with a CPU burner beside it, it was once found a row short of the bottom).
				seen := 0
				p.until(fmt.Sprintf("%d whole story rows in the events pane", c.rows), 10*time.Second, func() bool {
					eval[bool](p, `(() => { const s = document.getElementById('story'); s.scrollTop = s.scrollHeight; return true; })()`)
					p.frames(1)
					if seen = visibleRows(p); seen < c.rows {
						t.Logf("story: %s", eval[string](p, `(() => { const s = document.getElementById('story'); const r = s.getBoundingClientRect(); return 'rows ' + s.querySelectorAll('.story-row').length + ', box ' + Math.round(r.top) + '–' + Math.round(r.bottom) + ', scroll ' + Math.round(s.scrollTop) + '/' + s.scrollHeight + '/' + s.clientHeight; })()`))
					}
					return seen >= c.rows
				})
			}
			noInnerScroll(t, p)
			if c.rows > 0 {
				p.screenshot(fmt.Sprintf("embed-%dx%d", c.w, c.h))
			}
			p.checkConsole()
		})
	}
}

func TestEmbedParametersLangStepAndReadOnly(t *testing.T) {
	p, _ := openAt(t, "/?embed=1&lang=ja&scenario=01-hands-on&step=2&readonly=editor,terminal", 900, 700)
	if got := eval[string](p, `document.documentElement.lang + ' ' + document.getElementById('tab-events').textContent`); got != "ja イベント" {
		t.Errorf("lang=ja embed: %q", got)
	}
	if got := eval[string](p, `JSON.stringify([kubeplay.session().step, kubeplay.session().results.slice(0, 2).map(r => r.state)])`); got != `[2,["passed","passed"]]` {
		t.Errorf("step=2 opened at %s", got)
	}
	before := p.editorText()
	p.typeInEditor("kind: Secret\n")
	p.frames(2)
	if got := p.editorText(); got != before {
		t.Errorf("the read-only editor took an edit: %q", got)
	}
	if !eval[bool](p, `document.getElementById('terminal-input').disabled`) {
		t.Error("the read-only terminal takes input")
	}
	p.checkConsole()
}

func TestTheHostHearsStepsAndTheLessonsEndAndTheCoursePageShowsProgress(t *testing.T) {
	p := newTab(t, 1200, 900)
	p.navigate("/course.html")
	p.poll(`window.course !== undefined`, 10*time.Second)
	eval[bool](p, `course.ready('kp-1').then(() => true)`)
	p.poll(`document.querySelector('progress[data-progress="kp-1"]').max > 1`, 30*time.Second)
	steps := eval[int](p, `document.querySelector('progress[data-progress="kp-1"]').max`)
	for i := 0; i < steps; i++ {
		if a := send(p, "kp-1", `{type: 'kubeplay:runStep'}`); !a.OK {
			t.Fatalf("runStep %d: %+v", i, a)
		}
	}
	p.poll(fmt.Sprintf(`course.log.filter(m => m.frame === 'kp-1' && m.type === 'kubeplay:step').length === %d`, steps), 20*time.Second)
	p.poll(`course.log.some(m => m.frame === 'kp-1' && m.type === 'kubeplay:lesson-complete')`, 20*time.Second)
	var done struct {
		Name   string `json:"name"`
		Steps  int    `json:"steps"`
		Passed int    `json:"passed"`
	}
	evalJSON(p, `course.log.find(m => m.frame === 'kp-1' && m.type === 'kubeplay:lesson-complete')`, &done)
	if done.Name != "01-hands-on" || done.Steps != steps || done.Passed != steps {
		t.Errorf("lesson-complete = %+v, want 01-hands-on %d/%d", done, steps, steps)
	}
	if got := eval[int](p, `document.querySelector('progress[data-progress="kp-1"]').value`); got != steps {
		t.Errorf("the course page's progress bar is at %d of %d", got, steps)
	}
	if a := send(p, "kp-1", `{type: 'kubeplay:apply', yaml: 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n'}`); !a.OK {
		t.Fatalf("apply: %+v", a)
	}
	p.poll(`course.log.some(m => m.frame === 'kp-1' && m.type === 'kubeplay:applied' && m.code === 0)`, 10*time.Second)
	p.checkConsole()
}

func TestALessonIframeStartsWithNoLeftoverRows(t *testing.T) {
	p, _ := openAt(t, "/?embed=1&scenario=01-hands-on&panes=editor,events", 760, 640)
	p.poll(`__kubeplayUI.events.rows.length > 0`, 10*time.Second)
	var m struct {
		Rows, Trace, Restarts int
	}
	evalJSON(p, `(() => { const rows = __kubeplayUI.events.rows; let restarts = 0;
		for (let i = 1; i < rows.length; i++) if (rows[i].seq <= rows[i - 1].seq) restarts++;
		return {Rows: rows.length, Trace: kubeplay.trace().length, Restarts: restarts}; })()`, &m)
	if m.Rows != m.Trace || m.Restarts != 0 {
		t.Errorf("the events pane holds %d rows (%d sequence restarts) for the scenario cluster's %d trace records", m.Rows, m.Restarts, m.Trace)
	}
}

func TestTheEmbedDialogSetsEveryParameterAndEmbedsMyFilesAndLesson(t *testing.T) {
	p, _ := openAt(t, "/#"+lessonLink(t, yourTurnLesson(t)), 1400, 900)
	p.click("#embed")
	p.poll(`document.querySelector('#embed-dialog[open] .kp-snippet') !== null`, 5*time.Second)
	eval[bool](p, `(() => {
		const set = (id, v) => { const e = document.getElementById(id); if (e.type === 'checkbox') e.checked = v; else e.value = v; e.dispatchEvent(new Event('change')); };
		set('embed-lang', 'ja'); set('embed-step', '1'); set('embed-speed', '5'); set('embed-paused', true);
		set('embed-ro-editor', true); set('embed-ro-terminal', true);
		for (const cb of document.querySelectorAll('#embed-dialog .kp-panes input')) { if (cb.value === 'explain') { cb.checked = true; cb.dispatchEvent(new Event('change')); } }
		set('embed-mine', true);
		return true; })()`)
	p.poll(`document.querySelector('#embed-dialog .kp-snippet').value.includes('#v1:')`, 5*time.Second)
	snippet := eval[string](p, `document.querySelector('#embed-dialog .kp-snippet').value`)
	for _, want := range []string{"panes=editor,diagram,events,terminal,explain", "lang=ja", "step=1", "speed=5", "paused=1", "readonly=editor,terminal", "#v1:"} {
		if !strings.Contains(snippet, want) {
			t.Errorf("the snippet lacks %q: %s", want, snippet)
		}
	}
	frag := snippet[strings.Index(snippet, "#v1:")+1:]
	frag = frag[:strings.IndexByte(frag, '"')]
	st, err := share.Decode(frag)
	// The editor's files: the solution's web-fixed.yaml is not among them (it is no tab until the learner asks).
	if err != nil || !strings.Contains(st.Lesson, "name: fix-the-typo") || len(st.Files) != 1 || st.Files[0].Name != "web.yaml" {
		t.Errorf("the embedded state: %+v, %v", st, err)
	}
	p.checkConsole()
}

func TestTheAddressFollowsTheStateWithoutNewHistoryEntries(t *testing.T) {
	p, _ := openAt(t, "/", 1400, 900)
	entries := eval[int](p, `history.length`)
	p.setEditor("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: followed\ndata:\n  a: b\n")
	p.click("#apply")
	p.showPanel("terminal")
	p.poll(`location.hash.startsWith('#v1:')`, 10*time.Second)
	var st *share.State
	p.until("the address to name the terminal tab", 10*time.Second, func() bool {
		var err error
		st, err = share.Decode(strings.TrimPrefix(eval[string](p, `location.hash`), "#"))
		return err == nil && st.View != nil && st.View.Tab == "terminal"
	})
	if st == nil || len(st.Files) == 0 || !strings.Contains(st.Files[0].Content, "name: followed") || st.View == nil || st.View.Tab != "terminal" || st.View.Lang != "en" {
		t.Fatalf("the address holds %+v", st)
	}
	if got := eval[int](p, `history.length`); got != entries {
		t.Errorf("history grew from %d to %d entries", entries, got)
	}
	p.checkConsole()
}
