package scheduler

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// perfNode is scheduler_perf's node-default.yaml: 110 pods, 4 cpu, 32Gi.
func perfNode(i int) *api.Node {
	n := &api.Node{}
	n.Name = fmt.Sprintf("scheduler-perf-%05d", i)
	n.Labels = map[string]string{api.LabelHostname: n.Name}
	rl := api.ResourceList{api.ResourcePods: api.MustParse("110"), api.ResourceCPU: api.MustParse("4"), api.ResourceMemory: api.MustParse("32Gi")}
	n.Status.Capacity, n.Status.Allocatable = rl, rl
	n.Status.Conditions = []api.NodeCondition{{Type: api.NodeReady, Status: api.ConditionTrue}}
	return n
}

// perfPod is scheduler_perf's pod-default.yaml: one pause container
// requesting 100m cpu and 500Mi memory.
func perfPod(prefix string, i int) *api.Pod {
	p := &api.Pod{}
	p.Name, p.Namespace = fmt.Sprintf("%s-%05d", prefix, i), "default"
	rl := api.ResourceList{api.ResourceCPU: api.MustParse("100m"), api.ResourceMemory: api.MustParse("500Mi")}
	p.Spec.Containers = []api.Container{{Name: "pause", Image: "registry.k8s.io/pause:3.10",
		Ports:     []api.ContainerPort{{ContainerPort: 80}},
		Resources: api.ResourceRequirements{Requests: rl, Limits: rl}}}
	return p
}

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
			if err := createReadyNode(admin, perfNode(i)); err != nil {
				b.Fatal(err)
			}
		}
		sched := New(s, client.New(srv, apiserver.Scheduler(), Component))
		sched.Start()
		for i := 0; i < initPods; i++ {
			if _, err := pods.Create(perfPod("init", i)); err != nil {
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
			if _, err := pods.Create(perfPod("pod", i)); err != nil {
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
