package scheduler

import (
	"kubeplay/core/scheduler/perf"
	"runtime"
	"testing"
	"time"

	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// BenchmarkSchedulingBasic is kube-scheduler's SchedulingBasic/5000Nodes
// workload: 5000 nodes, 1000 initial pods, then 10000 measured pods created
// through the apiserver and scheduled through watch → scheduler → binding.
func BenchmarkSchedulingBasic(b *testing.B) {
	const nodes, initPods, measuredPods = 5000, 1000, 10000
	for it := 0; it < b.N; it++ {
		b.StopTimer()
		s := sim.New(1)
		s.Trace.Disabled = true
		srv := apiserver.New(s, store.New(s))
		admin := client.New(srv, apiserver.Admin(), "kubectl")
		pods := admin.Resource("pods").Namespace("default")
		for i := 0; i < nodes; i++ {
			if err := perf.CreateReadyNode(admin, perf.Node(i)); err != nil {
				b.Fatal(err)
			}
		}
		sched := New(s, client.New(srv, apiserver.Scheduler(), Component))
		sched.Start()
		for i := 0; i < initPods; i++ {
			if _, err := pods.CreateHandOver(perf.Pod("init", i)); err != nil {
				b.Fatal(err)
			}
		}
		s.RunWhile(time.Hour, func() bool { return sched.Stats().Scheduled < initPods })
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		start := time.Now()
		for i := 0; i < measuredPods; i++ {
			if _, err := pods.CreateHandOver(perf.Pod("pod", i)); err != nil {
				b.Fatal(err)
			}
		}
		s.RunWhile(time.Hour, func() bool { return sched.Stats().Scheduled < initPods+measuredPods })
		elapsed := time.Since(start)
		b.StopTimer()
		st := sched.Stats()
		if st.Scheduled != initPods+measuredPods {
			b.Fatalf("scheduled %d pods, want %d (stats %+v)", st.Scheduled, initPods+measuredPods, st)
		}
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(measuredPods)/elapsed.Seconds(), "pods/s")
		b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/measuredPods, "retained-B/pod")
		b.ReportMetric(float64(st.NodesEvaluated)/float64(st.Attempts), "nodes-evaluated/attempt")
		runtime.KeepAlive(sched)
	}
}
