package kubectl_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"kubeplay/core/cluster"
)

// kubectl rollout undo --dry-run=client prints the revision's pod template
// and changes nothing; --dry-run=server sends the patch with dryRun=All
// (polymorphichelpers/rollback.go DeploymentRollbacker.Rollback).
func TestRolloutUndoDryRuns(t *testing.T) {
	cl := cluster.New(cluster.Default())
	var out, errOut bytes.Buffer
	k := cl.Kubectl(&out)
	run := func(line string) string {
		out.Reset()
		errOut.Reset()
		k.RunLine(line, &out, &errOut)
		return out.String() + errOut.String()
	}
	run("kubectl create deployment web --image=nginx:1.27")
	cl.Sim.Advance(30 * time.Second)
	run("kubectl set image deployment/web nginx=nginx:1.28")
	cl.Sim.Advance(30 * time.Second)
	before := cl.Store.Rev()
	got := run("kubectl rollout undo deployment/web --dry-run=client")
	if !strings.HasPrefix(got, "deployment.apps/web Pod Template:\n") || !strings.Contains(got, "nginx:1.27") || !strings.HasSuffix(got, " (dry run)\n") {
		t.Errorf("client dry run:\n%s", got)
	}
	if got := run("kubectl rollout undo deployment/web --dry-run=server"); got != "deployment.apps/web rolled back (server dry run)\n" {
		t.Errorf("server dry run: %q", got)
	}
	if after := cl.Store.Rev(); after != before {
		t.Errorf("dry-run undo wrote: revision %d -> %d", before, after)
	}
	if got := run("kubectl get deployment web -o jsonpath={.spec.template.spec.containers[0].image}"); got != "nginx:1.28" {
		t.Errorf("image after dry runs = %q", got)
	}
}
