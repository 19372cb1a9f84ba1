package shell

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"kubeplay/core/cluster"
)

func TestSimLinesRejectUnknownInput(t *testing.T) {
	c := cluster.New(cluster.Default())
	for _, line := range []string{"", "node", "node down", "node down nope", "node up nope", "node delete nope",
		"restart kube-proxy", "restart kubelet/nope", "node add x --cpu lots", "node add x --count 0",
		"node add x --taints k=v:Sometimes", "node add x --frobnicate 1", "node add demo-worker", "frobnicate"} {
		if err := Sim(c, strings.Fields(line), io.Discard); err == nil {
			t.Errorf("sim %q must fail", line)
		}
	}
	for _, line := range []string{"", "explain", "explain pod", "explain node demo-worker", "explain pod x -x"} {
		if err := Kubeplay(c, strings.Fields(line), io.Discard); err == nil || err.Error() != KubeplayUsage {
			t.Errorf("kubeplay %q: %v, want the usage", line, err)
		}
	}
}

// Every word the completion offers after "sim" and "sim node" is one the
// parser runs.
func TestEverySimVerbTheCompletionOffersRuns(t *testing.T) {
	c := cluster.New(cluster.Default())
	lines := map[string]string{"node": "node down demo-worker", "restart": "restart kube-scheduler",
		"stop": "stop kube-scheduler", "start": "start kube-scheduler", "compact": "compact",
		"down": "node down demo-worker2", "up": "node up demo-worker2", "add": "node add extra --cpu 2 --count 2",
		"delete": "node delete extra-2"}
	for _, v := range append(append([]string(nil), SimVerbs...), SimNodeVerbs...) {
		line, ok := lines[v]
		if !ok {
			t.Errorf("no test line for sim verb %q", v)
			continue
		}
		var out bytes.Buffer
		if err := Sim(c, strings.Fields(line), &out); err != nil {
			t.Errorf("sim %s: %v", line, err)
		}
	}
	if _, ok := c.Kubelets["extra-1"]; !ok {
		t.Errorf("sim node add extra --count 2 did not add extra-1: %v", c.NodeNames())
	}
}
