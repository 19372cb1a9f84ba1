package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// foldJS measures the page against the viewport: the page's own scroll height, the header's height against
// one control's, and every element of the workspace whose visible part (clipped by its scrolling or
// overflow-hidden ancestors) ends below the fold.
const foldJS = `(async () => {
	await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
	const H = innerHeight;
	const below = [];
	for (const el of document.querySelectorAll('.controlbar, #intro, .layout, .layout *')) {
		if (!el.checkVisibility || !el.checkVisibility()) continue;
		const r = el.getBoundingClientRect();
		if (!r.width || !r.height) continue;
		let bottom = r.bottom;
		for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
			const o = getComputedStyle(a);
			if (o.overflowY !== 'visible' || o.overflowX !== 'visible') bottom = Math.min(bottom, a.getBoundingClientRect().bottom);
		}
		if (bottom > H + 0.5 && r.top < bottom) below.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + [...el.classList].join('.')) + ' ends at ' + Math.round(bottom));
	}
	const header = document.querySelector('.controlbar').getBoundingClientRect();
	const play = document.getElementById('play').getBoundingClientRect();
	return { scrollHeight: document.scrollingElement.scrollHeight, innerHeight: H, header: header.height, control: play.height,
		rows: new Set([...document.querySelectorAll('.controlbar > *')].filter((e) => e.checkVisibility()).map((e) => Math.round(e.getBoundingClientRect().top / 8))).size,
		below: below.slice(0, 8), belowCount: below.length };
})()`

type foldResult struct {
	ScrollHeight float64  `json:"scrollHeight"`
	InnerHeight  float64  `json:"innerHeight"`
	Header       float64  `json:"header"`
	Control      float64  `json:"control"`
	Below        []string `json:"below"`
	BelowCount   int      `json:"belowCount"`
}

func (p *tab) fold() foldResult {
	p.tb.Helper()
	var f foldResult
	evalJSON(p, foldJS, &f)
	return f
}

// oneRow: the header is no taller than one control plus its padding (a second row would add a control's height).
func (f foldResult) oneRow() bool { return f.Header < 2*f.Control }

func TestLayoutFitsTheViewportFrom1024To1920(t *testing.T) {
	for _, lang := range []string{"ja", "en"} {
		t.Run(lang, func(t *testing.T) {
			p := newTab(t, 1024, 800)
			p.navigate("/?lang=" + lang)
			p.waitReady()
			p.poll(`!document.getElementById('intro').hidden`, 10*time.Second)
			for _, w := range []int64{1024, 1280, 1366, 1440, 1920} {
				p.do(chromedp.EmulateViewport(w, 800))
				f := p.fold()
				if f.ScrollHeight > f.InnerHeight {
					t.Errorf("%d×800 %s: the page scrolls: scrollHeight %v > innerHeight %v", w, lang, f.ScrollHeight, f.InnerHeight)
				}
				if f.BelowCount > 0 {
					t.Errorf("%d×800 %s: %d element(s) of the workspace below the fold: %v", w, lang, f.BelowCount, f.Below)
				}
				if !f.oneRow() {
					t.Errorf("%d×800 %s: the header is %vpx tall for %vpx controls: it wraps", w, lang, f.Header, f.Control)
				}
				if w == 1280 && lang == "ja" || w == 1024 && lang == "en" {
					p.screenshot(fmt.Sprintf("layout-%d-%s", w, lang))
				}
			}
			if lang == "en" {
				keyboardReachesEveryControl(t, p)
			}
			// Without the first-visit card, and with a long scenario title in the picker, still one screen.
			p.click("#intro-close")
			p.poll(`document.getElementById('intro').hidden`, 5*time.Second)
			eval[bool](p, `(() => { const s = document.getElementById('scenario'); s.value = [...s.options].at(-1).value; return true; })()`)
			for _, w := range []int64{1024, 1366} {
				p.do(chromedp.EmulateViewport(w, 800))
				if f := p.fold(); f.ScrollHeight > f.InnerHeight || f.BelowCount > 0 || !f.oneRow() {
					t.Errorf("%d×800 %s without the card: %+v", w, lang, f)
				}
			}
			p.checkConsole()
		})
	}
}

// accessibleNamesJS lists the visible buttons, inputs and selects that have no accessible name
// (aria-label, aria-labelledby, a <label>, a title, or text content for a button).
const accessibleNamesJS = `(() => {
	const bad = [];
	for (const el of document.querySelectorAll('button, input, select, textarea, [role="tab"]')) {
		if (!el.checkVisibility()) continue;
		const named = (el.getAttribute('aria-label') || '').trim() || el.getAttribute('aria-labelledby') ||
			(el.labels && [...el.labels].some((l) => l.textContent.trim())) || (el.title || '').trim() ||
			((el.tagName === 'BUTTON' || el.getAttribute('role') === 'tab') && el.textContent.trim());
		if (!named) bad.push(el.outerHTML.slice(0, 120));
	}
	return bad;
})()`

func TestPhoneLayout360(t *testing.T) {
	p := newTab(t, 360, 740)
	p.navigate("/?lang=ja")
	p.waitReady()
	f := p.fold()
	if !f.oneRow() {
		t.Errorf("360 px: the header is %vpx tall for %vpx controls: more than one row", f.Header, f.Control)
	}
	var unnamed []string
	evalJSON(p, accessibleNamesJS, &unnamed)
	if len(unnamed) > 0 {
		t.Errorf("controls without an accessible name: %q", unnamed)
	}
	// The menu holds the rest of the controls; open, they are on screen and named.
	p.click("#menu")
	p.poll(`document.getElementById('menu').getAttribute('aria-expanded') === 'true' && document.getElementById('scenario').checkVisibility()`, 5*time.Second)
	var off []string
	evalJSON(p, `[...document.querySelectorAll('#ctl-menu button, #ctl-menu select')].filter((e) => {
		const r = e.getBoundingClientRect(); return !e.checkVisibility() || r.left < 0 || r.right > innerWidth || r.bottom > innerHeight; }).map((e) => e.id)`, &off)
	if len(off) > 0 {
		t.Errorf("menu controls off screen: %v", off)
	}
	evalJSON(p, accessibleNamesJS, &unnamed)
	if len(unnamed) > 0 {
		t.Errorf("menu controls without an accessible name: %q", unnamed)
	}
	p.screenshot("phone-360-ja-menu")
	p.do(chromedp.KeyEvent("\x1b"))
	p.poll(`document.getElementById('menu').getAttribute('aria-expanded') === 'false'`, 5*time.Second)

	// Every tab can be reached: scrolled into view and clicked like a finger would.
	for _, name := range []string{"explain", "etcd", "cluster", "terminal", "events"} {
		eval[bool](p, `(document.getElementById('tab-`+name+`').scrollIntoView({block: 'nearest', inline: 'nearest'}), true)`)
		p.showPanel(name)
		p.poll(`document.getElementById('tab-`+name+`').getAttribute('aria-selected') === 'true' && !document.getElementById('panel-`+name+`').hidden`, 5*time.Second)
		var r struct{ Left, Right float64 }
		evalJSON(p, `(() => { const r = document.getElementById('tab-`+name+`').getBoundingClientRect(); return {left: r.left, right: r.right}; })()`, &r)
		if r.Left < 0 || r.Right > 360 {
			t.Errorf("tab %s is at %v–%v px, outside the 360 px screen", name, r.Left, r.Right)
		}
	}

	// Apply brings the story (the events tab) into view.
	p.click("#intro-close")
	eval[bool](p, `(window.scrollTo(0, 0), true)`)
	p.showPanel("terminal")
	p.click("#apply")
	p.poll(`(() => { const r = document.getElementById('panel-events').getBoundingClientRect();
		const tabs = document.querySelector('.right-pane .tabs').getBoundingClientRect();
		const header = document.querySelector('.controlbar').getBoundingClientRect();
		return !document.getElementById('panel-events').hidden && tabs.top >= header.bottom - 1 && r.top < innerHeight - 300; })()`, 10*time.Second)
	p.screenshot("phone-360-ja-applied")
	p.checkConsole()
}

func TestFirstVisitCardShowsOnceAndStaysDismissed(t *testing.T) {
	p := newTab(t, 1280, 800)
	p.navigate("/?lang=en")
	p.waitReady()
	p.poll(`!document.getElementById('intro').hidden`, 5*time.Second)
	text := eval[string](p, `document.getElementById('intro').textContent`)
	for _, want := range []string{"The relay from kubectl apply to a running Pod", "Pause, then Apply", "Step one beat", "Show only Kubernetes Events", "lesson 02"} {
		if !strings.Contains(text, want) {
			t.Errorf("the card lacks %q: %s", want, text)
		}
	}
	p.click("#intro-close")
	p.poll(`document.getElementById('intro').hidden`, 5*time.Second)
	p.navigate("/?lang=en")
	p.waitReady()
	if eval[bool](p, `!document.getElementById('intro').hidden`) {
		t.Errorf("the card came back after it was dismissed and the page reloaded")
	}
	p.checkConsole()

	// Never in an embed, nor when the address opens a scenario; its button opens lesson 02.
	for _, path := range []string{"/?embed=1&lang=en", "/?scenario=01-hands-on&lang=en"} {
		q := newTab(t, 1280, 800)
		q.navigate(path)
		q.waitReady()
		q.poll(`document.body.dataset.session === 'ready'`, 30*time.Second)
		if eval[bool](q, `!document.getElementById('intro').hidden`) {
			t.Errorf("%s shows the first-visit card", path)
		}
	}
	q := openTab(t, 1280, 800)
	q.poll(`!document.getElementById('intro').hidden`, 5*time.Second)
	q.click("#intro-lesson")
	q.poll(`kubeplay.session && kubeplay.session().scenario === '02-relay' && document.getElementById('intro').hidden`, 30*time.Second)
	// The lesson's player shares the screen: the page still does not scroll.
	q.poll(`!document.getElementById('player').hidden`, 10*time.Second)
	if f := q.fold(); f.ScrollHeight > f.InnerHeight || f.BelowCount > 0 {
		t.Errorf("1280×800 with lesson 02 open: %+v", f)
	}
	q.checkConsole()
}

func TestExplainTabShowsArithmeticFixWeightsAndTieBreak(t *testing.T) {
	p := openTab(t, 1440, 800)
	eval[bool](p, `(async () => {
		await kubeplay.pause();
		await kubeplay.apply(`+"`"+deploymentYAML("one", "nginx:1.27", "100m")+"`"+`);
		await kubeplay.advance('10s');
		await kubeplay.apply(`+"`"+deploymentYAML("big", "nginx:1.27", "100")+"`"+`);
		await kubeplay.advance('10s');
		return true;
	})()`)
	p.showPanel("explain")
	p.poll(`[...document.querySelectorAll('#explain-pod option')].some((o) => o.value.startsWith('default/big-'))`, 10*time.Second)
	pick := func(prefix string) {
		eval[bool](p, `(() => { const s = document.getElementById('explain-pod');
			s.value = [...s.options].find((o) => o.value.startsWith('default/`+prefix+`')).value;
			s.dispatchEvent(new Event('change')); return true; })()`)
	}
	pick("big-")
	p.poll(`document.querySelector('#panel-explain .explain-fix')`, 10*time.Second)
	fix := eval[string](p, `document.querySelector('#panel-explain .explain-fix').textContent`)
	res := eval[string](p, `document.querySelector('#panel-explain .explain-res').textContent`)
	lang := eval[string](p, `document.documentElement.lang`)
	// One worker runs "one" (100m) beside kindnet (100m), the other only kindnet: the fix takes the room
	// of the emptier one.
	wantFix := map[string]string{"en": "Lower requests.cpu to ≤ 3.9 (free on demo-worker", "ja": "requests.cpu を 3.9 以下に下げてください"}[lang]
	if !strings.Contains(fix, wantFix) {
		t.Errorf("the fix for a 100-CPU pod: %q, want %q", fix, wantFix)
	}
	for _, want := range []string{"demo-worker", "cpu", "100", "4", "0.1", "3.9"} {
		if !strings.Contains(res, want) {
			t.Errorf("the resource arithmetic lacks %q: %s", want, res)
		}
	}
	p.screenshot("explain-pending-1440")

	pick("one-")
	p.poll(`document.querySelector('#panel-explain .explain-tie')`, 10*time.Second)
	var ex struct {
		Tie     string   `json:"tie"`
		Headers []string `json:"headers"`
		Wrap    float64  `json:"wrap"`
		Total   float64  `json:"total"`
		Scroll  bool     `json:"scroll"`
	}
	evalJSON(p, `(() => { const w = document.querySelector('#panel-explain .explain-table').parentElement;
		const tot = document.querySelector('#panel-explain td.total');
		return { tie: document.querySelector('#panel-explain .explain-tie').textContent,
			headers: [...document.querySelectorAll('#panel-explain .explain-table th.plugin')].map((h) => h.textContent),
			wrap: w.getBoundingClientRect().right, total: tot.getBoundingClientRect().right, scroll: w.scrollWidth > w.clientWidth }; })()`, &ex)
	if !strings.Contains(ex.Tie, "demo-worker") || !(strings.Contains(ex.Tie, "at random") || strings.Contains(ex.Tie, "無作為")) || !strings.Contains(ex.Tie, "seed") && !strings.Contains(ex.Tie, "シード") {
		t.Errorf("the tie-break line: %q", ex.Tie)
	}
	if !strings.Contains(strings.Join(ex.Headers, " "), "TaintToleration ×3") {
		t.Errorf("plugin headers lack their weights: %q", ex.Headers)
	}
	if ex.Total > ex.Wrap {
		t.Errorf("at 1440 px the total column ends at %v, past the table's box at %v", ex.Total, ex.Wrap)
	}
	p.screenshot("explain-tie-1440")
	p.checkConsole()
}

// keyboardReachesEveryControl presses Tab from the top of the page and checks that the control bar, the card,
// Apply and the tabs take the focus in turn, each with a visible focus ring.
func keyboardReachesEveryControl(t *testing.T, p *tab) {
	t.Helper()
	eval[bool](p, `(document.activeElement && document.activeElement.blur(), window.getSelection().removeAllRanges(), true)`)
	seen := map[string]bool{}
	for i := 0; i < 40; i++ {
		p.do(chromedp.KeyEvent("\t"))
		var f struct {
			ID      string `json:"id"`
			Outline string `json:"outline"`
		}
		// A ring is an outline, or for a diagram node (SVG) the focus colour on its box's stroke.
		evalJSON(p, `(() => { const e = document.activeElement; const o = getComputedStyle(e);
			let ring = o.outlineStyle === 'none' || o.outlineWidth === '0px' ? '' : o.outlineStyle + ' ' + o.outlineWidth;
			const box = e.querySelector && e.querySelector(':scope > .dg-box');
			if (!ring && box && parseFloat(getComputedStyle(box).strokeWidth) >= 2.5) ring = 'stroke ' + getComputedStyle(box).strokeWidth;
			return { id: e.id || e.getAttribute('class') || e.tagName, outline: ring }; })()`, &f)
		if f.ID == "" {
			continue
		}
		seen[f.ID] = true
		if f.Outline == "" && f.ID != "cm-content" && !strings.Contains(f.ID, "cm-content") {
			t.Errorf("%s has the focus without a visible focus ring", f.ID)
		}
		if f.ID == "tab-events" {
			break
		}
	}
	for _, id := range []string{"play", "step", "speed", "reset", "scenario", "share", "embed", "lang", "theme", "intro-lesson", "intro-close", "apply", "tab-events"} {
		if !seen[id] {
			t.Errorf("Tab never reaches #%s (reached: %v)", id, seen)
		}
	}
}
