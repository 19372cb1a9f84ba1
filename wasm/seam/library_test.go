//go:build !lite

package seam

import (
	"flag"
	"os"
	"testing"
)

var updateLibrary = flag.Bool("update-library", false, "write library.json again from the built-in lessons")

// The lite build answers scenarios() from library.json (lessons_lite.go):
// it must say what the full build says.
func TestTheLiteBuildListsTheLibraryAsTheFullOneDoes(t *testing.T) {
	got := New().Call("scenarios", nil)
	if *updateLibrary {
		if err := os.WriteFile("library.json", []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("library.json")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got+"\n" {
		t.Fatalf("library.json is not what scenarios() answers in the full build: run go test ./wasm/seam -run TestTheLiteBuildListsTheLibrary -update-library\nfull build: %s", got)
	}
}
