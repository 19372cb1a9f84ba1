// Package serve is the playground's static file handler, shared by the devserver command and the
// browser tests (site/e2e): precompressed brotli or gzip when the browser accepts it, the right
// Content-Type for every file, no-cache for HTML and long caching for content-hashed assets, and the
// same security headers as the worker.
package serve

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// hashed matches content-hashed asset names such as app-3f9a1c2b.js.
var hashed = regexp.MustCompile(`-[0-9a-f]{8,}\.(js|css|wasm)$`)

// CSP is the playground's Content-Security-Policy (shared with the worker).
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'"

// Handler serves dir with precompressed variants.
func Handler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := path.Clean("/" + r.URL.Path)
		if strings.HasSuffix(p, "/") {
			p += "index.html"
		}
		file := filepath.Join(dir, filepath.FromSlash(p))
		st, err := os.Stat(file)
		if err == nil && st.IsDir() {
			p = path.Join(p, "index.html")
			file = filepath.Join(dir, filepath.FromSlash(p))
			st, err = os.Stat(file)
		}
		if err != nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		ctype := mime.TypeByExtension(path.Ext(p))
		if strings.HasSuffix(p, ".wasm") {
			ctype = "application/wasm"
		}
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		h.Set("Content-Type", ctype)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		frame := "'self'"
		if r.URL.Query().Get("embed") == "1" || strings.Contains(p, "embed") {
			frame = "*"
		}
		h.Set("Content-Security-Policy", CSP+"; frame-ancestors "+frame)
		switch {
		case strings.HasSuffix(p, ".html"):
			h.Set("Cache-Control", "no-cache")
		case hashed.MatchString(p):
			h.Set("Cache-Control", "public, max-age=31536000, immutable")
		default:
			h.Set("Cache-Control", "no-cache")
		}
		h.Add("Vary", "Accept-Encoding")
		accept := r.Header.Get("Accept-Encoding")
		for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if strings.Contains(accept, enc.token) {
				if _, err := os.Stat(file + enc.ext); err == nil {
					h.Set("Content-Encoding", enc.token)
					file += enc.ext
					break
				}
			}
		}
		http.ServeFile(w, r, file)
	})
}
