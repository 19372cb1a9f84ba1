package noderesources

import (
	"math"
	"reflect"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
)

func TestFitFilter(t *testing.T) {
	node := st.MakeNode("n").Capacity("cpu", "4", "memory", "8Gi", "pods", "2").Obj()
	busy := st.MakePod("busy").Req("cpu", "3500m", "memory", "1Gi").Obj()
	tests := []struct {
		name    string
		pod     *api.Pod
		on      []*api.Pod
		reasons []string
	}{
		{"a pod that fits passes", st.MakePod("p").Req("cpu", "500m").Obj(), []*api.Pod{busy}, nil},
		{"too much cpu is Insufficient cpu", st.MakePod("p").Req("cpu", "600m").Obj(), []*api.Pod{busy}, []string{"Insufficient cpu"}},
		{"cpu and memory both short give two reasons", st.MakePod("p").Req("cpu", "1", "memory", "8Gi").Obj(), []*api.Pod{busy}, []string{"Insufficient cpu", "Insufficient memory"}},
		{"a full node says Too many pods first", st.MakePod("p").Req("cpu", "1").Obj(), []*api.Pod{busy, st.MakePod("x").Obj()}, []string{"Too many pods", "Insufficient cpu"}},
		{"a best-effort pod only needs a pod slot", st.MakePod("p").Obj(), []*api.Pod{busy}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&Fit{}).Filter(nil, framework.NewPodInfo(tt.pod), st.NodeInfo(node, tt.on...))
			if !reflect.DeepEqual(got.Reasons(), tt.reasons) {
				t.Fatalf("reasons = %q, want %q", got.Reasons(), tt.reasons)
			}
			if got != nil && got.Code() != framework.Unschedulable {
				t.Fatalf("code = %v", got.Code())
			}
		})
	}
}

func TestLeastAllocatedScore(t *testing.T) {
	node := st.MakeNode("n").Capacity("cpu", "4", "memory", "8Gi", "pods", "110").Obj()
	tests := []struct {
		name string
		pod  *api.Pod
		on   []*api.Pod
		want int64
	}{
		// cpu (4000-1000)*100/4000 = 75; memory (8Gi-2Gi)*100/8Gi = 75 → 75.
		{"requests are counted against allocatable", st.MakePod("p").Req("cpu", "1", "memory", "2Gi").Obj(), nil, 75},
		// non-zero defaults: cpu (4000-100)*100/4000 = 97; memory (8192Mi-200Mi)*100/8192Mi = 97 → 97.
		{"a pod without requests counts as 100m and 200Mi", st.MakePod("p").Obj(), nil, 97},
		// existing 2 cpu + pod 1 cpu: cpu 25; memory 8Gi-(200Mi+200Mi)... existing has no memory request → 200Mi,
		// pod 1Gi: (8192-1224)*100/8192 = 85 → (25+85)/2 = 55.
		{"existing pods' non-zero requests add up", st.MakePod("p").Req("cpu", "1", "memory", "1Gi").Obj(), []*api.Pod{st.MakePod("e").Req("cpu", "2").Obj()}, 55},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := (&Fit{}).Score(nil, framework.NewPodInfo(tt.pod), st.NodeInfo(node, tt.on...))
			if got != tt.want {
				t.Fatalf("score = %d, want %d", got, tt.want)
			}
		})
	}
}

func TestBalancedAllocation(t *testing.T) {
	node := st.MakeNode("n").Capacity("cpu", "4", "memory", "8Gi", "pods", "110").Obj()
	tests := []struct {
		name string
		pod  *api.Pod
		want int64
		skip bool
	}{
		// fractions 0.5 and 0.25: std 0.125 → 87.
		{"unequal fractions lose points", st.MakePod("p").Req("cpu", "2", "memory", "2Gi").Obj(), 87, false},
		{"equal fractions score 100", st.MakePod("p").Req("cpu", "1", "memory", "2Gi").Obj(), 100, false},
		{"a best-effort pod is skipped", st.MakePod("p").Obj(), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pl, pi := &BalancedAllocation{}, framework.NewPodInfo(tt.pod)
			if st := pl.PreScore(nil, pi, nil); st.IsSkip() != tt.skip {
				t.Fatalf("skip = %v, want %v", st.IsSkip(), tt.skip)
			}
			if tt.skip {
				return
			}
			if got, _ := pl.Score(nil, pi, st.NodeInfo(node)); got != tt.want {
				t.Fatalf("score = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestBalancedScoreTwoResources holds Score's two-resource arithmetic to
// BalancedScore over nodes with and without allocatable cpu or memory and
// with requests below, at and above it.
func TestBalancedScoreTwoResources(t *testing.T) {
	values := []int64{0, 1, 100, 999, 1000, 1001, 4000, 3 << 30, 8 << 30, 9 << 30}
	pl := &BalancedAllocation{}
	for _, allocCPU := range values {
		for _, allocMem := range values {
			n := framework.NewNodeInfo(&api.Node{})
			n.Allocatable.MilliCPU, n.Allocatable.Memory = allocCPU, allocMem
			for _, cpu := range values {
				for _, mem := range values {
					pi := &framework.PodInfo{Requests: framework.Resource{MilliCPU: cpu, Memory: mem}}
					want := BalancedScore([]int64{cpu, mem}, []int64{allocCPU, allocMem})
					if got, _ := pl.Score(nil, pi, n); got != want {
						t.Fatalf("alloc %d/%d, requested %d/%d: score %d, BalancedScore %d", allocCPU, allocMem, cpu, mem, got, want)
					}
				}
			}
		}
	}
}

// TestFitsPlainly checks that Filter's shortcut passes a pod only when Fits
// finds nothing insufficient.
func TestFitsPlainly(t *testing.T) {
	values := []int64{-1, 0, 1, 2, 5}
	for _, pods := range []int{0, 1, 2, 3} {
		for _, alloc := range values {
			for _, used := range values {
				for _, req := range values {
					n := framework.NewNodeInfo(&api.Node{})
					for i := 0; i < pods; i++ {
						n.Pods = append(n.Pods, &framework.PodInfo{})
					}
					n.Allocatable = framework.Resource{MilliCPU: alloc, Memory: alloc, EphemeralStorage: alloc, AllowedPodNumber: 2}
					n.Requested = framework.Resource{MilliCPU: used, Memory: used, EphemeralStorage: used}
					for _, r := range []framework.Resource{{MilliCPU: req}, {Memory: req}, {EphemeralStorage: req}, {MilliCPU: req, Memory: req, EphemeralStorage: req}} {
						if fitsPlainly(&r, n) && len(Fits(&framework.PodInfo{Requests: r}, n)) != 0 {
							t.Fatalf("pods %d alloc %d used %d request %+v: fitsPlainly but Fits says %+v", pods, alloc, used, r, Fits(&framework.PodInfo{Requests: r}, n))
						}
					}
				}
			}
		}
	}
}

// BalancedScore is kube-scheduler's balancedResourceScorer for any number of
// resources, the reference Score's two-resource arithmetic is held to
// (resources with 0 allocatable are ignored).
func BalancedScore(requested, allocatable []int64) int64 {
	var fractions [8]float64
	fs := fractions[:0]
	var total float64
	for i := range requested {
		if allocatable[i] == 0 {
			continue
		}
		f := float64(requested[i]) / float64(allocatable[i])
		if f > 1 {
			f = 1
		}
		total += f
		fs = append(fs, f)
	}
	std := 0.0
	if len(fs) == 2 {
		std = math.Abs((fs[0] - fs[1]) / 2)
	} else if len(fs) > 2 {
		mean := total / float64(len(fs))
		var sum float64
		for _, f := range fs {
			sum += (f - mean) * (f - mean)
		}
		std = math.Sqrt(sum / float64(len(fs)))
	}
	return int64((1 - std) * float64(framework.MaxNodeScore))
}
