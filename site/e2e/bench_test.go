package e2e

import (
	"fmt"
	"kubeplay/wasm/seam"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// BenchmarkPageLoad loads the playground cold (a fresh browser context: empty cache and storage) and
// reports the brotli payload of everything the visit downloaded and the time to body[data-ready].
func BenchmarkPageLoad(b *testing.B) {
	var readyMs, againMs, workerMs, payload, files float64
	for i := 0; i < b.N; i++ {
		l := coldLoad(b, i, true)
		readyMs += l.readyMs
		againMs += l.nextVisitMs
		workerMs += l.workerMs
		payload, files = float64(l.payload), float64(l.files)
	}
	b.ReportMetric(readyMs/float64(b.N), "ms-to-ready")
	b.ReportMetric(againMs/float64(b.N), "ms-to-ready-next-visit")
	b.ReportMetric(workerMs/float64(b.N), "worker-ms-first-cluster")
	b.ReportMetric(payload, "payload-br-bytes")
	b.ReportMetric(files, "files")
}

// loadFigures is what one cold load measured.
type loadFigures struct {
	readyMs, nextVisitMs, workerMs float64
	payload                        int64
	files                          int
}

// coldLoad opens the playground in a fresh browser context (empty cache and storage), waits for ready and
// logs where the time went (the loader's marks and each download's span). With nextVisit it then loads the
// page again in the same context: a learner's next visit, with the HTTP cache (and whatever compiled code
// the browser kept).
func coldLoad(b *testing.B, i int, nextVisit bool) loadFigures {
	const downloads = `kubeplay.call('resources').then((w) => [...performance.getEntriesByType('resource').map(e => ({name: e.name, start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd})), ...w].map(r => r.name.split('/').pop() + ' ' + (r.start - performance.timeOrigin).toFixed(0) + '–' + (r.end - performance.timeOrigin).toFixed(0)).join(', '))`
	const marks = `[...performance.getEntriesByType('mark').filter(m => m.name.startsWith('kubeplay:')).map(m => m.name.slice(9) + ' ' + m.startTime.toFixed(0) + (m.detail && m.detail.workerMs ? ' (worker ' + m.detail.workerMs.toFixed(0) + ')' : '')), 'ready ' + window.__e2e.readyAt.toFixed(0)].join(', ')`
	const worker = `(performance.getEntriesByName('kubeplay:cluster-up')[0]?.detail?.workerMs) || 0`
	var f loadFigures
	p := newTab(b, 1400, 900)
	defer p.cancel()
	p.navigate("/")
	p.waitReady()
	f.readyMs = eval[float64](p, `window.__e2e.readyAt`)
	f.workerMs = eval[float64](p, worker)
	b.Logf("load %d: %s; %s", i, eval[string](p, marks), eval[string](p, downloads))
	// The core's worker downloads the wasm: its own timeline lists those requests.
	urls := eval[[]string](p, `kubeplay.call('resources').then((w) => [location.href, ...performance.getEntriesByType('resource').map(e => e.name), ...w.map((r) => r.name)])`)
	f.files, f.payload = brotliPayload(b, urls)
	if nextVisit {
		p.navigate("/")
		p.waitReady()
		f.nextVisitMs = eval[float64](p, `window.__e2e.readyAt`)
		b.Logf("next visit %d: %s; %s", i, eval[string](p, marks), eval[string](p, downloads))
	}
	p.checkConsole()
	return f
}

// brotliPayload sums the .br size (the raw size when there is none) of every same-site file fetched.
func brotliPayload(tb testing.TB, urls []string) (int, int64) {
	seen := map[string]bool{}
	var total int64
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil || !strings.HasPrefix(raw, server.URL) {
			continue
		}
		p := path.Clean("/" + u.Path)
		if strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		if seen[p] {
			continue
		}
		seen[p] = true
		f := filepath.Join(siteDir, filepath.FromSlash(p))
		if st, err := os.Stat(f + ".br"); err == nil {
			total += st.Size()
		} else if st, err := os.Stat(f); err == nil {
			total += st.Size()
			tb.Logf("%s has no .br variant", p)
		}
	}
	return len(seen), total
}

// BenchmarkScaleUpLongTasks plays a 1,000-replica Deployment at 10× with the diagram and one tab live (the
// events panel, or the cluster view with its node cards and Pods) and reports the main thread's long tasks
// (PerformanceObserver "longtask", > 50 ms) and the frame times until all pods run.
func BenchmarkScaleUpLongTasks(b *testing.B) {
	for _, tabName := range []string{"events", "cluster", "etcd", "explain", "terminal"} {
		b.Run(tabName, func(b *testing.B) { benchScaleUp(b, tabName) })
	}
}

func benchScaleUp(b *testing.B, tabName string) {
	for i := 0; i < b.N; i++ {
		p := openTab(b, 1400, 900)
		p.showPanel(tabName)
		eval[bool](p, fmt.Sprintf(`kubeplay.reset({seed: 1, nodes: %s}).then(() => true)`, seam.ScaleUpNodes()))
		if tabName == "terminal" {
			// The terminal streams a watch of every Pod while they start.
			p.do(chromedpSendKeys("#terminal-input", "kubectl get pods -w\r"))
			p.poll(`document.getElementById('terminal-output').textContent.includes('kubectl get pods -w')`, 10*time.Second)
		}
		eval[string](p, fmt.Sprintf(`kubeplay.apply(%q, 'web.yaml')`, seam.ScaleUpDeployment))
		eval[bool](p, `(window.__e2e.longtasks = [], window.__e2e.frames = [], window.__e2e.recordFrames = true, kubeplay.play(10), true)`)
		start := time.Now()
		virtualStart := eval[float64](p, `kubeplay.now()`)
		running := 0.0
		for time.Since(start) < 4*time.Minute {
			// A small question (the page's own views are what is measured, not a 1,000-Pod answer to us).
			running = eval[float64](p, `kubeplay.run('kubectl get deployment web -o jsonpath={.status.readyReplicas}').then((o) => Number(o) || 0)`)
			if running >= 1000 {
				break
			}
			p.frames(30) // ask again after thirty painted frames
		}
		wall := time.Since(start)
		virtual := (eval[float64](p, `kubeplay.now()`) - virtualStart) / 1000
		var probe struct {
			Longtasks []float64 `json:"longtasks"`
			Frames    []float64 `json:"frames"`
			Loafs     []struct {
				Duration float64 `json:"duration"`
				Blocking float64 `json:"blocking"`
				Render   float64 `json:"render"`
				Scripts  []struct {
					Invoker  string  `json:"invoker"`
					Fn       string  `json:"fn"`
					At       int     `json:"at"`
					Duration float64 `json:"duration"`
				} `json:"scripts"`
			} `json:"loafs"`
		}
		evalJSON(p, `(window.__e2e.recordFrames = false, kubeplay.pause().then(() => window.__e2e))`, &probe)
		for _, f := range probe.Loafs {
			if f.Blocking > 0 {
				b.Logf("long frame %.0f ms (blocking %.0f, rendering %.0f): %+v", f.Duration, f.Blocking, f.Render, f.Scripts)
			}
		}
		maxTask, sumTask := 0.0, 0.0
		for _, d := range probe.Longtasks {
			maxTask = max(maxTask, d)
			sumTask += d
		}
		sort.Float64s(probe.Frames)
		p95 := 0.0
		if n := len(probe.Frames); n > 0 {
			p95 = probe.Frames[n*95/100]
		}
		b.ReportMetric(running, "pods-running")
		b.ReportMetric(wall.Seconds(), "wall-s")
		b.ReportMetric(virtual, "virtual-s")
		b.ReportMetric(float64(len(probe.Longtasks)), "longtasks")
		b.ReportMetric(maxTask, "longtask-max-ms")
		b.ReportMetric(sumTask, "longtask-total-ms")
		b.ReportMetric(p95, "frame-p95-ms")
		if running < 1000 {
			b.Logf("only %v of 1000 pods were Running after %v", running, wall)
		}
		p.checkConsole()
		p.cancel()
	}
}

// BenchmarkBrowserSchedulingBasic runs site/bench.html: kube-scheduler's SchedulingBasic (5000 nodes,
// 1000 + 10000 pods) in the page's WebAssembly (in the core's worker), and reports its pods/s.
func BenchmarkBrowserSchedulingBasic(b *testing.B) {
	for i := 0; i < b.N; i++ {
		r := browserScheduling(b)
		b.ReportMetric(r.PodsPerSec, "pods/s")
		b.ReportMetric(r.RetainedPerPod, "retained-B/pod")
	}
}

// browserScheduling runs site/bench.html?run=1 and returns what the page's wasm measured.
func browserScheduling(b *testing.B) seam.BenchResult {
	p := newTab(b, 1000, 700)
	defer p.cancel()
	p.navigate("/bench.html?run=1")
	p.poll(`document.getElementById('result').dataset.done === '1'`, 10*time.Minute)
	if e := eval[string](p, `document.getElementById('result').dataset.error || ''`); e != "" {
		b.Fatalf("bench page: %s", e)
	}
	b.Logf("%s", eval[string](p, `document.getElementById('result').textContent`))
	r := eval[seam.BenchResult](p, `JSON.parse(document.getElementById('result').dataset.json)`)
	p.checkConsole()
	return r
}

// BenchmarkSeekInATenMinuteSession scrubs the timeline as a learner does (the range's change event) in a
// 10-minute session (a Deployment, a scale to 5, a node down and up again) to its start, its middle and its
// end, and reports each seek's wall time until the page has redrawn (the bar's data-seeking is gone and a
// frame painted) and the longest main-thread task while seeking.
func BenchmarkSeekInATenMinuteSession(b *testing.B) {
	p := openTab(b, 1280, 800)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	start := eval[float64](p, `kubeplay.now()`)
	for _, step := range []string{
		`kubeplay.run('kubectl create deployment nginx --image=nginx:1.27 --replicas=2')`,
		`kubeplay.advance('60s')`,
		`kubeplay.run('kubectl scale deployment nginx --replicas=5')`,
		`kubeplay.advance('120s')`,
		`kubeplay.nodeAction('demo-worker', 'down')`,
		`kubeplay.advance('180s')`,
		`kubeplay.nodeAction('demo-worker', 'up')`,
		`kubeplay.advance('240s')`,
	} {
		eval[any](p, step+`.then(() => true)`)
	}
	end := eval[float64](p, `kubeplay.now()`)
	eval[bool](p, `(window.__seek = async (ms) => {
		const bar = document.querySelector('.timeline'), r = document.getElementById('timeline');
		const t0 = performance.now();
		window.__e2e.longtasks = [];
		window.__e2e.recordFrames = true;
		r.value = String(ms);
		r.dispatchEvent(new Event('change'));
		await new Promise((res) => { const f = () => (bar.dataset.seeking ? requestAnimationFrame(f) : requestAnimationFrame(() => res())); requestAnimationFrame(f); });
		return [performance.now() - t0, Math.max(0, ...window.__e2e.longtasks)];
	}, true)`)
	targets := map[string]float64{"start": start + 1000, "middle": (start + end) / 2, "end": end - 1000}
	for _, name := range []string{"start", "middle", "end"} {
		var wall, task float64
		for i := 0; i < b.N; i++ {
			// From the other end each time: the start from the end (a rebuild), the end from the start.
			from := end
			if name == "end" {
				from = start + 1000
			}
			eval[any](p, fmt.Sprintf(`window.__seek(%v)`, from))
			r := eval[[]float64](p, fmt.Sprintf(`window.__seek(%v)`, targets[name]))
			wall += r[0]
			task = max(task, r[1])
		}
		logLongFrames(b, p, "seek to the "+name)
		b.ReportMetric(wall/float64(b.N), "ms-to-"+name)
		b.ReportMetric(task, "longest-task-ms-to-"+name)
	}
	p.checkConsole()
}

// BenchmarkSlowMotionLongTasks plays the default Deployment's Apply in slow motion (at the 10× pace, with
// the diagram, story and caption in step) until both Pods have Started, and reports the main thread's
// longest task and how many went over 50 ms, with the wall time it took.
func BenchmarkSlowMotionLongTasks(b *testing.B) {
	for i := 0; i < b.N; i++ {
		p := openTab(b, 1280, 800)
		eval[bool](p, `kubeplay.pause().then(() => true)`)
		p.click("#apply")
		p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
		eval[bool](p, `(window.__e2e.longtasks = [], window.__e2e.loafs = [], window.__e2e.recordFrames = true, true)`)
		p.do(setSelect("#speed", "10"))
		p.click("#slowmo")
		start := time.Now()
		p.click("#play")
		// Only the applied Deployment's Pods count: kube-system's Pods started before the Apply.
		p.poll(`kubeplay.events().filter(e => e.reason === 'Started' && e.namespace === 'default' && e.object.startsWith('pod/nginx-')).length >= 2`, 5*time.Minute)
		wall := time.Since(start)
		p.click("#play")
		var long []float64
		long = eval[[]float64](p, `window.__e2e.longtasks`)
		over := 0
		for _, d := range long {
			if d > 50 {
				over++
			}
		}
		logLongFrames(b, p, "slow motion")
		b.ReportMetric(float64(slices.Max(append(long, 0))), "longest-task-ms")
		b.ReportMetric(float64(over), "tasks-over-50ms")
		b.ReportMetric(wall.Seconds(), "s-to-started")
		p.cancel()
	}
}

// logLongFrames logs the long animation frames the page recorded since the last call: their scripts name
// what ran (the bundle's character offset: build with KUBEPLAY_UNMINIFIED=1 to read it).
func logLongFrames(b *testing.B, p *tab, what string) {
	loafs := eval[[]struct {
		Duration, Render float64
		Scripts          []struct {
			Invoker  string
			Fn       string
			At       int
			Duration float64
		}
	}](p, `window.__e2e.loafs.splice(0)`)
	for _, l := range loafs {
		b.Logf("%s: a long frame of %.0f ms (render %.0f ms), scripts %+v", what, l.Duration, l.Render, l.Scripts)
	}
}

// BenchmarkBudgets measures, in one run, every figure the page has a budget for, each beside the same run's
// native figure for the same work (this process runs the Go code natively; the page runs it as wasm in its
// worker), and prints them as one table: `./build.sh budgets`.
func BenchmarkBudgets(b *testing.B) {
	const loads = 5
	for it := 0; it < b.N; it++ {
		// Native: the page's first cluster (the seam's reset, as the worker runs it) and SchedulingBasic.
		var nativeReset float64
		for i := 0; i < loads; i++ {
			k := seam.New()
			t0 := time.Now()
			if out := k.Call("reset", []any{`{"seed":1}`}); !strings.Contains(out, `"ok":true`) {
				b.Fatalf("native reset: %s", out)
			}
			nativeReset += float64(time.Since(t0).Microseconds()) / 1e3
		}
		nativeReset /= loads
		native, err := seam.RunSchedulingBench(seam.BenchOptions{Nodes: 5000, InitPods: 1000, Pods: 10000}, time.Now)
		if err != nil {
			b.Fatal(err)
		}
		// The browser: five cold loads (each with a next visit), then bench.html.
		var ready, again, worker float64
		var payload int64
		for i := 0; i < loads; i++ {
			l := coldLoad(b, i, true)
			ready += l.readyMs / loads
			again += l.nextVisitMs / loads
			worker += l.workerMs / loads
			payload = l.payload
		}
		page := browserScheduling(b)
		var fullBr int64
		if st, err := os.Stat(filepath.Join(siteDir, "kubeplay-full.wasm.br")); err == nil {
			fullBr = st.Size()
		}

		rows := []struct {
			what           string
			figure, native float64
			unit, budget   string
			ok             bool
			digits         int
		}{
			{"payload, brotli, everything the first visit downloads", float64(payload) / 1e6, 0, "MB", "≤ 2.0 MB", payload <= 2_000_000, 3},
			{"kubeplay-full.wasm, brotli, once a call needs it (core/lite)", float64(fullBr) / 1e6, 0, "MB", "", true, 3},
			{"cold load to ready, average of 5 fresh browser contexts", ready, 0, "ms", "≤ 1000 ms", ready <= 1000, 0},
			{"next visit to ready (HTTP cache), average of 5", again, 0, "ms", "", true, 0},
			{"first cluster (reset), in the worker vs native", worker, nativeReset, "ms", "", true, 1},
			{"SchedulingBasic 5000 nodes, 10000 pods", page.PodsPerSec, native.PodsPerSec, "pods/s", "≥ 2040 pods/s", page.PodsPerSec >= 2040, 0},
			{"heap retained per measured pod", page.RetainedPerPod, native.RetainedPerPod, "bytes", "≤ 4096 bytes", page.RetainedPerPod <= 4096, 0},
		}
		var t strings.Builder
		fmt.Fprintf(&t, "\n%-58s %12s %12s %8s  %-44s %s\n", "figure", "browser", "native", "ratio", "budget", "")
		for _, r := range rows {
			ratio, nat := "", ""
			if r.native > 0 {
				ratio = fmt.Sprintf("%.2f×", r.figure/r.native)
				nat = fmt.Sprintf("%.*f %s", r.digits, r.native, r.unit)
			}
			mark := ""
			if r.budget != "" {
				mark = map[bool]string{true: "met", false: "NOT MET"}[r.ok]
			}
			fmt.Fprintf(&t, "%-58s %12s %12s %8s  %-44s %s\n", r.what, fmt.Sprintf("%.*f %s", r.digits, r.figure, r.unit), nat, ratio, r.budget, mark)
		}
		b.Log(t.String())
		b.ReportMetric(float64(payload), "payload-br-bytes")
		b.ReportMetric(ready, "ms-to-ready")
		b.ReportMetric(page.PodsPerSec, "pods/s")
		b.ReportMetric(page.PodsPerSec/native.PodsPerSec, "pods/s-vs-native")
		b.ReportMetric(page.RetainedPerPod, "retained-B/pod")
	}
}
