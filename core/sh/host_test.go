package sh

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"
)

// memFS is a file system in memory for the tests.
type memFS map[string]string

func (m memFS) ReadFile(p string) ([]byte, error) {
	if v, ok := m[p]; ok {
		return []byte(v), nil
	}
	if m.isDir(p) {
		return nil, ErrIsDir
	}
	return nil, ErrNotExist
}
func (m memFS) WriteFile(p string, data []byte, appending bool) error {
	if appending {
		m[p] += string(data)
	} else {
		m[p] = string(data)
	}
	return nil
}
func (m memFS) isDir(p string) bool {
	if p == "/" {
		return true
	}
	for k := range m {
		if strings.HasPrefix(k, strings.TrimSuffix(p, "/")+"/") {
			return true
		}
	}
	return false
}
func (m memFS) ReadDir(p string) ([]string, error) {
	var out []string
	for k := range m {
		if rest, ok := strings.CutPrefix(k, strings.TrimSuffix(p, "/")+"/"); ok {
			out = append(out, strings.Split(rest, "/")[0])
		}
	}
	sort.Strings(out)
	return out, nil
}
func (m memFS) Stat(p string) (bool, error) {
	if _, ok := m[p]; ok {
		return false, nil
	}
	if m.isDir(p) {
		return true, nil
	}
	return false, ErrNotExist
}
func (m memFS) Mkdir(p string) error  { m[p+"/.keep"] = ""; return nil }
func (m memFS) Remove(p string) error { delete(m, p); return nil }

// testHost is bash on a machine with the utilities, a file system, and one
// program: hello (prints its arguments and environment variable X).
type testHost struct {
	flavour Flavour
	fs      memFS
	slept   time.Duration
	budget  time.Duration
	stopped []string
}

func (h *testHost) Flavour() Flavour { return h.flavour }
func (h *testHost) Prefix() string {
	switch h.flavour {
	case Busybox:
		return "sh: "
	case Dash:
		return "sh: 1: "
	}
	return "bash: "
}
func (h *testHost) FS() FS {
	if h.fs == nil {
		return nil
	}
	return h.fs
}
func (h *testHost) Has(string) bool { return true }
func (h *testHost) Run(c *Cmd) (int, bool) {
	switch c.Args[0] {
	case "hello":
		fmt.Fprintf(c.Stdout, "hello %s X=%s\n", strings.Join(c.Args[1:], ","), c.Env["X"])
		return 0, true
	case "serve":
		fmt.Fprintln(c.Stdout, "serving")
		if c.Job != nil {
			name := strings.Join(c.Args, " ")
			c.Job.Stop = func() { h.stopped = append(h.stopped, name) }
		}
		return 0, true
	case "fail":
		return 3, true
	}
	return 0, false
}
func (h *testHost) NotFound(name string) string {
	switch h.flavour {
	case Busybox:
		return "sh: " + name + ": not found"
	case Dash:
		return "sh: 1: " + name + ": not found"
	}
	return "bash: " + name + ": command not found"
}
func (h *testHost) Sleep(d time.Duration) bool {
	h.slept += d
	return h.budget == 0 || h.slept <= h.budget
}

// run runs src on a fresh bash and returns stdout+stderr interleaved.
func run(t *testing.T, src string) string {
	t.Helper()
	in, out := newTest(&testHost{fs: memFS{}})
	if _, err := in.Run(src); err != nil && !strings.Contains(err.Error(), "syntax") {
		t.Fatalf("%q: %v", src, err)
	}
	in.Notify(out)
	return out.String()
}

func newTest(h *testHost) (*Interp, *strings.Builder) {
	var out strings.Builder
	in := New(h, &out, &out)
	in.Interactive = true
	return in, &out
}
