package seam

import (
	"encoding/json"
	"fmt"
	"kubeplay/core/scheduler/perf"
	"time"

	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/scheduler"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// BenchOptions sizes benchScheduling. The defaults are kube-scheduler's
// SchedulingBasic/5000Nodes workload.
type BenchOptions struct {
	Nodes    int `json:"nodes"`
	InitPods int `json:"initPods"`
	Pods     int `json:"pods"`
}

// BenchResult is what benchScheduling measured.
type BenchResult struct {
	Nodes      int     `json:"nodes"`
	InitPods   int     `json:"initPods"`
	Pods       int     `json:"pods"`
	Scheduled  int     `json:"scheduled"`
	SetupMs    float64 `json:"setupMs"`
	Ms         float64 `json:"ms"`
	PodsPerSec float64 `json:"podsPerSec"`
	HeapBytes  uint64  `json:"heapBytes"`
	// RetainedPerPod is the heap the measured pods kept (after a collection, before and after them) per pod.
	RetainedPerPod float64 `json:"retainedPerPod"`
}

// benchScheduling(optsJSON) runs SchedulingBasic on a fresh apiserver and
// scheduler (not the playground's cluster) and measures the wall time from
// creating the measured pods to all of them being bound.
func (k *Core) benchScheduling(a argList) (any, error) {
	o := BenchOptions{Nodes: 5000, InitPods: 1000, Pods: 10000}
	if s := a.str(0); s != "" {
		if err := json.Unmarshal([]byte(s), &o); err != nil {
			return nil, fmt.Errorf("benchScheduling: %v", err)
		}
	}
	return RunSchedulingBench(o, k.Wall)
}

// RunSchedulingBench is benchScheduling's body, usable natively.
func RunSchedulingBench(o BenchOptions, wall func() time.Time) (BenchResult, error) {
	if o.Nodes <= 0 || o.Pods <= 0 || o.InitPods < 0 {
		return BenchResult{}, fmt.Errorf("benchScheduling: nodes and pods must be positive")
	}
	res := BenchResult{Nodes: o.Nodes, InitPods: o.InitPods, Pods: o.Pods}
	t0 := wall()
	s := sim.New(1)
	s.Trace.Disabled = true
	srv := apiserver.New(s, store.New(s))
	admin := client.New(srv, apiserver.Admin(), "kubectl")
	pods := admin.Resource("pods").Namespace("default")
	for i := 0; i < o.Nodes; i++ {
		if err := perf.CreateReadyNode(admin, perf.Node(i)); err != nil {
			return res, err
		}
	}
	sched := scheduler.New(s, client.New(srv, apiserver.Scheduler(), scheduler.Component))
	sched.Start()
	for i := 0; i < o.InitPods; i++ {
		if _, err := pods.CreateHandOver(perf.Pod("init", i)); err != nil {
			return res, err
		}
	}
	s.RunWhile(time.Hour, func() bool { return sched.Stats().Scheduled < o.InitPods })
	before := perf.HeapAfterGC()
	res.SetupMs = float64(wall().Sub(t0).Microseconds()) / 1e3
	start := wall()
	for i := 0; i < o.Pods; i++ {
		if _, err := pods.CreateHandOver(perf.Pod("pod", i)); err != nil {
			return res, err
		}
	}
	total := o.InitPods + o.Pods
	s.RunWhile(time.Hour, func() bool { return sched.Stats().Scheduled < total })
	elapsed := wall().Sub(start)
	res.Scheduled = sched.Stats().Scheduled - o.InitPods
	res.Ms = float64(elapsed.Microseconds()) / 1e3
	if elapsed > 0 {
		res.PodsPerSec = float64(res.Scheduled) / elapsed.Seconds()
	}
	res.HeapBytes = perf.HeapAfterGC()
	if res.HeapBytes > before {
		res.RetainedPerPod = float64(res.HeapBytes-before) / float64(o.Pods)
	}
	sched.Stop()
	return res, nil
}
