package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

type answer struct {
	Type   string `json:"type"`
	ID     any    `json:"id"`
	OK     bool   `json:"ok"`
	Error  string `json:"error"`
	Output string `json:"output"`
	Code   int    `json:"code"`
	Events []struct {
		Reason string `json:"reason"`
		Object string `json:"object"`
	} `json:"events"`
	State struct {
		Scenario string   `json:"scenario"`
		Step     int      `json:"step"`
		Steps    int      `json:"steps"`
		Files    []string `json:"files"`
	} `json:"state"`
	URL string `json:"url"`
}

func send(p *tab, frame, msg string) answer {
	p.tb.Helper()
	var a answer
	evalJSON(p, fmt.Sprintf(`course.send(%q, %s)`, frame, msg), &a)
	return a
}

func TestTheCoursePageLoadsTwoIndependentPlaygroundsThatAnswerPostMessage(t *testing.T) {
	p := newTab(t, 1200, 900)
	d := watchDialogs(p)
	p.navigate("/course.html")
	p.poll(`window.course !== undefined`, 10*time.Second)
	eval[bool](p, `Promise.race([Promise.all([course.ready('kp-1'), course.ready('kp-2')]).then(() => true),
		new Promise((_, no) => setTimeout(() => no(new Error('the embeds did not become ready in 120s')), 120000))])`)

	for frame, want := range map[string]string{"kp-1": "01-hands-on", "kp-2": "07-image-typo"} {
		a := send(p, frame, `{type: 'kubeplay:state'}`)
		if a.Type != "kubeplay:result" || !a.OK || a.State.Scenario != want || a.State.Steps == 0 {
			t.Errorf("%s answered state %+v; want scenario %s", frame, a, want)
		}
	}
	if a := send(p, "kp-1", `{type: 'kubeplay:run', line: 'kubectl create deployment only-in-one --image=nginx'}`); !a.OK || !strings.Contains(a.Output, "deployment.apps/only-in-one created") {
		t.Errorf("run in kp-1 answered %+v", a)
	}
	if a := send(p, "kp-2", `{type: 'kubeplay:run', line: 'kubectl get deployments -A'}`); !a.OK || strings.Contains(a.Output, "only-in-one") {
		t.Errorf("kp-2 sees kp-1's Deployment: %+v", a)
	}
	cm := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-the-course\ndata:\n  a: b\n"
	if a := send(p, "kp-2", fmt.Sprintf(`{type: 'kubeplay:apply', yaml: %q}`, cm)); !a.OK || !strings.Contains(a.Output, "configmap/from-the-course created") {
		t.Errorf("apply in kp-2 answered %+v", a)
	}
	if a := send(p, "kp-1", `{type: 'kubeplay:runStep'}`); !a.OK {
		t.Errorf("runStep in kp-1 answered %+v", a)
	}
	if a := send(p, "kp-1", `{type: 'kubeplay:events'}`); !a.OK || len(a.Events) == 0 {
		t.Errorf("events in kp-1 answered %d events (%s)", len(a.Events), a.Error)
	}
	if a := send(p, "kp-2", `{type: 'kubeplay:shareURL'}`); !a.OK || !strings.Contains(a.URL, "#v1:") || strings.Contains(a.URL, "embed=1") {
		t.Errorf("shareURL in kp-2 answered %+v", a)
	}
	if a := send(p, "kp-2", `{type: 'kubeplay:selfdestruct'}`); a.OK || !strings.Contains(a.Error, "unknown message type") {
		t.Errorf("an unknown message answered %+v", a)
	}
	// The host page's own buttons use the same API.
	p.click(`.host[data-for="kp-2"] button[data-line]`)
	p.poll(`/No resources found|NAME/.test(document.querySelector('pre[data-answer="kp-2"]').textContent)`, 20*time.Second)
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}

func TestAnEmbedAnswersOnlyAllowedOrigins(t *testing.T) {
	p := newTab(t, 1000, 800)
	// The host page is served from another origin (localhost instead of 127.0.0.1).
	other := strings.Replace(server.URL, "127.0.0.1", "localhost", 1)
	p.do(jsAction(`location.href = ` + fmt.Sprintf("%q", other+"/not-a-page")))
	p.poll(`location.hostname === 'localhost' && document.readyState === 'complete'`, 10*time.Second)
	probe := func(query string) string {
		return eval[string](p, fmt.Sprintf(`new Promise((resolve) => {
			const f = document.createElement('iframe');
			f.src = %q;
			f.width = 400; f.height = 300;
			document.body.append(f);
			const target = new URL(f.src).origin;
			const onMsg = (ev) => {
				if (ev.source !== f.contentWindow) return;
				if (ev.data && ev.data.type === 'kubeplay:result' && ev.data.id === 'q') { window.removeEventListener('message', onMsg); clearInterval(tick); resolve('answered ' + ev.origin); }
			};
			window.addEventListener('message', onMsg);
			let tries = 0;
			const tick = setInterval(() => {
				if (++tries > 40) { clearInterval(tick); window.removeEventListener('message', onMsg); resolve('silent'); return; }
				try { f.contentWindow.postMessage({type: 'kubeplay:state', id: 'q'}, target); } catch (_) {}
			}, 500);
		})`, server.URL+"/index.html?embed=1&panes=terminal"+query))
	}
	if got := probe(""); got != "silent" {
		t.Errorf("an embed without origins= answered a foreign host: %s", got)
	}
	if got := probe("&origins=" + other); got != "answered "+server.URL {
		t.Errorf("an embed with origins=%s: %s", other, got)
	}
}

func TestAnEmbedAt360pxShowsOnlyTheChosenPanes(t *testing.T) {
	p, d := openAt(t, "/?embed=1&panes=editor,events&scenario=06-taints", 360, 640)
	visible := func(sel string) bool {
		return eval[bool](p, fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none'; })()`, sel))
	}
	for sel, want := range map[string]bool{
		"#editor": true, "#panel-events": true, "#player": true,
		"#diagram": false, "#tab-terminal": false, "#tab-etcd": false, "#embed": false, "#scenario": false,
	} {
		if got := visible(sel); got != want {
			t.Errorf("%s visible = %v, want %v", sel, got, want)
		}
	}
	if got := eval[string](p, `kubeplay.session().scenario`); got != "06-taints" {
		t.Errorf("the embed opened scenario %q", got)
	}
	if w := eval[float64](p, `document.documentElement.scrollWidth`); w > 360 {
		t.Errorf("the embed is %.0fpx wide at 360px (horizontal overflow)", w)
	}
	p.screenshot("embed-360")
	if got := d.list(); len(got) > 0 {
		t.Errorf("dialogs opened: %q", got)
	}
	p.checkConsole()
}
