// Package core_test holds the architecture test: the import graph and the
// determinism rule of docs/architecture.md, checked on the code itself.
package core_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const mod = "kubeplay/"

// listed is what `go list -deps -json` says of one package.
type listed struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Imports    []string
	Deps       []string
	Standard   bool
}

// build is one way the module is built: the host (tests, the CLI), the page's full wasm and its first
// download, the lite wasm (core/lite). Each rule holds in all three: a js-only or lite-only file is
// checked too.
type build struct{ goos, goarch, tags string }

var builds = []build{{}, {"js", "wasm", ""}, {"js", "wasm", "lite"}}

func (b build) String() string {
	if b.goos == "" {
		return "host"
	}
	return strings.TrimSpace(b.goos + "/" + b.goarch + " " + b.tags)
}

// goListBuild is goList for one build, tags included.
func goListBuild(t *testing.T, b build) map[string]*listed {
	goos, goarch := b.goos, b.goarch
	t.Helper()
	goBin, err := exec.LookPath("go")
	if err != nil {
		goBin = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	args := []string{"list", "-e", "-deps", "-json"}
	if b.tags != "" {
		args = append(args, "-tags", b.tags)
	}
	cmd := exec.Command(goBin, append(args, "./core/...", "./wasm/...", "./site/...")...)
	cmd.Dir = ".."
	cmd.Env = os.Environ()
	if goos != "" {
		cmd.Env = append(cmd.Env, "GOOS="+goos, "GOARCH="+goarch)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := map[string]*listed{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = &p
	}
	if pkgs[mod+"core/apiserver"] == nil || pkgs[mod+"core/store"] == nil || pkgs[mod+"wasm/seam"] == nil {
		t.Fatalf("go list did not list the core (%d packages)", len(pkgs))
	}
	return pkgs
}

func under(path, prefix string) bool { return path == prefix || strings.HasPrefix(path, prefix+"/") }

func sorted(m map[string]*listed) []*listed {
	out := make([]*listed, 0, len(m))
	for _, p := range m {
		out = append(out, p)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ImportPath < out[j].ImportPath })
	return out
}

// storeImporters may import core/store besides core/apiserver, which is
// kube-apiserver and the only one to read and write etcd:
var storeImporters = map[string]string{
	mod + "core/cluster":                     "composition root: builds the store it hands to the apiserver",
	mod + "core/controller/internal/testenv": "composition root of the controllers' test bench",
	mod + "wasm/seam":                        `the named "etcdctl" exception: the page's etcd view reads the store, never writes it`,
}

// clientSide are the components that must talk to kube-apiserver only
// through core/client and the wire types of core/api/request.
var clientSide = []string{"core/client", "core/kubectl", "core/controller", "core/scheduler", "core/kubelet"}

func TestOnlyKubeAPIServerAndTheCompositionRootsImportTheStore(t *testing.T) {
	for _, b := range builds {
		for _, p := range sorted(goListBuild(t, b)) {
			if !strings.HasPrefix(p.ImportPath, mod) || under(p.ImportPath, mod+"core/store") || p.ImportPath == mod+"core/apiserver" {
				continue
			}
			for _, imp := range p.Imports {
				if under(imp, mod+"core/store") && storeImporters[p.ImportPath] == "" {
					t.Errorf("%s: %s imports %s: only core/apiserver talks to etcd (allowed besides: %v)", b, p.ImportPath, imp, keys(storeImporters))
				}
			}
		}
	}
}

func TestClientSideComponentsDoNotImportKubeAPIServer(t *testing.T) {
	for _, b := range builds {
		clientSideIn(t, b)
	}
}

func clientSideIn(t *testing.T, b build) {
	checked := 0
	for _, p := range sorted(goListBuild(t, b)) {
		side := false
		for _, c := range clientSide {
			side = side || under(p.ImportPath, mod+c)
		}
		// The controllers' test bench runs a real kube-apiserver: it is a
		// composition root, not a component.
		if !side || p.ImportPath == mod+"core/controller/internal/testenv" {
			continue
		}
		checked++
		for _, d := range p.Deps {
			if under(d, mod+"core/apiserver") || under(d, mod+"core/store") {
				t.Errorf("%s: %s depends on %s: client-side components reach the server through core/client and core/api/request only", b, p.ImportPath, d)
			}
		}
	}
	if checked < 20 {
		t.Errorf("%s: only %d client-side packages checked", b, checked)
	}
}

// The standard library itself reaches syscall/js under GOOS=js (time, os):
// the rule is about core's code and the modules it pulls in.
func TestCoreNeverImportsSyscallJSOrTheWasmGlue(t *testing.T) {
	for _, b := range builds[1:] {
		noGlueIn(t, b)
	}
}

func noGlueIn(t *testing.T, b build) {
	pkgs := goListBuild(t, b)
	for _, p := range sorted(pkgs) {
		if !under(p.ImportPath, mod+"core") {
			continue
		}
		for _, d := range append([]string{p.ImportPath}, p.Deps...) {
			if under(d, mod+"wasm") || under(d, mod+"site") {
				t.Errorf("%s depends on %s: core knows nothing of the page", p.ImportPath, d)
			}
			if dp := pkgs[d]; dp != nil && !dp.Standard && contains(dp.Imports, "syscall/js") {
				t.Errorf("%s depends on %s, which imports syscall/js: core builds and runs natively, with no browser in it", p.ImportPath, d)
			}
		}
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// The one place core may use the wall clock and a goroutine is the native
// terminal front end: core/cmd/kubeplay/shell.go advances the sim by wall
// time from a ticker goroutine in an interactive `kubeplay shell`.
const wallClockAllowed = "core/cmd"

// wallClock are package time's functions that read or wait for the wall clock.
var wallClock = map[string]bool{"Now": true, "Since": true, "Until": true, "Sleep": true, "After": true, "AfterFunc": true,
	"Tick": true, "NewTicker": true, "NewTimer": true}

// seededRand are the names of math/rand (v1 and v2) that do not use the
// global source: types and constructors of a seeded generator.
var seededRand = map[string]bool{"Rand": true, "Source": true, "Source64": true, "PCG": true, "ChaCha8": true, "Zipf": true,
	"New": true, "NewPCG": true, "NewChaCha8": true, "NewSource": true, "NewZipf": true}

func TestCoreIsDeterministic(t *testing.T) {
	seen := map[string]bool{}
	for _, b := range builds {
		deterministicIn(t, b, seen)
	}
}

// deterministicIn checks the core's files of build b that no earlier build checked.
func deterministicIn(t *testing.T, b build, seen map[string]bool) {
	root := mustAbs(t, "..")
	files := 0
	for _, p := range sorted(goListBuild(t, b)) {
		if !under(p.ImportPath, mod+"core") || under(p.ImportPath, mod+wallClockAllowed) {
			continue
		}
		for _, name := range p.GoFiles {
			path := filepath.Join(p.Dir, name)
			if seen[path] {
				files++
				continue
			}
			seen[path] = true
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			rel, _ := filepath.Rel(root, path)
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			files++
			for _, v := range violations(fset, f) {
				t.Error(v)
			}
		}
	}
	if files < 300 {
		t.Errorf("%s: only %d core files parsed", b, files)
	}
}

// violations lists the wall-clock reads, global random numbers and go
// statements in f, as "file:line: what".
func violations(fset *token.FileSet, f *ast.File) []string {
	names := map[string]string{} // local name → import path
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := filepath.Base(path)
		if path == "math/rand/v2" {
			name = "rand"
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = path
	}
	var out []string
	report := func(n ast.Node, what string) {
		out = append(out, fset.Position(n.Pos()).String()+": "+what)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.GoStmt:
			report(x, "a go statement (core runs on the sim's one event loop: use Sim.After)")
		case *ast.SelectorExpr:
			id, ok := x.X.(*ast.Ident)
			if !ok {
				return true
			}
			switch names[id.Name] {
			case "time":
				if wallClock[x.Sel.Name] {
					report(x, "time."+x.Sel.Name+" (core's clock is the sim's: Sim.Now, Sim.After)")
				}
			case "math/rand", "math/rand/v2":
				if !seededRand[x.Sel.Name] {
					report(x, "rand."+x.Sel.Name+" uses the global source (use Sim.Rand)")
				}
			}
		}
		return true
	})
	return out
}

// TestTheDeterminismCheckFindsWhatItLooksFor keeps the check honest: it must
// flag each forbidden form, however the packages are imported.
func TestTheDeterminismCheckFindsWhatItLooksFor(t *testing.T) {
	src := `package x

import (
	"math/rand"
	r2 "math/rand/v2"
	"time"
)

func f(s *r2.Rand) {
	_ = time.Now()
	time.Sleep(time.Second)
	<-time.After(time.Second)
	_ = rand.Intn(3)
	_ = r2.IntN(3)
	_ = s.IntN(3)
	_ = r2.New(r2.NewPCG(1, 2))
	go f(s)
	_ = time.Duration(0)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := violations(fset, f)
	want := []string{"x.go:10:6: time.Now", "x.go:11:2: time.Sleep", "x.go:12:4: time.After", "x.go:13:6: rand.Intn",
		"x.go:14:6: rand.IntN", "x.go:17:2: a go statement"}
	if len(got) != len(want) {
		t.Fatalf("got %d violations, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("violation %d = %q, want it to start with %q", i, got[i], want[i])
		}
	}
}

// heavyInWasm are standard packages the wasm leaves out for the page's
// payload (docs/architecture.md, budgets), with what to use instead.
var heavyInWasm = map[string]string{
	"net":       "core/ipaddr",
	"net/netip": "core/ipaddr",
	"unique":    "core/ipaddr (net/netip brings it)",
	"math/big":  "core/api's decimal, or fixed-size limbs",
	"math/rand": "core/sim's seeded math/rand/v2",
}

// fmtScanners are fmt's scanning functions: with any of them, fmt's scanner
// (90 KB) comes into the wasm. core/fmtscan reads numbers as they do.
var fmtScanners = map[string]bool{"Sscan": true, "Sscanf": true, "Sscanln": true, "Fscan": true, "Fscanf": true,
	"Fscanln": true, "Scan": true, "Scanf": true, "Scanln": true}

func TestTheWasmLeavesHeavyStandardPackagesOut(t *testing.T) {
	for _, b := range builds[1:] {
		lightWasm(t, b)
	}
}

func lightWasm(t *testing.T, b build) {
	pkgs := goListBuild(t, b)
	for _, d := range pkgs[mod+"wasm"].Deps {
		if instead, ok := heavyInWasm[d]; ok {
			t.Errorf("%s: the wasm depends on %s: use %s", b, d, instead)
		}
		// Kubernetes' own modules are for tests only (core/api/k8s_shapes_test.go): about 12 MB raw.
		if strings.HasPrefix(d, "k8s.io/") || strings.HasPrefix(d, "sigs.k8s.io/") {
			t.Errorf("%s: the wasm depends on %s: use core/api's types, shaped as Kubernetes' JSON", b, d)
		}
	}
	for _, d := range pkgs[mod+"wasm"].Deps {
		p := pkgs[d]
		if !strings.HasPrefix(d, mod) || p == nil {
			continue
		}
		for _, name := range p.GoFiles {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if x, ok := n.(*ast.SelectorExpr); ok {
					if id, ok := x.X.(*ast.Ident); ok && id.Name == "fmt" && fmtScanners[x.Sel.Name] {
						t.Errorf("%s: fmt.%s brings fmt's scanner into the wasm: use core/fmtscan", fset.Position(x.Pos()), x.Sel.Name)
					}
				}
				return true
			})
		}
	}
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, strings.TrimPrefix(k, mod))
	}
	sort.Strings(out)
	return out
}

func mustAbs(t *testing.T, p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
