package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kubeplay/wasm/seam"
)

// The page's first download is the lite build (core/lite). A terminal line that reaches what it leaves out
// (here kubectl drain) waits while the core's worker loads kubeplay-full.wasm and replays the session there,
// then answers as the full build does; what follows goes on from the same session. Every answer must be what
// the native core (the full build) prints for the same lines.
var fullLines = []string{
	"kubectl create deployment web --image=nginx:1.27 --replicas=2",
	"sleep 30s",
	"kubectl get pods -o wide",
	"kubectl drain demo-worker --ignore-daemonsets --delete-emptydir-data",
	"kubectl scale deployment web --replicas=4",
	"sleep 20s",
	"kubectl get pods -o wide",
	"kubectl get events",
}

// nativeOutputs runs lines in the native core after reset({seed: 1}), as kubeplay.run does in the page.
func nativeOutputs(t *testing.T, lines []string) []string {
	t.Helper()
	k := seam.New()
	k.Call("reset", []any{`{"seed":1}`})
	var outs []string
	for _, l := range lines {
		var r struct {
			Output string `json:"output"`
		}
		if err := json.Unmarshal([]byte(k.Call("run", []any{l, ""})), &r); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, r.Output)
	}
	return outs
}

type fullRun struct {
	Outs      []string `json:"outs"`
	States    []string `json:"states"`
	Downloads []string `json:"downloads"`
	Error     string   `json:"error"`
	// FullMs is how long the full build took to download, start and replay the session (wall clock).
	FullMs float64 `json:"fullMs"`
}

func runLines(p *tab, lines []string) fullRun {
	js, _ := json.Marshal(lines)
	return eval[fullRun](p, fmt.Sprintf(`(async () => {
		await kubeplay.ready;
		await kubeplay.reset({ seed: 1 });
		const states = [];
		let fullMs = 0;
		const off = kubeplay.on('full', (m) => { states.push(m.state); if (m.ms) fullMs = m.ms; });
		const outs = [];
		let error = '';
		try {
			for (const line of %s) {
				try { outs.push(await kubeplay.run(line)); } catch (e) { outs.push(''); error = String(e.message); }
			}
		} finally { off(); }
		const w = await kubeplay.call('resources');
		return { outs, states, error, fullMs, downloads: w.map((r) => r.name.split('/').pop()) };
	})()`, js))
}

// sameAs requires every line to have answered, with what the native core printed (want).
func (r fullRun) sameAs(t *testing.T, lines, want []string) {
	t.Helper()
	if r.Error != "" {
		t.Fatalf("a line failed: %s", r.Error)
	}
	for i := range lines {
		if r.Outs[i] != want[i] {
			t.Errorf("%q printed in the page:\n%s\nnatively:\n%s", lines[i], r.Outs[i], want[i])
		}
	}
}

func TestALineTheFirstDownloadLeavesOutLoadsTheFullBuild(t *testing.T) {
	want := nativeOutputs(t, fullLines)
	p := newTab(t, 1280, 800)
	p.navigate("/")
	p.waitReady()
	if got := eval[[]string](p, `kubeplay.call('resources').then((w) => w.map((r) => r.name.split('/').pop()))`); contains(got, "kubeplay-full.wasm") {
		t.Fatalf("the page downloaded the full build before anything needed it: %v", got)
	}
	r := runLines(p, fullLines)
	r.sameAs(t, fullLines, want)
	if strings.Join(r.States, ",") != "loading,loaded" {
		t.Errorf("the page heard %v about the full build; want loading, then loaded", r.States)
	}
	if !contains(r.Downloads, "kubeplay-full.wasm") {
		t.Errorf("the worker did not download kubeplay-full.wasm: %v", r.Downloads)
	}
	t.Logf("the full build was downloaded, started and given the session in %.0f ms", r.FullMs)
	// The page's views took the rebuilt session: the Events panel lists the taint's consequences too.
	p.poll(`document.body.dataset.ready === '1' && !document.getElementById('banner').classList.contains('error')`, 30*time.Second)
	p.checkConsole()
}

// When the full build cannot be downloaded, the line that needed it says so, the notice says so, and the
// session the lite build had goes on untouched: the stopped line left nothing half done.
func TestAFailedFullDownloadLeavesTheSessionWhole(t *testing.T) {
	p := newTab(t, 1280, 800)
	src := `try { localStorage.setItem('kubeplay.lang', 'en'); } catch (_) {}
		(() => {
			const post = Worker.prototype.postMessage;
			Worker.prototype.postMessage = function (m, ...rest) {
				if (m && m.type === 'load') m = { ...m, full: new URL('/no-such-full.wasm', location.href).href };
				return post.call(this, m, ...rest);
			};
		})();`
	if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
		t.Fatal(err)
	}
	p.navigate("/")
	p.waitReady()
	lines := []string{fullLines[0], fullLines[1], "kubectl drain demo-worker --ignore-daemonsets", "kubectl get pods -o wide"}
	r := runLines(p, lines)
	if want := "kubectl drain needs the rest of kubeplay (kubeplay-full.wasm), and it could not be loaded"; !strings.Contains(r.Error, want) {
		t.Errorf("kubectl drain failed with %q; want it to say %q", r.Error, want)
	}
	if strings.Join(r.States, ",") != "loading,failed" {
		t.Errorf("the page heard %v about the full build; want loading, then failed", r.States)
	}
	want := nativeOutputs(t, []string{fullLines[0], fullLines[1], "kubectl get pods -o wide"})
	if r.Outs[3] != want[2] {
		t.Errorf("after the failed download, kubectl get pods printed\n%s\nwant (as if the drain had never been typed)\n%s", r.Outs[3], want[2])
	}
	p.poll(`!document.getElementById('banner').hidden && document.getElementById('banner-text').textContent.includes('kubectl drain needs the rest of kubeplay')`, 30*time.Second)
	p.screenshot("full-download-failed")
}

// A lesson's address (?scenario=, as course pages embed it) downloads the full build first, and only it:
// lessons are not in the lite build.
func TestALessonsAddressDownloadsOnlyTheFullBuild(t *testing.T) {
	p := newTab(t, 1280, 800)
	p.navigate("/?scenario=07-image-typo")
	p.waitReady()
	got := eval[[]string](p, `kubeplay.call('resources').then((w) => [...performance.getEntriesByType('resource').map((e) => e.name), ...w.map((r) => r.name)].map((n) => n.split('/').pop()).filter((n) => n.endsWith('.wasm')))`)
	if !contains(got, "kubeplay-full.wasm") || contains(got, "kubeplay.wasm") {
		t.Errorf("a lesson's page downloaded %v; want kubeplay-full.wasm alone", got)
	}
	if name := eval[string](p, `kubeplay.call('scenarioState').then((s) => s.name)`); name != "07-image-typo" {
		t.Errorf("the lesson's page has lesson %q loaded", name)
	}
	p.checkConsole()
}

// kubectl explain needs both late downloads: the OpenAPI document (fetched while the lite build runs) and the
// full build, which must be given the document too.
func TestKubectlExplainLoadsItsDocumentAndTheFullBuild(t *testing.T) {
	lines := []string{"kubectl explain deployment.spec.strategy", "kubectl get deployments -A"}
	want := nativeOutputs(t, lines)
	p := openTab(t, 1280, 800)
	r := runLines(p, lines)
	r.sameAs(t, lines, want)
	if !contains(r.Downloads, "explain-openapi.json") || !contains(r.Downloads, "kubeplay-full.wasm") {
		t.Errorf("the worker downloaded %v; want explain-openapi.json and kubeplay-full.wasm", r.Downloads)
	}
	p.checkConsole()
}
