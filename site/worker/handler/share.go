package handler

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"net/http"
	"strconv"
	"strings"

	"kubeplay/site/share"
)

// keyPrefix namespaces shares in KV.
const keyPrefix = "share:"

// ID is the content address of a payload: base64url (no padding) of its SHA-256, cut to IDLength
// characters. The same payload always gets the same id, so sharing twice writes nothing new.
func ID(payload string) string {
	sum := sha256.Sum256([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:IDLength]
}

// ValidID reports whether id looks like an id (base64url, MinIDChars..MaxIDChars characters).
func ValidID(id string) bool {
	if len(id) < MinIDChars || len(id) > MaxIDChars {
		return false
	}
	for _, c := range id {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// created is the 201 answer of POST /api/share.
type created struct {
	ID  string `json:"id"`
	URL string `json:"url"`
}

// create stores a payload. Order: size (413) before reading, then the client's rate (429), then the
// payload (400), then KV (503). A payload already stored is not written again.
func (s *server) create(w http.ResponseWriter, r *http.Request) {
	if r.ContentLength > MaxBody {
		writeError(w, http.StatusRequestEntityTooLarge, "a share payload is at most 64 KiB")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBody+1))
	if err != nil {
		writeError(w, http.StatusBadRequest, "reading the body: "+err.Error())
		return
	}
	if len(body) > MaxBody {
		writeError(w, http.StatusRequestEntityTooLarge, "a share payload is at most 64 KiB")
		return
	}
	if ok, retry, err := s.allow(r); err != nil {
		s.unavailable(w, "rate limit", err)
		return
	} else if !ok {
		w.Header().Set("Retry-After", strconv.Itoa(retry))
		writeError(w, http.StatusTooManyRequests, "too many shares from this address; try again in "+strconv.Itoa(retry)+" s")
		return
	}
	payload := strings.TrimSpace(string(body))
	if _, err := share.Decode(payload); err != nil {
		writeError(w, http.StatusBadRequest, "not a valid share payload: "+err.Error())
		return
	}
	id := ID(payload)
	key := keyPrefix + id
	_, exists, err := s.KV.Get(r.Context(), key)
	if err != nil {
		s.unavailable(w, "get "+key, err)
		return
	}
	if !exists {
		if err := s.KV.Put(r.Context(), key, payload, 0); err != nil {
			s.unavailable(w, "put "+key, err)
			return
		}
	}
	u := shortURL(r, id)
	w.Header().Set("Location", u)
	writeJSON(w, http.StatusCreated, created{ID: id, URL: u})
}

// get answers the payload stored under id, byte for byte.
func (s *server) get(w http.ResponseWriter, r *http.Request, id string) {
	if !ValidID(id) {
		writeError(w, http.StatusBadRequest, "malformed share id")
		return
	}
	v, ok, err := s.KV.Get(r.Context(), keyPrefix+id)
	if err != nil {
		s.unavailable(w, "get "+keyPrefix+id, err)
		return
	}
	if !ok {
		writeError(w, http.StatusNotFound, "no share with id "+id)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Cache-Control", CacheImmutable)
	h.Set("Content-Length", strconv.Itoa(len(v)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		io.WriteString(w, v)
	}
}

// unavailable answers 503 with Retry-After when the store fails; the page then keeps the fragment link.
func (s *server) unavailable(w http.ResponseWriter, what string, err error) {
	s.Logf("kubeplay worker: KV %s: %v", what, err)
	w.Header().Set("Retry-After", strconv.Itoa(RetryAfter))
	writeError(w, http.StatusServiceUnavailable, "short links are unavailable right now; use the long link")
}

// shortURL is the absolute /s/{id} URL on the host the request came to.
func shortURL(r *http.Request, id string) string {
	scheme := r.URL.Scheme
	if scheme == "" {
		scheme = "http"
		if r.TLS != nil || r.Header.Get("X-Forwarded-Proto") == "https" {
			scheme = "https"
		}
	}
	host := r.URL.Host
	if host == "" {
		host = r.Host
	}
	return scheme + "://" + host + "/s/" + id
}
