package handler

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kubeplay/site/devserver/serve"
	"kubeplay/site/share"
)

// fixture is a handler over a MemKV, a small built site and a settable clock.
type fixture struct {
	t   *testing.T
	kv  *MemKV
	now time.Time
	h   http.Handler
	dir string
}

func newFixture(t *testing.T, writes int) *fixture {
	t.Helper()
	f := &fixture{t: t, kv: NewMemKV(), now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), dir: t.TempDir()}
	for name, body := range map[string]string{
		"index.html":             "<!doctype html><title>kubeplay</title>",
		"app-0123456789ab.js":    "console.log('app')",
		"app-0123456789ab.js.br": "BROTLI",
		"kubeplay.wasm":          "\x00asm",
		"kubeplay.wasm.gz":       "GZIP",
		"course/embed.html":      "<!doctype html><title>embed</title>",
	} {
		p := filepath.Join(f.dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	f.h = New(Config{KV: f.kv, Assets: DirAssets(f.dir), WritesPerWindow: writes, Now: func() time.Time { return f.now }, Logf: t.Logf})
	return f
}

type reply struct {
	code int
	h    http.Header
	body string
}

func (f *fixture) do(method, target, body string, hdr ...string) reply {
	f.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, target, rd)
	req.RemoteAddr = "198.51.100.7:4711"
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	return reply{rec.Code, rec.Header(), rec.Body.String()}
}

func payload(t *testing.T, content string) string {
	t.Helper()
	p, err := share.Encode(&share.State{Files: []share.File{{Name: "deploy.yaml", Content: content}}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (f *fixture) create(p string, hdr ...string) created {
	f.t.Helper()
	r := f.do("POST", "http://kubeplay.example/api/share", p, hdr...)
	if r.code != http.StatusCreated {
		f.t.Fatalf("POST /api/share: %d %s", r.code, r.body)
	}
	var c created
	if err := json.Unmarshal([]byte(r.body), &c); err != nil {
		f.t.Fatalf("201 body %q: %v", r.body, err)
	}
	return c
}

func TestAShareIsStoredUnderItsContentAddressAndReadBackByteForByte(t *testing.T) {
	f := newFixture(t, 0)
	p := payload(t, "kind: Deployment\n# こんにちは\n")
	c := f.create(p)
	if c.ID != ID(p) || len(c.ID) != IDLength {
		t.Fatalf("id %q, want %q (%d chars)", c.ID, ID(p), IDLength)
	}
	if want := "http://kubeplay.example/s/" + c.ID; c.URL != want {
		t.Fatalf("url %q, want %q", c.URL, want)
	}
	r := f.do("GET", "/api/share/"+c.ID, "")
	if r.code != 200 || r.body != p {
		t.Fatalf("GET: %d %q, want 200 %q", r.code, r.body, p)
	}
	if got := r.h.Get("Cache-Control"); got != CacheImmutable {
		t.Errorf("Cache-Control %q, want %q", got, CacheImmutable)
	}
	if got := r.h.Get("Content-Type"); got != "text/plain; charset=utf-8" {
		t.Errorf("Content-Type %q", got)
	}
	if r := f.do("HEAD", "/api/share/"+c.ID, ""); r.code != 200 || r.body != "" {
		t.Errorf("HEAD: %d %q", r.code, r.body)
	}
}

// issue 12: a short link carries a lesson, a journal and the view as they were posted.
func TestAShortLinkKeepsTheLessonJournalAndView(t *testing.T) {
	f := newFixture(t, 0)
	p, err := share.Encode(&share.State{Files: []share.File{}, Seed: 1,
		Lesson:  "apiVersion: kubeplay.dev/v1\nkind: Scenario\nname: mine\n",
		Journal: []byte(`{"version":1,"base":{"seed":1},"entries":[{"steps":0,"t":0,"op":"run","args":["kubectl get pods"]}],"now":1000}`),
		View:    &share.View{Lang: "ja", Tab: "terminal"}})
	if err != nil {
		t.Fatal(err)
	}
	c := f.create(p)
	r := f.do("GET", "/api/share/"+c.ID, "")
	if r.code != 200 || r.body != p {
		t.Fatalf("GET: %d %q, want 200 %q", r.code, r.body, p)
	}
	st, err := share.Decode(r.body)
	if err != nil || st.Lesson == "" || st.Journal == nil || st.View == nil || st.View.Lang != "ja" {
		t.Fatalf("decoded %+v, %v", st, err)
	}
}

func TestSharingTheSameStateTwiceGivesTheSameIDAndWritesOnce(t *testing.T) {
	f := newFixture(t, 0)
	p := payload(t, "same")
	first := f.create(p)
	second := f.create(p + "\n") // a trailing newline from a shell is not part of the payload
	if first != second {
		t.Fatalf("ids differ: %+v vs %+v", first, second)
	}
	if f.kv.Puts != 1 {
		t.Fatalf("%d KV writes, want 1", f.kv.Puts)
	}
	other := f.create(payload(t, "different"))
	if other.ID == first.ID {
		t.Fatal("a different state got the same id")
	}
}

func TestTheAPIRefusesWhatItMust(t *testing.T) {
	f := newFixture(t, 0)
	big := payload(t, strings.Repeat("x", 10))
	big += strings.Repeat("A", MaxBody+1-len(big))
	bomb, _ := share.EncodeJSON([]byte(`{"files":[{"name":"a","content":"` + strings.Repeat("A", 2<<20) + `"}]}`))
	cases := []struct {
		name, method, path, body string
		want                     int
		allow                    string
	}{
		{"a body over 64 KiB is too large", "POST", "/api/share", big, 413, ""},
		{"a body that is not a payload is bad", "POST", "/api/share", "hello", 400, ""},
		{"an empty body is bad", "POST", "/api/share", "", 400, ""},
		{"a payload of another version is bad", "POST", "/api/share", "v2:AAAA", 400, ""},
		{"a deflate bomb is bad", "POST", "/api/share", bomb, 400, ""},
		{"a JSON array is bad", "POST", "/api/share", mustEncodeJSON(t, `[]`), 400, ""},
		{"an unknown id is not found", "GET", "/api/share/AAAAAAAAAAAAAAAA", "", 404, ""},
		{"an id with a dot is malformed", "GET", "/api/share/abc.defghijkl", "", 400, ""},
		{"a short id is malformed", "GET", "/api/share/abc", "", 400, ""},
		{"an over-long id is malformed", "GET", "/api/share/" + strings.Repeat("a", 44), "", 400, ""},
		{"an id with a slash is malformed", "GET", "/api/share/abcdefghijk/x", "", 400, ""},
		{"an empty id is malformed", "GET", "/api/share/", "", 400, ""},
		{"GET on the collection is not allowed", "GET", "/api/share", "", 405, "POST"},
		{"PUT on a share is not allowed", "PUT", "/api/share/AAAAAAAAAAAAAAAA", "v1:", 405, "GET, HEAD"},
		{"DELETE on a share is not allowed", "DELETE", "/api/share/AAAAAAAAAAAAAAAA", "", 405, "GET, HEAD"},
		{"PATCH on the collection is not allowed", "PATCH", "/api/share", "", 405, "POST"},
		{"POST to a page is not allowed", "POST", "/", "x", 405, "GET, HEAD"},
		{"DELETE on a short link page is not allowed", "DELETE", "/s/AAAAAAAAAAAAAAAA", "", 405, "GET, HEAD"},
		{"an unknown API is not found", "GET", "/api/other", "", 404, ""},
		{"an unknown file is not found", "GET", "/nope.js", "", 404, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f.do(c.method, c.path, c.body)
			if r.code != c.want {
				t.Fatalf("%s %s: %d %s, want %d", c.method, c.path, r.code, r.body, c.want)
			}
			if got := r.h.Get("Allow"); got != c.allow {
				t.Errorf("Allow %q, want %q", got, c.allow)
			}
			if strings.Contains(r.body, "<null>") {
				t.Errorf("body %q contains <null>", r.body)
			}
			if strings.HasPrefix(c.path, "/api/") {
				var e struct{ Error string }
				if err := json.Unmarshal([]byte(r.body), &e); err != nil || e.Error == "" {
					t.Errorf("body %q is not {\"error\": ...}", r.body)
				}
			}
		})
	}
	if f.kv.Len() != 0 {
		t.Fatalf("refused requests stored %d keys", f.kv.Len())
	}
}

func mustEncodeJSON(t *testing.T, js string) string {
	p, err := share.EncodeJSON([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestABodyOverTheLimitIsRefusedEvenWithoutAContentLength(t *testing.T) {
	f := newFixture(t, 0)
	req := httptest.NewRequest("POST", "/api/share", io.MultiReader(strings.NewReader("v1:"), strings.NewReader(strings.Repeat("A", 1<<20))))
	req.ContentLength = -1
	rec := httptest.NewRecorder()
	f.h.ServeHTTP(rec, req)
	if rec.Code != 413 {
		t.Fatalf("%d, want 413", rec.Code)
	}
}

func TestAKVOutageAnswers503AndLosesNothing(t *testing.T) {
	f := newFixture(t, 5)
	before := payload(t, "stored before the outage")
	a := f.create(before)
	during := payload(t, "shared during the outage")

	f.kv.SetFail(true)
	for _, r := range []reply{
		f.do("POST", "/api/share", during),
		f.do("GET", "/api/share/"+a.ID, ""),
	} {
		if r.code != 503 || r.h.Get("Retry-After") == "" {
			t.Fatalf("during the outage: %d Retry-After %q, want 503 with Retry-After", r.code, r.h.Get("Retry-After"))
		}
		if strings.Contains(r.body, "<null>") || strings.Contains(r.body, "unavailable") == false {
			t.Errorf("503 body %q", r.body)
		}
	}

	f.kv.SetFail(false)
	if r := f.do("GET", "/api/share/"+a.ID, ""); r.code != 200 || r.body != before {
		t.Fatalf("after the outage the old share reads %d %q", r.code, r.body)
	}
	b := f.create(during)
	if r := f.do("GET", "/api/share/"+b.ID, ""); r.code != 200 || r.body != during {
		t.Fatalf("the retried share reads %d %q", r.code, r.body)
	}
}

func TestWritesAreLimitedPerClientPerWindow(t *testing.T) {
	f := newFixture(t, 3)
	alice := []string{"CF-Connecting-IP", "203.0.113.5"}
	for i := 0; i < 3; i++ {
		f.create(payload(t, "n"+string(rune('0'+i))), alice...)
	}
	f.now = f.now.Add(20 * time.Second)
	r := f.do("POST", "/api/share", payload(t, "one too many"), alice...)
	if r.code != 429 {
		t.Fatalf("4th write in a minute: %d, want 429", r.code)
	}
	if got := r.h.Get("Retry-After"); got != "40" {
		t.Errorf("Retry-After %q, want 40 (the rest of the minute)", got)
	}
	f.create(payload(t, "another client"), "CF-Connecting-IP", "203.0.113.6")
	f.now = f.now.Add(40 * time.Second)
	f.create(payload(t, "next minute"), alice...)
}

func TestIPv6ClientsShareTheLimitOfTheirSlash64(t *testing.T) {
	f := newFixture(t, 1)
	f.create(payload(t, "a"), "CF-Connecting-IP", "2001:db8:1:2::10")
	if r := f.do("POST", "/api/share", payload(t, "b"), "CF-Connecting-IP", "2001:db8:1:2:ffff::1"); r.code != 429 {
		t.Fatalf("same /64: %d, want 429", r.code)
	}
	f.create(payload(t, "c"), "CF-Connecting-IP", "2001:db8:1:3::10")
}

func TestEveryAnswerCarriesTheSecurityHeaders(t *testing.T) {
	f := newFixture(t, 0)
	id := f.create(payload(t, "x")).ID
	cases := []struct {
		name, method, path, body, frame string
	}{
		{"the page", "GET", "/", "", "'self'"},
		{"the page in embed mode", "GET", "/?embed=1", "", "*"},
		{"a short link", "GET", "/s/" + id, "", "'self'"},
		{"a short link in embed mode", "GET", "/s/" + id + "?embed=1", "", "*"},
		{"an embed page", "GET", "/course/embed.html", "", "*"},
		{"a hashed script", "GET", "/app-0123456789ab.js", "", "'self'"},
		{"a payload", "GET", "/api/share/" + id, "", "'self'"},
		{"a create", "POST", "/api/share", payload(t, "y"), "'self'"},
		{"an error", "GET", "/api/share/zz", "", "'self'"},
		{"a 405", "PUT", "/api/share", "", "'self'"},
		{"a 404 file", "GET", "/missing.css", "", "'self'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f.do(c.method, c.path, c.body)
			want := CSP + "; frame-ancestors " + c.frame
			if got := r.h.Get("Content-Security-Policy"); got != want {
				t.Errorf("CSP %q, want %q", got, want)
			}
			if got := r.h.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q", got)
			}
			if got := r.h.Get("Referrer-Policy"); got != ReferrerPolicy {
				t.Errorf("Referrer-Policy %q", got)
			}
		})
	}
}

func TestTheCSPHasTheIssuesDirectives(t *testing.T) {
	for _, d := range []string{"script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "base-uri 'none'"} {
		if !strings.Contains(CSP, d) {
			t.Errorf("CSP %q lacks %q", CSP, d)
		}
	}
}

func TestTheSiteIsServedWithItsCachePolicyAndPrecompressed(t *testing.T) {
	f := newFixture(t, 0)
	id := ID(payload(t, "x"))
	cases := []struct {
		name, path, accept      string
		code                    int
		body, ctype, enc, cache string
		location                string
	}{
		{"the root is index.html, revalidated", "/", "", 200, "<!doctype html><title>kubeplay</title>", "text/html; charset=utf-8", "", CacheRevalidate, ""},
		{"index.html itself", "/index.html", "", 200, "<!doctype html><title>kubeplay</title>", "text/html; charset=utf-8", "", CacheRevalidate, ""},
		{"a short link opens the playground", "/s/" + id, "gzip", 200, "<!doctype html><title>kubeplay</title>", "text/html; charset=utf-8", "", CacheRevalidate, ""},
		{"a malformed short link still opens the playground", "/s/nope", "", 200, "<!doctype html><title>kubeplay</title>", "text/html; charset=utf-8", "", CacheRevalidate, ""},
		{"a relative asset under /s/ is redirected to the root", "/s/app-0123456789ab.js?v=1", "", 308, "", "", "", CacheImmutable, "/app-0123456789ab.js?v=1"},
		{"a hashed script for a year, brotli", "/app-0123456789ab.js", "gzip, br", 200, "BROTLI", "text/javascript; charset=utf-8", "br", CacheImmutable, ""},
		{"the wasm gzipped", "/kubeplay.wasm", "gzip", 200, "GZIP", "application/wasm", "gzip", CacheRevalidate, ""},
		{"the wasm as is", "/kubeplay.wasm", "", 200, "\x00asm", "application/wasm", "", CacheRevalidate, ""},
		{"a missing file", "/missing.js", "", 404, "404 page not found\n", "text/plain; charset=utf-8", "", CacheNone, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := f.do("GET", c.path, "", "Accept-Encoding", c.accept)
			if r.code != c.code {
				t.Fatalf("%d, want %d", r.code, c.code)
			}
			if c.location != "" {
				if got := r.h.Get("Location"); got != c.location {
					t.Errorf("Location %q, want %q", got, c.location)
				}
			} else if r.body != c.body {
				t.Errorf("body %q, want %q", r.body, c.body)
			}
			if c.ctype != "" && r.h.Get("Content-Type") != c.ctype {
				t.Errorf("Content-Type %q, want %q", r.h.Get("Content-Type"), c.ctype)
			}
			if got := r.h.Get("Content-Encoding"); got != c.enc {
				t.Errorf("Content-Encoding %q, want %q", got, c.enc)
			}
			if got := r.h.Get("Cache-Control"); got != c.cache {
				t.Errorf("Cache-Control %q, want %q", got, c.cache)
			}
		})
	}
}

func TestAMissingKeyReadAsNullIsNotFound(t *testing.T) {
	stored := map[string]string{}
	kv := StringKV{
		// syumai/workers' GetString stringifies JS null.
		GetString: func(key string) (string, error) {
			if v, ok := stored[key]; ok {
				return v, nil
			}
			return "<null>", nil
		},
		PutString: func(key, value string, _ int) error { stored[key] = value; return nil },
	}
	h := New(Config{KV: kv})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/share/AAAAAAAAAAAAAAAA", nil))
	if rec.Code != 404 || strings.Contains(rec.Body.String(), "<null>") {
		t.Fatalf("missing key: %d %q, want 404 without <null>", rec.Code, rec.Body.String())
	}
	p := payload(t, "x")
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/share", strings.NewReader(p)))
	if rec.Code != 201 || stored[keyPrefix+ID(p)] != p {
		t.Fatalf("POST through StringKV: %d, stored %q", rec.Code, stored[keyPrefix+ID(p)])
	}
}

func TestTheWorkerAndTheDevServerSendTheSameCSP(t *testing.T) {
	if serve.CSP != CSP {
		t.Fatalf("site/devserver's CSP %q differs from the worker's %q: the browser tests would run under another policy", serve.CSP, CSP)
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{
		"AAAAAAAAAAA":              true,
		"ogH3JibSmVmUqVAy":         true,
		"abc-_DEF123":              true,
		"AAAAAAAAAA":               false,
		strings.Repeat("a", 43):    true,
		strings.Repeat("a", 44):    false,
		"abc.defghijk":             false,
		"abc+defghijk":             false,
		"%3Cnull%3E":               false,
		"AAAAAAAAAAAAAAAA<script>": false,
	} {
		if got := ValidID(id); got != want {
			t.Errorf("ValidID(%q) = %v, want %v", id, got, want)
		}
	}
}

func BenchmarkCreateAndGet(b *testing.B) {
	kv := NewMemKV()
	h := New(Config{KV: kv})
	p, _ := share.Encode(&share.State{Files: []share.File{{Name: "deploy.yaml", Content: strings.Repeat("kind: Deployment\n", 100)}}})
	id := ID(p)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/share", strings.NewReader(p)))
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/share/"+id, nil))
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
	b.ReportMetric(float64(len(p)), "payload-bytes")
}
