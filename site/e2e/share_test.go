package e2e

import (
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kubeplay/site/share"
)

// dialogs records every JavaScript dialog (alert, confirm, prompt, beforeunload) a tab opens, and dismisses it.
type dialogs struct {
	mu   sync.Mutex
	seen []string
}

func (d *dialogs) list() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.seen...)
}

func watchDialogs(p *tab) *dialogs {
	d := &dialogs{}
	go func() {
		for ev, err := range chromedp.Events(p.ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			d.mu.Lock()
			d.seen = append(d.seen, string(ev.Type)+": "+ev.Message)
			d.mu.Unlock()
			go chromedp.Call(p.ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	return d
}

// openAt opens the playground at path (query and fragment included), watching dialogs, and waits until the
// session has opened what the address asks for.
func openAt(tb testing.TB, path string, width, height int64) (*tab, *dialogs) {
	tb.Helper()
	p := newTab(tb, width, height)
	d := watchDialogs(p)
	p.navigate(path)
	p.waitReady()
	p.poll(`document.body.dataset.session === 'ready'`, 60*time.Second)
	return p, d
}

// pageEvents is the Kubernetes Events the page has seen, one line each, oldest first.
func pageEvents(p *tab) []string {
	return eval[[]string](p, `kubeplay.events().map(e => [e.time, e.type, e.reason, e.object, e.source, e.count, e.message].join(' | '))`)
}

type editorFile struct {
	Name    string `json:"name"`
	Content string `json:"content"`
}

func editorFiles(p *tab) []editorFile {
	var files []editorFile
	evalJSON(p, `__kubeplayUI.editor.files.map((f) => ({name: f.name,
		content: (f === __kubeplayUI.editor.currentFile() ? __kubeplayUI.editor.view.state : __kubeplayUI.editor.states.get(f) || {doc: f.content}).doc.toString()}))`, &files)
	return files
}

func TestAShareLinkOpensTheSameFilesScenarioStepAndEvents(t *testing.T) {
	p, _ := openAt(t, "/", 1400, 900)
	eval[bool](p, `kubeplay.loadScenario('01-hands-on', {seed: 5}).then(() => true)`)
	p.setEditor("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\ndata:\n  why: \"日本語もそのまま\"\n")
	eval[bool](p, `kubeplay.runStep().then(() => true)`)
	if got := eval[string](p, `document.querySelector('#player .player-expect[data-state="ok"]') ? 'ok' : document.getElementById('player').textContent`); got != "ok" {
		t.Fatalf("step 1 shows no passed expectation: %s", got)
	}
	link := eval[string](p, `kubeplay.shareURL()`)
	u, err := url.Parse(link)
	if err != nil || !strings.HasPrefix(u.Fragment, "v1:") {
		t.Fatalf("shareURL() = %q: want a #v1: link", link)
	}
	st, err := share.Decode(u.Fragment)
	if err != nil {
		t.Fatalf("the Go decoder refuses the page's link: %v", err)
	}
	if st.Scenario != "01-hands-on" || st.Seed != 5 || st.Step != 1 || len(st.Files) != 1 || !strings.Contains(st.Files[0].Content, "日本語もそのまま") {
		t.Errorf("the link holds %+v", st)
	}
	wantFiles := editorFiles(p)
	wantEvents := pageEvents(p)
	if len(wantEvents) < 5 {
		t.Fatalf("only %d events after step 1: %q", len(wantEvents), wantEvents)
	}
	p.checkConsole()

	q, _ := openAt(t, "/#"+u.Fragment, 1400, 900)
	if got := editorFiles(q); !reflect.DeepEqual(got, wantFiles) {
		t.Errorf("files differ:\nshared %q\nopened %q", wantFiles, got)
	}
	var sess struct {
		Scenario string `json:"scenario"`
		Step     int    `json:"step"`
		Seed     int    `json:"seed"`
		Playing  bool   `json:"playing"`
	}
	evalJSON(q, `kubeplay.session()`, &sess)
	if sess.Scenario != "01-hands-on" || sess.Step != 1 || sess.Seed != 5 || sess.Playing {
		t.Errorf("the opened link's session is %+v; want 01-hands-on at step 1, seed 5, paused", sess)
	}
	if got := pageEvents(q); !reflect.DeepEqual(got, wantEvents) {
		t.Errorf("the event sequence differs:\nshared:\n%s\nopened:\n%s", strings.Join(wantEvents, "\n"), strings.Join(got, "\n"))
	}
	if got := eval[string](q, `document.getElementById('scenario').value`); got != "01-hands-on" {
		t.Errorf("the scenario picker shows %q", got)
	}
	q.checkConsole()
}

func TestTheShareButtonCopiesTheLinkAndTheEmbedDialogBuildsASnippet(t *testing.T) {
	p, d := openAt(t, "/", 1400, 900)
	p.click("#share")
	p.poll(`document.querySelector('#share-dialog[open] .kp-link') !== null`, 10*time.Second)
	link := eval[string](p, `document.querySelector('#share-dialog .kp-link').value`)
	if !strings.Contains(link, "#v1:") {
		t.Errorf("the Share dialog shows %q", link)
	}
	p.poll(`document.querySelector('#share-dialog .kp-status').textContent !== ''`, 5*time.Second)
	eval[bool](p, `(document.querySelector('#share-dialog').close(), true)`)
	p.click("#embed")
	p.poll(`document.querySelector('#embed-dialog[open] .kp-snippet') !== null`, 5*time.Second)
	eval[bool](p, `(() => { const s = document.getElementById('embed-scenario'); s.value = '07-image-typo'; s.dispatchEvent(new Event('input')); return true; })()`)
	snippet := eval[string](p, `document.querySelector('#embed-dialog .kp-snippet').value`)
	if !strings.HasPrefix(snippet, `<iframe src="`) || !strings.Contains(snippet, "embed=1") || !strings.Contains(snippet, "scenario=07-image-typo") {
		t.Errorf("the Embed dialog builds %q", snippet)
	}
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}

func TestAScenarioPlaysStepByStepInTheBrowser(t *testing.T) {
	p, _ := openAt(t, "/", 1400, 900)
	// The picker fills in once the core has parsed its library (just after ready).
	p.poll(`!!document.querySelector('#scenario option[value="07-image-typo"]')`, 10*time.Second)
	p.do(setSelect("#scenario", "07-image-typo"))
	p.poll(`!document.getElementById('player').hidden && kubeplay.session().scenario === '07-image-typo'`, 20*time.Second)
	if playing := eval[bool](p, `kubeplay.state.playing`); playing {
		t.Errorf("a scenario should open paused")
	}
	steps := eval[int](p, `kubeplay.session().steps`)
	for i := 0; i < steps; i++ {
		p.click("#player .player-run")
		p.poll(`document.querySelector('#player .player-summary') !== null`, 60*time.Second)
		if fails := eval[[]string](p, `[...document.querySelectorAll('#player .player-expect[data-state="fail"]')].map(e => e.textContent)`); len(fails) > 0 {
			t.Errorf("step %d: expectations failed: %q", i+1, fails)
		}
		if i < steps-1 {
			p.click("#player .player-advance")
			p.poll(`document.querySelector('#player .player-summary') === null`, 5*time.Second)
		}
	}
	if got := eval[string](p, `document.querySelector('#player .player-done') ? 'done' : ''`); got != "done" {
		t.Errorf("after the last step the player does not say the learner can play freely")
	}
	if out := eval[string](p, `kubeplay.run('kubectl get pods')`); !strings.Contains(out, "NAME") {
		t.Errorf("free play after the scenario: kubectl get pods printed %q", out)
	}
	// Reset starts the same scenario again from its first step.
	p.click("#reset")
	p.poll(`kubeplay.session().scenario === '07-image-typo' && kubeplay.session().step === 0 && !!document.querySelector('#player .player-run:not([disabled])')`, 10*time.Second)
	if out := eval[string](p, `kubeplay.run('kubectl get deployments')`); !strings.Contains(out, "No resources found") {
		t.Errorf("after Reset the cluster still has Deployments: %q", out)
	}
	p.checkConsole()
}

// TestAFreePlayLinkReplaysTheSessionInAFreshBrowser: what a learner did in free play (an Apply from the
// editor, a terminal command, time passing) travels in the link; opened in a fresh browser context it
// rebuilds the same cluster: `kubectl get pods` prints the same names, statuses and ages.
func TestAFreePlayLinkReplaysTheSessionInAFreshBrowser(t *testing.T) {
	p := openTab(t, 1280, 800)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	p.click("#apply")
	p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
	eval[float64](p, `kubeplay.advance('40s')`)
	p.showPanel("terminal")
	p.do(chromedpSendKeys("#terminal-input", "kubectl scale deployment nginx --replicas=3\r"))
	p.poll(`document.getElementById('terminal-output').textContent.includes('deployment.apps/nginx scaled')`, 10*time.Second)
	eval[float64](p, `kubeplay.advance('25s')`)
	want := eval[string](p, `kubeplay.run('kubectl get pods')`)
	now := eval[float64](p, `kubeplay.now()`)
	if strings.Count(want, "nginx-") != 3 {
		t.Fatalf("the session's pods: %q", want)
	}
	link := eval[string](p, `kubeplay.shareURL()`)
	u, err := url.Parse(link)
	if err != nil || u.Fragment == "" {
		t.Fatalf("share link %q: %v", link, err)
	}
	q := newTab(t, 1280, 800) // a fresh browser context: no storage, no cache
	q.navigate("/#" + u.Fragment)
	q.waitReady()
	// A free-play link plays on after its replay: look at the same virtual moment the link was made at.
	eval[bool](q, `kubeplay.pause().then(() => true)`)
	eval[bool](q, fmt.Sprintf(`kubeplay.seek(%v).then(() => true)`, now))
	if got := eval[string](q, `kubeplay.run('kubectl get pods')`); got != want {
		t.Errorf("the link opened in a fresh browser shows\n%s\nthe page that made it showed\n%s", got, want)
	}
	p.checkConsole()
	q.checkConsole()
}
