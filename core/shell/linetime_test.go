package shell

import (
	"os"
	"strings"
	"testing"

	"kubeplay/core/cluster"
	"kubeplay/core/kubectl"
)

// Pasted lines behave as on kind (issue 24, "Time between lines"): after a kubectl that wrote,
// kubectl.LineTime passes before the next line, so no component acts on state older than what kubectl
// already printed. Each fact below failed when lines ran at one instant.
func TestPastedLinesSeeWhatTheCommandsBeforeThemDid(t *testing.T) {
	in, err := os.ReadFile("testdata/pasted-sequence.in")
	if err != nil {
		t.Fatal(err)
	}
	out := transcript(t, string(in), 1)
	for _, want := range []string{
		// The scheduler heard both cordons before the Pod came: it is refused by them, not bound.
		"2 node(s) were unschedulable",
		// The serviceaccount controller made team/default before the Pod's admission looked for it.
		"pod/p created",
		// The ReplicaSet controller created the first Pods before the scale: UP-TO-DATE counts one.
		"hello   0/1     1            0",
		// The endpoints controller filled the just-exposed Service.
		"hello   10.244.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("transcript lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "serviceaccount \"default\" not found") {
		t.Errorf("a Pod created right after its namespace was refused:\n%s", out)
	}
}

// Looking takes no time: a command that only read leaves the clock where it was, so the journal's
// read-only lines keep the future (wasm/seam) and a learner's `kubectl get` never moves the relay.
func TestACommandThatOnlyReadsTakesNoTime(t *testing.T) {
	var sb strings.Builder
	c := cluster.New(cluster.Default())
	sh := New(c, &sb)
	sh.Exec("kubectl get pods -A")
	before := c.Sim.Now()
	sh.Exec("kubectl get nodes")
	sh.Exec("kubectl describe node demo-worker")
	if now := c.Sim.Now(); !now.Equal(before) {
		t.Fatalf("reading moved the clock from %v to %v", before, now)
	}
	sh.Exec("kubectl create deployment x --image=nginx")
	if d := c.Sim.Now().Sub(before); d != kubectl.LineTime {
		t.Fatalf("a write took %v of virtual time, want kubectl.LineTime (%v)", d, kubectl.LineTime)
	}
}
