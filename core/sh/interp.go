package sh

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Flavour is which shell plays: its echo, its error words.
type Flavour int

const (
	// Bash is GNU bash (the terminal's, Debian's /bin/bash).
	Bash Flavour = iota
	// Busybox is busybox's ash (busybox and Alpine images' /bin/sh).
	Busybox
	// Dash is Debian's /bin/sh.
	Dash
)

// FS is the file system the shell's redirections and utilities reach.
// Paths are as typed (relative to the working directory the host keeps).
type FS interface {
	ReadFile(path string) ([]byte, error)
	// WriteFile replaces (or, appending, extends) a file.
	WriteFile(path string, data []byte, appending bool) error
	// ReadDir lists a directory's entry names, sorted.
	ReadDir(path string) ([]string, error)
	// Stat reports whether path exists and is a directory.
	Stat(path string) (isDir bool, err error)
	Mkdir(path string) error
	Remove(path string) error
}

// ErrNotExist and ErrReadOnly are the FS errors the shell words as
// "No such file or directory" and "Read-only file system".
var (
	ErrNotExist = errors.New("No such file or directory")
	ErrReadOnly = errors.New("Read-only file system")
	ErrIsDir    = errors.New("Is a directory")
)

// Host is what the interpreter runs on: the terminal beside a cluster, or
// a container.
type Host interface {
	// Flavour is the shell's kind.
	Flavour() Flavour
	// Prefix starts the shell's own diagnostics ("bash: ", "sh: ",
	// "sh: 1: " or "" for the terminal's historical words).
	Prefix() string
	// FS is the file system, or nil for none (reads find nothing, writes
	// fail as on a read-only file system).
	FS() FS
	// Has reports whether the machine has a core/sh utility (grep, sed,
	// base64, ...): the image's programs decide in a container.
	Has(utility string) bool
	// Run runs an external program (kubectl, curl, an image's binary);
	// found is false when the machine has none of that name.
	Run(c *Cmd) (status int, found bool)
	// NotFound is the words for a command nobody has.
	NotFound(name string) string
	// Sleep lets d of virtual time pass; false stops the script (its time
	// budget is spent).
	Sleep(d time.Duration) bool
}

// Cmd is one command as it runs: its words after expansion, the exported
// environment, its standard streams, and for a background job the job.
type Cmd struct {
	Args   []string
	Env    map[string]string
	Stdin  []byte
	Stdout io.Writer
	Stderr io.Writer
	// Job is set when the command runs in the background (`cmd &`): a
	// program that keeps running (a port-forward, a proxy) sets Job.Stop,
	// and the job stays Running until kill stops it.
	Job    *Job
	Interp *Interp
}

// Job is a background job.
type Job struct {
	ID, PID int
	Text    string
	// Stop ends what the job keeps running; nil when it ran to its end.
	Stop  func()
	state string // "Running", "Done", "Terminated", "Exit N"
	told  bool
}

// Bounds of one Run, so that no input hangs or floods.
const (
	MaxSteps  = 20000   // commands run
	maxOutput = 4 << 20 // bytes one stream may take
)

// Interp is a shell's state across the lines it runs: variables, the
// working directory, the last status, the jobs.
type Interp struct {
	Host     Host
	Vars     map[string]string
	Exported map[string]bool
	Args     []string // $1...
	Name     string   // $0
	Status   int      // $?
	PID      int      // $$
	Dir      string
	Stdout   io.Writer
	Stderr   io.Writer
	Jobs     []*Job
	// Exited is set by exit; ExitCode is its status.
	Exited   bool
	ExitCode int
	// OnExit, when set, runs when exit ends the shell.
	nextPID int
	lastBg  int
	steps   int
	stopped bool // the step or time budget is spent
	failed  bool // an expansion error: the command does not run
	depth   int
	charged int
	sub     bool
	// Interactive is a terminal's shell: it prints the job notices ([1]
	// 4301, [1]+  Done …) that sh -c does not.
	Interactive bool
	// PlainErrors prints syntax and redirection errors without the
	// shell's prefix (kubeplay's terminal always printed them so).
	PlainErrors bool
	// readInput is the input a loop's reads share (while read l; do …).
	readInput *[]byte
}

// New returns an interpreter on host writing to stdout and stderr.
func New(host Host, stdout, stderr io.Writer) *Interp {
	return &Interp{Host: host, Vars: map[string]string{}, Exported: map[string]bool{}, Stdout: stdout, Stderr: stderr,
		PID: 4242, nextPID: 4300, Dir: "/", Name: "bash"}
}

// Get is a variable's value ("" when unset).
func (in *Interp) Get(name string) string { return in.Vars[name] }

// maxVar bounds a variable's value.
const maxVar = 256 << 10

// Set sets a variable (its value cut at 256 KiB).
func (in *Interp) Set(name, value string) {
	if len(value) > maxVar {
		value = value[:maxVar]
	}
	in.Vars[name] = value
}

// charge counts the work of expanding n bytes against the step budget.
func (in *Interp) charge(n int) {
	in.charged += n
	if in.charged > 4096 {
		in.steps += in.charged / 4096
		in.charged %= 4096
		if in.steps > MaxSteps {
			in.stopped = true
		}
	}
}

// Environ is the exported variables, for a program's environment.
func (in *Interp) Environ() map[string]string {
	env := map[string]string{}
	for k := range in.Exported {
		if v, ok := in.Vars[k]; ok {
			env[k] = v
		}
	}
	return env
}

// plainf prints a syntax or redirection error.
func (in *Interp) plainf(format string, a ...any) {
	if in.PlainErrors {
		fmt.Fprintf(in.Stderr, format+"\n", a...)
		return
	}
	in.errorf(format, a...)
}

func (in *Interp) errorf(format string, a ...any) {
	fmt.Fprintf(in.Stderr, in.Host.Prefix()+format+"\n", a...)
}

// Run parses and runs src, a complete script. It reports a syntax error
// (printed in the shell's words) as status 2; incomplete input is an error
// too (ErrIncomplete: the caller may read more lines first).
func (in *Interp) Run(src string) (int, error) {
	s, err := Parse(src)
	if err != nil {
		if errors.Is(err, ErrIncomplete) {
			return 2, err
		}
		in.plainf("%v", err)
		in.Status = 2
		return 2, err
	}
	in.steps, in.stopped = 0, false
	out := &capWriter{w: in.Stdout, left: maxOutput}
	errw := out
	if in.Stderr != in.Stdout {
		errw = &capWriter{w: in.Stderr, left: maxOutput}
	}
	in.runList(s.List, out, errw, nil)
	return in.Status, nil
}

// meter charges what a command writes against the step budget.
type meter struct {
	w  io.Writer
	in *Interp
}

func (m *meter) Write(p []byte) (int, error) {
	m.in.charge(len(p))
	if m.in.stopped {
		return len(p), nil
	}
	return m.w.Write(p)
}

// Underlying is the writer a command's stream leads to, past the
// interpreter's meters and caps (a host that keeps a writer for later
// output, such as a watch, keeps that one).
func Underlying(w io.Writer) io.Writer {
	for {
		switch x := w.(type) {
		case *meter:
			w = x.w
		case *capWriter:
			w = x.w
		default:
			return w
		}
	}
}

// capWriter passes on at most left bytes.
type capWriter struct {
	w    io.Writer
	left int
}

func (c *capWriter) Write(p []byte) (int, error) {
	if c.left <= 0 {
		return len(p), nil
	}
	n := min(len(p), c.left)
	c.left -= n
	c.w.Write(p[:n])
	return len(p), nil
}

// Stopped reports whether the last Run ended on its budget.
func (in *Interp) Stopped() bool { return in.stopped }

// runSource runs a substitution's or sh -c's text; a syntax error prints.
func (in *Interp) runSource(src string) {
	s, err := Parse(src)
	if err != nil {
		if errors.Is(err, ErrIncomplete) {
			err = errors.New("syntax error: unexpected end of file")
		}
		in.errorf("%v", err)
		in.Status = 2
		return
	}
	in.runList(s.List, in.Stdout, in.Stderr, nil)
}

// subshell is a copy of in for ( … ) and $( … ): its variables are its own.
func (in *Interp) subshell(out io.Writer) *Interp {
	c := *in
	c.Vars = make(map[string]string, len(in.Vars))
	for k, v := range in.Vars {
		c.Vars[k] = v
	}
	c.Exported = make(map[string]bool, len(in.Exported))
	for k, v := range in.Exported {
		c.Exported[k] = v
	}
	c.Stdout = out
	c.Jobs = nil
	c.sub = true
	c.Exited = false
	return &c
}

func (in *Interp) halted() bool { return in.Exited || in.stopped }

// step counts a command against the budget.
func (in *Interp) step() bool {
	in.steps++
	if in.steps > MaxSteps {
		in.stopped = true
	}
	return !in.stopped
}

func (in *Interp) runList(l *List, out, errw io.Writer, stdin []byte) {
	for _, ao := range l.Items {
		if in.halted() {
			return
		}
		if ao.Bg {
			in.background(ao, out, errw)
			continue
		}
		in.runAndOr(ao, out, errw, stdin, nil)
	}
}

func (in *Interp) runAndOr(ao *AndOr, out, errw io.Writer, stdin []byte, job *Job) {
	for i, p := range ao.Pipes {
		if i > 0 {
			op := ao.Ops[i-1]
			if op == "&&" && in.Status != 0 || op == "||" && in.Status == 0 {
				continue
			}
		}
		if in.halted() {
			return
		}
		in.runPipeline(p, out, errw, stdin, job)
	}
}

// background runs `cmd &`: bash prints the job's number and pid, the
// command runs (what it starts keeps running: a Stop set by the host), and
// a job that ended is reported Done before the next prompt.
func (in *Interp) background(ao *AndOr, out, errw io.Writer) {
	in.nextPID++
	id := 1
	for _, j := range in.Jobs {
		if j.ID >= id {
			id = j.ID + 1
		}
	}
	text := ao.Text
	job := &Job{ID: id, PID: in.nextPID, Text: text, state: "Running"}
	in.lastBg = job.PID
	if in.Interactive && !in.sub {
		fmt.Fprintf(errw, "[%d] %d\n", job.ID, job.PID)
	}
	in.Jobs = append(in.Jobs, job)
	in.runAndOr(ao, out, errw, nil, job)
	if job.Stop == nil {
		job.state = "Done"
		if in.Status != 0 {
			job.state = "Exit " + strconv.Itoa(in.Status)
		}
	}
	in.Status = 0
}

// Notify prints what an interactive shell prints before its next prompt: the background
// jobs that ended since, and forgets them.
func (in *Interp) Notify(w io.Writer) {
	if !in.Interactive {
		in.dropEnded()
		return
	}
	for _, j := range in.Jobs {
		if j.state != "Running" && !j.told {
			j.told = true
			fmt.Fprintln(w, in.jobLine(j, false))
		}
	}
	in.dropEnded()
}

func (in *Interp) dropEnded() {
	kept := in.Jobs[:0]
	for _, j := range in.Jobs {
		if j.state == "Running" {
			kept = append(kept, j)
		}
	}
	in.Jobs = kept
}

// jobLine is one line of jobs: "[1]+  Running                 kubectl proxy &".
func (in *Interp) jobLine(j *Job, withPID bool) string {
	mark := " "
	if n := len(in.Jobs); n > 0 && in.Jobs[n-1] == j {
		mark = "+"
	} else if n > 1 && in.Jobs[n-2] == j {
		mark = "-"
	}
	text := j.Text
	if j.state == "Running" {
		text += " &"
	}
	if withPID {
		return fmt.Sprintf("[%d]%s %d %-24s%s", j.ID, mark, j.PID, j.state, text)
	}
	return fmt.Sprintf("[%d]%s  %-24s%s", j.ID, mark, j.state, text)
}

func (in *Interp) runPipeline(p *Pipeline, out, errw io.Writer, stdin []byte, job *Job) {
	if len(p.Cmds) == 1 {
		in.runCommand(p.Cmds[0], out, errw, stdin, job)
	} else {
		data := stdin
		for i, c := range p.Cmds {
			if in.halted() {
				break
			}
			if i == len(p.Cmds)-1 {
				in.runCommand(c, out, errw, data, job)
				break
			}
			buf := &limitedBuffer{max: maxOutput}
			in.runCommand(c, buf, errw, data, job)
			data = buf.Bytes()
			if in.Exited && !in.sub {
				// exit inside a pipeline ends only its subshell.
				in.Exited = false
			}
		}
	}
	if p.Bang {
		in.Status = int(b2i(in.Status == 0))
	}
}

// limitedBuffer keeps at most max bytes.
type limitedBuffer struct {
	bytes.Buffer
	max int
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); len(p) > room {
		b.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

func (in *Interp) runCommand(c Command, out, errw io.Writer, stdin []byte, job *Job) {
	if !in.step() {
		return
	}
	in.depth++
	defer func() { in.depth-- }()
	if in.depth > 100 {
		in.errorf("maximum nesting level exceeded")
		in.Status = 1
		return
	}
	if _, ok := c.(*Simple); !ok && len(c.redirs()) > 0 {
		var restore func() int
		var ok bool
		out, errw, stdin, restore, ok = in.redirect(c.redirs(), out, errw, stdin)
		if !ok {
			in.Status = 1
			return
		}
		defer func() {
			if st := restore(); st != 0 {
				in.Status = st
			}
		}()
	}
	switch n := c.(type) {
	case *Simple:
		in.runSimple(n, out, errw, stdin, job)
	case *Group:
		if n.Sub {
			sub := in.subshell(out)
			sub.Stderr = errw
			sub.runList(n.Body, out, errw, stdin)
			in.Status, in.steps = sub.Status, sub.steps
			in.stopped = in.stopped || sub.stopped
			return
		}
		in.runList(n.Body, out, errw, stdin)
	case *If:
		for i, cond := range n.Conds {
			in.runList(cond, out, errw, stdin)
			if in.halted() {
				return
			}
			if in.Status == 0 {
				in.runList(n.Bodies[i], out, errw, stdin)
				return
			}
		}
		if len(n.Bodies) > len(n.Conds) {
			in.runList(n.Bodies[len(n.Bodies)-1], out, errw, stdin)
			return
		}
		in.Status = 0
	case *Loop:
		st := 0
		if stdin != nil {
			saved, rest := in.readInput, stdin
			in.readInput = &rest
			defer func() { in.readInput = saved }()
		}
		for !in.halted() {
			in.runList(n.Cond, out, errw, stdin)
			if in.halted() || (in.Status == 0) == n.Until {
				break
			}
			in.runList(n.Body, out, errw, stdin)
			st = in.Status
			if !in.step() {
				break
			}
		}
		in.Status = st
	case *For:
		words := in.Args
		if n.In {
			words = in.expandWords(n.Words)
		}
		in.Status = 0
		for _, w := range words {
			if in.halted() || !in.step() {
				break
			}
			in.Set(n.Name, w)
			in.runList(n.Body, out, errw, stdin)
		}
	case *Case:
		w := in.expandString(n.Word)
		in.Status = 0
		for _, arm := range n.Arms {
			for _, p := range arm.Patterns {
				if globMatch(in.expandString(p), w) {
					in.runList(arm.Body, out, errw, stdin)
					return
				}
			}
		}
	}
}

// globMatch is a case pattern's match: * ? [...] \x, * crossing '/'. It
// backtracks only to the last star, so no pattern takes more than
// len(pattern)*len(s) steps.
func globMatch(p, s string) bool {
	pi, si := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		if pi < len(p) {
			if p[pi] == '*' {
				star, mark = pi, si
				pi++
				continue
			}
			if n, ok := globOne(p[pi:], s[si]); ok {
				pi += n
				si++
				continue
			}
		}
		if star < 0 {
			return false
		}
		pi, mark = star+1, mark+1
		si = mark
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

// globOne matches one byte against the pattern's first element: how many
// pattern bytes it took, and whether it matched.
func globOne(p string, c byte) (int, bool) {
	switch p[0] {
	case '?':
		return 1, true
	case '\\':
		if len(p) > 1 {
			return 2, p[1] == c
		}
	case '[':
		end := strings.IndexByte(p[1:], ']')
		if end < 0 {
			return 1, c == '['
		}
		set := p[1 : end+1]
		neg := strings.HasPrefix(set, "!") || strings.HasPrefix(set, "^")
		if neg {
			set = set[1:]
		}
		hit := false
		for i := 0; i < len(set); i++ {
			if i+2 < len(set) && set[i+1] == '-' {
				hit = hit || set[i] <= c && c <= set[i+2]
				i += 2
			} else if set[i] == c {
				hit = true
			}
		}
		return end + 2, hit != neg
	}
	return 1, p[0] == c
}

// runSimple runs a simple command: assignments, words, redirections.
func (in *Interp) runSimple(c *Simple, out, errw io.Writer, stdin []byte, job *Job) {
	in.failed = false
	args := in.expandWords(c.Words)
	if in.failed {
		in.Status = 1
		return
	}
	var prefix map[string]string
	for _, a := range c.Assigns {
		name, raw, _ := strings.Cut(a, "=")
		v := in.expandString(raw)
		if in.failed {
			in.Status = 1
			return
		}
		if len(args) == 0 {
			in.Set(name, v)
			continue
		}
		if prefix == nil {
			prefix = map[string]string{}
		}
		prefix[name] = v
	}
	var restore func() int
	if len(c.Redirs) > 0 {
		var ok bool
		out, errw, stdin, restore, ok = in.redirect(c.Redirs, out, errw, stdin)
		if !ok {
			in.Status = 1
			return
		}
	}
	if len(args) == 0 {
		// Assignments only: $? is that of a substitution they ran, else 0.
		if len(c.Assigns) == 0 || !strings.Contains(strings.Join(c.Assigns, " "), "$(") && !strings.Contains(strings.Join(c.Assigns, " "), "`") {
			in.Status = 0
		}
		if restore != nil {
			if st := restore(); st != 0 {
				in.Status = st
			}
		}
		return
	}
	env := in.Environ()
	for k, v := range prefix {
		env[k] = v
	}
	cmd := &Cmd{Args: args, Env: env, Stdin: stdin, Stdout: out, Stderr: errw, Job: job, Interp: in}
	in.Status = in.exec(cmd)
	if restore != nil {
		if st := restore(); st != 0 {
			in.Status = st
		}
	}
}

// exec runs an expanded command: a builtin, a utility, the host's program.
func (in *Interp) exec(c *Cmd) int {
	name := c.Args[0]
	if _, ok := c.Stdout.(*meter); !ok {
		c.Stdout = &meter{w: c.Stdout, in: in}
	}
	if b, ok := builtins[name]; ok {
		return b(in, c)
	}
	base := name
	if i := strings.LastIndexByte(name, '/'); i >= 0 && strings.HasPrefix(name, "/") {
		base = name[i+1:]
	}
	if u, ok := utilities[base]; ok && in.Host.Has(base) {
		c.Args[0] = base
		return u(in, c)
	}
	if st, found := in.Host.Run(c); found {
		return st
	}
	fmt.Fprintln(c.Stderr, in.Host.NotFound(name))
	return 127
}

// redirect applies redirections; restore writes the files and reports a
// failure to write.
func (in *Interp) redirect(rs []*Redir, out, errw io.Writer, stdin []byte) (io.Writer, io.Writer, []byte, func() int, bool) {
	type pending struct {
		path      string
		buf       *limitedBuffer
		appending bool
	}
	var files []pending
	fds := map[int]io.Writer{1: out, 2: errw}
	for _, r := range rs {
		switch r.Op {
		case "<<<":
			// A here-string: the word and a newline.
			stdin = []byte(in.expandString(r.Word) + "\n")
			continue
		case "<<":
			body := r.Doc.Body
			if !r.Doc.Quoted {
				body = in.expandHereDoc(body)
			}
			stdin = []byte(body)
			continue
		case ">&", "<&":
			target := in.expandString(r.Word)
			if target == "-" {
				fds[r.Fd] = io.Discard
				continue
			}
			n, err := strconv.Atoi(target)
			if err != nil {
				if r.Op == ">&" && r.Fd == 1 {
					// >&FILE is &>FILE.
					r = &Redir{Fd: 1, Op: "&>", Word: r.Word}
					break
				}
				in.errorf("%s: ambiguous redirect", target)
				return nil, nil, nil, nil, false
			}
			if w, ok := fds[n]; ok {
				fds[r.Fd] = w
				continue
			}
			in.errorf("%d: Bad file descriptor", n)
			return nil, nil, nil, nil, false
		}
		target := in.expandString(r.Word)
		if r.Op == "<" {
			data, err := in.readFile(in.abs(target))
			if err != nil {
				in.plainf("%s: %v", target, err)
				return nil, nil, nil, nil, false
			}
			stdin = data
			continue
		}
		var w io.Writer
		switch target {
		case "/dev/null":
			w = io.Discard
		case "/dev/stdout":
			w = fds[1]
		case "/dev/stderr":
			w = fds[2]
		default:
			buf := &limitedBuffer{max: maxOutput}
			files = append(files, pending{target, buf, strings.HasSuffix(r.Op, ">>")})
			w = buf
		}
		if r.Op == "&>" || r.Op == "&>>" {
			fds[1], fds[2] = w, w
		} else {
			fds[r.Fd] = w
		}
	}
	restore := func() int {
		st := 0
		for _, f := range files {
			if err := in.writeFile(in.abs(f.path), f.buf.Bytes(), f.appending); err != nil {
				in.plainf("%s: %v", f.path, err)
				st = 1
			}
		}
		return st
	}
	return fds[1], fds[2], stdin, restore, true
}

// abs is a path from the working directory; with no directory (Dir "")
// paths stay as typed, for a host whose files have relative names (the
// terminal's editor tabs).
func (in *Interp) abs(p string) string {
	if strings.HasPrefix(p, "/") || in.Dir == "" {
		return p
	}
	return strings.TrimSuffix(in.Dir, "/") + "/" + p
}

func (in *Interp) readFile(p string) ([]byte, error) {
	fs := in.Host.FS()
	if fs == nil {
		return nil, ErrNotExist
	}
	return fs.ReadFile(p)
}

func (in *Interp) writeFile(p string, data []byte, appending bool) error {
	fs := in.Host.FS()
	if fs == nil {
		return ErrReadOnly
	}
	return fs.WriteFile(p, data, appending)
}

// Kill stops a job as kill %N does.
func (in *Interp) kill(j *Job) {
	if j.Stop != nil {
		j.Stop()
		j.Stop = nil
	}
	j.state = "Terminated"
}

// JobsRunning lists the running jobs' texts.
func (in *Interp) JobsRunning() []string {
	var out []string
	for _, j := range in.Jobs {
		if j.state == "Running" {
			out = append(out, j.Text)
		}
	}
	return out
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
