package shell

import (
	"strings"
	"testing"

	"kubeplay/core/cluster"
)

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
