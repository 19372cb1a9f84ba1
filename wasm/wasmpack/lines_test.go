package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDroppedLineTablesLeaveTheProgramRunning builds a real Go wasm program,
// packs it with and without its line tables and runs both under Node (Go's
// go_js_wasm_exec): the same work and the same garbage collections give the
// same result; tracebacks keep the functions' names and lose only their files,
// lines and inlined frames.
func TestDroppedLineTablesLeaveTheProgramRunning(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "prog.wasm")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "./testdata/traceback")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	orig, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	run := func(dropLines bool) string {
		t.Helper()
		b, err := pack(orig, maxGap, dropLines)
		if err != nil {
			t.Fatal(err)
		}
		f := filepath.Join(dir, map[bool]string{true: "dropped.wasm", false: "kept.wasm"}[dropLines])
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(filepath.Join(runtime.GOROOT(), "lib", "wasm", "go_js_wasm_exec"), f)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("running the packed program (dropLines %v): %v\n%s", dropLines, err, out)
		}
		return string(out)
	}
	kept, dropped := run(false), run(true)
	sum := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
	if !strings.HasPrefix(kept, "sum ") || sum(kept) != sum(dropped) {
		t.Fatalf("the program's result changed:\nkept:\n%s\ndropped:\n%s", kept, dropped)
	}
	if !strings.Contains(kept, "caller true main.go:") || !strings.Contains(kept, "traceback/main.go:") {
		t.Errorf("with its line tables, the program should know its lines:\n%s", kept)
	}
	if !strings.Contains(dropped, "caller true ?:0") || strings.Contains(dropped, "main.go:") {
		t.Errorf("without line tables, places should read ?:0:\n%s", dropped)
	}
	for _, name := range []string{"runtime/debug.Stack()", "main.where()", "main.main()"} {
		if !strings.Contains(dropped, name) {
			t.Errorf("the stack lost the name %s:\n%s", name, dropped)
		}
	}
	// stack is inlined into where: the inlining tables name it, and without them it is where's own frame.
	if !strings.Contains(kept, "main.stack(...)") || strings.Contains(dropped, "main.stack(") {
		t.Errorf("the inlined frame should show only with the inlining tables:\nkept:\n%s\ndropped:\n%s", kept, dropped)
	}
}
