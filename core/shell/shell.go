package shell

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/cluster"
	"kubeplay/core/trace"
)

// MaxSleep bounds one `sleep` line, so a typo cannot hang a transcript.
const MaxSleep = 24 * time.Hour

// Shell runs lines against a cluster and writes what a terminal would show.
type Shell struct {
	C   *cluster.Cluster
	out io.Writer
	// Echo writes "$ <line>" before each line's output (transcripts).
	Echo bool
	// trace, when set, interleaves trace records into the output.
	traceOff func()
	// heredoc collects the body of `cmd <<EOF` until the terminator line.
	heredoc *heredoc
	// code is the exit code of the last kubectl a command ran (&& and ||
	// read it).
	code int
	// WriteFile takes what `cmd > FILE` (or `>> FILE`, appending) printed.
	// Without it a redirection fails as on a read-only file system.
	WriteFile func(path string, data []byte, appendTo bool) error
}

type heredoc struct {
	cmd, end string
	body     strings.Builder
}

// New returns a shell writing to out.
func New(c *cluster.Cluster, out io.Writer) *Shell {
	return &Shell{C: c, out: out, Echo: true}
}

// SetOutput redirects all later output, including output of running watches.
func (s *Shell) SetOutput(w io.Writer) {
	s.out = w
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

// Exec runs one line. It reports false for a line that could not run at all
// (the error is printed as a shell would print it).
func (s *Shell) Exec(line string) bool {
	line = strings.TrimRight(line, "\r\n")
	if h := s.heredoc; h != nil {
		if s.Echo {
			fmt.Fprintf(s.out, "> %s\n", line)
		}
		if strings.TrimSpace(line) != h.end {
			h.body.WriteString(line + "\n")
			return true
		}
		s.heredoc = nil
		k := s.C.Kubectl(s.out)
		k.SetStdin([]byte(h.body.String()))
		defer k.SetStdin(nil)
		return s.runList(h.cmd)
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
	if i := strings.Index(trimmed, "<<"); i > 0 {
		end := strings.Trim(strings.TrimSpace(trimmed[i+2:]), `'"-`)
		if end != "" && !strings.ContainsAny(end, " \t") {
			s.heredoc = &heredoc{cmd: strings.TrimSpace(trimmed[:i]), end: end}
			return true
		}
	}
	// `cmd &` runs in the background in bash; here what it starts (a
	// port-forward, a watch) keeps running while the next lines run anyway.
	if c, bg := strings.CutSuffix(trimmed, "&"); bg && !strings.HasSuffix(c, "&") {
		trimmed = strings.TrimSpace(c)
	}
	return s.runList(trimmed)
}

// run executes one complete command line; `> FILE` at its end sends its
// standard output to a file (its errors still reach the terminal).
func (s *Shell) run(trimmed string) bool {
	cmd, file, appendTo, redirected := splitRedirect(trimmed)
	if !redirected {
		return s.runTo(trimmed, s.out)
	}
	if cmd == "" || file == "" {
		fmt.Fprintln(s.out, "syntax error near unexpected token `newline'")
		return false
	}
	var buf bytes.Buffer
	var ok bool
	if c, isErr := strings.CutSuffix(cmd, " 2"); isErr {
		// 2> FILE: the errors go to the file, the output to the terminal.
		if file == "&1" {
			return s.runTo(c, s.out)
		}
		out := s.out
		s.out = &buf
		ok = s.runTo(c, out)
		s.out = out
	} else {
		ok = s.runTo(cmd, &buf)
	}
	if file == "/dev/null" {
		return ok
	}
	if s.WriteFile == nil {
		fmt.Fprintf(s.out, "%s: Read-only file system\n", file)
		return false
	}
	if err := s.WriteFile(file, buf.Bytes(), appendTo); err != nil {
		fmt.Fprintf(s.out, "%s: %v\n", file, err)
		return false
	}
	return ok
}

// splitRedirect finds a trailing `> FILE` or `>> FILE` outside quotes.
func splitRedirect(line string) (cmd, file string, appendTo, ok bool) {
	gts := unquoted(line, '>')
	if len(gts) == 0 {
		return "", "", false, false
	}
	at := gts[len(gts)-1]
	if len(gts) > 1 && gts[len(gts)-2] == at-1 {
		at--
		appendTo = true
	}
	words := pipeWords(strings.TrimSpace(line[gts[len(gts)-1]+1:]))
	if len(words) == 1 {
		file = words[0]
	}
	return strings.TrimSpace(line[:at]), file, appendTo, true
}

// runTo executes one command line, its standard output to stdout.
func (s *Shell) runTo(trimmed string, stdout io.Writer) bool {
	if stages := splitPipes(trimmed); len(stages) > 1 {
		return s.runPiped(stages, stdout)
	}
	fields := strings.Fields(trimmed)
	if len(fields) == 0 {
		return true
	}
	switch fields[0] {
	case "kubectl", "k":
		s.code = s.C.Kubectl(s.out).RunLine(strings.TrimSpace(strings.TrimPrefix(trimmed, fields[0])), stdout, s.out)
		return true
	case "sleep":
		return s.sleep(fields[1:])
	case "echo":
		fmt.Fprint(stdout, echo(pipeWords(trimmed)[1:]))
		return true
	case "curl", "wget":
		return s.localHTTP(fields[0], pipeWords(trimmed)[1:], stdout)
	case "sim":
		if err := Sim(s.C, fields[1:], stdout); err != nil {
			fmt.Fprintf(s.out, "error: %v\n", err)
			return false
		}
		return true
	case "kubeplay":
		if err := Kubeplay(s.C, fields[1:], stdout); err != nil {
			fmt.Fprintf(s.out, "error: %v\n", err)
			return false
		}
		return true
	}
	fmt.Fprintf(s.out, "%s: command not found (lines are kubectl ..., sleep DURATION, curl, echo, sim ..., kubeplay explain pod NAME, # comments)\n", fields[0])
	return false
}

// runPiped runs `kubectl ... | filter | filter...`: kubectl's standard
// output goes through the filters, its errors straight to the terminal.
func (s *Shell) runPiped(stages []string, stdout io.Writer) bool {
	tools := make([]stage, 0, len(stages)-1)
	for _, st := range stages[1:] {
		t, err := parseStage(st)
		if err != nil {
			fmt.Fprintln(s.out, err)
			return false
		}
		tools = append(tools, t)
	}
	fields := strings.Fields(stages[0])
	if len(fields) == 0 {
		fmt.Fprintln(s.out, "syntax error near unexpected token `|'")
		return false
	}
	var buf strings.Builder
	switch fields[0] {
	case "kubectl", "k":
		s.code = s.C.Kubectl(s.out).RunLine(strings.TrimSpace(strings.TrimPrefix(stages[0], fields[0])), &buf, s.out)
	case "echo":
		buf.WriteString(echo(pipeWords(stages[0])[1:]))
	case "curl", "wget":
		s.localHTTP(fields[0], pipeWords(stages[0])[1:], &buf)
	default:
		fmt.Fprintf(s.out, "%s: only the output of kubectl, curl and echo can be piped (to grep, head, tail, wc, sort, cut, base64)\n", fields[0])
		return false
	}
	out, err := applyStages(buf.String(), tools)
	fmt.Fprint(stdout, out)
	if err != nil {
		fmt.Fprintln(s.out, err)
		return false
	}
	return true
}

func (s *Shell) sleep(args []string) bool {
	if len(args) != 1 {
		fmt.Fprintln(s.out, "sleep: usage: sleep DURATION (e.g. 30s, 2m, 1.5)")
		return false
	}
	d, err := ParseSleep(args[0])
	if err != nil {
		fmt.Fprintf(s.out, "sleep: %v\n", err)
		return false
	}
	s.C.Sim.Advance(d)
	return true
}

// ParseSleep reads a sleep argument: a Go duration ("30s", "1m30s") or a bare
// number of seconds ("5", "0.5") as coreutils' sleep accepts.
func ParseSleep(arg string) (time.Duration, error) {
	d, err := time.ParseDuration(arg)
	if err != nil {
		if !isNumber(arg) {
			return 0, fmt.Errorf("invalid time interval %q", arg)
		}
		secs, _ := strconv.ParseFloat(arg, 64)
		d = time.Duration(secs * float64(time.Second))
	}
	if d < 0 {
		return 0, fmt.Errorf("invalid time interval %q", arg)
	}
	if d > MaxSleep {
		return 0, fmt.Errorf("invalid time interval %q: at most %v", arg, MaxSleep)
	}
	return d, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	dot := false
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case r == '.' && !dot:
			dot = true
		case r == '+' && i == 0:
		default:
			return false
		}
	}
	return true
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
