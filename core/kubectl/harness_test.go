package kubectl

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"kubeplay/core/apiserver"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// cluster is a control plane without controllers: sim, etcd, apiserver,
// and a kubectl with an in-memory file system.
type cluster struct {
	t     *testing.T
	sim   *sim.Sim
	srv   *apiserver.Server
	etcd  *store.Store
	files map[string]string
	k     *Kubectl
}

func newCluster(t *testing.T) *cluster {
	t.Helper()
	s := sim.New(1)
	st := store.New(s)
	srv := apiserver.New(s, st)
	c := &cluster{t: t, sim: s, srv: srv, etcd: st, files: map[string]string{}}
	c.k = New(Env{
		Sim:    s,
		Server: srv,
		ReadFile: func(p string) ([]byte, error) {
			if d, ok := c.files[p]; ok {
				return []byte(d), nil
			}
			return nil, fmt.Errorf("open %s: no such file or directory", p)
		},
		ReadDir: func(p string) ([]string, error) {
			var out []string
			for name := range c.files {
				if strings.HasPrefix(name, p+"/") {
					out = append(out, strings.TrimPrefix(name, p+"/"))
				}
			}
			if len(out) == 0 {
				return nil, fmt.Errorf("not a directory")
			}
			return out, nil
		},
		Logs: func(ns, pod, container string, previous bool) (string, error) {
			return fmt.Sprintf("log of %s/%s/%s previous=%v\n", ns, pod, container, previous), nil
		},
	})
	s.RunUntilIdle(time.Minute)
	return c
}

// run runs a command line and returns stdout, stderr and the exit code.
func (c *cluster) run(line string) (string, string, int) {
	var out, errOut bytes.Buffer
	code := c.k.RunLine(line, &out, &errOut)
	return out.String(), errOut.String(), code
}

// must runs a command that has to succeed and returns its stdout.
func (c *cluster) must(line string) string {
	c.t.Helper()
	out, errOut, code := c.run(line)
	if code != 0 {
		c.t.Fatalf("%s: exit %d\nstdout: %s\nstderr: %s", line, code, out, errOut)
	}
	return out
}
