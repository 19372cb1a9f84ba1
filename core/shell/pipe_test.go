package shell

import (
	"strings"
	"testing"
)

// TestPipeFiltersBehaveAsCoreutils runs each filter on a small table as
// GNU grep, head, tail, wc and sort would.
func TestPipeFiltersBehaveAsCoreutils(t *testing.T) {
	in := "NAME    READY\nweb-b   1/1\nDB-a    0/1\nweb-a   1/1\ncache   10/10\n"
	cases := []struct{ pipe, want string }{
		{"grep web", "web-b   1/1\nweb-a   1/1\n"},
		{"grep -i db", "DB-a    0/1\n"},
		{"grep -v web", "NAME    READY\nDB-a    0/1\ncache   10/10\n"},
		{"grep -c web", "2\n"},
		{"grep -E 'web|cache'", "web-b   1/1\nweb-a   1/1\ncache   10/10\n"},
		{"grep 'web|cache'", ""},
		{"grep 'web\\|cache'", "web-b   1/1\nweb-a   1/1\ncache   10/10\n"},
		{"grep -E 'db' -ic", "1\n"},
		{"head -n 2", "NAME    READY\nweb-b   1/1\n"},
		{"head -1", "NAME    READY\n"},
		{"tail -n 1", "cache   10/10\n"},
		{"tail -n +2 | head -n 1", "web-b   1/1\n"},
		{"wc -l", "5\n"},
		{"grep web | wc -l", "2\n"},
		{"tail -n +2 | sort", "DB-a    0/1\ncache   10/10\nweb-a   1/1\nweb-b   1/1\n"},
		{"tail -n +2 | sort -r", "web-b   1/1\nweb-a   1/1\ncache   10/10\nDB-a    0/1\n"},
		{"tail -n +2 | sort -k 2 -n", "DB-a    0/1\nweb-a   1/1\nweb-b   1/1\ncache   10/10\n"},
		{"tail -n +2 | sort -k2 -rn | head -1", "cache   10/10\n"},
		{"grep nothing | wc -l", "0\n"},
	}
	for _, tc := range cases {
		var fs []filter
		for _, st := range splitPipes("x | " + tc.pipe)[1:] {
			f, err := parseFilter(st)
			if err != nil {
				t.Fatalf("%s: %v", tc.pipe, err)
			}
			fs = append(fs, f)
		}
		if got := applyFilters(in, fs); got != tc.want {
			t.Errorf("| %s:\n got %q\nwant %q", tc.pipe, got, tc.want)
		}
	}
}

func TestPipesSplitOnlyOutsideQuotes(t *testing.T) {
	got := splitPipes(`kubectl get pods -o jsonpath='{.a|b}' | grep "x|y" | wc -l`)
	want := []string{`kubectl get pods -o jsonpath='{.a|b}'`, `grep "x|y"`, `wc -l`}
	if strings.Join(got, "¦") != strings.Join(want, "¦") {
		t.Fatalf("got %q", got)
	}
	for _, bad := range []string{"awk '{print $1}'", "grep -z x", "head -n x", ""} {
		if _, err := parseFilter(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
