package shell

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"kubeplay/core/cluster"
)

// TestDocsCorpus applies each documentation example under
// testdata/docs-examples on a fresh cluster, lets a minute pass, and checks
// the end state kind reaches (expectations.txt): the output of a kubectl
// get after a minute, or ("apply") what kubectl apply itself answered. It logs how many behave as
// on kind and why the others differ; an example marked ok must stay ok.
func TestDocsCorpus(t *testing.T) {
	data, err := os.ReadFile("testdata/docs-examples/expectations.txt")
	if err != nil {
		t.Fatal(err)
	}
	ok, total := 0, 0
	var differ []string
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			t.Fatalf("malformed expectation %q", line)
		}
		total++
		file, status, get, want := f[0], f[1], f[2], f[3]
		if status != "ok" {
			differ = append(differ, file+": "+strings.Join(f[4:], " "))
			continue
		}
		opts := cluster.Default()
		c := cluster.New(opts)
		var out bytes.Buffer
		sh := New(c, &out)
		c.SetOutput(&out)
		manifest, err := os.ReadFile(filepath.Join("testdata/docs-examples", file))
		if err != nil {
			t.Fatal(err)
		}
		sh.Exec("kubectl apply -f - <<'EOF'") // quoted: the manifest as its file holds it
		for _, l := range strings.Split(strings.TrimRight(string(manifest), "\n"), "\n") {
			sh.Exec(l)
		}
		sh.Exec("EOF")
		if get != "apply" {
			sh.Exec("sleep 60s")
			out.Reset()
			sh.Exec("kubectl " + get)
		}
		if !strings.Contains(out.String(), want) {
			t.Errorf("%s: `kubectl %s` printed\n%s\nwant it to contain %q (as on kind)", file, get, out.String(), want)
			continue
		}
		ok++
	}
	t.Logf("%d of %d documentation examples behave as on kind", ok, total)
	for _, d := range differ {
		t.Logf("differs: %s", d)
	}
}
