package scenario

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/cluster"
	"kubeplay/core/kubectl/printers"
	"kubeplay/core/shell"
	"kubeplay/core/trace"
)

// Options tune a play.
type Options struct {
	// Seed overrides the scenario's seed (0 = the scenario's, or 1).
	Seed uint64
	// Lang adds each step's narration to the transcript as "# " lines
	// ("ja" or "en"; "" = none).
	Lang string
	// Trace interleaves the pipeline trace ("  ~ " lines), like --trace.
	Trace bool
}

// StepResult is what one step did.
type StepResult struct {
	Index int `json:"index"` // 1-based
	// Output is what the step's lines printed (watches included).
	Output       string         `json:"output"`
	Expectations []ExpectResult `json:"expectations"`
	// Elapsed is the virtual time the step took.
	Elapsed time.Duration `json:"elapsed"`
}

// Result is a whole play.
type Result struct {
	Name string `json:"name"`
	Seed uint64 `json:"seed"`
	// Transcript is the terminal view: "# step N" headers, "$ line" and
	// output as `kubeplay shell` prints them, and one ✓/✗ line per
	// expectation.
	Transcript string       `json:"transcript"`
	Steps      []StepResult `json:"steps"`
	// Err is set when the play could not finish (a component panicked).
	Err string `json:"err,omitempty"`
}

// Expectations returns every expectation result in order.
func (r *Result) Expectations() []ExpectResult {
	var out []ExpectResult
	for _, s := range r.Steps {
		out = append(out, s.Expectations...)
	}
	return out
}

// Failures returns the expectations that failed.
func (r *Result) Failures() []ExpectResult {
	var out []ExpectResult
	for _, e := range r.Expectations() {
		if !e.Passed {
			out = append(out, e)
		}
	}
	return out
}

// Passed reports whether the play finished and every expectation held.
func (r *Result) Passed() bool { return r.Err == "" && len(r.Failures()) == 0 }

// Player plays a scenario one step at a time on its own cluster.
type Player struct {
	sc   *Scenario
	opts Options
	c    *cluster.Cluster
	sh   *shell.Shell

	transcript bytes.Buffer
	stepOut    bytes.Buffer
	events     []ObservedEvent
	next       int
	result     *Result
	stopTrace  []func()

	// The current step became current at curStart, when curEvents events
	// had been observed: a learner's turn is checked from there.
	curStart  time.Time
	curEvents int
	// mine are the learner's versions of the scenario's files (UseFile).
	mine map[string]string
	// attempts counts the learner's attempts at the current step; failedLast
	// is set when the last one fell short of the goal.
	attempts   int
	failedLast bool
}

// tee writes command output to the transcript and the step's output.
type tee struct{ p *Player }

func (t tee) Write(b []byte) (int, error) {
	t.p.transcript.Write(b)
	t.p.stepOut.Write(b)
	return len(b), nil
}

// ClusterOptions returns the cluster a scenario asks for.
func ClusterOptions(sc *Scenario, seed uint64) cluster.Options {
	if seed == 0 {
		seed = sc.Cluster.Seed
	}
	if seed == 0 {
		seed = 1
	}
	opts := cluster.Default()
	opts.Seed = seed
	if len(sc.Cluster.Nodes) > 0 {
		opts.Nodes = nil
		for _, n := range sc.Cluster.Nodes {
			spec := cluster.NodeSpec{Name: n.Name, CPU: n.CPU, Memory: n.Memory, Pods: n.Pods, Labels: n.Labels, ControlPlane: n.ControlPlane}
			for _, t := range n.Taints {
				spec.Taints = append(spec.Taints, api.Taint{Key: t.Key, Value: t.Value, Effect: api.TaintEffect(t.Effect)})
			}
			opts.Nodes = append(opts.Nodes, spec)
		}
	}
	return opts
}

// NewPlayer builds the scenario's cluster (started and idle) and returns a
// player positioned before the first step.
func NewPlayer(sc *Scenario, opts Options) *Player {
	copts := ClusterOptions(sc, opts.Seed)
	p := &Player{sc: sc, opts: opts, result: &Result{Name: sc.Name, Seed: copts.Seed}}
	p.c = cluster.New(copts)
	for _, repo := range sc.Cluster.Images {
		if err := p.c.Registry.Add(copyRepository(repo)); err != nil {
			// Load validated the repositories; this cannot happen for a loaded scenario.
			fmt.Fprintf(&p.transcript, "# image %s: %v\n", repo.Name, err)
		}
	}
	out := tee{p}
	p.sh = shell.New(p.c, out)
	p.c.SetOutput(out)
	p.stopTrace = append(p.stopTrace, p.c.Sim.Trace.Subscribe(p.observe))
	if opts.Trace {
		p.stopTrace = append(p.stopTrace, p.c.Sim.Trace.Subscribe(func(r trace.Record) {
			fmt.Fprintf(&p.transcript, "  ~ %s\n", r.String())
		}))
	}
	fmt.Fprintf(&p.transcript, "# scenario %s (seed %d)\n", sc.Name, copts.Seed)
	p.becomeCurrent()
	return p
}

// becomeCurrent marks the next step as current from now on.
func (p *Player) becomeCurrent() {
	p.curStart = p.c.Sim.Now()
	p.curEvents = len(p.events)
	p.stepOut.Reset()
	p.attempts, p.failedLast = 0, false
}

// Cluster returns the cluster the scenario plays on.
func (p *Player) Cluster() *cluster.Cluster { return p.c }

// Shell returns the shell the steps' lines run in (the browser terminal
// continues in it).
func (p *Player) Shell() *shell.Shell { return p.sh }

// Done reports whether every step has run.
func (p *Player) Done() bool { return p.next >= len(p.sc.Steps) || p.result.Err != "" }

// Next is the 0-based index of the next step.
func (p *Player) Next() int { return p.next }

// Result returns the play so far; its Transcript is up to date.
func (p *Player) Result() *Result {
	p.result.Transcript = p.transcript.String()
	return p.result
}

// Step runs the next step: its narration header, apply, run lines, then
// each expectation in order, waiting as long as it allows. Watches started
// by the step are stopped at its end, as a learner's Ctrl+C would.
func (p *Player) Step() (sr StepResult) {
	if p.Done() {
		return sr
	}
	i := p.next
	p.next++
	st := &p.sc.Steps[i]
	sr.Index = i + 1
	start := p.c.Sim.Now()
	defer func() {
		if r := recover(); r != nil {
			p.result.Err = fmt.Sprintf("step %d: panic: %v\n%s", i+1, r, firstFrames(debug.Stack(), 12))
			fmt.Fprintf(&p.transcript, "✗ the simulation stopped: panic: %v\n", r)
			sr.Output = p.stepOut.String()
			sr.Elapsed = p.c.Sim.Now().Sub(start)
			p.result.Steps = append(p.result.Steps, sr)
		}
	}()
	p.header(i)
	p.stepOut.Reset()
	if len(st.Trace) > 0 {
		stop := p.c.Sim.Trace.Subscribe(p.traceLines(st.Trace))
		defer stop()
	}
	win := window{stepEvents: len(p.events)}
	if st.Learner() {
		// The learner's turn, played by the author's solution ("show me"):
		// its expectations look from when the step became current.
		win.stepEvents = p.curEvents
		if st.Solution != nil {
			p.act(st.Solution.Apply, st.Solution.Run)
		}
	} else {
		p.act(st.Apply, st.Run)
	}
	p.endLine()
	for j := range st.Expect {
		e := &st.Expect[j]
		c := newChecker(e)
		ok, got, waited := evaluate(p, win, c)
		r := got.result(ExpectResult{Step: i + 1, Index: j + 1, Line: e.line, Description: c.describe(), Passed: ok, Waited: waited})
		p.endLine()
		p.transcript.WriteString(r.Message() + "\n")
		sr.Expectations = append(sr.Expectations, r)
	}
	p.c.StopWatches()
	sr.Output = p.stepOut.String()
	sr.Elapsed = p.c.Sim.Now().Sub(start)
	p.result.Steps = append(p.result.Steps, sr)
	p.becomeCurrent()
	return sr
}

// header writes step i's "# step N" line (", your turn" for the learner's)
// and, with Options.Lang, its narration and goal as "# " lines.
func (p *Player) header(i int) {
	st := &p.sc.Steps[i]
	if i > 0 {
		p.transcript.WriteString("\n")
	}
	if st.Learner() {
		fmt.Fprintf(&p.transcript, "# step %d (your turn)\n", i+1)
	} else {
		fmt.Fprintf(&p.transcript, "# step %d\n", i+1)
	}
	if p.opts.Lang == "" {
		return
	}
	for _, t := range []Text{st.Narration, st.YourTurn} {
		if t.IsZero() {
			continue
		}
		for _, l := range strings.Split(strings.TrimRight(PlainText(Markdown(t.In(p.opts.Lang))), "\n"), "\n") {
			p.transcript.WriteString(strings.TrimRight("# "+l, " ") + "\n")
		}
	}
}

// act applies one of the scenario's files (when apply is set), then runs
// the lines, printing both to the transcript as kubeplay shell does.
func (p *Player) act(apply string, run []string) {
	out := tee{p}
	if apply != "" {
		p.endLine()
		f, _ := p.sc.File(apply)
		if c, ok := p.mine[apply]; ok {
			f.Content = c
		}
		fmt.Fprintf(out, "$ kubectl apply -f %s\n", f.Name)
		p.c.Kubectl(out).ApplyContent(f.Name, []byte(f.Content), out, out)
	}
	for _, line := range run {
		p.endLine()
		p.sh.Exec(line)
	}
}

// UseFile makes the steps that apply the scenario's file name apply the
// learner's content instead (the learner kept their edited file).
func (p *Player) UseFile(name, content string) {
	if p.mine == nil {
		p.mine = map[string]string{}
	}
	p.mine[name] = content
}

// Step states reported for a learner's turn (and by the page for every step).
const (
	StatePending = "pending"
	StatePassed  = "passed"
	StateFailed  = "failed"
)

// Check is a learner's turn checked against the cluster.
type Check struct {
	Index int `json:"index"` // 0-based
	// State: passed (every expectation holds; the step is done and the next
	// one is current), failed (the learner's last attempt did not reach the
	// goal, or a holding expectation broke; they may still reach it), or
	// pending (the learner has not tried yet, or a look found it not there
	// yet). Time passing alone never fails a learner.
	State        string         `json:"state"`
	Expectations []ExpectResult `json:"expectations"`
	// Attempts counts the learner's attempts at the step so far (Attempt).
	Attempts int `json:"attempts"`
}

// Check evaluates the current step when it is the learner's turn, at the
// cluster's present, without moving the clock (a look: the running clock and
// the learner's reads). ok is false when there is no current learner's
// step. A holding expectation (absent, notContains) counts from when the
// step became current. A step that holds is recorded like a step that ran,
// and the next one becomes current.
func (p *Player) Check() (ch Check, ok bool) { return p.check(false) }

// Attempt evaluates the learner's turn after they acted (an Apply, a command
// that changed something): each expectation is evaluated as a scripted
// step's is, waiting on the virtual clock from now as long as its within
// allows, so a wrong fix fails at once with what the cluster shows and a
// right one passes. It counts as one attempt.
func (p *Player) Attempt() (ch Check, ok bool) { return p.check(true) }

func (p *Player) check(attempt bool) (ch Check, ok bool) {
	if p.Done() || !p.sc.Steps[p.next].Learner() {
		return ch, false
	}
	i := p.next
	st := &p.sc.Steps[i]
	if attempt {
		p.attempts++
	}
	ch = Check{Index: i, State: StatePassed, Attempts: p.attempts}
	win := window{stepEvents: p.curEvents}
	failed, pending := false, false
	for j := range st.Expect {
		e := &st.Expect[j]
		c := newChecker(e)
		var r ExpectResult
		if attempt {
			holds, got, waited := evaluate(p, win, c)
			r = got.result(ExpectResult{Step: i + 1, Index: j + 1, Line: e.line, Description: c.describe(), Passed: holds, Waited: waited})
			failed = failed || !holds
		} else {
			elapsed := p.c.Sim.Now().Sub(p.curStart)
			holds, got := c.check(p, win)
			r = got.result(ExpectResult{Step: i + 1, Index: j + 1, Line: e.line, Description: c.describe(), Passed: holds, Waited: elapsed})
			switch {
			case c.holds() && !holds:
				failed = true // the thing that must not happen happened
			case c.holds() && elapsed < c.deadline():
				so := Got{EN: fmt.Sprintf("%s of %s so far", fmtDuration(elapsed), fmtDuration(c.deadline())),
					JA: fmt.Sprintf("%s のうち %s が経ったところ", jaDuration(c.deadline()), jaDuration(elapsed))}
				r = so.result(r)
				r.Passed = false
				pending = true
			case !holds && p.failedLast:
				failed = true // still short of the goal the last attempt missed
			case !holds:
				pending = true
			}
		}
		ch.Expectations = append(ch.Expectations, r)
	}
	switch {
	case failed:
		ch.State = StateFailed
		p.failedLast = true
	case pending:
		ch.State = StatePending
	default:
		p.next++
		p.header(i)
		sr := StepResult{Index: i + 1, Output: p.stepOut.String(), Expectations: ch.Expectations, Elapsed: p.c.Sim.Now().Sub(p.curStart)}
		for _, r := range ch.Expectations {
			p.endLine()
			p.transcript.WriteString(r.Message() + "\n")
		}
		p.result.Steps = append(p.result.Steps, sr)
		p.becomeCurrent()
	}
	return ch, true
}

// Typed adds what the learner's terminal printed to the current step's
// output, which output expectations look at.
func (p *Player) Typed(out string) { p.stepOut.WriteString(out) }

// Current returns the current step (nil when every step has run).
func (p *Player) Current() *Step {
	if p.Done() {
		return nil
	}
	return &p.sc.Steps[p.next]
}

// endLine ends an unfinished output line (jsonpath prints no newline), so
// the next "$ " starts a line of its own.
func (p *Player) endLine() {
	if b := p.transcript.Bytes(); len(b) > 0 && b[len(b)-1] != '\n' {
		p.transcript.WriteByte('\n')
	}
}

// traceLines writes the records of kinds to the transcript, leaving out
// Lease renewals (heartbeats every 10s would drown the relay).
func (p *Player) traceLines(kinds []string) func(trace.Record) {
	want := map[trace.Kind]bool{}
	for _, k := range kinds {
		want[trace.Kind(k)] = true
	}
	return func(r trace.Record) {
		if !want[r.Kind] || strings.HasPrefix(r.Resource, "leases") || strings.Contains(r.Message, "/registry/leases/") {
			return
		}
		fmt.Fprintf(&p.transcript, "  ~ %s\n", r.String())
	}
}

// Close stops observing the cluster's trace.
func (p *Player) Close() {
	for _, f := range p.stopTrace {
		f()
	}
	p.stopTrace = nil
}

// Play plays every step of sc on a fresh cluster.
func Play(sc *Scenario, opts Options) *Result {
	p := NewPlayer(sc, opts)
	defer p.Close()
	for !p.Done() {
		p.Step()
	}
	p.c.StopWatches()
	return p.Result()
}

func firstFrames(stack []byte, n int) string {
	lines := strings.Split(string(stack), "\n")
	if len(lines) > n*2+1 {
		lines = lines[:n*2+1]
	}
	return strings.Join(lines, "\n")
}

// The player is the world its expectations look at.

func (p *Player) Now() time.Time          { return p.c.Sim.Now() }
func (p *Player) Advance(d time.Duration) { p.c.Sim.Advance(d) }
func (p *Player) Events() []ObservedEvent { return p.events }
func (p *Player) Output() string          { return p.stepOut.String() }

// Objects reads a resource's objects from the apiserver's watch cache without a request (nothing is traced).
func (p *Player) Objects(group, resource, namespace string) []api.Object {
	return p.c.Server.Peek(group, resource, namespace)
}

// Pods returns every pod as kubectl get pods shows it, read from the
// apiserver's watch cache without a request (nothing is traced).
func (p *Player) Pods() []PodView {
	objs := p.c.Server.Peek("", "pods", "")
	out := make([]PodView, 0, len(objs))
	for _, o := range objs {
		pod, ok := o.(*api.Pod)
		if !ok {
			continue
		}
		out = append(out, PodView{Namespace: pod.Namespace, Name: pod.Name, Status: printers.PodStatus(pod), Ready: printers.PodReady(pod), Node: pod.Spec.NodeName})
	}
	return out
}

// observe records each Event occurrence the trace reports (a first write,
// a count bump, a series bump), skipping events the recorders dropped.
func (p *Player) observe(r trace.Record) {
	if r.Kind != trace.Event || r.Resource != "events" {
		return
	}
	if strings.Contains(r.Message, " (dropped by the event spam filter)") || strings.Contains(r.Message, " (not recorded: ") {
		return
	}
	if e, ok := p.lookupEvent(r.Namespace, r.Name); ok {
		src := e.Source.Component
		if src == "" {
			src = e.ReportingController
		}
		p.events = append(p.events, ObservedEvent{
			At: r.Time, Kind: strings.ToLower(e.InvolvedObject.Kind), Namespace: e.InvolvedObject.Namespace,
			Name: e.InvolvedObject.Name, Type: e.Type, Reason: e.Reason, Message: e.Message, Source: src,
		})
		return
	}
	if e, ok := parseTraceEvent(r); ok {
		p.events = append(p.events, e)
	}
}

func (p *Player) lookupEvent(ns, name string) (*api.Event, bool) {
	for _, o := range p.c.Server.Peek("", "events", ns) {
		if e, ok := o.(*api.Event); ok && e.Name == name {
			return e, true
		}
	}
	return nil, false
}

// parseTraceEvent reads "Type Reason kind/name: message" (the recorders'
// trace line) when the Event object is no longer stored.
func parseTraceEvent(r trace.Record) (ObservedEvent, bool) {
	head, msg, ok := strings.Cut(r.Message, ": ")
	f := strings.Fields(head)
	if !ok || len(f) != 3 {
		return ObservedEvent{}, false
	}
	kind, name, ok := strings.Cut(f[2], "/")
	if !ok {
		return ObservedEvent{}, false
	}
	src := r.Component
	if i := strings.LastIndexByte(src, '/'); i >= 0 && strings.HasPrefix(src, "kubelet") {
		src = "kubelet"
	}
	return ObservedEvent{At: r.Time, Kind: kind, Name: name, Type: f[0], Reason: f[1], Message: msg, Source: src}, true
}
