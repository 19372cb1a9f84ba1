package nodeports

import (
	"testing"

	"kubeplay/core/scheduler/internal/st"
)

func TestFilter(t *testing.T) {
	node := st.MakeNode("n").Obj()
	taken := st.NodeInfo(node, st.MakePod("web").HostPort(8080).Obj())
	tests := []struct {
		name string
		port int32
		pass bool
	}{
		{"a free host port fits", 9090, true},
		{"a used host port does not", 8080, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := (&NodePorts{}).Filter(nil, st.MakePod("p").HostPort(tt.port).Info(), taken)
			if got.IsSuccess() != tt.pass {
				t.Fatalf("pass = %v, want %v", got.IsSuccess(), tt.pass)
			}
			if !tt.pass && got.Message() != ErrReason {
				t.Fatalf("message %q", got.Message())
			}
		})
	}
}
