package framework

import "testing"

func TestFitErrorMessage(t *testing.T) {
	taint := NewStatus(UnschedulableAndUnresolvable, "node(s) had untolerated taint(s)")
	cpu := NewStatus(Unschedulable, "Insufficient cpu")
	both := NewStatus(Unschedulable, "Insufficient cpu", "Insufficient memory")
	tests := []struct {
		name string
		err  FitError
		want string
	}{
		{"the histogram is sorted as strings", FitError{NumAllNodes: 3, Diagnosis: Diagnosis{NodeToStatus: map[string]*Status{"cp": taint, "w1": cpu, "w2": cpu}}},
			"0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu."},
		{"a node with two reasons counts in both", FitError{NumAllNodes: 2, Diagnosis: Diagnosis{NodeToStatus: map[string]*Status{"a": both, "b": cpu}}},
			"0/2 nodes are available: 1 Insufficient memory, 2 Insufficient cpu."},
		{"the preemption message follows without an extra period", FitError{NumAllNodes: 3, Diagnosis: Diagnosis{
			NodeToStatus:  map[string]*Status{"cp": taint, "w1": cpu, "w2": cpu},
			PostFilterMsg: "preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."}},
			"0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."},
		{"a PreFilter rejection replaces the histogram", FitError{NumAllNodes: 3, Diagnosis: Diagnosis{NodeToStatus: map[string]*Status{"a": cpu}, PreFilterMsg: "pod affinity terms conflict"}},
			"0/3 nodes are available: pod affinity terms conflict."},
		{"absent nodes count with the absent status", FitError{NumAllNodes: 3, Diagnosis: Diagnosis{NodeToStatus: map[string]*Status{"a": cpu},
			AbsentNodesStatus: NewStatus(UnschedulableAndUnresolvable, "Preemption is not helpful for scheduling")}},
			"0/3 nodes are available: 1 Insufficient cpu, 2 Preemption is not helpful for scheduling."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.want {
				t.Fatalf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestDefaultNormalizeScore(t *testing.T) {
	tests := []struct {
		name    string
		in      []int64
		reverse bool
		want    []int64
	}{
		{"scores scale to the maximum", []int64{1, 2, 4}, false, []int64{25, 50, 100}},
		{"reverse subtracts from 100", []int64{1, 2, 4}, true, []int64{75, 50, 0}},
		{"all zero stays zero", []int64{0, 0}, false, []int64{0, 0}},
		{"all zero reversed becomes 100", []int64{0, 0}, true, []int64{100, 100}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			DefaultNormalizeScore(MaxNodeScore, tt.reverse, tt.in)
			for i := range tt.want {
				if tt.in[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", tt.in, tt.want)
				}
			}
		})
	}
}
