package handler

import (
	"net/http"
	"regexp"
	"strings"
)

// CSP is the playground's Content-Security-Policy without frame-ancestors. It is the same policy as
// site/devserver's (a test keeps the two equal), so the browser tests run under what Cloudflare serves.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'"

// ReferrerPolicy keeps share ids out of other sites' logs: cross-origin requests see only the origin.
const ReferrerPolicy = "strict-origin-when-cross-origin"

// Cache-Control values.
const (
	CacheImmutable  = "public, max-age=31536000, immutable" // content-hashed files and content-addressed shares
	CacheRevalidate = "no-cache"                            // index.html and other unhashed files
	CacheNone       = "no-store"                            // API answers that may change
)

// hashed matches content-hashed asset names such as app-3f9a1c2b.js (site/devserver uses the same rule).
var hashed = regexp.MustCompile(`-[0-9a-f]{8,}\.(js|css|wasm)$`)

// IsHashed reports whether a path names a content-hashed file, which may be cached for a year.
func IsHashed(path string) bool { return hashed.MatchString(path) }

// FrameAncestors is 'self' for the full page and * for the embed mode (?embed=1, or an embed page), which
// course pages anywhere put in an iframe.
func FrameAncestors(r *http.Request) string {
	if r.URL.Query().Get("embed") == "1" || strings.Contains(r.URL.Path, "embed") {
		return "*"
	}
	return "'self'"
}

// setSecurity sets the headers every response carries.
func setSecurity(h http.Header, frameAncestors string) {
	h.Set("Content-Security-Policy", CSP+"; frame-ancestors "+frameAncestors)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", ReferrerPolicy)
}
