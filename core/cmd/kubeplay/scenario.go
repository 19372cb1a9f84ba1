package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"kubeplay/core/scenario"
)

// runScenario is `kubeplay run FILE [--seed N] [--lang ja|en|none] [--trace]`:
// it prints the scenario's transcript. It exits 1 when the file is invalid,
// and 0 otherwise (use check to verify expectations).
func runScenario(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 0, "seed of the simulation's randomness (default: the scenario's)")
	lang := fs.String("lang", "en", "narration language in the transcript: ja, en or none")
	withTrace := fs.Bool("trace", false, "interleave the pipeline trace with the output")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "usage: kubeplay run FILE [--seed N] [--lang ja|en|none] [--trace]")
		return 2
	}
	if *lang == "none" {
		*lang = ""
	}
	sc, err := scenario.Load(files[0])
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	res := scenario.Play(sc, scenario.Options{Seed: *seed, Lang: *lang, Trace: *withTrace})
	fmt.Fprint(stdout, res.Transcript)
	if res.Err != "" {
		fmt.Fprintln(stderr, res.Err)
		return 1
	}
	return 0
}

// checkScenarios is `kubeplay check [FILES|DIRS]` (default scenarios/): it
// plays each scenario and prints PASS or FAIL with the expected-versus-got
// lines; it exits 1 on any failure or invalid file.
func checkScenarios(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 0, "seed of the simulation's randomness (default: each scenario's)")
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		paths = []string{"scenarios"}
	}
	files, err := scenarioFiles(paths)
	if err != nil {
		fmt.Fprintf(stderr, "kubeplay check: %v\n", err)
		return 1
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "kubeplay check: no scenario files (*.yaml) in %s\n", strings.Join(paths, ", "))
		return 1
	}
	failed := 0
	for _, f := range files {
		// The page's Check answers with the same report (scenario.CheckFile).
		data, err := scenario.ReadFile(f)
		var r scenario.CheckReport
		if err != nil {
			r = scenario.CheckReport{File: f, Problems: []scenario.Problem{{Message: err.Error()}}}
		} else {
			r = scenario.CheckFile(f, data, *seed)
		}
		fmt.Fprint(stdout, r.Text())
		if !r.Passed {
			failed++
		}
	}
	if failed > 0 {
		fmt.Fprintf(stdout, "%d of %d scenarios failed\n", failed, len(files))
		return 1
	}
	return 0
}

// parseInterspersed parses flags that may come after positional arguments.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// scenarioFiles expands directories into their *.yaml files, sorted.
func scenarioFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		matches, err := filepath.Glob(filepath.Join(p, "*.yaml"))
		if err != nil {
			return nil, err
		}
		sort.Strings(matches)
		out = append(out, matches...)
	}
	return out, nil
}
