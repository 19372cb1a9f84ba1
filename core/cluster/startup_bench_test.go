package cluster

import "testing"

// BenchmarkNewDefaultCluster measures building the default cluster (kind's
// three nodes, one minute of virtual start-up): the native share of the
// page's cold load.
func BenchmarkNewDefaultCluster(b *testing.B) {
	for i := 0; i < b.N; i++ {
		New(Default())
	}
}

// BenchmarkNewClusterWithSystemWorkloads is the same with kind's
// kube-system and local-path-storage workloads (13 more pods).
func BenchmarkNewClusterWithSystemWorkloads(b *testing.B) {
	opts := Default()
	opts.SystemWorkloads = true
	for i := 0; i < b.N; i++ {
		New(opts)
	}
}
