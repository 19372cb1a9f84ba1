package serve

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestServesPrecompressedVariantsWithTheRightHeaders(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<html>plain</html>")
	write("kubeplay.wasm", "plain-wasm")
	write("kubeplay.wasm.br", "brotli-wasm")
	write("kubeplay.wasm.gz", "gzip-wasm")
	write("app-0123456789ab.js", "js")
	srv := httptest.NewServer(Handler(dir))
	defer srv.Close()

	cases := []struct {
		name, path, accept, wantBody, wantType, wantEnc, wantCache string
	}{
		{"brotli preferred", "/kubeplay.wasm", "gzip, deflate, br", "brotli-wasm", "application/wasm", "br", "no-cache"},
		{"gzip when no brotli", "/kubeplay.wasm", "gzip", "gzip-wasm", "application/wasm", "gzip", "no-cache"},
		{"identity otherwise", "/kubeplay.wasm", "", "plain-wasm", "application/wasm", "", "no-cache"},
		{"index for the root", "/", "", "<html>plain</html>", "text/html; charset=utf-8", "", "no-cache"},
		{"hashed assets cached long", "/app-0123456789ab.js", "", "js", "text/javascript; charset=utf-8", "", "public, max-age=31536000, immutable"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", srv.URL+c.path, nil)
			req.Header.Set("Accept-Encoding", c.accept)
			tr := &http.Transport{DisableCompression: true}
			resp, err := tr.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			buf := make([]byte, 100)
			n, _ := resp.Body.Read(buf)
			if got := string(buf[:n]); got != c.wantBody {
				t.Errorf("body %q, want %q", got, c.wantBody)
			}
			if got := resp.Header.Get("Content-Type"); got != c.wantType {
				t.Errorf("Content-Type %q, want %q", got, c.wantType)
			}
			if got := resp.Header.Get("Content-Encoding"); got != c.wantEnc {
				t.Errorf("Content-Encoding %q, want %q", got, c.wantEnc)
			}
			if got := resp.Header.Get("Cache-Control"); got != c.wantCache {
				t.Errorf("Cache-Control %q, want %q", got, c.wantCache)
			}
			if resp.Header.Get("Content-Security-Policy") == "" {
				t.Error("no Content-Security-Policy")
			}
		})
	}
}

func TestUnknownPathsAre404AndOtherMethods405(t *testing.T) {
	srv := httptest.NewServer(Handler(t.TempDir()))
	defer srv.Close()
	resp, _ := http.Get(srv.URL + "/nope.js")
	if resp.StatusCode != 404 {
		t.Fatalf("GET unknown: %d, want 404", resp.StatusCode)
	}
	resp, _ = http.Post(srv.URL+"/", "text/plain", nil)
	if resp.StatusCode != 405 {
		t.Fatalf("POST: %d, want 405", resp.StatusCode)
	}
}
