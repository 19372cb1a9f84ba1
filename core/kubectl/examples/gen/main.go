// Command gen writes the examples data set (core/kubectl/examples/files and SOURCES.md) from the corpora
// internal/corpus names, or, with -bundle FILE, the bundle the browser fetches (build.sh runs it).
//
//	go run ./core/kubectl/examples/gen                  # from the repository's root
//	go run ./core/kubectl/examples/gen -bundle OUT.json
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"kubeplay/core/kubectl/examples"
	"kubeplay/core/kubectl/examples/internal/corpus"
)

const dir = "core/kubectl/examples"

func main() {
	out := flag.String("bundle", "", "write the browser's bundle (JSON) of the compiled-in files to this file")
	flag.Parse()
	if err := run(*out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(bundle string) error {
	if bundle != "" {
		m := map[string]string{}
		for _, p := range examples.Paths() {
			b, err := examples.Read("https://k8s.io/examples/" + p)
			if err != nil {
				return err
			}
			m[p] = string(b)
		}
		b, err := examples.Bundle(m)
		if err != nil {
			return err
		}
		return os.WriteFile(bundle, b, 0o644)
	}
	files, sources, err := corpus.Want(".")
	if err != nil {
		return err
	}
	if err := os.RemoveAll(filepath.Join(dir, "files")); err != nil {
		return err
	}
	for p, b := range files {
		f := filepath.Join(dir, "files", filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(f, b, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, "SOURCES.md"), sources, 0o644)
}
