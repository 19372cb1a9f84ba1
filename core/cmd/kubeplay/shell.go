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
	"kubeplay/core/scenario"
	"kubeplay/core/shell"
)

// maxLine bounds one input line (a pasted manifest belongs in a file).
const maxLine = 1 << 20

func runShell(args []string, stdin *os.File, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shell", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 1, "seed of the simulation's randomness")
	withTrace := fs.Bool("trace", false, "interleave the pipeline trace with the output")
	lessonFile := fs.String("lesson", "", "play a lesson: a scenario file, or a built-in scenario's name")
	lang := fs.String("lang", "en", "the lesson's language: ja or en")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	opts := cluster.Default()
	opts.Seed = *seed
	var lesson *scenario.Scenario
	if *lessonFile != "" {
		var err error
		if lesson, err = loadLesson(*lessonFile); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	}
	if term.IsTerminal(int(stdin.Fd())) && term.IsTerminal(int(os.Stdout.Fd())) {
		return interactive(opts, *withTrace, lesson, *lang)
	}
	if lesson != nil {
		w := bufio.NewWriter(stdout)
		defer w.Flush()
		ls := newLessonShell(lesson, *seed, *lang, w)
		ls.sh.Echo = true
		ls.p.Cluster().SetFiles(lessonFiles(lesson), osReadDir)
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		for sc.Scan() && ls.exec(sc.Text()) {
		}
		return 0
	}
	c := cluster.New(opts)
	c.SetFiles(osReadFile, osReadDir)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	sh := shell.New(c, w)
	sh.WriteFile = osWriteFile
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
func interactive(opts cluster.Options, withTrace bool, lesson *scenario.Scenario, lang string) int {
	old, err := term.MakeRaw(0)
	if err != nil {
		fmt.Fprintln(os.Stderr, "kubeplay:", err)
		return 1
	}
	defer term.Restore(0, old)
	var mu sync.Mutex
	var ls *lessonShell
	c := cluster.New(opts)
	if lesson != nil {
		ls = newLessonShell(lesson, opts.Seed, lang, io.Discard)
		c = ls.p.Cluster()
	}
	// Ctrl+C while a watch runs ends the watch, as in a real terminal; the
	// byte never reaches the line editor (which would report it as EOF).
	in := &interruptReader{r: os.Stdin, interrupt: func() bool {
		mu.Lock()
		defer mu.Unlock()
		if !c.HasWatches() {
			return false
		}
		c.StopWatches()
		return true
	}}
	t := term.NewTerminal(struct {
		io.Reader
		io.Writer
	}{in, os.Stdout}, "$ ")
	out := &crlf{w: t}
	if lesson != nil {
		c.SetFiles(lessonFiles(lesson), osReadDir)
	} else {
		c.SetFiles(osReadFile, osReadDir)
	}
	sh := shell.New(c, out)
	sh.Echo = false
	sh.WriteFile = osWriteFile
	c.SetOutput(out)
	if withTrace {
		sh.EnableTrace()
	}
	fmt.Fprintf(out, "kubeplay shell: a kind-like cluster %q on virtual time (Ctrl+C stops watches, Ctrl+D exits)\n", opts.Name)
	if ls != nil {
		ls.out, ls.sh = out, sh
		ls.seen = 0
		ls.flush()
		ls.show()
	}
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
				if ls != nil {
					ls.check() // the learner's turn holds once time has done its part
				}
				mu.Unlock()
			}
		}
	}()
	defer close(done)
	for {
		line, err := t.ReadLine()
		if err != nil {
			return 0 // Ctrl+D, or Ctrl+C with no watch running
		}
		if strings.TrimSpace(line) == "exit" && sh.Prompt() == "$ " {
			return 0
		}
		mu.Lock()
		if ls != nil {
			ls.exec(line)
		} else {
			sh.Exec(line)
		}
		t.SetPrompt(sh.Prompt()) // "> " while a construct continues, a container's inside kubectl exec -ti
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

// osWriteFile is where `kubectl ... > FILE` writes in the terminal: the disk.
func osWriteFile(path string, data []byte, appendTo bool) error {
	flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	if appendTo {
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// lessonFiles reads the lesson's own files by name (kubectl apply -f web.yaml), then the disk.
func lessonFiles(sc *scenario.Scenario) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		if f, ok := sc.File(path); ok {
			return []byte(f.Content), nil
		}
		return os.ReadFile(path)
	}
}

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

// interruptReader hands each Ctrl+C byte to interrupt first; a handled one is
// dropped from the input.
type interruptReader struct {
	r         io.Reader
	interrupt func() bool
}

func (ir *interruptReader) Read(p []byte) (int, error) {
	for {
		n, err := ir.r.Read(p)
		kept := p[:0]
		for _, b := range p[:n] {
			if b == 3 && ir.interrupt() {
				continue
			}
			kept = append(kept, b)
		}
		if len(kept) > 0 || err != nil || n == 0 {
			return len(kept), err
		}
	}
}
