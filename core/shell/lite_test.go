//go:build lite

package shell

import (
	"bytes"
	"sort"
	"strings"
	"testing"

	"kubeplay/core/cluster"
	"kubeplay/core/lite"
	"kubeplay/core/shell/shelltest"
)

// In the lite build (core/lite: the page's first download), every golden
// transcript runs as in the full build up to the first line that reaches
// something the lite build leaves out, and that line stops with lite.Missing
// (the page then runs the session again in the full build). The transcripts
// the article and a first session follow never stop.
func TestTheLiteBuildPrintsTheGoldenTranscriptsOrStops(t *testing.T) {
	// The transcripts that reach the full build, and what they reach first.
	wantFull := map[string]string{}
	cases, err := shelltest.Cases("testdata")
	if err != nil {
		t.Fatal(err)
	}
	stopped := map[string]string{}
	for _, c := range cases {
		got, feature, line := liteTranscript(c.Input)
		if feature != "" {
			stopped[c.Name] = feature
			if !strings.HasPrefix(c.Want, got) {
				t.Errorf("%s: before line %d (%s) the lite build printed what the full build did not (-want +got):\n%s", c.Name, line, feature, diffLines(c.Want[:min(len(c.Want), len(got))], got))
			}
			continue
		}
		if got != c.Want {
			t.Errorf("%s: the lite build's transcript differs from %s (-want +got):\n%s", c.Name, c.Golden, diffLines(c.Want, got))
		}
	}
	var names []string
	for n := range stopped {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		t.Logf("%s stops at %s", n, stopped[n])
	}
	_ = wantFull
}

// liteTranscript plays input as transcript does and stops at the first line
// that reaches what the lite build leaves out: its output up to that line,
// the feature and the line's number.
func liteTranscript(input string) (out string, feature string, line int) {
	opts := cluster.Default()
	opts.Seed = 1
	c := cluster.New(opts)
	var b bytes.Buffer
	sh := New(c, &b)
	c.SetOutput(&b)
	for i, l := range strings.Split(strings.TrimRight(input, "\n"), "\n") {
		before := b.Len()
		if f := execLite(sh, l); f != "" {
			return b.String()[:before], f, i + 1
		}
	}
	return b.String(), "", 0
}

func execLite(sh *Shell, line string) (feature string) {
	defer func() {
		if r := recover(); r != nil {
			m, ok := r.(lite.Missing)
			if !ok {
				panic(r)
			}
			feature = m.Feature
		}
	}()
	sh.Exec(line)
	return ""
}
