package framework

import (
	"testing"
	"unsafe"

	"kubeplay/core/api"
)

// TestNodeInfoLayout keeps NodeInfo within Go's 256-byte size class (whose
// objects start on cache-line boundaries) and the fields a scheduling cycle
// reads for every node within its first three 64-byte lines.
func TestNodeInfoLayout(t *testing.T) {
	var n NodeInfo
	if size := unsafe.Sizeof(n); size > 256 {
		t.Errorf("NodeInfo is %d bytes, more than 256", size)
	}
	hot := map[string]uintptr{
		"name":                      unsafe.Offsetof(n.name) + unsafe.Sizeof(n.name),
		"node":                      unsafe.Offsetof(n.node) + unsafe.Sizeof(n.node),
		"ImageStates":               unsafe.Offsetof(n.ImageStates) + unsafe.Sizeof(n.ImageStates),
		"hasTaints":                 unsafe.Offsetof(n.hasTaints) + unsafe.Sizeof(n.hasTaints),
		"Pods":                      unsafe.Offsetof(n.Pods) + unsafe.Sizeof(n.Pods),
		"Allocatable":               unsafe.Offsetof(n.Allocatable) + unsafe.Sizeof(n.Allocatable),
		"Requested":                 unsafe.Offsetof(n.Requested) + unsafe.Sizeof(n.Requested),
		"NonZeroRequested.MilliCPU": unsafe.Offsetof(n.NonZeroRequested) + unsafe.Offsetof(n.NonZeroRequested.MilliCPU) + 8,
		"NonZeroRequested.Memory":   unsafe.Offsetof(n.NonZeroRequested) + unsafe.Offsetof(n.NonZeroRequested.Memory) + 8,
	}
	for field, end := range hot {
		if end > 3*64 {
			t.Errorf("NodeInfo.%s ends at byte %d, past the first three cache lines", field, end)
		}
	}
}

// TestNodeInfoNodeFacts checks the facts SetNode keeps from the Node, and
// that Clone and a nil node carry them.
func TestNodeInfoNodeFacts(t *testing.T) {
	node := &api.Node{}
	node.Name = "n1"
	node.Spec.Unschedulable = true
	node.Spec.Taints = []api.Taint{{Key: "k", Effect: api.TaintEffectNoSchedule}}
	n := NewNodeInfo(node)
	for _, c := range []*NodeInfo{n, n.Clone()} {
		if c.Name() != "n1" || !c.Unschedulable() || len(c.Taints()) != 1 || c.Taints()[0].Key != "k" {
			t.Fatalf("facts = %q %v %v", c.Name(), c.Unschedulable(), c.Taints())
		}
	}
	plain := &api.Node{}
	plain.Name = "n2"
	n.SetNode(plain)
	if n.Name() != "n2" || n.Unschedulable() || n.Taints() != nil {
		t.Fatalf("after SetNode(plain): %q %v %v", n.Name(), n.Unschedulable(), n.Taints())
	}
	n.SetNode(nil)
	if n.Name() != "" || n.Unschedulable() || n.Taints() != nil || n.Node() != nil {
		t.Fatalf("after SetNode(nil): %q %v %v", n.Name(), n.Unschedulable(), n.Taints())
	}
}
