package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"kubeplay/core/cluster"
	"kubeplay/core/shell"
)

// maxLine bounds one input line (a pasted manifest belongs in a file).
const maxLine = 1 << 20

func runShell(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shell", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the simulation's randomness")
	withTrace := fs.Bool("trace", false, "interleave the pipeline trace with the output")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	opts := cluster.Default()
	opts.Seed = *seed
	if term.IsTerminal(int(stdin.Fd())) && term.IsTerminal(int(os.Stdout.Fd())) {
		return interactive(opts, *withTrace)
	}
	c := cluster.New(opts)
	c.SetFiles(osReadFile, osReadDir)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	sh := shell.New(c, w)
	c.SetOutput(w)
	if *withTrace {
		sh.EnableTrace()
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	for sc.Scan() {
		sh.Exec(sc.Text())
	}
	if err := sc.Err(); err != nil {
		w.Flush()
		fmt.Fprintf(stderr, "kubeplay: reading input: %v\n", err)
		return 1
	}
	return 0
}

// interactive runs a live prompt: the virtual clock follows wall time at 1×,
// history comes from the terminal line editor, and Ctrl+C ends running watches.
func interactive(opts cluster.Options, withTrace bool) int {
	old, err := term.MakeRaw(0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubeplay:", err)
		return 1
	}
	defer term.Restore(0, old)
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{os.Stdin, os.Stdout}, "$ ")
	out := &crlf{w: t}
	var mu sync.Mutex
	c := cluster.New(opts)
	c.SetFiles(osReadFile, osReadDir)
	sh := shell.New(c, out)
	sh.Echo = false
	c.SetOutput(out)
	if withTrace {
		sh.EnableTrace()
	}
	fmt.Fprintf(out, "kubeplay shell: a kind-like cluster %q on virtual time (Ctrl+C stops watches, Ctrl+D exits)\n", opts.Name)
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				mu.Lock()
				c.Sim.Advance(50 * time.Millisecond)
				mu.Unlock()
			}
		}
	}()
	defer close(done)
	for {
		line, err := t.ReadLine()
		if err != nil {
			// x/term reports both Ctrl+C and Ctrl+D as EOF: the first ends
			// running watches, a second (or one with no watch) exits.
			mu.Lock()
			watching := c.HasWatches()
			c.StopWatches()
			mu.Unlock()
			if watching && err == io.EOF {
				continue
			}
			return 0
		}
		if strings.TrimSpace(line) == "exit" {
			return 0
		}
		mu.Lock()
		sh.Exec(line)
		mu.Unlock()
	}
}

// crlf turns \n into \r\n for a raw-mode terminal.
type crlf struct{ w io.Writer }

func (c *crlf) Write(p []byte) (int, error) {
	_, err := c.w.Write([]byte(strings.ReplaceAll(string(p), "\n", "\r\n")))
	return len(p), err
}

func osReadFile(path string) ([]byte, error) { return os.ReadFile(path) }

func osReadDir(path string) ([]string, error) {
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
