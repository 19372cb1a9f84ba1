package handler

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// On Cloudflare, Workers Static Assets answers most file requests without running the worker (only the
// routes in wrangler.toml's run_worker_first reach Go), and the edge compresses them. Those files get their
// headers from a _headers file in the assets directory. Stage writes that directory: the built site minus
// its .br/.gz variants (the edge negotiates encodings itself), plus a _headers file giving every file the
// same security headers as the worker's own answers and the same cache policy (a year for content-hashed
// names, revalidation for the rest).

// maxHeaderRules is Cloudflare's limit on _headers rules.
const maxHeaderRules = 100

// Stage copies the built site src into dst (replacing dst) for wrangler's [assets] directory and writes
// dst/_headers.
func Stage(src, dst string) error {
	if _, err := os.Stat(filepath.Join(src, "index.html")); err != nil {
		return fmt.Errorf("stage: %s is not a built site (no index.html): build it first (./build.sh)", src)
	}
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	var files []string
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if strings.HasSuffix(p, ".br") || strings.HasSuffix(p, ".gz") || strings.HasPrefix(d.Name(), "_") || d.Name() == ".assetsignore" {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files = append(files, "/"+filepath.ToSlash(rel))
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dst, "_headers"), []byte(HeadersFile(files)), 0o644)
}

// HeadersFile renders the _headers rules for the given site paths.
func HeadersFile(files []string) string {
	sort.Strings(files)
	var b strings.Builder
	rule := func(pattern string, lines ...string) {
		b.WriteString(pattern + "\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
	rule("/*",
		"Content-Security-Policy: "+CSP+"; frame-ancestors 'self'",
		"X-Content-Type-Options: nosniff",
		"Referrer-Policy: "+ReferrerPolicy,
		"Cache-Control: "+CacheRevalidate)
	n := 1
	for _, f := range files {
		if n >= maxHeaderRules {
			break
		}
		switch {
		case IsHashed(f):
			rule(f, "! Cache-Control", "Cache-Control: "+CacheImmutable)
		case path.Ext(f) == ".html" && strings.Contains(f, "embed"):
			// Cloudflare serves /embed.html at /embed (html_handling "auto-trailing-slash").
			rule(f, "! Content-Security-Policy", "Content-Security-Policy: "+CSP+"; frame-ancestors *")
			rule(strings.TrimSuffix(f, ".html"), "! Content-Security-Policy", "Content-Security-Policy: "+CSP+"; frame-ancestors *")
			n++
		default:
			continue
		}
		n++
	}
	return b.String()
}
