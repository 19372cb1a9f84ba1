package nodelifecycle

import (
	"fmt"
	"testing"
	"time"

	"kubeplay/core/controller/internal/testenv"
)

// monitorBenchEnv is a synced node lifecycle controller over nodes Ready
// nodes with Leases (kubelets renewing them every 10s).
func monitorBenchEnv(b *testing.B, nodes int) (*testenv.Env, *Controller) {
	b.Helper()
	e := testenv.New(b)
	for i := 0; i < nodes; i++ {
		e.AddNode(fmt.Sprintf("node-%05d", i))
	}
	c := New(e.Ctx)
	e.Start(c)
	e.Run(time.Minute)
	return e, c
}

// BenchmarkMonitorTickHealthyNodes is one node monitor tick (every 5s in
// kube-controller-manager) over 5000 healthy nodes whose objects and Leases
// did not change since the last tick: the steady state of
// BenchmarkSchedulingBasic's cluster. It reports the tick's wall time, a
// main-thread stall in the browser.
func BenchmarkMonitorTickHealthyNodes(b *testing.B) {
	const nodes = 5000
	_, c := monitorBenchEnv(b, nodes)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c.monitorNodeHealth()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/tick")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*nodes), "ns/node")
}

// BenchmarkMonitorTickRenewedNodes is one monitor tick over 5000 healthy
// nodes that all renewed their Lease since the last tick (every node is
// looked at): the worst case of a large cluster with kubelets.
func BenchmarkMonitorTickRenewedNodes(b *testing.B) {
	const nodes = 5000
	_, c := monitorBenchEnv(b, nodes)
	keys := c.nodeInf.ListKeys()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, k := range keys {
			c.dirty[k] = true
		}
		c.monitorNodeHealth()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/tick")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*nodes), "ns/node")
}
