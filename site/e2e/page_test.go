package e2e

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"kubeplay/core/cluster"
	"kubeplay/core/shell"
)

func TestThePageShowsProgressThenBecomesReady(t *testing.T) {
	p := openTab(t, 1400, 900)
	var probe struct {
		Progress []float64 `json:"progress"`
		Status   []string  `json:"status"`
		ReadyAt  float64   `json:"readyAt"`
	}
	evalJSON(p, `window.__e2e`, &probe)
	partial := false
	for _, v := range probe.Progress {
		partial = partial || (v > 0 && v < 1)
	}
	if !partial || probe.Progress[len(probe.Progress)-1] != 1 {
		t.Errorf("progress went %v: want values between 0 and 1, ending at 1", probe.Progress)
	}
	// The download is counted in what it weighs: the served kubeplay.wasm.br, not the 14 MB it decodes to.
	br, err := os.Stat(filepath.Join(siteDir, "kubeplay.wasm.br"))
	if err != nil {
		t.Fatal(err)
	}
	weight := fmt.Sprintf("/ %.1f MB", float64(br.Size())/1048576)
	download, starting := false, false
	for _, s := range probe.Status {
		download = download || strings.HasSuffix(s, weight)
		starting = starting || strings.Contains(s, "Starting the cluster") || strings.Contains(s, "クラスタを起動")
	}
	if !download || !starting {
		t.Errorf("loader status went %q: want a download line ending %q, then starting the cluster", probe.Status, weight)
	}
	if probe.ReadyAt <= 0 {
		t.Errorf("body[data-ready] was never set")
	}
	p.poll(`document.getElementById('loader').hidden`, 5*time.Second)
	if got := eval[bool](p, `kubeplay.isReady && typeof kubeplay.now() === 'number'`); !got {
		t.Errorf("window.kubeplay is not ready after body[data-ready]")
	}
	p.checkConsole()
}

// eventRows lists the reasons of the Kubernetes Event rows in the events panel whose text holds about
// (kind's system Pods start with the cluster), top to bottom (the panel is virtualized: it is made tall so
// every row is rendered).
func eventRows(p *tab, about string) []string {
	p.tb.Helper()
	var rows []struct {
		Top    float64 `json:"top"`
		Reason string  `json:"reason"`
		Text   string  `json:"text"`
	}
	evalJSON(p, `(async () => {
		const vp = document.getElementById('events');
		vp.style.height = '20000px';
		vp.style.maxHeight = 'none';
		vp.style.flex = 'none'; // the pane is a flex column: without this it shrinks back to fit
		vp.dispatchEvent(new Event('scroll'));
		// The panel redraws in the frame after its ResizeObserver saw the new height: wait until the
		// rendered rows stop changing.
		const frame = () => new Promise((r) => requestAnimationFrame(r));
		let n = -1;
		for (let i = 0; i < 60; i++) {
			await frame(); await frame();
			const m = vp.querySelectorAll('.ev-row').length;
			if (m === n && m > 0) break;
			n = m;
		}
		return [...vp.querySelectorAll('.ev-row[data-reason]')].map((el) => ({
			top: parseFloat(el.style.top) || 0, reason: el.dataset.reason, text: el.textContent }));
	})()`, &rows)
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Top < rows[j].Top })
	var out []string
	for _, r := range rows {
		if strings.Contains(r.Text, about) {
			out = append(out, r.Reason)
		}
	}
	return out
}

func TestApplyingTheNginxDeploymentShowsThePodRelayInOrder(t *testing.T) {
	p := openTab(t, 1400, 900)
	if !strings.Contains(p.editorText(), "kind: Deployment") {
		t.Fatalf("the editor does not start with a Deployment:\n%s", p.editorText())
	}
	p.click("#apply")
	p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 10*time.Second)
	eval[float64](p, `kubeplay.advance('60s')`)
	p.showPanel("events")
	// The raw trace, one click away from the story (clicked until chosen: a click under load can miss).
	p.clickUntil(`.story-mode[data-mode="trace"]`, `document.querySelector('.story-mode[data-mode="trace"]').getAttribute('aria-checked') === 'true'`, 10*time.Second)
	p.do(setSelect("#ev-type", "k8s"))
	p.poll(`kubeplay.events().some(e => e.reason === 'Started' && e.object.startsWith('pod/nginx-'))`, 20*time.Second)
	rows := eventRows(p, "pod/nginx-")
	first := map[string]int{}
	for i, r := range rows {
		if _, ok := first[r]; !ok {
			first[r] = i
		}
	}
	relay := []string{"Scheduled", "Pulling", "Pulled", "Created", "Started"}
	for i, r := range relay {
		at, ok := first[r]
		if !ok {
			t.Errorf("no %s row in the events panel (rows: %v)", r, rows)
			continue
		}
		if i > 0 {
			if prev, ok := first[relay[i-1]]; ok && prev > at {
				t.Errorf("%s (row %d) shows before %s (row %d): %v", r, at, relay[i-1], prev, rows)
			}
		}
	}
	p.checkConsole()
}

func setSelect(sel, value string) chromedpAction {
	return jsAction(fmt.Sprintf(`(() => { const s = document.querySelector(%q); s.value = %q; s.dispatchEvent(new Event('change', {bubbles: true})); })()`, sel, value))
}

func TestPauseHoldsTheClockAndStepRunsOneEvent(t *testing.T) {
	p := openTab(t, 1400, 900)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	before := eval[float64](p, `kubeplay.now()`)
	clockBefore := eval[string](p, `document.getElementById('clock').textContent`)
	p.frames(30) // thirty painted frames in which a playing page would move its clock
	if after := eval[float64](p, `kubeplay.now()`); after != before {
		t.Errorf("paused, the virtual clock moved from %v to %v", before, after)
	}
	if c := eval[string](p, `document.getElementById('clock').textContent`); c != clockBefore {
		t.Errorf("paused, #clock changed from %q to %q", clockBefore, c)
	}
	if playing := eval[bool](p, `kubeplay.state.playing`); playing {
		t.Errorf("kubeplay.state.playing is true after pause()")
	}
	// Step runs one beat: after a paused Apply, one press adds exactly one row to the story and marks it.
	p.click("#apply")
	p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 60*time.Second)
	rows := func() float64 { return eval[float64](p, `document.querySelectorAll('#story .story-row').length`) }
	p.poll(`document.querySelectorAll('#story .story-row').length > 0`, 30*time.Second)
	r0 := rows()
	p.click("#step")
	p.poll(`document.querySelector('#story .story-row.current') !== null`, 60*time.Second)
	if r1 := rows(); r1 != r0+1 {
		t.Errorf("one press of #step added %v rows to the story, want 1 (one beat)", r1-r0)
	}
	if now := eval[float64](p, `kubeplay.now()`); now < before {
		t.Errorf("step moved the clock backwards: %v → %v", before, now)
	}
	p.click("#play")
	p.poll(`kubeplay.state.playing`, 2*time.Second)
	p.poll(fmt.Sprintf(`kubeplay.now() > %v`, before), 10*time.Second) // playing, the clock moves
	p.checkConsole()
}

func TestTheTerminalPrintsWhatTheShellPrints(t *testing.T) {
	lines := []string{
		"kubectl get nodes",
		"kubectl create deployment web --image=nginx --replicas=2",
		"sleep 30s",
		"kubectl get deployments",
		"kubectl get pods -o wide",
		"sim node down demo-worker2",
		"kubectl get nodes",
	}
	var want bytes.Buffer
	sh := shell.New(cluster.New(cluster.Default()), &want)
	for _, l := range lines {
		sh.Exec(l)
	}
	p := openTab(t, 1400, 900)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	p.click("#reset")
	p.poll(`!kubeplay.state.playing && document.getElementById('terminal-output').textContent === ''`, 5*time.Second)
	p.showPanel("terminal")
	for i, l := range lines {
		p.do(chromedpSendKeys("#terminal-input", l+"\r"))
		p.poll(fmt.Sprintf(`(document.getElementById('terminal-output').textContent.match(/^\$ /gm) || []).length >= %d && document.getElementById('terminal-input').value === ''`, i+1), 10*time.Second)
	}
	p.frames(2)
	got := eval[string](p, `document.getElementById('terminal-output').textContent`)
	if got != want.String() {
		t.Errorf("the terminal printed\n%s\nkubeplay shell printed\n%s", got, want.String())
	}
	p.checkConsole()
}

var japanese = regexp.MustCompile(`[\p{Hiragana}\p{Katakana}\p{Han}]`)

func TestTheLanguageSwitchChangesEveryLabel(t *testing.T) {
	p := openTab(t, 1400, 900)
	labels := func() []string {
		return eval[[]string](p, `[...document.querySelectorAll('[data-i18n]')].map(e => e.textContent.trim())`)
	}
	setLang := func(want string) {
		if eval[string](p, `document.documentElement.lang`) != want {
			p.click("#lang")
		}
		p.poll(fmt.Sprintf(`document.documentElement.lang === %q`, want), 3*time.Second)
	}
	setLang("en")
	en := labels()
	for _, l := range en {
		if japanese.MatchString(l) {
			t.Errorf("English mode still shows %q", l)
		}
	}
	setLang("ja")
	ja := labels()
	if len(ja) != len(en) {
		t.Fatalf("%d labels in Japanese, %d in English", len(ja), len(en))
	}
	same := 0
	for i := range ja {
		if ja[i] == en[i] && ja[i] != "" {
			same++
			if !japanese.MatchString(ja[i]) && regexp.MustCompile(`[a-z]{4,}`).MatchString(ja[i]) && !technical(ja[i]) {
				t.Errorf("Japanese mode still shows the English label %q", ja[i])
			}
		}
	}
	t.Logf("%d labels, %d identical in both languages (names)", len(ja), same)
	p.checkConsole()
}

// technical are names that stay as they are in both languages (Kubernetes components and terms).
func technical(s string) bool {
	for _, w := range []string{"etcd", "kubectl", "kube-apiserver", "kube-scheduler", "kube-controller-manager", "kubelet", "kubeplay", "nginx", "Deployment", "revision", "English", "YAML"} {
		s = strings.ReplaceAll(s, w, "")
	}
	return !regexp.MustCompile(`[a-z]{4,}`).MatchString(s)
}

const invalidDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: broken
spec:
  replicas: -1
  selector:
    matchLabels:
      app: broken
  template:
    metadata:
      labels:
        app: broken
    spec:
      containers:
      - name: web
        image: nginx:1.27
`

func TestAnInvalidManifestMarksTheOffendingLine(t *testing.T) {
	p := openTab(t, 1400, 900)
	p.setEditor(invalidDeployment)
	if got := p.editorText(); !strings.Contains(got, "replicas: -1") {
		t.Fatalf("typing into the editor gave:\n%s", got)
	}
	p.click("#apply")
	p.poll(`document.querySelector('#editor .cm-lintRange, #editor .cm-lint-marker') !== null`, 10*time.Second)
	line := eval[int](p, `(() => {
		const lines = [...document.querySelectorAll('#editor .cm-line')];
		const i = lines.findIndex(l => l.querySelector('.cm-lintRange'));
		return i >= 0 ? i + 1 : -1;
	})()`)
	if line != 6 {
		t.Errorf("the lint mark is on line %d, want 6 (replicas: -1)", line)
	}
	if out := eval[string](p, `document.getElementById('apply-output').textContent`); !strings.Contains(out, "spec.replicas") {
		t.Errorf("apply output %q does not name spec.replicas", out)
	}
	p.checkConsole()
}

func TestAutosaveSurvivesAReload(t *testing.T) {
	p := openTab(t, 1400, 900)
	marker := fmt.Sprintf("# autosave %d", time.Now().UnixNano())
	p.setEditor(marker + "\n" + invalidDeployment)
	p.poll(fmt.Sprintf(`(localStorage.getItem('kubeplay.files.v1') || '').includes(%q)`, marker), 10*time.Second) // the autosave is debounced
	p.do(chromedpReload())
	p.waitReady()
	if got := p.editorText(); !strings.Contains(got, marker) {
		t.Errorf("after a reload the editor holds:\n%s\nwant the marker %q", got, marker)
	}
	p.checkConsole()
}

var views = []string{"events", "terminal", "cluster", "etcd", "explain"}

func TestANarrowScreenHasNoHorizontalOverflow(t *testing.T) {
	p := openTab(t, 360, 740)
	for _, v := range views {
		p.showPanel(v)
		p.poll(fmt.Sprintf(`document.getElementById('tab-%s').getAttribute('aria-selected') === 'true'`, v), 5*time.Second)
		p.frames(2)
		w := eval[float64](p, `document.scrollingElement.scrollWidth`)
		if w > 360 {
			wide := eval[[]string](p, `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 361).slice(0, 8).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + [...e.classList].join('.'))`)
			t.Errorf("%s view: scrollWidth %v > 360; too wide: %v", v, w, wide)
		}
	}
	p.checkConsole()
}

func TestScreenshotsOfEveryView(t *testing.T) {
	for _, size := range []struct {
		name string
		w, h int64
	}{{"desktop", 1400, 900}, {"360", 360, 740}} {
		p := openTab(t, size.w, size.h)
		eval[bool](p, `kubeplay.pause().then(() => true)`)
		p.click("#apply")
		eval[float64](p, `kubeplay.advance('45s')`)
		for _, theme := range []string{"light", "dark"} {
			eval[bool](p, fmt.Sprintf(`(document.documentElement.dataset.theme = %q, true)`, theme))
			for _, v := range views {
				p.showPanel(v)
				p.poll(fmt.Sprintf(`!document.getElementById('panel-%s').hidden && document.getElementById('panel-%s').childElementCount > 0`, v, v), 10*time.Second)
				p.frames(3)
				p.screenshot(fmt.Sprintf("%s-%s-%s", v, size.name, theme))
			}
		}
		p.checkConsole()
	}
}

// kubectl explain's OpenAPI document is not part of the first download: typed in the terminal, explain
// waits for it and prints what kubeplay shell (which has it compiled in) prints, kubectl v1.35's words.
func TestKubectlExplainFetchesTheAPIDocumentWhenFirstUsed(t *testing.T) {
	line := "kubectl explain deployment.spec.replicas"
	var want bytes.Buffer
	shell.New(cluster.New(cluster.Default()), &want).Exec(line)
	if !strings.Contains(want.String(), "Number of desired pods.") {
		t.Fatalf("kubeplay shell printed no description:\n%s", want.String())
	}
	p := openTab(t, 1400, 900)
	downloaded := func() bool {
		return eval[bool](p, `kubeplay.call('resources').then((w) => w.some((r) => r.name.endsWith('/explain-openapi.json')))`)
	}
	if downloaded() {
		t.Errorf("the page downloaded explain-openapi.json before anyone asked for explain")
	}
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	p.click("#reset")
	p.poll(`!kubeplay.state.playing && document.getElementById('terminal-output').textContent === ''`, 5*time.Second)
	p.showPanel("terminal")
	p.do(chromedpSendKeys("#terminal-input", line+"\r"))
	p.poll(`document.getElementById('terminal-output').textContent.includes('FIELD: replicas') && document.getElementById('terminal-input').value === ''`, 20*time.Second)
	p.frames(2)
	if got := eval[string](p, `document.getElementById('terminal-output').textContent`); got != want.String() {
		t.Errorf("the terminal printed\n%s\nkubeplay shell printed\n%s", got, want.String())
	}
	if !downloaded() {
		t.Errorf("explain printed its description without the worker downloading explain-openapi.json")
	}
	p.checkConsole()
}

// The documentation's examples (core/kubectl/examples) are not part of the first download either: typed in
// the terminal, `kubectl apply -f https://k8s.io/examples/...` waits while the worker fetches the bundle
// (kubectl-examples-<hash>.json) and prints what kubeplay shell (which has them compiled in) prints.
func TestKubectlApplyReadsTheDocumentationsExamplesWhenFirstUsed(t *testing.T) {
	line := "kubectl apply -f https://k8s.io/examples/application/deployment.yaml"
	var want bytes.Buffer
	shell.New(cluster.New(cluster.Default()), &want).Exec(line)
	if !strings.HasSuffix(want.String(), "\ndeployment.apps/nginx-deployment created\n") {
		t.Fatalf("kubeplay shell printed %q", want.String())
	}
	p := openTab(t, 1400, 900)
	downloaded := func() bool {
		return eval[bool](p, `kubeplay.call('resources').then((w) => w.some((r) => /\/kubectl-examples-[0-9a-f]+\.json$/.test(r.name)))`)
	}
	if downloaded() {
		t.Errorf("the page downloaded the examples bundle before anyone applied an example")
	}
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	p.click("#reset")
	p.poll(`!kubeplay.state.playing && document.getElementById('terminal-output').textContent === ''`, 5*time.Second)
	p.showPanel("terminal")
	p.do(chromedpSendKeys("#terminal-input", line+"\r"))
	p.poll(`document.getElementById('terminal-output').textContent.includes('nginx-deployment') && document.getElementById('terminal-input').value === ''`, 20*time.Second)
	p.frames(2)
	if got := eval[string](p, `document.getElementById('terminal-output').textContent`); got != want.String() {
		t.Errorf("the terminal printed\n%s\nkubeplay shell printed\n%s", got, want.String())
	}
	if !downloaded() {
		t.Errorf("apply read the example without the worker downloading the examples bundle")
	}
	p.checkConsole()
}
