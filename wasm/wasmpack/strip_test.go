package main

import (
	"fmt"
	"go/build"
	"go/importer"
	"go/token"
	"go/types"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestStrippedProgramRunsTheSame builds a real Go wasm program (testdata/prog),
// strips it and runs it before and after under Node (Go's
// go_js_wasm_exec): it prints the same but for its "trace" lines, which
// lose the files, lines, inlined frames and names of functions.
func TestStrippedProgramRunsTheSame(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "prog.wasm")
	build := exec.Command("go", "build", "-trimpath", "-o", bin, "./testdata/prog")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	orig, err := os.ReadFile(bin)
	if err != nil {
		t.Fatal(err)
	}
	stripped, err := pack(orig, maxGap, stripAll)
	if err != nil {
		t.Fatal(err)
	}
	strippedBin := filepath.Join(dir, "stripped.wasm")
	if err := os.WriteFile(strippedBin, stripped, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(f string) (lines, trace []string) {
		t.Helper()
		out, err := exec.Command(filepath.Join(runtime.GOROOT(), "lib", "wasm", "go_js_wasm_exec"), f).CombinedOutput()
		if err != nil {
			t.Fatalf("running %s: %v\n%s", filepath.Base(f), err, out)
		}
		for l := range strings.Lines(string(out)) {
			if strings.HasPrefix(l, "trace") {
				trace = append(trace, l)
			} else {
				lines = append(lines, l)
			}
		}
		return lines, trace
	}
	was, wasTrace := run(bin)
	is, isTrace := run(strippedBin)
	if !slices.Equal(was, is) {
		t.Errorf("the program's output changed:\nbefore:\n%s\nafter:\n%s", strings.Join(was, ""), strings.Join(is, ""))
	}
	output, traces, strippedTraces := strings.Join(was, ""), strings.Join(wasTrace, ""), strings.Join(isTrace, "")
	for _, want := range []string{
		"goroutines at start 1\n",
		"[middle last conditional first] recovered assignment to entry in nil map\n",
		"panicwrap value method main.T.M called using nil *T pointer (runtime.Error true)\n",
		"panicwrap value method main.G[...].M called using nil *G[...] pointer (runtime.Error true)\n",
		"panicwrap value method time.Duration.String called using nil *Duration pointer (runtime.Error true)\n",
		"reflect zero reflect: call of reflect.Value.Int on zero Value (runtime.Error false)\n",
		"finalizers cleanup finalizer",
	} {
		if !strings.Contains(output, want) {
			t.Errorf("the program should print %q:\n%s", want, output)
		}
	}
	// where calls stack, which the compiler inlines into it.
	for _, want := range []string{"trace caller true main.go:", "prog/main.go:", "main.stack(...)", "main.where()", "trace FuncForPC main.where\n"} {
		if !strings.Contains(traces, want) {
			t.Errorf("before stripping, the traces should show %q:\n%s", want, traces)
		}
	}
	if !strings.Contains(strippedTraces, "trace caller true ?:0\n") || strings.Contains(strippedTraces, "main.go:") ||
		strings.Contains(strippedTraces, "main.") || !strings.Contains(strippedTraces, "trace FuncForPC \n") {
		t.Errorf("after stripping, the traces should have no files, lines or names of main's functions:\n%s", strippedTraces)
	}

	// The names the runtime reads stay.
	mem, _ := memory(t, stripped)
	tab, err := findPclntab(mem)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range tab.funcs {
		if off := tab.nameOff(f); off != 0 {
			names[tab.nameAt(off)] = true
		}
	}
	for _, name := range []string{"main.(*T).M", "main.(*G[int]).M", "time.(*Duration).String", "reflect.methodValueCall", "reflect.makeFuncStub", "reflect.Value.Int", "runtime."} {
		if !names[name] {
			t.Errorf("stripping lost the name %s", name)
		}
	}
	for _, name := range []string{"main.main", "main.(*Calc).Scale", "runtime.main", "runtime.GC"} {
		if names[name] {
			t.Errorf("stripping kept the name %s", name)
		}
	}
}

// TestLayoutIsGos checks wasmpack's idea of the runtime's tables against the
// Go that builds the wasm: its internal/abi constants and the runtime's
// structures as GOOS=js GOARCH=wasm lays them out.
func TestLayoutIsGos(t *testing.T) {
	// The source importer reads build.Default: make it the wasm's.
	list := exec.Command("go", "list", "-f", "{{join context.ToolTags \" \"}}", "runtime")
	list.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	tags, err := list.Output()
	if err != nil {
		t.Fatal(err)
	}
	ctx := build.Default
	defer func() { build.Default = ctx }()
	build.Default.GOOS, build.Default.GOARCH, build.Default.CgoEnabled = "js", "wasm", false
	build.Default.ToolTags = strings.Fields(string(tags))
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	abi, err := imp.Import("internal/abi")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int64{
		"FuncIDWrapper":        funcIDWrapper,
		"ArgsSizeUnknown":      argsSizeUnknown,
		"PCDATA_UnsafePoint":   pcdataUnsafePoint,
		"PCDATA_InlTreeIndex":  pcdataInlTreeIndex,
		"FUNCDATA_InlTree":     funcdataInlTree,
		"FUNCDATA_ArgInfo":     funcdataArgInfo,
		"FUNCDATA_ArgLiveInfo": funcdataArgLiveInfo,
		"Go120PCLnTabMagic":    int64(uint32(pcHeaderMagic[0]) | 0xffffff00),
	} {
		c, ok := abi.Scope().Lookup(name).(*types.Const)
		if !ok {
			t.Errorf("no abi.%s", name)
		} else if got := c.Val().String(); got != fmt.Sprint(want) {
			t.Errorf("abi.%s is %s, wasmpack has %d", name, got, want)
		}
	}
	rt, err := imp.Import("runtime")
	if err != nil {
		t.Fatal(err)
	}
	sizes := types.SizesFor("gc", "wasm")
	offsets := func(typ string) map[string]int64 {
		st := rt.Scope().Lookup(typ).Type().Underlying().(*types.Struct)
		var fields []*types.Var
		for i := range st.NumFields() {
			fields = append(fields, st.Field(i))
		}
		m := map[string]int64{}
		for i, off := range sizes.Offsetsof(fields) {
			m[fields[i].Name()] = off
		}
		m["size"] = sizes.Sizeof(st)
		return m
	}
	check := func(typ string, want map[string]int64) {
		got := offsets(typ)
		for field, off := range want {
			if got[field] != off {
				t.Errorf("runtime.%s.%s is at %d, wasmpack has %d", typ, field, got[field], off)
			}
		}
	}
	check("_func", map[string]int64{
		"nameOff": funcNameOff, "args": funcArgs, "pcsp": funcPcsp, "pcfile": funcPcfile, "pcln": funcPcln,
		"npcdata": funcNpcdata, "cuOffset": funcCuOffset, "startLine": funcStartLine, "funcID": funcFuncID,
		"nfuncdata": funcNfuncdata, "size": funcFixedLen,
	})
	check("pcHeader", map[string]int64{
		"nfunc": 8 + 8*hdrNfunc, "funcnameOffset": 8 + 8*hdrFuncnameOff, "cuOffset": 8 + 8*hdrCuOff,
		"pctabOffset": 8 + 8*hdrPctabOff, "pclnOffset": 8 + 8*hdrPclnOff,
	})
	check("moduledata", map[string]int64{"pcHeader": 0, "funcnametab": 8 * mdFuncnametab, "gofunc": 8 * mdGofunc})
}
