package beat_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"kubeplay/core/beat"
	"kubeplay/core/cluster"
	"kubeplay/core/shell"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// session is a cluster with a beat builder and a shell, built as the
// playground builds it.
type session struct {
	c   *cluster.Cluster
	b   *beat.Builder
	sh  *shell.Shell
	out bytes.Buffer
	// mark is the last beat seq before the learner's first input.
	mark int
}

func newSession(t testing.TB, seed uint64) *session {
	opts := cluster.Default()
	opts.Seed = seed
	s := &session{c: cluster.New(opts)}
	s.b = beat.New(s.c.Sim)
	s.b.Limit = 0
	s.sh = shell.New(s.c, &s.out)
	s.sh.Echo = false
	s.sh.SetOutput(&s.out)
	s.c.Sim.Advance(time.Second)
	s.b.Cut()
	s.mark = s.b.Len()
	return s
}

// exec runs one terminal line, cutting beats before and after as the seam does.
func (s *session) exec(t testing.TB, line string) {
	t.Helper()
	s.b.Cut()
	s.sh.Exec(line)
	s.b.Cut()
}

// apply is the editor's Apply.
func (s *session) apply(t testing.TB, yaml string) {
	t.Helper()
	s.b.Cut()
	var stdout, stderr bytes.Buffer
	if code, _ := s.c.Kubectl(&s.out).ApplyContent("deploy.yaml", []byte(yaml), &stdout, &stderr); code != 0 {
		t.Fatalf("apply: %s", stderr.String())
	}
	s.b.Cut()
}

// userBeats are the beats since the learner's first input.
func (s *session) userBeats() []beat.Beat {
	s.b.Cut()
	return s.b.Since(s.mark)
}

// format renders beats one per line, heartbeats marked, for golden files.
func format(bs []beat.Beat) string {
	var sb strings.Builder
	for _, b := range bs {
		flags := ""
		if b.Heartbeat {
			flags += "♥"
		}
		if b.Warning {
			flags += "!"
		}
		fmt.Fprintf(&sb, "%s %-7s %-18s %-2s %s\n", b.Time[11:23], b.Kind, b.Class, flags, b.Text.En)
		fmt.Fprintf(&sb, "%38s %s\n", "", b.Text.Ja)
	}
	return sb.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	if string(want) != got {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		for i := 0; i < len(wl) || i < len(gl); i++ {
			var w, g string
			if i < len(wl) {
				w = wl[i]
			}
			if i < len(gl) {
				g = gl[i]
			}
			if w != g {
				t.Fatalf("beats differ from %s at line %d (-update to accept):\n- %s\n+ %s", path, i+1, w, g)
			}
		}
	}
}

// DefaultDeployment is the editor's default manifest (site/src/ui/editor.js).
const DefaultDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  replicas: 2
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports:
        - containerPort: 80
        resources:
          requests:
            cpu: 100m
            memory: 128Mi
`

func TestBeatsOfTheArticlesScenariosMatchTheirGoldenFiles(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
	}{
		{"hands-on", []string{"kubectl create deployment nginx --image=nginx --replicas=2", "sleep 10s"}},
		{"image-typo", []string{"kubectl create deployment web --image=ngnix", "sleep 40s"}},
		{"failed-scheduling", []string{"kubectl create deployment big --image=nginx", "kubectl set resources deployment big --requests=cpu=100", "sleep 10s"}},
		{"node-failure", []string{"kubectl create deployment nginx --image=nginx --replicas=2", "sleep 10s", "sim node down demo-worker", "sleep 60s"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSession(t, 1)
			for _, l := range tc.lines {
				s.exec(t, l)
			}
			golden(t, tc.name, format(s.userBeats()))
		})
	}
}
