package e2e

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"kubeplay/core/cluster"
	"kubeplay/core/shell/shelltest"
	"kubeplay/core/sim"
	"kubeplay/site/share"
	"kubeplay/site/worker/handler"
)

// relaycheck is the Deployment an embedding page applies right after ready.
const relaycheck = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: relaycheck
spec:
  replicas: 2
  selector:
    matchLabels:
      app: relaycheck
  template:
    metadata:
      labels:
        app: relaycheck
    spec:
      containers:
      - name: web
        image: nginx:1.27
`

// afterReady is what an embedding page or a test does: await ready, apply a Deployment at once, advance
// 90 s, kubectl get pods. It runs in the page as soon as the navigation has committed, without waiting for
// anything else the page does.
const afterReady = `(async () => {
	const wasReady = kubeplay.isReady;
	await kubeplay.ready;
	const applied = await kubeplay.apply(%s);
	await kubeplay.advance('90s');
	const pods = await kubeplay.run('kubectl get pods');
	return JSON.stringify({ wasReady, applied, pods, session: kubeplay.session() });
})()`

type afterReadyResult struct {
	WasReady bool   `json:"wasReady"`
	Applied  string `json:"applied"`
	Pods     string `json:"pods"`
	Session  struct {
		Scenario string   `json:"scenario"`
		Seed     int      `json:"seed"`
		Step     int      `json:"step"`
		Files    []string `json:"files"`
	} `json:"session"`
}

// openAndUseAtOnce navigates to url (on base) and runs afterReady at once.
func openAndUseAtOnce(t *testing.T, base, path string) afterReadyResult {
	t.Helper()
	p := newTab(t, 1400, 900)
	p.do(chromedp.Navigate(base + path))
	yaml, _ := json.Marshal(relaycheck)
	var r afterReadyResult
	if err := json.Unmarshal([]byte(eval[string](p, fmt.Sprintf(afterReady, yaml))), &r); err != nil {
		t.Fatal(err)
	}
	if r.Applied != "deployment.apps/relaycheck created\n" {
		t.Errorf("apply printed %q", r.Applied)
	}
	if n := strings.Count(r.Pods, "relaycheck-"); n != 2 || !strings.Contains(r.Pods, "Running") {
		t.Errorf("90 s after applying the Deployment, kubectl get pods shows %d of its Pods:\n%s", n, r.Pods)
	}
	p.checkConsole()
	return r
}

func linkState(t *testing.T, seed int) (string, *share.State) {
	t.Helper()
	st := &share.State{Files: []share.File{{Name: "linked.yaml", Content: "# from the link\n"}}, Seed: int64(seed)}
	payload, err := share.Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	return payload, st
}

func TestReadyMeansAFragmentLinkIsRestored(t *testing.T) {
	setup(t)
	payload, _ := linkState(t, 7)
	r := openAndUseAtOnce(t, server.URL, "/#"+payload)
	if r.WasReady {
		t.Errorf("kubeplay was ready before the page had loaded: the test did not exercise the race")
	}
	if r.Session.Seed != 7 || len(r.Session.Files) != 1 || r.Session.Files[0] != "linked.yaml" {
		t.Errorf("after ready the session is %+v; want the link's seed 7 and its file", r.Session)
	}
}

func TestReadyMeansAScenarioParameterIsLoaded(t *testing.T) {
	setup(t)
	r := openAndUseAtOnce(t, server.URL, "/?scenario=07-image-typo")
	if r.Session.Scenario != "07-image-typo" || r.Session.Step != 0 {
		t.Errorf("after ready the session is %+v; want 07-image-typo at step 0", r.Session)
	}
}

// The worker's handler (natively, with an in-memory KV: go run ./site/worker serve) serves /api/share and
// /s/{id} in front of the same built site.
var (
	workerOnce   sync.Once
	workerServer *httptest.Server
)

func TestReadyMeansAShortLinkIsRestored(t *testing.T) {
	setup(t)
	workerOnce.Do(func() {
		workerServer = httptest.NewServer(handler.New(handler.Config{KV: handler.NewMemKV(), Assets: handler.DirAssets(siteDir)}))
	})
	payload, _ := linkState(t, 9)
	res, err := http.Post(workerServer.URL+"/api/share", "text/plain;charset=utf-8", strings.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	var created struct {
		ID string `json:"id"`
	}
	err = json.NewDecoder(res.Body).Decode(&created)
	res.Body.Close()
	if res.StatusCode != http.StatusCreated || err != nil || created.ID == "" {
		t.Fatalf("POST /api/share: %d %v %+v", res.StatusCode, err, created)
	}
	r := openAndUseAtOnce(t, workerServer.URL, "/s/"+created.ID)
	if r.Session.Seed != 9 || len(r.Session.Files) != 1 || r.Session.Files[0] != "linked.yaml" {
		t.Errorf("after ready the short link's session is %+v; want seed 9 and its file", r.Session)
	}
}

// early runs in the page before its own scripts: the moment window.kubeplay is defined (long before the
// core is up, and before the page restores its link) it applies the Deployment and pauses, keeping the
// promises.
const early = `(() => {
	let k;
	Object.defineProperty(window, 'kubeplay', { configurable: true, get() { return k; }, set(v) {
		k = v;
		window.__early = { wasReady: v.isReady, applied: v.apply(%s), paused: v.pause() };
	} });
})();`

func TestACallMadeBeforeReadyIsNotLost(t *testing.T) {
	p := newTab(t, 1400, 900)
	yaml, _ := json.Marshal(relaycheck)
	if _, err := chromedp.Call(p.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: fmt.Sprintf(early, yaml)}); err != nil {
		t.Fatal(err)
	}
	payload, _ := linkState(t, 7)
	p.navigate("/#" + payload)
	p.waitReady() // the page has restored the link and started playing free play; then the queued pause ran
	var r struct {
		WasReady bool   `json:"wasReady"`
		Applied  string `json:"applied"`
		Playing  bool   `json:"playing"`
		Pods     string `json:"pods"`
		Seed     int    `json:"seed"`
	}
	evalJSON(p, `(async () => {
		const applied = await window.__early.applied;
		await window.__early.paused;
		await kubeplay.ready;
		const playing = kubeplay.state.playing;
		await kubeplay.advance('90s');
		return { wasReady: window.__early.wasReady, applied, playing, pods: await kubeplay.run('kubectl get pods'), seed: kubeplay.session().seed };
	})()`, &r)
	if r.WasReady {
		t.Fatalf("kubeplay was ready when it was defined")
	}
	if r.Applied != "deployment.apps/relaycheck created\n" {
		t.Errorf("the apply made before ready printed %q", r.Applied)
	}
	if r.Seed != 7 {
		t.Errorf("the link was not restored: seed %d, want 7", r.Seed)
	}
	if r.Playing {
		t.Errorf("pause() made before ready was undone: the page plays")
	}
	if n := strings.Count(r.Pods, "relaycheck-"); n != 2 {
		t.Errorf("the Deployment applied before ready has %d Pods after 90 s:\n%s", n, r.Pods)
	}
	p.checkConsole()
}

// echo is what `kubeplay shell` prints for an input line before its output (core/shell Exec with Echo).
// echo is the line as the terminal echoes it after prompt, the prompt the page's last answer gave (what
// core/shell's Exec and an exec -ti session print): at "$ " the line trimmed ("$" alone when empty), at "> "
// (a continuing construct) as typed, inside a container after its prompt.
func echo(prompt, l string) string {
	switch prompt {
	case "$ ":
		if tr := strings.TrimSpace(l); tr != "" {
			return "$ " + tr + "\n"
		}
		return "$\n"
	case "> ":
		return "> " + l + "\n"
	}
	if l != "" {
		l = " " + l
	}
	return strings.TrimRight(prompt, " ") + l + "\n"
}

// The page and the shell tell the same story: every golden shell transcript (core/shell/testdata), its lines
// sent one by one through kubeplay.run after reset({seed: 1}) with wall-clock pauses between them (input
// pacing, as a person types), prints byte for byte what `kubeplay shell` printed. reset() leaves the clock
// paused, so the pauses do not move virtual time.
func TestTheGoldenShellTranscriptsReplayInThePage(t *testing.T) {
	cases, err := shelltest.Cases(filepath.Join("..", "..", "core", "shell", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	// As an embedding page would: no waiting for the page, only for kubeplay.ready (in the first script).
	p := newTab(t, 1400, 900)
	p.navigate("/")
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			lines := c.Lines()
			js, _ := json.Marshal(lines)
			outs := eval[[]string](p, fmt.Sprintf(`(async () => {
				await kubeplay.ready;
				await kubeplay.reset({ seed: 1 });
				let later = '';
				const off = kubeplay.on('output', (s) => { later += s; });
				const outs = [];
				let prompt = '$ ';
				try {
					for (const line of %s) {
						await new Promise((r) => setTimeout(r, 60)); // input pacing, not a wait for anything
						const res = await kubeplay.runLine(line);
						outs.push(prompt, later + res.output);
						prompt = res.prompt || '$ ';
						later = '';
					}
				} finally { off(); }
				if (kubeplay.state.playing) outs.push('\n(the page was playing)');
				return outs;
			})()`, js))
			// outs holds, for each line, the prompt it was typed at and what it printed.
			var got strings.Builder
			for i, l := range lines {
				if 2*i+1 < len(outs) {
					got.WriteString(echo(outs[2*i], l))
					got.WriteString(outs[2*i+1])
				}
			}
			for _, extra := range outs[min(2*len(lines), len(outs)):] {
				got.WriteString(extra)
			}
			if got.String() != c.Want {
				t.Errorf("the page's transcript differs from %s:\n%s", filepath.Base(c.Golden), firstDifference(c.Want, got.String()))
			}
		})
	}
	p.checkConsole()
}

// firstDifference shows where two transcripts part: the line number and a stretch of each from that line.
func firstDifference(want, got string) string {
	i := 0
	for i < len(want) && i < len(got) && want[i] == got[i] {
		i++
	}
	start := strings.LastIndexByte(want[:i], '\n') + 1
	clip := func(s string) string { return s[:min(len(s), 400)] }
	return fmt.Sprintf("from line %d:\nwant %q\ngot  %q", strings.Count(want[:i], "\n")+1, clip(want[start:]), clip(got[start:]))
}

// TestTheFirstClusterIsTheOneResetBuilds checks the worker's head start: it builds the first cluster as soon
// as Go has started, before the page asks for it, and answers the page's first reset with it. What the page
// then shows must be what `kubeplay shell` (seed 1) shows at the same virtual time: the same objects, names
// and uids.
func TestTheFirstClusterIsTheOneResetBuilds(t *testing.T) {
	p := openTab(t, 1280, 800)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	at := eval[float64](p, `kubeplay.now()`)
	cmds := []string{"kubectl get pods -A -o yaml", "kubectl get events -A", "kubectl get nodes -o wide", "kubectl get leases -A -o yaml"}
	js, _ := json.Marshal(cmds)
	outs := eval[[]string](p, fmt.Sprintf(`(async () => { const o = []; for (const l of %s) o.push(await kubeplay.run(l)); return o; })()`, js))
	// The shell's cluster starts where a fresh one does; it sleeps to the page's time (to the microsecond).
	start := float64(sim.Epoch.Add(cluster.Startup).UnixMicro()) / 1e3
	if at < start {
		t.Fatalf("the page's clock (%v) is behind a fresh cluster's (%v)", at, start)
	}
	lines := append([]string{fmt.Sprintf("sleep %dus", int64(math.Round((at-start)*1e3)))}, cmds...)
	cmd := exec.Command(filepath.Join(distDir, "kubeplay"), "shell", "--seed", "1")
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	want, err := cmd.Output()
	if err != nil {
		t.Fatalf("kubeplay shell: %v", err)
	}
	var got strings.Builder
	got.WriteString(echo("$ ", lines[0]))
	for i, c := range cmds {
		got.WriteString(echo("$ ", c) + outs[i])
	}
	if !strings.Contains(got.String(), "coredns-") || got.String() != string(want) {
		t.Errorf("the first cluster differs from kubeplay shell's at the same time:\n%s", firstDifference(string(want), got.String()))
	}
	p.checkConsole()
}
