package shell

import (
	"fmt"
	"io"
	"time"

	"kubeplay/core/sh"
)

// terminal is core/sh's Host for the learner's machine beside a kind
// cluster: bash, the editor's files, and the programs such a machine has
// (kubectl and its alias k, curl, wget), besides kubeplay's own lines
// (sim ..., kubeplay explain ...).
type terminal struct{ s *Shell }

func (terminal) Flavour() sh.Flavour { return sh.Bash }
func (terminal) Prefix() string      { return "bash: " }
func (terminal) Has(string) bool     { return true }

func (t terminal) FS() sh.FS { return termFS{t.s} }

// NotFound is the terminal's words: bash's, with what kubeplay's terminal
// runs.
func (terminal) NotFound(name string) string {
	return name + ": command not found (lines are kubectl ..., sleep DURATION, curl, echo, sim ..., kubeplay explain pod NAME, # comments)"
}

// Path is where type and command -v find the terminal's programs.
func (terminal) Path(name string) string {
	switch name {
	case "kubectl", "curl", "wget":
		return "/usr/local/bin/" + name
	case "k":
		return "aliased to `kubectl'"
	}
	return ""
}

// Sleep advances the cluster's virtual time: at most MaxSleep at once,
// and a line (a loop) stops after maxLineSleeps sleeps or MaxSleep in all.
func (t terminal) Sleep(d time.Duration) bool {
	s := t.s
	s.sleeps++
	if d > MaxSleep || s.slept+d > MaxSleep || s.sleeps > maxLineSleeps {
		return false
	}
	s.slept += d
	s.C.Sim.Advance(d)
	return true
}

// Run runs the machine's programs.
func (t terminal) Run(c *sh.Cmd) (int, bool) {
	s := t.s
	stdout, stderr := direct(c.Stdout, s.out), direct(c.Stderr, s.out)
	switch c.Args[0] {
	case "kubectl", "k":
		if code, ok := s.interactiveExec(c.Args[1:], stderr); ok {
			return code, true
		}
		k := s.C.Kubectl(s.out)
		if c.Stdin != nil {
			k.SetStdin(c.Stdin)
			defer k.SetStdin(nil)
		}
		before := k.Forwarding()
		proxies := k.Proxies()
		code := k.Invoke(c.Args[1:], stdout, stderr)
		if c.Job != nil {
			c.Job.Stop = stopper(s, before, proxies)
		}
		return code, true
	case "curl", "wget":
		return s.localHTTP(c.Args[0], c.Args[1:], stdout, stderr), true
	case "sim":
		if err := Sim(s.C, c.Args[1:], stdout); err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			s.couldNotRun = true
			return 1, true
		}
		return 0, true
	case "kubeplay":
		if err := Kubeplay(s.C, c.Args[1:], stdout); err != nil {
			fmt.Fprintf(stderr, "error: %v\n", err)
			s.couldNotRun = true
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// stopper is what kill does to a kubectl job: it stops the port-forwards
// and proxies the command started (nil when it started none: the job ran
// to its end).
func stopper(s *Shell, forwards []int, proxies int) func() {
	k := s.C.Kubectl(s.out)
	var started []int
	for _, p := range k.Forwarding() {
		if !contains(forwards, p) {
			started = append(started, p)
		}
	}
	proxy := k.Proxies() > proxies
	if len(started) == 0 && !proxy {
		return nil
	}
	return func() {
		for _, p := range started {
			k.StopForward(p)
		}
		if proxy {
			k.StopProxy()
		}
	}
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// direct is w, or the terminal itself when w only leads to it: kubectl
// keeps the writer of a watch it starts and prints to it later.
func direct(w, term io.Writer) io.Writer {
	if sh.Underlying(w) == term {
		return term
	}
	return w
}

// termFS is the terminal's files: what kubectl -f reads (the editor's
// tabs in the browser) and what redirections write (WriteFile).
type termFS struct{ s *Shell }

func (f termFS) ReadFile(p string) ([]byte, error) {
	read, _ := f.s.C.Files()
	if read == nil {
		return nil, sh.ErrNotExist
	}
	b, err := read(p)
	if err != nil {
		return nil, sh.ErrNotExist
	}
	return b, nil
}

func (f termFS) WriteFile(p string, data []byte, appending bool) error {
	if f.s.WriteFile == nil {
		return sh.ErrReadOnly
	}
	return f.s.WriteFile(p, data, appending)
}

func (f termFS) ReadDir(p string) ([]string, error) {
	_, dir := f.s.C.Files()
	if dir == nil {
		return nil, sh.ErrNotExist
	}
	return dir(p)
}

func (f termFS) Stat(p string) (bool, error) {
	if _, err := f.ReadFile(p); err == nil {
		return false, nil
	}
	if p == "/" || p == "." || p == "~" || p == "/root" {
		return true, nil
	}
	if _, err := f.ReadDir(p); err == nil {
		return true, nil
	}
	return false, sh.ErrNotExist
}

func (termFS) Mkdir(string) error  { return sh.ErrReadOnly }
func (termFS) Remove(string) error { return sh.ErrReadOnly }
