package seam

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"kubeplay/core/beat"
	"kubeplay/core/cluster"
	"kubeplay/core/fmtscan"
	"kubeplay/core/kubectl"
	"kubeplay/core/kubectl/examples"
	"kubeplay/core/kubectl/explaindoc"
	"kubeplay/core/lite"
	"kubeplay/core/shell"
	"kubeplay/core/sim"
)

// Core is one playground: a cluster, its shell and the output of running
// watches. It is not safe for concurrent use (the browser calls it from the
// core's Web Worker, one call at a time).
type Core struct {
	c  *cluster.Cluster
	sh *shell.Shell
	// files are the editor's files as the last run call sent them; written
	// is what the current run call wrote (files.go).
	files, written map[string]string
	// out receives everything the shell and kubectl print, including the
	// later output of kubectl get -w watches.
	out bytes.Buffer
	// pending holds watch output printed between calls, for DrainOutput.
	pending bytes.Buffer
	// Wall reads the wall clock for Advance's budget (tests replace it).
	Wall func() time.Time
	// beats folds the trace into beats; beatCursor is the last beat stepBeat
	// answered or an input or time move made old (beats.go).
	beats      *beat.Builder
	beatCursor int
	// j is the input journal (journal.go).
	j journalState
}

// New returns a playground. Its cluster is built by the first reset, or
// with the default options by the first other call that needs one.
func New() *Core { return &Core{Wall: time.Now} }

// Cluster returns the current cluster, building the default one if needed.
func (k *Core) Cluster() *cluster.Cluster {
	if k.c == nil {
		k.build(cluster.Default())
	}
	return k.c
}

func (k *Core) build(opts cluster.Options) {
	if k.c != nil {
		k.c.StopWatches()
	}
	k.out.Reset()
	k.pending.Reset()
	k.c = cluster.New(opts)
	// The page keeps its own window of the trace (it pulls new records every
	// frame); retaining fewer here keeps the Go heap, and so GC pauses, small.
	k.attach()
	k.j = journalState{base: journalBase{Seed: opts.Seed, Nodes: opts.Nodes}}
	k.sh = k.newShell()
	k.sh.Echo = false
	k.sh.SetOutput(&k.out)
}

// Call runs one seam function by name with JS arguments (string, float64,
// bool or nil) and returns its JSON answer. It never panics: a panic or an
// unknown function becomes {"error": "..."}.
func (k *Core) Call(name string, args []any) (result string) {
	var at mark
	defer func() {
		if r := recover(); r != nil {
			if m, ok := r.(lite.Missing); ok {
				result = needsFull(m, at)
				return
			}
			result = errorJSON(fmt.Sprintf("internal error in %s: %v\n%s", name, r, firstFrames(debug.Stack())))
		}
	}()
	fn, ok := table[name]
	if !ok {
		return errorJSON(fmt.Sprintf("unknown function %q", name))
	}
	a := argList(args)
	if name != "reset" && name != "benchScheduling" {
		k.Cluster()
	}
	if lite.Built {
		at = k.mark(name)
	}
	input := journaled[name] && k.c != nil && !(name == "checkStep" && !attempt(a))
	if input {
		if _, sleep := k.pureSleep(a.str(0)); !(name == "run" && sleep) {
			k.record(name, a)
		}
	}
	if k.beats != nil {
		k.beats.Cut()
	}
	v, err := fn(k, a)
	if k.beats != nil {
		k.beats.Cut()
		if input || name == "advance" || name == "step" || name == "reset" || replacesCluster[name] {
			k.beatCursor = k.beats.Len()
		}
	}
	if err != nil {
		return errorJSON(err.Error())
	}
	if s, ok := v.(rawJSON); ok {
		return string(s)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return errorJSON(err.Error())
	}
	return string(b)
}

// Functions lists the seam's function names (what main.go registers).
func Functions() []string {
	names := make([]string, 0, len(table))
	for n := range table {
		names = append(names, n)
	}
	return names
}

// TraceRetention is how many trace records the browser's cluster retains.
const TraceRetention = 20000

// rawJSON is an already encoded answer.
type rawJSON string

type seamFunc func(k *Core, a argList) (any, error)

var table map[string]seamFunc

func init() {
	table = map[string]seamFunc{
		"reset":            (*Core).reset,
		"apply":            (*Core).apply,
		"run":              (*Core).run,
		"drainOutput":      (*Core).drainOutput,
		"advance":          (*Core).advance,
		"step":             (*Core).step,
		"now":              func(k *Core, _ argList) (any, error) { return ms(k.c.Sim.Now()), nil },
		"trace":            (*Core).trace,
		"events":           (*Core).events,
		"snapshot":         (*Core).snapshot,
		"etcd":             (*Core).etcd,
		"etcdValue":        (*Core).etcdValue,
		"etcdLog":          (*Core).etcdLog,
		"etcdHistory":      (*Core).etcdHistory,
		"describe":         (*Core).describe,
		"explain":          (*Core).explain,
		"complete":         (*Core).complete,
		"nodeAction":       (*Core).nodeAction,
		"restartComponent": (*Core).restartComponent,
		"benchScheduling":  (*Core).benchScheduling,
		"stats":            (*Core).stats,
		// provideDocument(name, text): a document the wasm leaves out of the first download, which the
		// worker fetches the first time a call needs it (lateDocuments).
		"provideDocument": func(_ *Core, a argList) (any, error) {
			provide, ok := lateDocuments[a.str(0)]
			if !ok {
				return map[string]string{"error": "no late document " + a.str(0)}, nil
			}
			provide([]byte(a.str(1)))
			return map[string]bool{"ok": true}, nil
		},
	}
}

// lateDocuments are the documents the page fetches when a call first needs them (site/src/coreworker.js,
// LATE): kubectl explain's OpenAPI document (explain-openapi.json) and the documentation's examples that
// kubectl -f https://k8s.io/examples/... reads (kubectl-examples-<hash>.json).
var lateDocuments = map[string]func([]byte){
	"explain":  explaindoc.Provide,
	"examples": examples.Provide,
}

func errorJSON(msg string) string {
	b, _ := json.Marshal(map[string]string{"error": msg})
	return string(b)
}

func firstFrames(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > 16 {
		lines = lines[:16]
	}
	return strings.Join(lines, "\n")
}

// argList reads JS arguments leniently: missing ones are zero values.
type argList []any

func (a argList) str(i int) string {
	if i >= len(a) || a[i] == nil {
		return ""
	}
	switch v := a[i].(type) {
	case string:
		return v
	case float64:
		return fmt.Sprint(v)
	case bool:
		return fmt.Sprint(v)
	}
	return fmt.Sprint(a[i])
}

func (a argList) num(i int) float64 {
	if i >= len(a) || a[i] == nil {
		return 0
	}
	switch v := a[i].(type) {
	case float64:
		return v
	case int:
		return float64(v)
	case string:
		f, _ := fmtscan.Float(v, true)
		return f
	case bool:
		if v {
			return 1
		}
	}
	return 0
}

// ms is a virtual instant as milliseconds since the Unix epoch, with
// microsecond precision.
func ms(t time.Time) float64 { return float64(t.UnixNano()/1e3) / 1e3 }

// resetOptions is reset's argument.
type resetOptions struct {
	Seed     uint64             `json:"seed"`
	Nodes    []cluster.NodeSpec `json:"nodes"`
	Scenario string             `json:"scenario"`
}

func (k *Core) reset(a argList) (any, error) {
	var o resetOptions
	if s := a.str(0); s != "" {
		if err := json.Unmarshal([]byte(s), &o); err != nil {
			return nil, fmt.Errorf("reset: %v", err)
		}
	}
	opts := cluster.Default()
	if o.Seed != 0 {
		opts.Seed = o.Seed
	} else {
		opts.Seed = sim.DefaultSeed
	}
	if len(o.Nodes) > 0 {
		opts.Nodes = o.Nodes
	}
	k.build(opts)
	res := map[string]any{"ok": true, "seed": opts.Seed, "now": ms(k.c.Sim.Now())}
	if o.Scenario != "" {
		res["scenario"] = o.Scenario
		res["warning"] = "scenarios are loaded by the page, not by reset"
	}
	return res, nil
}

// takeOutput returns what was printed since the last take and clears it.
func (k *Core) takeOutput() string {
	s := k.out.String()
	k.out.Reset()
	return s
}

// stash moves output printed between calls (by watches) aside for
// DrainOutput, so a call's answer holds only what the call printed.
func (k *Core) stash() {
	if k.out.Len() > 0 {
		k.pending.Write(k.out.Bytes())
		k.out.Reset()
	}
}

type applyResult struct {
	Stdout      string       `json:"stdout"`
	Stderr      string       `json:"stderr"`
	Code        int          `json:"code"`
	Diagnostics []diagnostic `json:"diagnostics"`
	// Merges are kubectl apply's three-way merges of the objects that
	// existed: live object, last-applied before and after, the patch sent.
	Merges []kubectl.Merge `json:"merges"`
}

type diagnostic struct {
	Line    int    `json:"line"`
	Message string `json:"message"`
}

func (k *Core) apply(a argList) (any, error) {
	k.stash()
	filename := a.str(0)
	if filename == "" {
		filename = "manifest.yaml"
	}
	var stdout, stderr bytes.Buffer
	code, diags, merges := k.c.Kubectl(&k.out).ApplyContentMerges(filename, []byte(a.str(1)), &stdout, &stderr)
	if merges == nil {
		merges = []kubectl.Merge{}
	}
	res := applyResult{Stdout: stdout.String(), Stderr: stderr.String(), Code: code, Diagnostics: []diagnostic{}, Merges: merges}
	for _, d := range diags {
		res.Diagnostics = append(res.Diagnostics, diagnostic{Line: d.Line, Message: d.Message})
	}
	return res, nil
}

type runResult struct {
	Output string `json:"output"`
	Code   int    `json:"code"`
	// Edit is the object `kubectl edit` opened, for the page's editor (edit.go).
	Edit *kubectl.Edit `json:"edit,omitempty"`
	// Files are what the line wrote (`> FILE`), by name, for the editor (files.go).
	Files map[string]string `json:"files,omitempty"`
	// Prompt is what the terminal shows before the next line: "$ ", "> "
	// while a construct continues (a here-document, an open quote), or the
	// prompt of the container `kubectl exec -ti POD -- sh` entered.
	Prompt string `json:"prompt"`
}

func (k *Core) run(a argList) (any, error) {
	k.stash()
	if d, sleep := k.pureSleep(a.str(0)); sleep && len(k.j.future) > 0 {
		// Time passing reaches the journal's future inputs on the way.
		k.runUntil(k.c.Sim.Now().Add(d))
		return runResult{Output: k.takeOutput(), Prompt: k.sh.Prompt()}, nil
	}
	if err := k.setFiles(a.str(1)); err != nil {
		return nil, err
	}
	k.written = nil
	ok, edit := k.runWithEditor(a.str(0))
	code := 0
	if !ok {
		code = 1
	}
	return runResult{Output: k.takeOutput(), Code: code, Edit: edit, Files: k.written, Prompt: k.sh.Prompt()}, nil
}

func (k *Core) drainOutput(argList) (any, error) {
	k.stash()
	s := k.pending.String()
	k.pending.Reset()
	return s, nil
}

type advanceResult struct {
	Now      float64 `json:"now"`
	Reached  bool    `json:"reached"`
	Steps    int     `json:"steps"`
	Revision int64   `json:"revision"`
	TraceSeq int     `json:"traceSeq"`
	Output   bool    `json:"output"`
	// Slowest names the event that took the most wall time in this call.
	Slowest   string  `json:"slowest,omitempty"`
	SlowestMs float64 `json:"slowestMs"`
}

// advance runs the simulation toward now+virtualMs, stopping early once
// budgetMs of wall time has passed (checked every few events).
func (k *Core) advance(a argList) (any, error) {
	virtual := time.Duration(a.num(0) * float64(time.Millisecond))
	budget := time.Duration(a.num(1) * float64(time.Millisecond))
	if budget <= 0 {
		budget = 8 * time.Millisecond
	}
	s := k.c.Sim
	target := s.Now().Add(virtual)
	start := k.Wall()
	last := start
	steps, reached := 0, false
	var slowest string
	var slowestDur time.Duration
	for {
		name, ok := k.next(target)
		if !ok {
			reached = true
			break
		}
		steps++
		// One event can be long (a controller syncing hundreds of pods), so
		// the budget is checked after every event.
		now := k.Wall()
		if d := now.Sub(last); d > slowestDur {
			slowest, slowestDur = name, d
		}
		last = now
		if now.Sub(start) >= budget {
			break
		}
	}
	return advanceResult{Now: ms(s.Now()), Reached: reached, Steps: steps, Revision: k.c.Store.Rev(),
		TraceSeq: s.Trace.Len(), Output: k.out.Len() > 0 || k.pending.Len() > 0,
		Slowest: slowest, SlowestMs: float64(slowestDur.Microseconds()) / 1e3}, nil
}

type stepResult struct {
	Now   float64 `json:"now"`
	Name  string  `json:"name"`
	Ran   bool    `json:"ran"`
	Steps uint64  `json:"steps"`
}

func (k *Core) step(argList) (any, error) {
	s := k.c.Sim
	at, name, ok := s.Next()
	if ok {
		k.fireDue(at)
	}
	ran := ok && s.Step()
	return stepResult{Now: ms(s.Now()), Name: name, Ran: ran, Steps: s.Steps()}, nil
}

func (k *Core) nodeAction(a argList) (any, error) {
	k.stash()
	var err error
	switch a.str(1) {
	case "down":
		err = k.c.NodeDown(a.str(0), &k.out)
	case "up":
		err = k.c.NodeUp(a.str(0), &k.out)
	default:
		err = fmt.Errorf("unknown node action %q (down, up)", a.str(1))
	}
	return k.actionResult(err), nil
}

func (k *Core) restartComponent(a argList) (any, error) {
	k.stash()
	return k.actionResult(k.c.Component("restart", a.str(0), &k.out)), nil
}

func (k *Core) actionResult(err error) runResult {
	code := 0
	if err != nil {
		fmt.Fprintf(&k.out, "error: %v\n", err)
		code = 1
	}
	return runResult{Output: k.takeOutput(), Code: code}
}

// Version names the seam's contract (bumped when the table changes shape).
const Version = "kubeplay-seam/1"

type statsResult struct {
	Now      float64 `json:"now"`
	Steps    uint64  `json:"steps"`
	Pending  int     `json:"pending"`
	Next     string  `json:"next"`
	NextAt   float64 `json:"nextAt,omitempty"`
	Revision int64   `json:"revision"`
	TraceSeq int     `json:"traceSeq"`
	Seed     uint64  `json:"seed"`
	// Go runtime figures: live heap, GC cycles and their total pause.
	HeapBytes uint64  `json:"heapBytes"`
	NumGC     uint32  `json:"numGC"`
	GCPauseMs float64 `json:"gcPauseMs"`
	Records   int     `json:"records"`
}

// stats reports the simulation's counters (tests, the bench page).
func (k *Core) stats(argList) (any, error) {
	s := k.c.Sim
	r := statsResult{Now: ms(s.Now()), Steps: s.Steps(), Pending: s.Pending(), Revision: k.c.Store.Rev(),
		TraceSeq: s.Trace.Len(), Seed: s.Seed()}
	if at, name, ok := s.Next(); ok {
		r.Next, r.NextAt = name, ms(at)
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	r.HeapBytes, r.NumGC, r.GCPauseMs = m.HeapAlloc, m.NumGC, float64(m.PauseTotalNs)/1e6
	r.Records = len(s.Trace.Records())
	return r, nil
}
