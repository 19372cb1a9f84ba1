package handler

import (
	"encoding/json"
	"log"
	"net/http"
	"strings"
	"time"
)

// Config wires the handler to its store, its files and its limits.
type Config struct {
	// KV keeps the shares (and the rate-limit counters). Required.
	KV KV
	// Assets serves the built site; nil answers 404 for every file.
	Assets Assets
	// WritesPerWindow is how many POST /api/share one client may make per RateWindow; 0 means no limit.
	WritesPerWindow int
	// RateWindow is the rate limit's window; 0 means one minute (Workers KV's shortest expiry is 60 s).
	RateWindow time.Duration
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logf reports store failures; nil means log.Printf.
	Logf func(format string, args ...any)
}

// Limits of the share API.
const (
	MaxBody    = 64 << 10 // bytes of a POST /api/share body
	IDLength   = 16       // characters of a new id: 96 bits of SHA-256, base64url
	MinIDChars = 11       // shortest id GET accepts (the floor: 66 bits)
	MaxIDChars = 43       // a whole SHA-256 in base64url
	RetryAfter = 10       // seconds, sent with 503 when KV fails
)

type server struct {
	Config
}

// New returns the worker's http.Handler.
func New(cfg Config) http.Handler {
	if cfg.RateWindow <= 0 {
		cfg.RateWindow = time.Minute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = log.Printf
	}
	return &server{cfg}
}

// ServeHTTP routes a request. Every answer carries the security headers.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	setSecurity(w.Header(), FrameAncestors(r))
	switch {
	case p == "/api/share":
		if r.Method != http.MethodPost {
			methodNotAllowed(w, "POST")
			return
		}
		s.create(w, r)
	case strings.HasPrefix(p, "/api/share/"):
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, "GET, HEAD")
			return
		}
		s.get(w, r, strings.TrimPrefix(p, "/api/share/"))
	case strings.HasPrefix(p, "/api/"):
		writeError(w, http.StatusNotFound, "no such API: "+p)
	case strings.HasPrefix(p, "/s/"):
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, "GET, HEAD")
			return
		}
		s.page(w, r, strings.TrimPrefix(p, "/s/"))
	default:
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			methodNotAllowed(w, "GET, HEAD")
			return
		}
		s.file(w, r, p)
	}
}

// page serves the playground for /s/{id}: index.html, whose script reads the id from the path and fetches
// /api/share/{id}. A malformed or unknown id still gets the page (it shows the error and opens the default
// scenario, never a blank page). A relative asset URL resolved against /s/{id} (/s/app.js) is redirected to
// the site root, so index.html works here whether it links its files absolutely or not.
func (s *server) page(w http.ResponseWriter, r *http.Request, rest string) {
	if strings.ContainsAny(rest, "./") {
		target := "/" + rest
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		w.Header().Set("Cache-Control", CacheImmutable)
		http.Redirect(w, r, target, http.StatusPermanentRedirect)
		return
	}
	s.file(w, r, "/index.html")
}

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if h.Get("Cache-Control") == "" {
		h.Set("Cache-Control", CacheNone)
	}
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// writeError answers {"error": msg}.
func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

func methodNotAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	writeError(w, http.StatusMethodNotAllowed, "method not allowed (allowed: "+allow+")")
}
