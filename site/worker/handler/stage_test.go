package handler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStagingKeepsTheSiteDropsPrecompressedCopiesAndWritesHeaders(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "site")
	for _, name := range []string{"index.html", "index.html.gz", "app-0123456789ab.js", "app-0123456789ab.js.br", "kubeplay.wasm", "embed/course.html", "_headers"} {
		p := filepath.Join(src, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(name), 0o644)
	}
	os.WriteFile(filepath.Join(dst, "stale.js"), nil, 0o644) // replaced wholesale
	if err := Stage(src, dst); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"index.html": true, "app-0123456789ab.js": true, "kubeplay.wasm": true, "embed/course.html": true,
		"index.html.gz": false, "app-0123456789ab.js.br": false, "stale.js": false,
	} {
		_, err := os.Stat(filepath.Join(dst, filepath.FromSlash(name)))
		if got := err == nil; got != want {
			t.Errorf("%s staged = %v, want %v", name, got, want)
		}
	}
	b, err := os.ReadFile(filepath.Join(dst, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	want := "/*\n" +
		"  Content-Security-Policy: " + CSP + "; frame-ancestors 'self'\n" +
		"  X-Content-Type-Options: nosniff\n" +
		"  Referrer-Policy: strict-origin-when-cross-origin\n" +
		"  Cache-Control: no-cache\n" +
		"/app-0123456789ab.js\n" +
		"  ! Cache-Control\n" +
		"  Cache-Control: public, max-age=31536000, immutable\n" +
		"/embed/course.html\n" +
		"  ! Content-Security-Policy\n" +
		"  Content-Security-Policy: " + CSP + "; frame-ancestors *\n" +
		"/embed/course\n" +
		"  ! Content-Security-Policy\n" +
		"  Content-Security-Policy: " + CSP + "; frame-ancestors *\n"
	if string(b) != want {
		t.Fatalf("_headers:\n%s\nwant:\n%s", b, want)
	}
}

func TestStagingRefusesADirectoryThatIsNotABuiltSite(t *testing.T) {
	err := Stage(t.TempDir(), filepath.Join(t.TempDir(), "out"))
	if err == nil || !strings.Contains(err.Error(), "build it first") {
		t.Fatalf("err = %v", err)
	}
}
