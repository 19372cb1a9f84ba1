package handler

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// Assets fetches a file of the built site.
type Assets interface {
	// Fetch returns the file at path ("/index.html") as a response: 200 with the body, 304 when the
	// request's conditional headers (If-None-Match) match, or 404. The handler copies the body, Content-Type,
	// Content-Encoding, ETag and Last-Modified and sets its own cache and security headers.
	Fetch(ctx context.Context, path string, req http.Header) (*http.Response, error)
}

// copied are the asset response headers the handler passes on.
var copied = []string{"Content-Type", "Content-Encoding", "Content-Length", "ETag", "Last-Modified", "Vary"}

// file serves one file of the site with the cache policy of its name.
func (s *server) file(w http.ResponseWriter, r *http.Request, p string) {
	p = path.Clean("/" + p)
	if strings.HasSuffix(r.URL.Path, "/") || p == "/" {
		p = strings.TrimSuffix(p, "/") + "/index.html"
	}
	if s.Assets == nil {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	resp, err := s.Assets.Fetch(r.Context(), p, r.Header)
	if err != nil {
		s.Logf("kubeplay worker: assets %s: %v", p, err)
		w.Header().Set("Retry-After", strconv.Itoa(RetryAfter))
		http.Error(w, "503 the site is unavailable", http.StatusServiceUnavailable)
		return
	}
	defer resp.Body.Close()
	h := w.Header()
	for _, k := range copied {
		if v := resp.Header.Get(k); v != "" {
			h.Set(k, v)
		}
	}
	switch {
	case resp.StatusCode >= 400:
		h.Set("Cache-Control", CacheNone)
	case IsHashed(p):
		h.Set("Cache-Control", CacheImmutable)
	default:
		h.Set("Cache-Control", CacheRevalidate)
	}
	w.WriteHeader(resp.StatusCode)
	if r.Method != http.MethodHead {
		io.Copy(w, resp.Body)
	}
}

// DirAssets serves a built site directory (dist/site) natively, choosing the precompressed .br or .gz
// variant the request accepts, like Cloudflare's edge does.
type DirAssets string

// Fetch implements Assets.
func (d DirAssets) Fetch(_ context.Context, p string, req http.Header) (*http.Response, error) {
	name := filepath.Join(string(d), filepath.FromSlash(path.Clean("/"+p)))
	if st, err := os.Stat(name); err != nil || st.IsDir() {
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return response(http.StatusNotFound, "text/plain; charset=utf-8", []byte("404 page not found\n")), nil
	}
	ctype := mime.TypeByExtension(path.Ext(p))
	switch {
	case strings.HasSuffix(p, ".wasm"):
		ctype = "application/wasm"
	case ctype == "":
		ctype = "application/octet-stream"
	}
	accept := req.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !strings.Contains(accept, enc.token) {
			continue
		}
		if b, err := os.ReadFile(name + enc.ext); err == nil {
			resp := response(http.StatusOK, ctype, b)
			resp.Header.Set("Content-Encoding", enc.token)
			resp.Header.Set("Vary", "Accept-Encoding")
			return resp, nil
		}
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	resp := response(http.StatusOK, ctype, b)
	resp.Header.Set("Vary", "Accept-Encoding")
	return resp, nil
}

func response(status int, ctype string, body []byte) *http.Response {
	h := http.Header{}
	h.Set("Content-Type", ctype)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	return &http.Response{StatusCode: status, Header: h, Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body))}
}
