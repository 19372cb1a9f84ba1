package shell

import (
	"bytes"
	"flag"
	"os"
	"strconv"
	"strings"
	"testing"

	"kubeplay/core/cluster"
	"kubeplay/core/shell/shelltest"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts under testdata/")

// transcript plays an input file against a fresh default cluster, as
// `kubeplay shell < file` does, and returns everything it printed.
func transcript(t testing.TB, input string, seed uint64) string {
	t.Helper()
	opts := cluster.Default()
	opts.Seed = seed
	c := cluster.New(opts)
	var out bytes.Buffer
	sh := New(c, &out)
	c.SetOutput(&out)
	for _, line := range strings.Split(strings.TrimRight(input, "\n"), "\n") {
		sh.Exec(line)
	}
	return out.String()
}

// TestGoldenTranscripts compares each testdata/*.in session with its .golden
// transcript byte for byte. Run `go test ./core/shell -update` to rewrite them.
func TestGoldenTranscripts(t *testing.T) {
	cases, err := shelltest.Cases("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			got := transcript(t, c.Input, 1)
			if *update {
				if err := os.WriteFile(c.Golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if c.Want == "" {
				t.Fatalf("%s is missing (run with -update to create it)", c.Golden)
			}
			if got != c.Want {
				t.Errorf("transcript differs from %s (-want +got):\n%s", c.Golden, diffLines(c.Want, got))
			}
		})
	}
}

// TestTheSameInputGivesTheSameTranscript is the determinism promise: two
// fresh clusters with the same seed print byte-identical transcripts.
func TestTheSameInputGivesTheSameTranscript(t *testing.T) {
	src, err := os.ReadFile("testdata/hands-on.in")
	if err != nil {
		t.Fatal(err)
	}
	a := transcript(t, string(src), 7)
	b := transcript(t, string(src), 7)
	if a != b {
		t.Fatalf("two runs differ:\n%s", diffLines(a, b))
	}
}

func diffLines(want, got string) string {
	w := strings.Split(want, "\n")
	g := strings.Split(got, "\n")
	var b strings.Builder
	n := len(w)
	if len(g) > n {
		n = len(g)
	}
	shown := 0
	for i := 0; i < n && shown < 40; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n- " + wl + "\n+ " + gl + "\n")
			shown++
		}
	}
	return b.String()
}
