//go:build !(js && wasm)

package main

// End to end against the real Workers runtime: wrangler dev --local (workerd, local KV, local assets).
// Skipped unless KUBEPLAY_DIST points at a build (./build.sh test sets it) and site/worker/node_modules exists.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"kubeplay/site/share"
	"kubeplay/site/worker/handler"
)

// wrangler is one `wrangler dev --local` in its own process group.
type wrangler struct {
	t    *testing.T
	cmd  *exec.Cmd
	base string
	out  *lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func freePort(t *testing.T) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// startWrangler runs wrangler dev with config (relative to site/worker) and waits until / answers.
func startWrangler(t *testing.T, config, site, persist string) *wrangler {
	t.Helper()
	port := freePort(t)
	w := &wrangler{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", port), out: &lockedBuffer{}}
	w.cmd = exec.Command("npx", "wrangler", "dev", "--local", "-c", config, "--ip", "127.0.0.1",
		"--port", fmt.Sprint(port), "--inspector-port", fmt.Sprint(freePort(t)), "--persist-to", persist,
		"--show-interactive-dev-session=false", "--log-level", "warn")
	w.cmd.Env = append(os.Environ(), "WRANGLER_SEND_METRICS=false", "CLOUDFLARE_CF_FETCH_ENABLED=false", "CI=true",
		"KUBEPLAY_SITE="+site, "NO_COLOR=1")
	w.cmd.Stdout, w.cmd.Stderr = w.out, w.out
	w.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := w.cmd.Start(); err != nil {
		t.Fatalf("npx wrangler dev: %v", err)
	}
	exited := make(chan error, 1)
	go func() { exited <- w.cmd.Wait() }()
	t.Cleanup(func() { w.stop(exited) })
	// Ask again every second until the worker answers, wrangler exits or 4 minutes pass.
	deadline := time.After(4 * time.Minute)
	for {
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("wrangler dev exited (%v):\n%s", err, w.out.String())
		case <-deadline:
			t.Fatalf("wrangler dev did not become ready:\n%s", w.out.String())
		case <-time.After(time.Second):
		}
		if resp, err := http.Get(w.base + "/"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return w
			}
		}
	}
}

// stop ends wrangler's whole process group (npx, node, workerd).
func (w *wrangler) stop(exited chan error) {
	if w.cmd.Process == nil {
		return
	}
	pgid := w.cmd.Process.Pid
	syscall.Kill(-pgid, syscall.SIGTERM)
	select {
	case <-exited:
	case <-time.After(10 * time.Second):
		syscall.Kill(-pgid, syscall.SIGKILL)
		<-exited
	}
	// workerd may outlive its parent for a moment; make sure nothing of the group is left.
	syscall.Kill(-pgid, syscall.SIGKILL)
	if w.t.Failed() {
		w.t.Logf("wrangler output:\n%s", w.out.String())
	}
}

type answer struct {
	code int
	h    http.Header
	body string
}

func (w *wrangler) do(method, path, body string, hdr ...string) answer {
	w.t.Helper()
	req, err := http.NewRequest(method, w.base+path, strings.NewReader(body))
	if err != nil {
		w.t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		w.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(b)}
}

func (w *wrangler) create(p string, hdr ...string) (id, u string) {
	w.t.Helper()
	a := w.do("POST", "/api/share", p, hdr...)
	if a.code != 201 {
		w.t.Fatalf("POST /api/share: %d %s", a.code, a.body)
	}
	var c struct{ ID, URL string }
	if err := json.Unmarshal([]byte(a.body), &c); err != nil {
		w.t.Fatalf("201 body %q: %v", a.body, err)
	}
	return c.ID, c.URL
}

// cannotSetUp fails the test inside ./build.sh test (KUBEPLAY_REQUIRE_BROWSER=1, as in CI) and skips it
// elsewhere: a test that cannot set up never passes silently where every test must run.
func cannotSetUp(t *testing.T, reason string) {
	t.Helper()
	if os.Getenv("KUBEPLAY_REQUIRE_BROWSER") == "1" {
		t.Fatal("the worker test cannot set up: " + reason)
	}
	t.Skip(reason)
}

// e2eSetup needs a built site and wrangler.
func e2eSetup(t *testing.T) (site string) {
	dist := os.Getenv("KUBEPLAY_DIST")
	if dist == "" {
		cannotSetUp(t, "KUBEPLAY_DIST is not set (./build.sh test sets it)")
	}
	if _, err := os.Stat("node_modules/.bin/wrangler"); err != nil {
		cannotSetUp(t, "site/worker/node_modules is missing (npm ci in site/worker)")
	}
	site, _ = filepath.Abs(filepath.Join(dist, "site"))
	if _, err := os.Stat(filepath.Join(site, "index.html")); err != nil {
		cannotSetUp(t, site+" has no index.html: the site is not built")
	}
	return site
}

func TestWorkerEndToEndUnderWranglerDev(t *testing.T) {
	site := e2eSetup(t)
	persist := t.TempDir()
	w := startWrangler(t, "wrangler.toml", site, persist)

	st := &share.State{Files: []share.File{{Name: "deploy.yaml", Content: "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n"}}, Scenario: "", Seed: 7, Step: 0}
	p, err := share.Encode(st)
	if err != nil {
		t.Fatal(err)
	}
	id, u := w.create(p)
	if id != handler.ID(p) || u != w.base+"/s/"+id {
		t.Fatalf("201 {id %q url %q}, want {%q %q}", id, u, handler.ID(p), w.base+"/s/"+id)
	}
	if again, _ := w.create(p); again != id {
		t.Fatalf("the same payload got id %q, then %q", id, again)
	}

	t.Run("GET returns the same bytes", func(t *testing.T) {
		a := w.do("GET", "/api/share/"+id, "")
		if a.code != 200 || a.body != p {
			t.Fatalf("%d %q, want 200 %q", a.code, a.body, p)
		}
	})

	big := p + strings.Repeat("A", handler.MaxBody)
	errorsCases := []struct {
		name, method, path, body string
		want                     int
	}{
		{"an unknown id is 404", "GET", "/api/share/AAAAAAAAAAAAAAAA", "", 404},
		{"a malformed id is 400", "GET", "/api/share/not.an.id", "", 400},
		{"a bad payload is 400", "POST", "/api/share", "v1:!!", 400},
		{"PUT on a share is 405", "PUT", "/api/share/" + id, p, 405},
		{"GET on the collection is 405", "GET", "/api/share", "", 405},
		{"POST to the page is 405", "POST", "/", "x", 405},
		{"a body over 64 KiB is 413", "POST", "/api/share", big, 413},
	}
	for _, c := range errorsCases {
		t.Run(c.name, func(t *testing.T) {
			a := w.do(c.method, c.path, c.body)
			if a.code != c.want {
				t.Fatalf("%s %s: %d %s, want %d", c.method, c.path, a.code, a.body, c.want)
			}
			if strings.Contains(a.body, "<null>") {
				t.Fatalf("body %q", a.body)
			}
		})
	}

	t.Run("every page carries the CSP", func(t *testing.T) {
		paths := []string{"/", "/?embed=1", "/s/" + id, "/api/share/" + id, "/api/share/AAAAAAAAAAAAAAAA"}
		if f := someFile(site, ".js"); f != "" {
			paths = append(paths, f)
		}
		for _, path := range paths {
			a := w.do("GET", path, "")
			csp := a.h.Get("Content-Security-Policy")
			if !strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") || !strings.Contains(csp, "object-src 'none'") || !strings.Contains(csp, "base-uri 'none'") {
				t.Errorf("GET %s: CSP %q", path, csp)
			}
			want := "frame-ancestors 'self'"
			if strings.Contains(path, "embed=1") {
				want = "frame-ancestors *"
			}
			if !strings.HasSuffix(csp, want) {
				t.Errorf("GET %s: CSP %q does not end with %q", path, csp, want)
			}
			if a.h.Get("X-Content-Type-Options") != "nosniff" || a.h.Get("Referrer-Policy") == "" {
				t.Errorf("GET %s: nosniff %q Referrer-Policy %q", path, a.h.Get("X-Content-Type-Options"), a.h.Get("Referrer-Policy"))
			}
		}
	})

	t.Run("the site is served compressed with its cache policy", func(t *testing.T) {
		a := w.do("GET", "/", "", "Accept-Encoding", "gzip")
		if a.h.Get("Cache-Control") != handler.CacheRevalidate {
			t.Errorf("index.html Cache-Control %q", a.h.Get("Cache-Control"))
		}
		f := someFile(site, ".js")
		if f == "" {
			t.Fatal("the built site has no .js file")
		}
		a = w.do("GET", f, "", "Accept-Encoding", "gzip, br")
		if a.code != 200 || a.h.Get("Content-Encoding") == "" {
			t.Errorf("GET %s: %d, Content-Encoding %q: want a compressed 200", f, a.code, a.h.Get("Content-Encoding"))
		}
		want := handler.CacheRevalidate
		if handler.IsHashed(f) {
			want = handler.CacheImmutable
		}
		if got := a.h.Get("Cache-Control"); got != want {
			t.Errorf("GET %s: Cache-Control %q, want %q", f, got, want)
		}
	})

	t.Run("too many writes from one client are 429", func(t *testing.T) {
		flood := []string{"CF-Connecting-IP", "198.51.100.99"}
		got429 := false
		// The limit is 30 writes in a fixed one-minute window: writes made while the minute turns count in
		// two windows, so 40 could stay under it in both. 61 writes made within a minute span at most two
		// windows, and one of them goes over.
		for i := 0; i < 61 && !got429; i++ {
			q, _ := share.Encode(&share.State{Files: []share.File{{Name: "f.yaml", Content: fmt.Sprint(i)}}})
			a := w.do("POST", "/api/share", q, flood...)
			switch a.code {
			case 201:
			case 429:
				got429 = a.h.Get("Retry-After") != ""
			default:
				t.Fatalf("write %d: %d %s", i, a.code, a.body)
			}
		}
		if !got429 {
			t.Fatal("61 writes in a row were never limited (429 with Retry-After)")
		}
		w.create(p, "CF-Connecting-IP", "198.51.100.100") // another client is not affected
	})

	t.Run("a short link opens the stored state in the browser", func(t *testing.T) {
		browserOpensShortLink(t, w.base, id, p, st)
	})

	t.Run("a failing KV answers 503 and nothing is lost", func(t *testing.T) {
		kvOutage(t, w, site, persist, id, p)
	})
}

// someFile returns the URL path of some file of the built site with the extension, preferring hashed ones.
func someFile(site, ext string) string {
	var first, hashed string
	filepath.WalkDir(site, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ext {
			return nil
		}
		rel, _ := filepath.Rel(site, p)
		u := "/" + filepath.ToSlash(rel)
		if first == "" {
			first = u
		}
		if hashed == "" && handler.IsHashed(u) {
			hashed = u
		}
		return nil
	})
	if hashed != "" {
		return hashed
	}
	return first
}

// kvOutage restarts the worker without its KV binding on the same local storage (the Go worker answers
// every share request 503 then), and once more with it: what was stored before is still there.
func kvOutage(t *testing.T, running *wrangler, site, persist, id, p string) {
	cfg, err := os.ReadFile("wrangler.toml")
	if err != nil {
		t.Fatal(err)
	}
	// The derived configs live next to the built worker and skip [build] (already built).
	derive := func(name string, withKV bool) string {
		s := string(cfg)
		if i := strings.Index(s, "[build]"); i >= 0 {
			j := strings.Index(s[i:], "\n[")
			s = s[:i] + s[i+j+1:]
		}
		if !withKV {
			i := strings.Index(s, "[[kv_namespaces]]")
			j := strings.Index(s[i:], "\n[")
			s = s[:i] + s[i+j+1:]
		}
		s = strings.Replace(s, `main = "build/worker.mjs"`, `main = "worker.mjs"`, 1)
		s = strings.Replace(s, `directory = "build/site"`, `directory = "site"`, 1)
		path := filepath.Join("build", name)
		if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Remove(path) })
		return path
	}
	down, up := derive("wrangler.e2e-kv-down.toml", false), derive("wrangler.e2e-kv-up.toml", true)

	q, _ := share.Encode(&share.State{Files: []share.File{{Name: "during-outage.yaml", Content: "x"}}})
	w := startWrangler(t, down, site, persist)
	for _, a := range []answer{w.do("POST", "/api/share", q), w.do("GET", "/api/share/"+id, "")} {
		if a.code != 503 || a.h.Get("Retry-After") == "" {
			t.Fatalf("during the outage: %d Retry-After %q, want 503 with Retry-After (%s)", a.code, a.h.Get("Retry-After"), a.body)
		}
	}
	if a := w.do("GET", "/", ""); a.code != 200 {
		t.Fatalf("the page during the outage: %d", a.code)
	}

	w2 := startWrangler(t, up, site, persist)
	if a := w2.do("GET", "/api/share/"+id, ""); a.code != 200 || a.body != p {
		t.Fatalf("after the outage: %d %q, want the stored payload", a.code, a.body)
	}
	qid, _ := w2.create(q)
	if a := w2.do("GET", "/api/share/"+qid, ""); a.body != q {
		t.Fatalf("the retried share reads %q", a.body)
	}
}

// browserOpensShortLink opens /s/{id} in headless Chromium and checks that the page fetched the payload and,
// when the UI restores shared state, that it holds the shared files. No CSP violation may be reported.
func browserOpensShortLink(t *testing.T, base, id, payload string, want *share.State) {
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		cannotSetUp(t, "no /usr/bin/chromium")
	}
	udd := t.TempDir()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath("/usr/bin/chromium"), chromedp.NoSandbox,
		chromedp.Headless, chromedp.Flag("disable-gpu", true), chromedp.UserDataDir(udd), chromedp.WindowSize(1280, 800))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel2 := chromedp.NewContext(actx)
	defer cancel2()
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel3()

	var mu sync.Mutex
	var reqID network.RequestID
	status, finished := 0, false
	loaded := make(chan struct{}) // closed when the page's GET /api/share/{id} has finished loading
	var problems []string
	chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventResponseReceived:
			if strings.HasSuffix(e.Response.URL, "/api/share/"+id) {
				reqID, status = e.RequestID, int(e.Response.Status)
			}
		case *network.EventLoadingFinished:
			if e.RequestID == reqID && !finished {
				finished = true
				close(loaded)
			}
		case *cdplog.EventEntryAdded:
			if strings.Contains(e.Entry.Text, "Content Security Policy") || strings.Contains(e.Entry.Text, "Content-Security-Policy") {
				problems = append(problems, e.Entry.Text)
			}
		case *runtime.EventConsoleAPICalled:
			for _, a := range e.Args {
				if s := string(a.Value) + a.Description; strings.Contains(s, "Content Security Policy") {
					problems = append(problems, s)
				}
			}
		}
	})
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"/s/"+id)); err != nil {
		t.Fatal(err)
	}
	// Wait for the page's own request to GET /api/share/{id}.
	select {
	case <-loaded:
	case <-time.After(20 * time.Second):
	}
	mu.Lock()
	rid, st, done := reqID, status, finished
	mu.Unlock()
	if !done {
		// The UI does not load short links yet (site/src/shortlink.js is not imported by main.js). Check what
		// it would: the page, under its CSP, can read the payload from its own origin.
		t.Logf("the page did not request /api/share/%s itself; fetching it from the page", id)
		got, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`fetch("/api/share/%s").then(r => r.text())`, id), chromedp.EvalAwaitPromise))
		if err != nil || got != payload {
			t.Fatalf("in-page fetch: %v %q, want %q", err, got, payload)
		}
	} else {
		if st != 200 {
			t.Fatalf("the page's GET /api/share/%s: %d", id, st)
		}
		res, err := chromedp.Run(ctx, chromedp.Action[network.GetResponseBodyResult](func(ctx context.Context, tg *chromedp.Target) (network.GetResponseBodyResult, error) {
			return cdp.Call(ctx, tg, network.GetResponseBody, network.GetResponseBodyParams{RequestID: rid})
		}))
		if err != nil || string(res.Body) != payload {
			t.Fatalf("the page received %q (%v), want %q", res.Body, err, payload)
		}
		restoredState(t, ctx, want)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(problems) > 0 {
		t.Fatalf("CSP violations:\n%s", strings.Join(problems, "\n"))
	}
}

// restoredState compares window.kubeplay.shareURL()'s state with want, when the page offers it.
func restoredState(t *testing.T, ctx context.Context, want *share.State) {
	js := `new Promise(res => { const t0 = Date.now(); (function poll() {
		const k = window.kubeplay;
		if (k && typeof k.shareURL === "function") { Promise.resolve(k.ready).then(() => setTimeout(() => Promise.resolve(k.shareURL()).then(u => res(String(u)), () => res("")), 500)); return; }
		if (k && Date.now() - t0 > 5000 || Date.now() - t0 > 20000) { res(""); return; }
		setTimeout(poll, 200); })(); })`
	link, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if link == "" {
		t.Log("window.kubeplay.shareURL is not available: the restored state is not compared")
		return
	}
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("shareURL() = %q: %v", link, err)
	}
	got, err := share.Decode(u.Fragment)
	if err != nil {
		t.Fatalf("shareURL() = %q: %v", link, err)
	}
	if !reflect.DeepEqual(got.Files, want.Files) || got.Seed != want.Seed {
		t.Fatalf("the page holds %+v, want %+v", got, want)
	}
}
