//go:build !(js && wasm)

package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"kubeplay/site/worker/handler"
)

func main() {
	log.SetFlags(0)
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "build":
		err = build(os.Args[2:])
	case "stage":
		if len(os.Args) != 4 {
			usage()
		}
		err = handler.Stage(os.Args[2], os.Args[3])
	case "serve":
		err = serve(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		log.Fatalf("worker: %v", err)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: worker build [-site DIR] [-o DIR] | stage SRC DST | serve [-dir DIR] [-addr ADDR] [-writes N]")
	os.Exit(2)
}

// build produces what wrangler.toml points at: build/worker.mjs (+ runtime.mjs, wasm_exec.js) from
// workers-assets-gen, build/site (the staged assets) and build/app.wasm.
func build(args []string) error {
	fs := flag.NewFlagSet("build", flag.ExitOnError)
	site := fs.String("site", envOr("KUBEPLAY_SITE", "../../dist/site"), "the built site (./build.sh builds dist/site)")
	out := fs.String("o", "build", "output directory")
	fs.Parse(args)
	run := func(env []string, name string, args ...string) error {
		cmd := exec.Command(name, args...)
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		cmd.Env = append(os.Environ(), env...)
		log.Printf("worker build: %s %v", name, args)
		return cmd.Run()
	}
	// wrangler dev runs the build twice at start (once for the entry, once when its watcher is ready) and
	// serves meanwhile, so every output is replaced by a rename, never removed first.
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	gen, err := os.MkdirTemp(*out, ".gen-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(gen)
	if err := run(nil, "go", "run", "github.com/syumai/workers/cmd/workers-assets-gen", "-mode=go", "-o", gen); err != nil {
		return err
	}
	entries, err := os.ReadDir(gen)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.Rename(filepath.Join(gen, e.Name()), filepath.Join(*out, e.Name())); err != nil {
			return err
		}
	}
	staged := filepath.Join(gen, "site")
	if err := handler.Stage(*site, staged); err != nil {
		return err
	}
	old := filepath.Join(gen, "old-site")
	os.Rename(filepath.Join(*out, "site"), old)
	if err := os.Rename(staged, filepath.Join(*out, "site")); err != nil {
		return err
	}
	wasm := filepath.Join(gen, "app.wasm")
	if err := run([]string{"GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0"}, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, "."); err != nil {
		return err
	}
	return os.Rename(wasm, filepath.Join(*out, "app.wasm"))
}

// serve runs the handler natively with an in-memory KV: no Cloudflare features, the same routes.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ExitOnError)
	dir := fs.String("dir", "dist/site", "the built site")
	addr := fs.String("addr", "127.0.0.1:8787", "listen address")
	writes := fs.Int("writes", 30, "share writes per client per minute (0: unlimited)")
	fs.Parse(args)
	h := handler.New(handler.Config{KV: handler.NewMemKV(), Assets: handler.DirAssets(*dir), WritesPerWindow: *writes, RateWindow: time.Minute})
	log.Printf("kubeplay worker (native, in-memory KV): http://%s/", *addr)
	return http.ListenAndServe(*addr, h)
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}
