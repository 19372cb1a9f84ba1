package imagelocality

import (
	"testing"

	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
)

func TestScore(t *testing.T) {
	const mb = 1024 * 1024
	// Two of four nodes have a 300MB image: spread 0.5 → 150MB;
	// (150-23)*100/(1000-23) = 12. A 2000MB image on all nodes is capped
	// at 1000MB → 100. An image smaller than 23MB scores 0.
	ni := func(images map[string]*framework.ImageStateSummary) *framework.NodeInfo {
		n := st.NodeInfo(st.MakeNode("n").Obj())
		n.ImageStates = images
		return n
	}
	h := &st.Handle{List: make([]*framework.NodeInfo, 4)}
	pl := New(h).(*ImageLocality)
	tests := []struct {
		name  string
		image string
		node  *framework.NodeInfo
		want  int64
	}{
		{"a half-spread 300MB image", "big:1", ni(map[string]*framework.ImageStateSummary{"big:1": {Size: 300 * mb, NumNodes: 2}}), 12},
		{"a huge image everywhere is capped", "huge:1", ni(map[string]*framework.ImageStateSummary{"huge:1": {Size: 2000 * mb, NumNodes: 4}}), 100},
		{"a tiny image scores nothing", "tiny:1", ni(map[string]*framework.ImageStateSummary{"tiny:1": {Size: 10 * mb, NumNodes: 4}}), 0},
		{"an untagged image matches :latest", "nginx", ni(map[string]*framework.ImageStateSummary{"nginx:latest": {Size: 1000 * mb, NumNodes: 4}}), 100},
		{"a missing image scores nothing", "other:1", ni(nil), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pod := st.MakePod("p").Image(tt.image).Info()
			if got, _ := pl.Score(nil, pod, tt.node); got != tt.want {
				t.Fatalf("score without PreScore = %d, want %d", got, tt.want)
			}
			state := framework.NewCycleState()
			if s := pl.PreScore(state, pod, []*framework.NodeInfo{tt.node}); !s.IsSuccess() {
				t.Fatalf("PreScore: %v", s.Message())
			}
			if got, _ := pl.Score(state, pod, tt.node); got != tt.want {
				t.Fatalf("score after PreScore = %d, want %d", got, tt.want)
			}
		})
	}
}
