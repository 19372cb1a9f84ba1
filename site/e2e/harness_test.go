package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"kubeplay/site/devserver/serve"
)

// chromiumPath is Debian's chromium (./build.sh test installs it).
const chromiumPath = "/usr/bin/chromium"

var (
	envOnce    sync.Once
	envErr     string
	siteDir    string
	distDir    string
	server     *httptest.Server
	browserCtx context.Context
	stopAll    func()
)

func TestMain(m *testing.M) {
	code := m.Run()
	if stopAll != nil {
		stopAll()
	}
	// ./build.sh test prints the count from this file (go test shows no output of a passing package).
	if f := os.Getenv("KUBEPLAY_E2E_COUNT"); f != "" {
		if err := os.WriteFile(f, fmt.Appendf(nil, "%d\n", browserTests.Load()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// browserTests counts the tests and benchmarks that got the browser.
var browserTests atomic.Int64

// required reports whether a test that cannot set up must fail instead of skipping: ./build.sh test (and so
// CI) sets KUBEPLAY_REQUIRE_BROWSER=1, so a browser that does not start cannot pass as 53 skips.
func required() bool { return os.Getenv("KUBEPLAY_REQUIRE_BROWSER") == "1" }

// setup starts the server and the browser once; when it cannot, the test fails inside ./build.sh test and
// skips elsewhere (a plain `go test ./...` without a built site).
func setup(tb testing.TB) {
	tb.Helper()
	envOnce.Do(func() {
		distDir = os.Getenv("KUBEPLAY_DIST")
		if distDir == "" {
			envErr = "KUBEPLAY_DIST is not set (./build.sh test sets it)"
			return
		}
		siteDir = filepath.Join(distDir, "site")
		for _, f := range []string{"index.html", "kubeplay.wasm", "manifest.json", "wasm_exec.js"} {
			if _, err := os.Stat(filepath.Join(siteDir, f)); err != nil {
				envErr = fmt.Sprintf("%s is not built: %v", f, err)
				return
			}
		}
		exe := chromiumPath
		if _, err := os.Stat(exe); err != nil {
			p, err := exec.LookPath("chromium")
			if err != nil {
				envErr = "chromium is not installed"
				return
			}
			exe = p
		}
		profile, err := os.MkdirTemp("", "kubeplay-e2e-profile-")
		if err != nil {
			envErr = err.Error()
			return
		}
		server = httptest.NewServer(serve.Handler(siteDir))
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe),
			chromedp.UserDataDir(profile),
			chromedp.Flag("headless", true),
			chromedp.Flag("no-sandbox", true),
			chromedp.Flag("disable-gpu", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("lang", "en-US"),
			chromedp.WindowSize(1400, 900),
		)
		// KUBEPLAY_JS_FLAGS passes V8 flags (for example --liftoff-only) to measure what the engine's tiers cost.
		if v := os.Getenv("KUBEPLAY_JS_FLAGS"); v != "" {
			opts = append(opts, chromedp.Flag("js-flags", v))
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		bctx, cancelBrowser := chromedp.NewContext(allocCtx)
		if err := chromedp.Do(bctx); err != nil {
			envErr = "starting chromium: " + err.Error()
			cancelBrowser()
			cancelAlloc()
			server.Close()
			return
		}
		browserCtx = bctx
		stopAll = func() {
			cancelBrowser()
			cancelAlloc()
			server.Close()
			os.RemoveAll(profile)
		}
	})
	if envErr != "" {
		if required() {
			tb.Fatal("the browser test cannot set up: " + envErr)
		}
		tb.Skip(envErr)
	}
	browserTests.Add(1)
}

// probe runs in every page before its own scripts: it records the loader's progress and status,
// when body[data-ready] appears, long tasks, long animation frames (with their scripts) and frame times,
// for the tests and benchmarks.
const probe = `(() => {
  const e = window.__e2e = { progress: [], status: [], readyAt: 0, longtasks: [], frames: [], loafs: [] };
  const look = () => {
    const p = document.getElementById('progress');
    if (p && e.progress[e.progress.length - 1] !== p.value) e.progress.push(p.value);
    const s = document.getElementById('loader-status');
    if (s && s.textContent && e.status[e.status.length - 1] !== s.textContent) e.status.push(s.textContent);
    if (!e.readyAt && document.body && document.body.dataset.ready === '1') e.readyAt = performance.now();
  };
  // Every status the loader shows, also those replaced within the same task (the worker's early progress
  // messages are replayed at once when the download finished first): each is a text node the records add.
  const statuses = (records) => {
    for (const r of records) {
      if (r.type !== 'childList' || !r.target || r.target.id !== 'loader-status') continue;
      for (const n of r.addedNodes) {
        if (n.textContent && e.status[e.status.length - 1] !== n.textContent) e.status.push(n.textContent);
      }
    }
  };
  new MutationObserver((records) => { statuses(records); look(); })
    .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  try {
    new PerformanceObserver((l) => { for (const t of l.getEntries()) e.longtasks.push(t.duration); })
      .observe({ type: 'longtask', buffered: true });
  } catch (_) {}
  try {
    // Long animation frames name the scripts behind a long task (what ran: a worker message, a timer…).
    new PerformanceObserver((l) => {
      for (const f of l.getEntries()) {
        if (f.duration < 50 || !e.recordFrames) continue;
        e.loafs.push({ duration: f.duration, blocking: f.blockingDuration, render: f.renderStart ? f.startTime + f.duration - f.renderStart : 0,
          scripts: (f.scripts || []).map((s) => ({ invoker: s.invoker, fn: s.sourceFunctionName, at: s.sourceCharPosition, duration: s.duration })) });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch (_) {}
  let last = 0;
  const frame = (ts) => { if (last && e.recordFrames) e.frames.push(ts - last); last = ts; requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`

// tab is one page in its own browser context (fresh storage), with its console errors collected.
type tab struct {
	tb     testing.TB
	ctx    context.Context
	cancel func()
	mu     sync.Mutex
	errs   []string
}

// openTab opens the playground at width×height and waits until it is ready.
func openTab(tb testing.TB, width, height int64) *tab {
	tb.Helper()
	p := newTab(tb, width, height)
	p.navigate("/")
	p.waitReady()
	return p
}

func newTab(tb testing.TB, width, height int64) *tab {
	tb.Helper()
	setup(tb)
	tctx, cancel := chromedp.NewContext(browserCtx, chromedp.WithNewBrowserContext())
	p := &tab{tb: tb, cancel: cancel}
	if err := chromedp.Do(tctx); err != nil {
		cancel()
		tb.Fatalf("opening a tab: %v", err)
	}
	console := chromedp.Events(tctx, runtime.ConsoleAPICalled)
	exceptions := chromedp.Events(tctx, runtime.ExceptionThrown)
	go func() {
		for ev, err := range console {
			if err != nil {
				return
			}
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var parts []string
				for _, a := range ev.Args {
					if len(a.Value) > 0 {
						parts = append(parts, string(a.Value))
					} else {
						parts = append(parts, a.Description)
					}
				}
				p.addErr("console." + string(ev.Type) + ": " + strings.Join(parts, " "))
			}
		}
	}()
	go func() {
		for ev, err := range exceptions {
			if err != nil {
				return
			}
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil && d.Exception.Description != "" {
				msg += " " + d.Exception.Description
			}
			p.addErr("exception: " + msg)
		}
	}()
	ctx, cancelTimeout := context.WithTimeout(tctx, 4*time.Minute*pollSlack)
	p.ctx = ctx
	p.cancel = func() { cancelTimeout(); cancel() }
	tb.Cleanup(p.cancel)
	if _, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe}); err != nil {
		tb.Fatalf("adding the probe: %v", err)
	}
	p.do(chromedp.EmulateViewport(width, height))
	return p
}

func (p *tab) addErr(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.errs = append(p.errs, s)
}

// consoleErrors returns the console errors and uncaught exceptions seen so far.
func (p *tab) consoleErrors() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.errs...)
}

// checkConsole fails the test if the page logged an error or threw.
func (p *tab) checkConsole() {
	p.tb.Helper()
	// Let late errors arrive: the page's queued tasks and two painted frames run first.
	p.frames(2)
	if errs := p.consoleErrors(); len(errs) > 0 {
		p.tb.Errorf("the page reported %d console error(s):\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

// doTimeout bounds one p.do: an action that waits for an element (SendKeys waits for it to be visible)
// fails the test instead of waiting out the whole run when the element never comes.
const doTimeout = 3 * time.Minute

func (p *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	p.tb.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, doTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.tb.Fatalf("browser: %v", err)
	}
}

func (p *tab) navigate(path string) {
	p.tb.Helper()
	p.do(chromedp.Navigate(server.URL + path))
}

// waitReady waits for body[data-ready="1"] (the core loaded, the views built).
func (p *tab) waitReady() {
	p.tb.Helper()
	p.poll(`document.body && document.body.dataset.ready === '1'`, 90*time.Second)
}

// poll waits until the expression is truthy.
func (p *tab) poll(expr string, timeout time.Duration) {
	p.tb.Helper()
	p.pollShowing(expr, timeout, "")
}

// safeCondition coerces a JS condition to a boolean and treats a throw (an element not there yet) as false,
// so that waiting on it only ends on success or timeout.
func safeCondition(expr string) string {
	return "(() => { try { return !!(" + expr + "); } catch (e) { return false; } })()"
}

// pollSlack stretches every poll's and until's deadline: a deadline only bounds how long a failing test waits, and a
// loaded 2-core CI machine (three runs in a row with a CPU-heavy job beside them) ran the page several times
// slower than an idle one: the etcd tree took more than 10 s to list 131 ConfigMaps there.
const pollSlack = 3

// pollShowing is poll, and on a timeout it also reports what the expression show evaluates to (the state
// the test found instead), unless show is empty.
func (p *tab) pollShowing(expr string, timeout time.Duration, show string) {
	p.tb.Helper()
	timeout *= pollSlack
	safe := safeCondition(expr)
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](safe, chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		found := ""
		if show != "" {
			v, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string]("(() => { try { return String("+show+"); } catch (e) { return 'throws ' + e; } })()"))
			found = fmt.Sprintf("; found %s = %q", show, v)
		}
		p.tb.Fatalf("waiting for %s: %v%s (console: %v)", expr, err, found, p.consoleErrors())
	}
}

// frames waits until the page has painted n more animation frames and run the tasks queued before them:
// a condition in the page's own time (a loaded machine paints fewer frames a second, and the wait grows
// with it), used where a test checks that something does NOT happen while the page runs.
func (p *tab) frames(n int) {
	p.tb.Helper()
	eval[bool](p, fmt.Sprintf(`new Promise((r) => { let k = %d; const f = () => (--k <= 0 ? setTimeout(() => r(true), 0) : requestAnimationFrame(f)); requestAnimationFrame(f); })`, n))
}

// until waits until cond (a check made from Go) holds, checking again after each painted frame.
func (p *tab) until(what string, timeout time.Duration, cond func() bool) {
	p.tb.Helper()
	timeout *= pollSlack
	for end := time.Now().Add(timeout); !cond(); {
		if time.Now().After(end) {
			p.tb.Fatalf("waiting %v for %s", timeout, what)
		}
		p.frames(1)
	}
}

// eval evaluates JavaScript (awaiting a promise) and decodes the result into T.
func eval[T any](p *tab, expr string) T {
	p.tb.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.tb.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// evalJSON evaluates and returns the JSON text of the result.
func evalJSON(p *tab, expr string, out any) {
	p.tb.Helper()
	raw := eval[[]byte](p, expr)
	if err := json.Unmarshal(raw, out); err != nil {
		p.tb.Fatalf("decoding %s: %v", raw, err)
	}
}

// click clicks the element sel names. A view that re-renders between finding the element and clicking it
// (the player redraws when a step's ✓ lands) replaces the node: then the click waits a frame and finds it anew.
func (p *tab) click(sel string) {
	p.tb.Helper()
	for try := 0; ; try++ {
		err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel)))
		if err == nil {
			return
		}
		if try >= 50 || !strings.Contains(err.Error(), "Could not find node") {
			p.tb.Fatalf("browser: clicking %s: %v", sel, err)
		}
		eval[bool](p, `new Promise((r) => requestAnimationFrame(() => r(true)))`)
	}
}

// clickUntil clicks sel until cond holds, as a user clicks again when the first click did nothing: on a
// loaded machine a click can land while the page is still laying out, on a spot the element has left. Each
// click waits up to 5 s for cond before the next (so a toggle is never clicked back while its first click
// is still being handled), and the whole wait is bounded by timeout (stretched like a poll's).
func (p *tab) clickUntil(sel, cond string, timeout time.Duration) {
	p.tb.Helper()
	safe := safeCondition(cond)
	deadline := time.Now().Add(timeout * pollSlack)
	for {
		p.click(sel)
		_, err := chromedp.Run(p.ctx, chromedp.Poll[bool](safe, chromedp.WithPollingTimeout(5*time.Second), chromedp.WithPollingInterval(50*time.Millisecond)))
		if err == nil {
			return
		}
		if time.Now().After(deadline) {
			p.tb.Fatalf("clicking %s until %s: %v (console: %v)", sel, cond, err, p.consoleErrors())
		}
	}
}

// showPanel shows one of the workspace's panels (events, terminal, etcd, …) by clicking its tab, as a user
// does, until the tab is selected.
func (p *tab) showPanel(name string) {
	p.tb.Helper()
	p.clickUntil("#tab-"+name, fmt.Sprintf(`document.getElementById('tab-%s').getAttribute('aria-selected') === 'true'`, name), 10*time.Second)
}

// typeInEditor does what a user does to replace the editor's text: click into it, select all, type
// (insertText). It does not check the result: a read-only editor must not take it.
func (p *tab) typeInEditor(text string) {
	p.tb.Helper()
	// Inside the text's top left corner, not the content's centre: in a short editor pane the centre of a
	// long document is scrolled out of view, and a line as wide as the document's longest (a last-applied
	// annotation) has its centre beyond the pane: a click there lands on another element.
	var at struct{ X, Y float64 }
	evalJSON(p, `(() => { const sc = document.querySelector('#editor .cm-scroller'); sc.scrollIntoView({block: 'nearest'});
		const r = sc.getBoundingClientRect(), g = document.querySelector('#editor .cm-gutters').getBoundingClientRect();
		return {X: g.right + 12, Y: r.top + 10}; })()`, &at)
	p.do(chromedp.MouseClickXY(at.X, at.Y))
	p.do(chromedp.KeyEvent("a", chromedp.KeyModifiers(kb.ModifierCtrl)))
	if _, err := chromedp.Call(p.ctx, input.InsertText, input.InsertTextParams{Text: text}); err != nil {
		p.tb.Fatalf("typing into the editor: %v", err)
	}
}

// setEditor replaces the editor's text as a user would (typeInEditor) and waits until the editor holds it.
// A user whose click landed elsewhere (the page's layout moved under the pointer, as a lesson's player
// re-renders) sees the text unchanged and clicks again: so does this, up to three times, then fails saying
// where the focus was.
func (p *tab) setEditor(text string) {
	p.tb.Helper()
	const doc = `__kubeplayUI.editor.view.state.doc.toString()`
	hit := ""
	for try := 0; try < 3; try++ {
		p.typeInEditor(text)
		// The editor takes typed text in as the browser reports it: wait for its document, not a fixed time.
		for end := time.Now().Add(5 * time.Second * pollSlack); time.Now().Before(end); p.frames(1) {
			if eval[bool](p, doc+` === `+jsonString(text)) {
				return
			}
			if eval[bool](p, `!document.querySelector('#editor').contains(document.activeElement)`) {
				break
			}
		}
		hit = eval[string](p, `document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : 'nothing'`)
		p.tb.Logf("typing into the editor (try %d): the focus was on %s", try+1, hit)
	}
	p.tb.Fatalf("the editor did not take the typed text; the focus was on %s", hit)
}

// editorText is the editor's document as CodeMirror shows it (one line per .cm-line).
func (p *tab) editorText() string {
	return eval[string](p, `[...document.querySelectorAll('#editor .cm-line')].map(l => l.textContent).join('\n')`)
}

// screenshot writes the viewport as PNG to dist/screenshots/name.png.
func (p *tab) screenshot(name string) {
	p.tb.Helper()
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.tb.Fatalf("screenshot %s: %v", name, err)
	}
	dir := filepath.Join(distDir, "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.tb.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		p.tb.Fatal(err)
	}
}
