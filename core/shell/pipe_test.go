package shell

import (
	"kubeplay/core/cluster"
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
		var fs []stage
		for _, st := range splitPipes("x | " + tc.pipe)[1:] {
			f, err := parseStage(st)
			if err != nil {
				t.Fatalf("%s: %v", tc.pipe, err)
			}
			fs = append(fs, f)
		}
		if got, _ := applyStages(in, fs); got != tc.want {
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
		if _, err := parseStage(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestRedirectionWritesTheOutputAndKeepsTheErrorsOnTheTerminal: `> FILE`
// takes the output (piped or not), `>>` appends, `2>` takes the errors, and
// a shell that cannot write says so as bash does on a read-only file system.
func TestRedirectionWritesTheOutputAndKeepsTheErrorsOnTheTerminal(t *testing.T) {
	var out strings.Builder
	sh := New(cluster.New(cluster.Default()), &out)
	sh.Echo = false
	files := map[string]string{}
	sh.WriteFile = func(p string, data []byte, appendTo bool) error {
		if !appendTo {
			files[p] = ""
		}
		files[p] += string(data)
		return nil
	}
	for _, c := range []struct{ line, terminal, file, content string }{
		{"kubectl get namespace default -o name > ns.txt", "", "ns.txt", "namespace/default\n"},
		{"kubectl get namespaces -o name | grep kube-public >> ns.txt", "", "ns.txt", "namespace/default\nnamespace/kube-public\n"},
		{"kubectl get namespace nope -o name > none.txt", "Error from server (NotFound): namespaces \"nope\" not found\n", "none.txt", ""},
		{"kubectl get namespace nope 2> err.txt", "", "err.txt", "Error from server (NotFound): namespaces \"nope\" not found\n"},
		{`kubectl get namespace default -o jsonpath='{.metadata.name}>' > q.txt`, "", "q.txt", "default>"},
	} {
		out.Reset()
		sh.Exec(c.line)
		if out.String() != c.terminal || files[c.file] != c.content {
			t.Errorf("%s: terminal %q, %s holds %q; want %q and %q", c.line, out.String(), c.file, files[c.file], c.terminal, c.content)
		}
	}
	sh.WriteFile = nil
	out.Reset()
	if sh.Exec("kubectl get namespaces > ns.txt"); out.String() != "ns.txt: Read-only file system\n" {
		t.Errorf("without a file system: %q", out.String())
	}
}
