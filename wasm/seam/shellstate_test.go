package seam

import (
	"strings"
	"testing"
)

// TestRunReportsThePromptAndReplayRebuildsTheShell: run answers the
// terminal's next prompt ("> " inside a here-document, the container's
// inside kubectl exec -ti), and a seek back then forward rebuilds the
// shell's state (a variable, a background job, the container entered)
// from the journal's lines, so the next line answers as it would have.
func TestRunReportsThePromptAndReplayRebuildsTheShell(t *testing.T) {
	k := started(t)
	run := func(line string) runResult {
		t.Helper()
		var r runResult
		call(t, k, &r, "run", line)
		return r
	}
	run("kubectl run client --image=busybox:1.36 -- sleep 3600")
	call(t, k, nil, "advance", 30000.0, 1e6)
	if r := run("cat <<EOF | kubectl apply -f -"); r.Prompt != "> " {
		t.Fatalf("inside a here-document the prompt is %q", r.Prompt)
	}
	for _, l := range []string{"apiVersion: v1", "kind: ConfigMap", "metadata:", "  name: from-heredoc"} {
		run(l)
	}
	if r := run("EOF"); r.Prompt != "$ " || r.Output != "configmap/from-heredoc created\n" {
		t.Fatalf("after the here-document: %+v", r)
	}
	run(`export POD="$(kubectl get pods -o name | cut -d/ -f2)"`)
	if r := run("kubectl proxy &"); r.Output != "[1] 4301\nStarting to serve on 127.0.0.1:8001\n" {
		t.Fatalf("kubectl proxy &: %q", r.Output)
	}
	if r := run("kubectl exec -ti $POD -- sh"); r.Prompt != "/ # " {
		t.Fatalf("kubectl exec -ti: prompt %q, output %q", r.Prompt, r.Output)
	}
	run("X=inside")
	end := nowOf(t, k)
	want := state(t, k)
	call(t, k, nil, "seek", end-20000)
	call(t, k, nil, "seek", end)
	if got := state(t, k); got != want {
		t.Errorf("after seeking back and forward the shell answers\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(want, "echo $X: inside") || !strings.Contains(want, "kubectl proxy &") {
		t.Errorf("the state lost the container's variable or the job:\n%s", want)
	}
}

// state is what the shell answers about itself, without recording it.
func state(t *testing.T, k *Core) string {
	t.Helper()
	k.j.replaying = true
	defer func() { k.j.replaying = false }()
	var sb strings.Builder
	for _, l := range []string{"echo $X", "exit", "jobs", "echo $POD"} {
		var r runResult
		call(t, k, &r, "run", l)
		sb.WriteString(l + ": " + r.Output + "|" + r.Prompt + "\n")
	}
	// Back in: the checks above left the container.
	var r runResult
	call(t, k, &r, "run", "kubectl exec -ti $POD -- sh")
	return sb.String()
}
