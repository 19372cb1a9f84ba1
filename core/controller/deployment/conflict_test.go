package deployment

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
	"kubeplay/core/trace"
)

// selfInflicted lists the controllers' requests answered 409 (Conflict or
// AlreadyExists): the sign of a controller acting on a cache that lags its
// own writes.
func selfInflicted(e *testenv.Env) []string {
	var out []string
	for _, r := range e.Sim.Trace.Records() {
		if r.Kind == trace.Response && r.Code == 409 && strings.Contains(r.To, "-controller") {
			out = append(out, r.To+": "+r.Message)
		}
	}
	return out
}

func TestARolloutReadsItsOwnWritesAndNeverConflictsWithItself(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		e := testenv.NewSeeded(t, seed, "demo-worker", "demo-worker2")
		e.Start(New(e.Ctx), replicaset.New(e.Ctx))
		d := &dep{e}
		e.Must(e.Admin.Resource("deployments").Create(nginx(3, "nginx:1.27")))
		e.Until(time.Minute, "rollout", d.rolledOut)
		d.update(func(x *api.Deployment) { x.Spec.Template.Spec.Containers[0].Image = "nginx:1.28" })
		e.Until(time.Minute, "second rollout", d.rolledOut)

		if got := selfInflicted(e); len(got) > 0 {
			t.Errorf("seed %d: %d self-inflicted 409s:\n%s", seed, len(got), strings.Join(got, "\n"))
		}
		creates := 0
		for _, r := range e.Sim.Trace.Records() {
			if r.Kind == trace.Request && r.Verb == "create" && r.Resource == "replicasets.apps" {
				creates++
			}
		}
		if creates != 2 {
			t.Errorf("seed %d: %d ReplicaSet creations for two revisions, want 2", seed, creates)
		}
		if n := len(d.replicaSets()); n != 2 {
			t.Errorf("seed %d: %d ReplicaSets", seed, n)
		}
	}
}
