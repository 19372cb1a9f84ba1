// Package generated checks the files a package generates from a source kept
// beside it (a JSON form of a YAML file, read at start-up without a YAML
// parser): a test makes the file again and compares; with -update it writes
// it. Only tests import this package.
package generated

import (
	"bytes"
	"os"
	"testing"
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
