package kubelet

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"kubeplay/core/api"
)

// BenchmarkHundredNginxPods starts 100 nginx pods on one node and reports
// the wall time per pod, the virtual time until all run, and the heap
// retained per running pod (apiserver, store and events included).
func BenchmarkHundredNginxPods(b *testing.B) {
	const n = 100
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		e := newEnv(b)
		e.s.Trace.Disabled = true
		b.StartTimer()
		start := e.s.Now()
		for j := 0; j < n; j++ {
			e.run(podWith(fmt.Sprintf("web-%d", j), api.Container{Name: "nginx", Image: "nginx:1.27"}, ""))
		}
		e.s.RunUntilIdle(time.Hour)
		b.StopTimer()
		running := 0
		for _, w := range e.k.workers {
			if w.phase() == api.PodRunning {
				running++
			}
		}
		if running != n {
			b.Fatalf("%d of %d pods running", running, n)
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "heap-B/pod")
		b.ReportMetric(e.s.Now().Sub(start).Seconds(), "virtual-s")
		runtime.KeepAlive(e)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/pod")
}
