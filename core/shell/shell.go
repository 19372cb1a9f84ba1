package shell

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"kubeplay/core/cluster"
	"kubeplay/core/sh"
	"kubeplay/core/trace"
)

// MaxSleep bounds one `sleep` line, so a typo cannot hang a transcript.
const MaxSleep = 24 * time.Hour

// maxLineSleeps bounds how many sleeps one line (a loop) may take: a
// `while true; do …; sleep 1; done` stops after it, as if the learner
// pressed Ctrl+C (the terminal prints ^C).
const maxLineSleeps = 60

// Shell runs lines against a cluster and writes what a terminal would show.
type Shell struct {
	C   *cluster.Cluster
	out io.Writer
	// Echo writes "$ <line>" before each line's output (transcripts), and
	// "> <line>" before each continuation line.
	Echo bool
	// trace, when set, interleaves trace records into the output.
	traceOff func()
	// WriteFile takes what `cmd > FILE` (or `>> FILE`, appending) printed.
	// Without it a redirection fails as on a read-only file system.
	WriteFile func(path string, data []byte, appendTo bool) error

	in *sh.Interp
	// pending holds the lines of a construct not yet complete (an open
	// quote, a here-document, `for … do` without `done`).
	pending strings.Builder
	// couldNotRun is set while a line runs when part of it could not run
	// at all (a command nobody has, a bad sim line).
	couldNotRun bool
	// slept and sleeps are the virtual time and sleeps the line took.
	slept  time.Duration
	sleeps int
	// inside is the container an interactive kubectl exec entered.
	inside *session
}

// New returns a shell writing to out.
func New(c *cluster.Cluster, out io.Writer) *Shell {
	s := &Shell{C: c, out: out, Echo: true}
	s.in = sh.New(terminal{s}, out, out)
	s.in.Dir = ""
	s.in.PlainErrors = true
	s.in.Interactive = true
	s.in.Vars["HOME"] = "/root"
	s.in.Vars["PS1"] = "$ "
	s.in.Vars["PATH"] = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
	s.in.Exported["HOME"], s.in.Exported["PATH"] = true, true
	return s
}

// SetOutput redirects all later output, including output of running watches.
func (s *Shell) SetOutput(w io.Writer) {
	s.out = w
	s.in.Stdout, s.in.Stderr = w, w
	s.C.SetOutput(w)
}

// EnableTrace interleaves every trace record into the output from now on.
func (s *Shell) EnableTrace() {
	if s.traceOff != nil {
		return
	}
	s.traceOff = s.C.Sim.Trace.Subscribe(func(r trace.Record) {
		fmt.Fprintf(s.out, "  ~ %s\n", r.String())
	})
}

// Prompt is what the terminal shows before the next line: "$ ", "> "
// while a construct continues, or the prompt of the container an
// interactive kubectl exec entered ("/ # ", "root@web-0:/# ").
func (s *Shell) Prompt() string {
	switch {
	case s.pending.Len() > 0:
		return "> "
	case s.inside != nil:
		return s.inside.prompt()
	}
	return "$ "
}

// Var is a shell variable's value (for tests and the page).
func (s *Shell) Var(name string) string { return s.in.Get(name) }

// Exec runs one line. It reports false for a line that could not run at all
// (the error is printed as a shell would print it).
func (s *Shell) Exec(line string) bool {
	line = strings.TrimRight(line, "\r\n")
	if s.inside != nil && s.pending.Len() == 0 {
		return s.inside.exec(line)
	}
	if s.pending.Len() > 0 {
		if s.Echo {
			fmt.Fprintf(s.out, "> %s\n", line)
		}
		s.pending.WriteString(line + "\n")
		return s.runPending()
	}
	trimmed := strings.TrimSpace(line)
	if s.Echo {
		if trimmed == "" {
			fmt.Fprintln(s.out, "$")
		} else {
			fmt.Fprintf(s.out, "$ %s\n", trimmed)
		}
	}
	if trimmed == "" || strings.HasPrefix(trimmed, "#") {
		return true
	}
	s.pending.WriteString(trimmed + "\n")
	return s.runPending()
}

// runPending runs the lines gathered so far once they form complete
// commands; until then it waits for more.
func (s *Shell) runPending() bool {
	src := s.pending.String()
	if _, err := sh.Parse(src); errors.Is(err, sh.ErrIncomplete) {
		if len(src) > 1<<20 {
			s.pending.Reset()
			fmt.Fprintln(s.out, "bash: input too long")
			return false
		}
		return true
	}
	s.pending.Reset()
	s.couldNotRun, s.slept, s.sleeps = false, 0, 0
	st, err := s.in.Run(src)
	if s.in.Stopped() {
		fmt.Fprintln(s.out, "^C")
	}
	s.in.Notify(s.out)
	if s.in.Exited {
		// exit in the terminal: bash would close it; the page keeps its
		// terminal and starts a fresh shell on the same cluster.
		s.in.Exited = false
		fmt.Fprintln(s.out, "exit")
	}
	return err == nil && !s.couldNotRun && st != 2 && st != 127
}

// Run plays every line of input and reports how many lines failed to run.
func (s *Shell) Run(lines []string) int {
	failed := 0
	for _, l := range lines {
		if !s.Exec(l) {
			failed++
		}
	}
	return failed
}

// ParseSleep reads a sleep argument: a Go duration ("30s", "1m30s") or a bare
// number of seconds ("5", "0.5") as coreutils' sleep accepts.
func ParseSleep(arg string) (time.Duration, error) {
	d, ok := sh.ParseDuration(arg)
	if !ok {
		return 0, fmt.Errorf("invalid time interval %q", arg)
	}
	if d > MaxSleep {
		return 0, fmt.Errorf("invalid time interval %q: at most %v", arg, MaxSleep)
	}
	return d, nil
}
