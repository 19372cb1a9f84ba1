package interpodaffinity

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
)

func term(k, v, key string) api.PodAffinityTerm {
	return api.PodAffinityTerm{LabelSelector: &api.LabelSelector{MatchLabels: map[string]string{k: v}}, TopologyKey: key}
}

func TestFilter(t *testing.T) {
	host := api.LabelHostname
	cache := st.MakePod("cache").Label("app", "cache").Obj()
	lonely := st.MakePod("lonely").Label("app", "lonely").Affinity(&api.Affinity{PodAntiAffinity: &api.PodAntiAffinity{
		RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{term("app", "web", host)}}}).Obj()
	nodes := []*framework.NodeInfo{
		st.NodeInfo(st.MakeNode("n1").Obj(), cache),
		st.NodeInfo(st.MakeNode("n2").Obj(), lonely),
		st.NodeInfo(st.MakeNode("n3").Obj()),
	}
	tests := []struct {
		name string
		pod  *api.Pod
		want []string
	}{
		{"required affinity needs a matching pod in the domain",
			st.MakePod("p").Affinity(&api.Affinity{PodAffinity: &api.PodAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{term("app", "cache", host)}}}).Obj(),
			[]string{"", ErrReasonAffinityRulesNotMatch, ErrReasonAffinityRulesNotMatch}},
		{"required anti-affinity avoids matching pods",
			st.MakePod("p").Affinity(&api.Affinity{PodAntiAffinity: &api.PodAntiAffinity{RequiredDuringSchedulingIgnoredDuringExecution: []api.PodAffinityTerm{term("app", "cache", host)}}}).Obj(),
			[]string{ErrReasonAntiAffinityRulesNotMatch, "", ""}},
		{"existing pods' anti-affinity is honoured",
			st.MakePod("p").Label("app", "web").Obj(),
			[]string{"", ErrReasonExistingAntiAffinityRulesNotMatch, ""}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pl := New(&st.Handle{List: nodes}).(*InterPodAffinity)
			pi := framework.NewPodInfo(tt.pod)
			state := framework.NewCycleState()
			if _, s := pl.PreFilter(state, pi, nodes); !s.IsSuccess() {
				t.Fatal(s.Message())
			}
			for i, n := range nodes {
				if got := pl.Filter(state, pi, n).Message(); got != tt.want[i] {
					t.Fatalf("node %s: got %q, want %q", n.Name(), got, tt.want[i])
				}
			}
		})
	}
}
