package nodeaffinity

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
)

func req(terms ...api.NodeSelectorTerm) *api.Affinity {
	return &api.Affinity{NodeAffinity: &api.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &api.NodeSelector{NodeSelectorTerms: terms}}}
}

func expr(key string, op api.NodeSelectorOperator, vals ...string) api.NodeSelectorTerm {
	return api.NodeSelectorTerm{MatchExpressions: []api.NodeSelectorRequirement{{Key: key, Operator: op, Values: vals}}}
}

func TestFilter(t *testing.T) {
	node := st.MakeNode("w1").Label("disktype", "ssd").Label("gen", "5").Obj()
	tests := []struct {
		name string
		pod  *api.Pod
		pass bool
	}{
		{"a matching nodeSelector passes", st.MakePod("p").NodeSelector(map[string]string{"disktype": "ssd"}).Obj(), true},
		{"a different nodeSelector value fails", st.MakePod("p").NodeSelector(map[string]string{"disktype": "hdd"}).Obj(), false},
		{"In matches a listed value", st.MakePod("p").Affinity(req(expr("disktype", api.NodeSelectorOpIn, "hdd", "ssd"))).Obj(), true},
		{"NotIn rejects a listed value", st.MakePod("p").Affinity(req(expr("disktype", api.NodeSelectorOpNotIn, "ssd"))).Obj(), false},
		{"NotIn accepts a missing label", st.MakePod("p").Affinity(req(expr("zone", api.NodeSelectorOpNotIn, "a"))).Obj(), true},
		{"Exists needs the label", st.MakePod("p").Affinity(req(expr("zone", api.NodeSelectorOpExists))).Obj(), false},
		{"DoesNotExist accepts a missing label", st.MakePod("p").Affinity(req(expr("zone", api.NodeSelectorOpDoesNotExist))).Obj(), true},
		{"Gt compares integers", st.MakePod("p").Affinity(req(expr("gen", api.NodeSelectorOpGt, "4"))).Obj(), true},
		{"Lt compares integers", st.MakePod("p").Affinity(req(expr("gen", api.NodeSelectorOpLt, "5"))).Obj(), false},
		{"terms are ORed", st.MakePod("p").Affinity(req(expr("zone", api.NodeSelectorOpExists), expr("gen", api.NodeSelectorOpIn, "5"))).Obj(), true},
		{"matchFields metadata.name selects the node", st.MakePod("p").Affinity(req(api.NodeSelectorTerm{MatchFields: []api.NodeSelectorRequirement{{Key: "metadata.name", Operator: api.NodeSelectorOpIn, Values: []string{"w2"}}}})).Obj(), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&NodeAffinity{}).Filter(nil, framework.NewPodInfo(tt.pod), st.NodeInfo(node))
			if got.IsSuccess() != tt.pass {
				t.Fatalf("pass = %v, want %v (%v)", got.IsSuccess(), tt.pass, got.Message())
			}
			if !tt.pass && (got.Code() != framework.UnschedulableAndUnresolvable || got.Message() != ErrReasonPod) {
				t.Fatalf("status = %v %q", got.Code(), got.Message())
			}
		})
	}
}

func TestScoreSumsPreferredWeights(t *testing.T) {
	pod := st.MakePod("p").Affinity(&api.Affinity{NodeAffinity: &api.NodeAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []api.PreferredSchedulingTerm{
		{Weight: 20, Preference: expr("disktype", api.NodeSelectorOpIn, "ssd")},
		{Weight: 60, Preference: expr("zone", api.NodeSelectorOpIn, "a")},
	}}}).Info()
	nodes := []*api.Node{st.MakeNode("a").Label("disktype", "ssd").Obj(), st.MakeNode("b").Label("zone", "a").Obj(), st.MakeNode("c").Label("disktype", "ssd").Label("zone", "a").Obj(), st.MakeNode("d").Obj()}
	pl := &NodeAffinity{}
	scores := make([]int64, len(nodes))
	for i, n := range nodes {
		scores[i], _ = pl.Score(nil, pod, st.NodeInfo(n))
	}
	pl.NormalizeScore(nil, pod, nil, scores)
	// raw 20, 60, 80, 0 → 100*x/80.
	want := []int64{25, 75, 100, 0}
	for i := range want {
		if scores[i] != want[i] {
			t.Fatalf("scores = %v, want %v", scores, want)
		}
	}
}
