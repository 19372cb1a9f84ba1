package cluster

import (
	"fmt"
	"kubeplay/core/scheduler/perf"
	"runtime"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
)

// BenchmarkSchedulingBasic is kube-scheduler's scheduler_perf
// SchedulingBasic/5000Nodes_10000Pods on the whole control plane wired as
// cluster.New wires it (kube-apiserver, etcd, kube-controller-manager,
// kube-scheduler) but without kubelets, as scheduler_perf runs: 5000 Node
// objects, 1000 initial pods, then 10000 measured pods created through the
// apiserver and scheduled via watch → scheduler → binding. It reports
// measured pods per wall second, retained heap per pod (the whole
// cluster's heap growth over the measured pods, after GC) and the virtual
// time scheduling took. The trace is off, as in the scheduler's own benchmark.
func BenchmarkSchedulingBasic(b *testing.B) {
	const nodes, initPods, measuredPods = 5000, 1000, 10000
	for it := 0; it < b.N; it++ {
		b.StopTimer()
		opts := Default()
		opts.Nodes = nil
		opts.NoKubelets = true
		c := New(opts)
		c.Sim.Trace.Disabled = true
		admin := client.New(c.Server, apiserver.Admin(), "kubectl")
		for i := 0; i < nodes; i++ {
			if err := perf.CreateReadyNode(admin, perf.Node(i)); err != nil {
				b.Fatal(err)
			}
		}
		c.Sim.Advance(time.Second)
		pods := admin.Resource("pods").Namespace("default")
		for i := 0; i < initPods; i++ {
			if _, err := pods.CreateHandOver(perf.Pod("init", i)); err != nil {
				b.Fatal(err)
			}
		}
		c.Sim.RunWhile(time.Hour, func() bool { return c.Scheduler.Stats().Scheduled < initPods })
		before := perf.HeapAfterGC()
		virtualStart := c.Sim.Now()
		b.StartTimer()
		start := time.Now()
		for i := 0; i < measuredPods; i++ {
			if _, err := pods.CreateHandOver(perf.Pod("pod", i)); err != nil {
				b.Fatal(err)
			}
		}
		c.Sim.RunWhile(time.Hour, func() bool { return c.Scheduler.Stats().Scheduled < initPods+measuredPods })
		elapsed := time.Since(start)
		b.StopTimer()
		virtual := c.Sim.Since(virtualStart)
		st := c.Scheduler.Stats()
		if st.Scheduled != initPods+measuredPods {
			b.Fatalf("scheduled %d pods, want %d (stats %+v)", st.Scheduled, initPods+measuredPods, st)
		}
		after := perf.HeapAfterGC()
		b.ReportMetric(float64(measuredPods)/elapsed.Seconds(), "pods/s")
		b.ReportMetric((float64(after)-float64(before))/measuredPods, "retained-B/pod")
		b.ReportMetric(float64(after)/float64(initPods+measuredPods), "heap-B/pod")
		b.ReportMetric(virtual.Seconds(), "virtual-s")
		runtime.KeepAlive(c)
	}
}

// BenchmarkRelay1000Pods is the whole relay with kubelets: a 1000-replica
// Deployment on 20 worker nodes, from `kubectl create deployment` until
// every pod is Running. It reports pods per wall second and the virtual
// seconds the cluster took (image pulls included).
func BenchmarkRelay1000Pods(b *testing.B) {
	const workers, replicas = 20, 1000
	for it := 0; it < b.N; it++ {
		b.StopTimer()
		opts := Default()
		opts.Nodes = opts.Nodes[:1]
		for i := 1; i <= workers; i++ {
			opts.Nodes = append(opts.Nodes, NodeSpec{Name: fmt.Sprintf("demo-worker%d", i), CPU: "4", Memory: "8Gi", Pods: 110})
		}
		c := New(opts)
		c.Sim.Trace.Disabled = true
		admin := client.New(c.Server, apiserver.Admin(), "kubectl")
		running := 0
		pods := map[string]bool{}
		inf := client.NewInformer(admin, "pods", "default", client.ListOptions{}, 0)
		count := func(obj api.Object) {
			p := obj.(*api.Pod)
			was, is := pods[p.Name], p.Status.Phase == api.PodRunning
			pods[p.Name] = is
			switch {
			case is && !was:
				running++
			case was && !is:
				running--
			}
		}
		inf.AddEventHandler(client.Handler{OnAdd: count, OnUpdate: func(_, n api.Object) { count(n) }})
		inf.Run()
		virtualStart := c.Sim.Now()
		b.StartTimer()
		start := time.Now()
		if _, err := admin.Resource("deployments").Namespace("default").Create(deploymentFor("relay", replicas, 0, 0)); err != nil {
			b.Fatal(err)
		}
		done := c.Sim.RunWhile(time.Hour, func() bool { return running < replicas })
		elapsed := time.Since(start)
		b.StopTimer()
		if !done {
			b.Fatalf("only %d of %d pods Running after an hour of virtual time", running, replicas)
		}
		b.ReportMetric(replicas/elapsed.Seconds(), "pods/s")
		b.ReportMetric(c.Sim.Since(virtualStart).Seconds(), "virtual-s")
		runtime.KeepAlive(c)
	}
}
