// Package generated checks the files a package generates from a source kept
// beside it (a JSON form of a YAML file, read at start-up without a YAML
// parser): a test makes the file again and compares; with -update it writes
// it. Only tests import this package.
package generated

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"gopkg.in/yaml.v3"
)

// Check compares path with want, or writes want to path when update is set.
func Check(t testing.TB, path string, want []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (make it with -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: make it again from its source with `go test -run %s -update`", path, t.Name())
	}
}

// JSONOfYAML reads the YAML file src into v and returns v as the JSON
// that is embedded beside it (with a final newline).
func JSONOfYAML(t testing.TB, src string, v any) []byte {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	out, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}
