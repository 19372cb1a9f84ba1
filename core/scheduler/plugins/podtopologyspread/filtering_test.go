package podtopologyspread

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
)

func TestFilterDoNotSchedule(t *testing.T) {
	zone := api.LabelTopologyZone
	a1 := st.MakeNode("a1").Label(zone, "a").Obj()
	b1 := st.MakeNode("b1").Label(zone, "b").Obj()
	nolabel := st.MakeNode("x").Obj()
	web := func(n string) *api.Pod { return st.MakePod(n).Label("app", "web").Obj() }
	nodes := []*framework.NodeInfo{st.NodeInfo(a1, web("w1"), web("w2")), st.NodeInfo(b1, web("w3")), st.NodeInfo(nolabel)}
	pod := st.MakePod("p").Label("app", "web").Spread(1, zone, api.DoNotSchedule, "app", "web").Info()
	pl := New(&st.Handle{List: nodes}).(*PodTopologySpread)
	state := framework.NewCycleState()
	if _, s := pl.PreFilter(state, pod, nodes); !s.IsSuccess() {
		t.Fatal(s.Message())
	}
	tests := []struct {
		name string
		node *framework.NodeInfo
		want string
	}{
		// zone a has 2, zone b has 1 (min 1): a gets skew 2+1-1 = 2 > 1.
		{"the crowded zone exceeds maxSkew", nodes[0], ErrReasonConstraintsNotMatch},
		{"the emptier zone keeps skew at maxSkew", nodes[1], ""},
		{"a node without the topology label is unresolvable", nodes[2], ErrReasonNodeLabelNotMatch},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pl.Filter(state, pod, tt.node).Message(); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestScoreScheduleAnyway(t *testing.T) {
	host := api.LabelHostname
	web := func(n string) *api.Pod { return st.MakePod(n).Label("app", "web").Obj() }
	nodes := []*framework.NodeInfo{
		st.NodeInfo(st.MakeNode("n1").Obj(), web("w1"), web("w2")),
		st.NodeInfo(st.MakeNode("n2").Obj(), web("w3")),
		st.NodeInfo(st.MakeNode("n3").Obj()),
	}
	pod := st.MakePod("p").Label("app", "web").Spread(1, host, api.ScheduleAnyway, "app", "web").Info()
	pl := New(&st.Handle{List: nodes}).(*PodTopologySpread)
	state := framework.NewCycleState()
	if s := pl.PreScore(state, pod, nodes); !s.IsSuccess() {
		t.Fatal(s.Message())
	}
	scores := make([]int64, 3)
	for i, n := range nodes {
		scores[i], _ = pl.Score(state, pod, n)
	}
	// weight log(3+2) = 1.609: raw round(2*1.609)=3, round(1.609)=2, 0.
	if scores[0] != 3 || scores[1] != 2 || scores[2] != 0 {
		t.Fatalf("raw = %v", scores)
	}
	pl.NormalizeScore(state, pod, nodes, scores)
	// 100*(max+min-s)/max with max 3, min 0: 0, 33, 100.
	if scores[0] != 0 || scores[1] != 33 || scores[2] != 100 {
		t.Fatalf("normalized = %v", scores)
	}
}
