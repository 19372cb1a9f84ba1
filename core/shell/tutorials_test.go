package shell

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"kubeplay/core/cluster"
	"kubeplay/core/kubectl/examples"
)

// The tutorial corpus (testdata/tutorials): kubernetes.io tutorial and task
// pages as a learner follows them on kind, one file each. A file is
//
//	# header comments: the page's URL, the date it was read, what was
//	# replaced (minikube -> kind) and why
//	#files: NAME=EXAMPLE   a file the page tells the learner to save first
//	#until 60s             (before a line) the page asks the learner to verify a
//	                       state ("verify that the Pod is running", "list again
//	                       until you see ..."): the line is run again each
//	                       second until its output shows it, for at most 60s
//	a line the learner pastes
//	> a regular expression some output line of it must match (in order)
//
// Every line after the header is given to the shell as typed, comments and
// heredoc bodies included; lines starting "> " are the expectations of the
// line before them, and a line with expectations is one step. Manifests the
// pages apply by URL (https://k8s.io/examples/..., the raw GitHub copy)
// resolve to the copied examples under testdata/tutorials/examples (the
// versions the pages show, where they differ) and testdata/docs-examples.
//
// TestTutorials plays each file on a fresh default cluster (seed 1), as the
// terminal does, and compares the first step that fails with
// testdata/tutorials/expectations.txt, so that the list stays true: a
// tutorial marked ok must run to the end, one marked failing must still fail.

// tutorialStep is one pasted line and the patterns its output must match.
type tutorialStep struct {
	line   int // 1-based line number in the file
	text   string
	expect []string
	// until: the page asks the learner to run the line again until its
	// output shows what the page shows ("verify that the Pod is running",
	// "repeat until ..."): it is run again each second, for at most this long.
	until time.Duration
}

type tutorial struct {
	name  string
	files map[string]string // local file name -> example path
	steps []tutorialStep
}

func parseTutorial(name, src string) (*tutorial, error) {
	tu := &tutorial{name: name, files: map[string]string{}}
	header := true
	var until time.Duration
	for i, l := range strings.Split(strings.TrimRight(src, "\n"), "\n") {
		if header && strings.HasPrefix(l, "#") {
			if rest, ok := strings.CutPrefix(l, "#files: "); ok {
				for _, kv := range strings.Fields(rest) {
					k, v, ok := strings.Cut(kv, "=")
					if !ok {
						return nil, fmt.Errorf("%s:%d: #files wants NAME=EXAMPLE, got %q", name, i+1, kv)
					}
					tu.files[k] = v
				}
			}
			continue
		}
		header = false
		if d, ok := strings.CutPrefix(l, "#until "); ok {
			var err error
			if until, err = time.ParseDuration(d); err != nil || until <= 0 || until > 10*time.Minute {
				return nil, fmt.Errorf("%s:%d: #until wants a duration up to 10m, got %q", name, i+1, d)
			}
			continue
		}
		if re, ok := strings.CutPrefix(l, "> "); ok {
			if len(tu.steps) == 0 {
				return nil, fmt.Errorf("%s:%d: expectation before any line", name, i+1)
			}
			if _, err := regexp.Compile(re); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
			}
			last := &tu.steps[len(tu.steps)-1]
			last.expect = append(last.expect, re)
			continue
		}
		tu.steps = append(tu.steps, tutorialStep{line: i + 1, text: l, until: until})
		until = 0
	}
	return tu, nil
}

// stepFailure is the first step of a tutorial whose expectations failed.
type stepFailure struct {
	line    int
	text    string
	pattern string
	printed string
}

// playTutorial runs a tutorial and returns its steps that passed, its
// steps, its first failing step (nil when it ran to the end), every failing
// step, and how long each #until line took to show the page's state.
func playTutorial(tu *tutorial) (passed, steps int, first *stepFailure, all []stepFailure, waits []string) {
	opts := cluster.Default()
	opts.Seed = 1
	c := cluster.New(opts)
	var out bytes.Buffer
	sh := New(c, &out)
	c.SetOutput(&out)
	// The learner's working directory, as the terminal (the disk) and the
	// browser (the editor's tabs) give one: what the page had them save
	// (#files), and what `cmd > FILE` writes.
	written := map[string][]byte{}
	sh.WriteFile = func(p string, data []byte, appendTo bool) error {
		p = strings.TrimPrefix(p, "./")
		if appendTo {
			data = append(written[p], data...)
		}
		written[p] = append([]byte(nil), data...)
		return nil
	}
	c.SetFiles(func(p string) ([]byte, error) {
		p = strings.TrimPrefix(p, "./")
		if b, ok := written[p]; ok {
			return b, nil
		}
		if ex, ok := tu.files[p]; ok {
			return examples.Read("https://k8s.io/examples/" + ex)
		}
		return nil, errors.New("no such file")
	}, nil)
	for _, st := range tu.steps {
		start := out.Len()
		sh.Exec(st.text)
		if len(st.expect) == 0 {
			continue
		}
		steps++
		printed := out.String()[start:]
		pattern, ok := matchInOrder(st.expect, printed)
		waited := time.Duration(0)
		for ; !ok && waited < st.until; waited += time.Second {
			sh.Exec("sleep 1s")
			start = out.Len()
			sh.Exec(st.text)
			printed = out.String()[start:]
			pattern, ok = matchInOrder(st.expect, printed)
		}
		if ok && waited > 0 {
			waits = append(waits, fmt.Sprintf("line %d showed the page's state after %s", st.line, waited))
		}
		if !ok {
			f := stepFailure{line: st.line, text: st.text, pattern: pattern, printed: printed}
			all = append(all, f)
			continue
		}
		passed++
	}
	if len(all) > 0 {
		first = &all[0]
	}
	return passed, steps, first, all, waits
}

// matchInOrder reports whether each pattern matches an output line, each
// after the line the previous one matched; if not, the first that did not.
func matchInOrder(patterns []string, printed string) (string, bool) {
	lines := strings.Split(strings.TrimRight(printed, "\n"), "\n")
	j := 0
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		for j < len(lines) && !re.MatchString(lines[j]) {
			j++
		}
		if j == len(lines) {
			return p, false
		}
		j++
	}
	return "", true
}

var tutorialsVerbose = flag.Bool("tutorials.verbose", false, "TestTutorials: print what every failing step printed, not only the first")

func TestTutorials(t *testing.T) {
	want, err := readTutorialExpectations("testdata/tutorials/expectations.txt")
	if err != nil {
		t.Fatal(err)
	}
	names, err := filepath.Glob("testdata/tutorials/[0-9][0-9]-*.txt")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	ok, passed, steps := 0, 0, 0
	seen := map[string]bool{}
	for _, file := range names {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		seen[name] = true
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		tu, err := parseTutorial(name, string(src))
		if err != nil {
			t.Fatal(err)
		}
		p, n, first, all, waits := playTutorial(tu)
		if *tutorialsVerbose {
			for _, w := range waits {
				t.Logf("%s: %s", name, w)
			}
		}
		passed += p
		steps += n
		w, listed := want[name]
		if !listed {
			t.Errorf("%s is not in expectations.txt", name)
			continue
		}
		if first == nil {
			ok++
			if w.line != 0 {
				t.Errorf("%s now runs to the end (%d steps): mark it ok in expectations.txt", name, n)
			}
			continue
		}
		t.Logf("%s: %d of %d steps; first fails at line %d: `%s`\n  want a line matching %q\n  printed:\n%s", name, p, n, first.line, first.text, first.pattern, indent(first.printed))
		for _, f := range all[1:] {
			t.Logf("%s: also fails at line %d: `%s` want %q", name, f.line, f.text, f.pattern)
			if *tutorialsVerbose {
				t.Logf("printed:\n%s", indent(f.printed))
			}
		}
		switch {
		case w.line == 0:
			t.Errorf("%s is marked ok but fails at line %d: `%s`: no output line matches %q", name, first.line, first.text, first.pattern)
		case w.line != first.line:
			t.Errorf("%s: expectations.txt says it fails at line %d; it now first fails at line %d (`%s`): update the list", name, w.line, first.line, first.text)
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("expectations.txt names %s, which has no file", name)
		}
	}
	t.Logf("tutorials: %d of %d run to the end; %d of %d steps", ok, len(names), passed, steps)
}

type tutorialExpectation struct {
	line   int // 0: ok
	reason string
}

// readTutorialExpectations reads "NN-name ok" and "NN-name fails at line N:
// reason" lines.
func readTutorialExpectations(path string) (map[string]tutorialExpectation, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]tutorialExpectation{}
	for i, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name, rest, _ := strings.Cut(l, " ")
		if rest == "ok" {
			out[name] = tutorialExpectation{}
			continue
		}
		after, found := strings.CutPrefix(rest, "fails at line ")
		num, reason, _ := strings.Cut(after, ":")
		n, err := strconv.Atoi(num)
		if !found || err != nil || n <= 0 {
			return nil, fmt.Errorf("%s:%d: want `NN-name ok` or `NN-name fails at line N: reason`, got %q", path, i+1, l)
		}
		out[name] = tutorialExpectation{line: n, reason: strings.TrimSpace(reason)}
	}
	return out, nil
}

func indent(s string) string {
	const max = 4000
	if len(s) > max {
		s = s[:max] + "\n…"
	}
	return "    | " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n    | ")
}
