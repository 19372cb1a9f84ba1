package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The windows learners have: what a browser leaves of a laptop's or a phone's screen once its own bars are drawn.
var realWindows = []struct{ w, h int64 }{
	{1366, 625}, {1280, 690}, {1024, 640}, {1440, 760}, {1920, 940}, {360, 640}, {390, 664},
}

// roomJS reads the relay's geometry from the page: how far the page scrolls; how many whole story rows the
// list shows and how many it could show (its visible height over one row's); the diagram's visible part, its
// scale and the labels it had to cut; and whether the caption, the object lane, the timeline, the tab strip
// and the list overlap one another.
const roomJS = `(async () => {
	// The list follows the newest row, as it does while the relay plays.
	const l = document.querySelector('#panel-events .story-list');
	if (l) l.scrollTop = l.scrollHeight;
	await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
	const H = innerHeight, W = innerWidth, se = document.scrollingElement;
	const vis = (el) => {
		if (!el || !el.checkVisibility || !el.checkVisibility()) return null;
		const r = el.getBoundingClientRect();
		let top = Math.max(r.top, 0), bottom = Math.min(r.bottom, H);
		for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
			const o = getComputedStyle(a);
			if (o.overflowY !== 'visible') { const q = a.getBoundingClientRect(); top = Math.max(top, q.top); bottom = Math.min(bottom, q.bottom); }
		}
		return { top: r.top, bottom: r.bottom, vtop: top, vbottom: bottom, h: Math.max(0, bottom - top) };
	};
	const list = document.querySelector('#panel-events .story-list');
	const lv = vis(list);
	const rows = [...document.querySelectorAll('#panel-events .story-row')];
	const whole = lv ? rows.filter((row) => { const r = row.getBoundingClientRect(); return r.height > 0 && r.top >= lv.vtop - 0.5 && r.bottom <= lv.vbottom + 0.5; }).length : 0;
	const rowH = rows.length ? Math.min(...rows.slice(0, 8).map((r) => r.getBoundingClientRect().height).filter((x) => x > 0)) : 25;
	const svg = document.querySelector('#diagram svg');
	const dv = vis(document.getElementById('diagram'));
	let scale = 0, cut = [];
	if (svg && dv) {
		scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
		cut = [...svg.querySelectorAll('.dg-title, .dg-sub, .dg-stage text')].map((e) => e.textContent).filter((s) => s.endsWith('…'));
	}
	const parts = ['.relay-caption', '.relay-objects', '.timeline', '.right-pane .tabs', '#panel-events .story-list']
		.map((s) => [s, document.querySelector(s)]).filter(([, e]) => e && e.checkVisibility());
	const overlaps = [];
	for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
		const a = parts[i][1].getBoundingClientRect(), b = parts[j][1].getBoundingClientRect();
		if (a.bottom > b.top + 1 && b.bottom > a.top + 1 && a.right > b.left && b.right > a.left) overlaps.push(parts[i][0] + ' × ' + parts[j][0]);
	}
	return { scrollY: se.scrollHeight - H, scrollX: se.scrollWidth - W, rows: rows.length, whole, capacity: lv ? lv.h / rowH : 0,
		diagram: dv ? dv.h : 0, diagramFull: dv ? dv.h >= svg.getBoundingClientRect().height * scale - 1 || dv.h >= svg.getBoundingClientRect().height - 1 : false,
		scale, cut, overlaps, intro: !!document.getElementById('intro').checkVisibility() && document.getElementById('intro').getBoundingClientRect().height,
		editor: document.querySelector('.editor-pane').checkVisibility() ? document.querySelector('.editor-pane').getBoundingClientRect().width : 0 };
})()`

type room struct {
	ScrollY     float64  `json:"scrollY"`
	ScrollX     float64  `json:"scrollX"`
	Rows        int      `json:"rows"`
	Whole       int      `json:"whole"`
	Capacity    float64  `json:"capacity"`
	Diagram     float64  `json:"diagram"`
	DiagramFull bool     `json:"diagramFull"`
	Scale       float64  `json:"scale"`
	Cut         []string `json:"cut"`
	Overlaps    []string `json:"overlaps"`
	Intro       any      `json:"intro"`
	Editor      float64  `json:"editor"`
}

// TestRelayKeepsItsRoomInRealWindows: at every window a learner's browser leaves, in ja and en, after an
// Apply, with the first-visit card, without it, with a lesson open and in an embed: the page does not
// scroll, the diagram is whole and readable (drawn at least at 0.9 of its size, no label cut), and the story
// list shows at least four whole rows. One tab per case, resized through every window.
func TestRelayKeepsItsRoomInRealWindows(t *testing.T) {
	cases := []struct {
		name, path string
		card       bool // the first-visit card is shown
		embed      bool
	}{
		{"card", "/?lang=%s", true, false},
		{"nocard", "/?lang=%s", false, false},
		{"lesson", "/?scenario=02-relay&lang=%s", false, false},
		{"embed", "/?embed=1&lang=%s", false, true},
		{"lesson-embed", "/?embed=1&scenario=02-relay&lang=%s", false, true},
	}
	for _, lang := range []string{"ja", "en"} {
		for _, c := range cases {
			t.Run(lang+"/"+c.name, func(t *testing.T) {
				p := newTab(t, 1366, 625)
				p.navigate(fmt.Sprintf(c.path, lang))
				p.waitReady()
				p.poll(`document.body.dataset.session === 'ready'`, 30*time.Second)
				if c.card {
					p.poll(`!document.getElementById('intro').hidden`, 10*time.Second)
				} else if eval[bool](p, `!document.getElementById('intro').hidden`) {
					p.click("#intro-close")
					p.poll(`document.getElementById('intro').hidden`, 5*time.Second)
				}
				// An Apply, then enough of the relay for a list longer than the screen.
				eval[bool](p, `kubeplay.pause().then(() => true)`)
				p.showPanel("events")
				p.click("#apply")
				p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
				eval[bool](p, `kubeplay.advance('20s').then(() => true)`)
				p.poll(`document.querySelectorAll('#panel-events .story-row').length >= 12`, 30*time.Second)
				for _, win := range realWindows {
					if win.w <= 560 && strings.Contains(c.name, "lesson") {
						// Not held: on a phone, a lesson's player, the folded editor and the relay do not fit one
						// screen with four rows of the story (see the report of issue 26).
						continue
					}
					p.do(chromedp.EmulateViewport(win.w, win.h))
					if win.w <= 560 {
						// On a phone, after an Apply, the editor is folded to its bar.
						p.poll(`document.querySelector('.editor-pane').classList.contains('folded') && document.getElementById('editor-fold').getAttribute('aria-expanded') === 'false'`, 10*time.Second)
					}
					var r room
					evalJSON(p, roomJS, &r)
					at := fmt.Sprintf("%d×%d %s %s", win.w, win.h, lang, c.name)
					t.Logf("%s: %+v", at, r)
					if r.ScrollY > 0.5 || r.ScrollX > 0.5 {
						t.Errorf("%s: the page scrolls by %v px down, %v px across", at, r.ScrollY, r.ScrollX)
					}
					if r.Whole < 4 {
						t.Errorf("%s: the story list shows %d whole rows (room for %.1f), want at least 4", at, r.Whole, r.Capacity)
					}
					if !r.DiagramFull || r.Diagram < 60 {
						t.Errorf("%s: the diagram shows %v px, not whole", at, r.Diagram)
					}
					if r.Scale < 0.9 {
						t.Errorf("%s: the diagram is drawn at %.2f of its size: its 11 px labels are unreadable", at, r.Scale)
					}
					if len(r.Cut) > 0 {
						t.Errorf("%s: diagram labels cut: %q", at, r.Cut)
					}
					if len(r.Overlaps) > 0 {
						t.Errorf("%s: overlapping: %v", at, r.Overlaps)
					}
					if lang == "ja" && c.name != "embed" && (win.w == 1366 || win.w == 360) {
						p.screenshot(strings.ReplaceAll(fmt.Sprintf("room-%s-%dx%d-%s", c.name, win.w, win.h, lang), "/", "-"))
					}
				}
				p.checkConsole()
			})
		}
	}
}
