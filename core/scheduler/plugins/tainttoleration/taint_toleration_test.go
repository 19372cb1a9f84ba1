package tainttoleration

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
)

func TestFilter(t *testing.T) {
	cp := st.MakeNode("cp").Taint("node-role.kubernetes.io/control-plane", "", api.TaintEffectNoSchedule).Obj()
	tests := []struct {
		name string
		pod  *api.Pod
		node *api.Node
		want framework.Code
	}{
		{"a pod without tolerations is rejected by a NoSchedule taint", st.MakePod("p").Obj(), cp, framework.UnschedulableAndUnresolvable},
		{"an Exists toleration for the key lets the pod in", st.MakePod("p").Toleration(api.Toleration{Key: "node-role.kubernetes.io/control-plane", Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule}).Obj(), cp, framework.Success},
		{"an empty-key Exists toleration tolerates everything", st.MakePod("p").Toleration(api.Toleration{Operator: api.TolerationOpExists}).Obj(), cp, framework.Success},
		{"a toleration for another effect does not help", st.MakePod("p").Toleration(api.Toleration{Key: "node-role.kubernetes.io/control-plane", Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute}).Obj(), cp, framework.UnschedulableAndUnresolvable},
		{"an Equal toleration needs the same value", st.MakePod("p").Toleration(api.Toleration{Key: "k", Operator: api.TolerationOpEqual, Value: "a"}).Obj(), st.MakeNode("n").Taint("k", "b", api.TaintEffectNoExecute).Obj(), framework.UnschedulableAndUnresolvable},
		{"PreferNoSchedule never filters", st.MakePod("p").Obj(), st.MakeNode("n").Taint("k", "", api.TaintEffectPreferNoSchedule).Obj(), framework.Success},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&TaintToleration{}).Filter(nil, framework.NewPodInfo(tt.pod), st.NodeInfo(tt.node))
			if got.Code() != tt.want {
				t.Fatalf("code = %v, want %v", got.Code(), tt.want)
			}
			if got != nil && got.Message() != "node(s) had untolerated taint(s)" {
				t.Fatalf("message = %q", got.Message())
			}
		})
	}
}

func TestScoreIsReverseNormalized(t *testing.T) {
	pod := framework.NewPodInfo(st.MakePod("p").Obj())
	nodes := []*api.Node{
		st.MakeNode("clean").Obj(),
		st.MakeNode("one").Taint("a", "", api.TaintEffectPreferNoSchedule).Obj(),
		st.MakeNode("two").Taint("a", "", api.TaintEffectPreferNoSchedule).Taint("b", "", api.TaintEffectPreferNoSchedule).Taint("c", "", api.TaintEffectNoSchedule).Obj(),
	}
	pl := &TaintToleration{}
	scores := make([]int64, len(nodes))
	for i, n := range nodes {
		scores[i], _ = pl.Score(nil, pod, st.NodeInfo(n))
	}
	if want := []int64{0, 1, 2}; !equal(scores, want) {
		t.Fatalf("raw = %v, want %v", scores, want)
	}
	pl.NormalizeScore(nil, pod, nil, scores)
	// 100 - 100*count/max: 100, 50, 0.
	if want := []int64{100, 50, 0}; !equal(scores, want) {
		t.Fatalf("normalized = %v, want %v", scores, want)
	}
}

func equal(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
