package seam

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"sort"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
)

type slowEvent struct {
	name string
	at   time.Duration // virtual time since apply
	d    time.Duration
}

// BenchmarkScaleUpEvents plays the browser benchmark's 1,000-replica
// scale-up natively, one sim event at a time, and reports the wall time of
// the slowest events in thread CPU time (each is one uninterruptible task in the page), how
// many events exceed 16 ms and 50 ms, and the heap the scale-up leaves.
// -v logs the slowest events by name.
func BenchmarkScaleUpEvents(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i := 0; i < b.N; i++ {
		k := New()
		if s := k.Call("reset", []any{`{"seed":1,"nodes":` + ScaleUpNodes() + `}`}); !strings.Contains(s, `"ok":true`) {
			b.Fatalf("reset: %s", s)
		}
		k.Call("apply", []any{"web.yaml", ScaleUpDeployment})
		s := k.c.Sim
		start := s.Now()
		var slow []slowEvent
		var over16, over50, steps int
		wallStart := time.Now()
		nextCheck := s.Now()
		running := func() int {
			n := 0
			for _, o := range k.c.Server.Peek("", "pods", "") {
				if o.(*api.Pod).Status.Phase == api.PodRunning {
					n++
				}
			}
			return n
		}
		for s.Since(start) < 10*time.Minute {
			_, name, ok := s.Next()
			if !ok {
				break
			}
			t0 := threadCPU()
			s.Step()
			d := threadCPU() - t0
			steps++
			if d > 16*time.Millisecond {
				over16++
			}
			if d > 50*time.Millisecond {
				over50++
			}
			slow = append(slow, slowEvent{name, s.Since(start), d})
			if len(slow) > 64 {
				sort.Slice(slow, func(i, j int) bool { return slow[i].d > slow[j].d })
				slow = slow[:16]
			}
			if s.Now().After(nextCheck) {
				nextCheck = s.Now().Add(time.Second)
				if running() >= 1000 {
					break
				}
			}
		}
		wall := time.Since(wallStart)
		sort.Slice(slow, func(i, j int) bool { return slow[i].d > slow[j].d })
		if len(slow) > 12 {
			slow = slow[:12]
		}
		for _, e := range slow {
			b.Logf("%8.2f ms at +%v: %s", float64(e.d.Microseconds())/1e3, e.at.Round(time.Millisecond), e.name)
		}
		runtime.GC()
		gcStart := time.Now()
		runtime.GC() // a full collection of the live heap: what one GC cycle costs the page
		gcTime := time.Since(gcStart)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if f := os.Getenv("SCALEUP_HEAPPROFILE"); f != "" {
			// The live heap with the cluster still in use: go tool pprof -sample_index=inuse_space.
			w, err := os.Create(f)
			if err != nil {
				b.Fatal(err)
			}
			pprof.WriteHeapProfile(w)
			w.Close()
		}
		b.ReportMetric(float64(running()), "pods-running")
		b.ReportMetric(float64(steps), "events")
		b.ReportMetric(wall.Seconds(), "wall-s")
		b.ReportMetric(s.Since(start).Seconds(), "virtual-s")
		b.ReportMetric(float64(slow[0].d.Microseconds())/1e3, "event-max-ms")
		b.ReportMetric(float64(over16), "events>16ms")
		b.ReportMetric(float64(over50), "events>50ms")
		b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MB")
		b.ReportMetric(float64(ms.TotalAlloc)/(1<<20), "alloc-MB")
		b.ReportMetric(float64(ms.NumGC), "gcs")
		b.ReportMetric(float64(gcTime.Microseconds())/1e3, "full-gc-ms")
		runtime.KeepAlive(k)
	}
}

// BenchmarkScaleUpFrames plays the same scale-up the way the page does at
// 10×: one advance(160ms virtual, 8ms budget) per frame, trace(sinceSeq)
// every frame and snapshot() every 400 ms of wall time (the views' pollers),
// with a short sleep between frames in which the Go runtime goes idle (in the
// browser, GC mark work left over then runs before control returns to JS).
// It reports the frames' tasks (call time plus the overrun of the idle
// sleep): how many exceed 50 ms and the longest. Meant for GOOS=js too:
//
//	GOOS=js GOARCH=wasm go test ./wasm/seam -exec "$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench ScaleUpFrames -benchtime 1x
func BenchmarkScaleUpFrames(b *testing.B) {
	const frame = 16 * time.Millisecond
	const idle = time.Millisecond
	for i := 0; i < b.N; i++ {
		k := New()
		k.Call("reset", []any{`{"seed":1,"nodes":` + ScaleUpNodes() + `}`})
		k.Call("apply", []any{"web.yaml", ScaleUpDeployment})
		s := k.c.Sim
		start := s.Now()
		running := func() int {
			n := 0
			for _, o := range k.c.Server.Peek("", "pods", "") {
				if o.(*api.Pod).Status.Phase == api.PodRunning {
					n++
				}
			}
			return n
		}
		var tasks []float64
		var worst []string
		over50, frames, seq := 0, 0, 0
		var sumAdvance, sumTrace, sumSnapshot time.Duration
		wallStart := time.Now()
		lastSnap := wallStart
		nextCheck := s.Now()
		for s.Since(start) < 10*time.Minute && time.Since(wallStart) < 10*time.Minute {
			t0 := time.Now()
			ans := k.Call("advance", []any{float64((10 * frame).Milliseconds()), 8.0})
			t1 := time.Now()
			tr := k.Call("trace", []any{float64(seq)})
			var seqs []struct {
				Seq int `json:"seq"`
			}
			json.Unmarshal([]byte(tr), &seqs)
			if n := len(seqs); n > 0 {
				seq = seqs[n-1].Seq + 1
			}
			t2 := time.Now()
			snap := false
			if t2.Sub(lastSnap) >= 400*time.Millisecond {
				k.Call("snapshot", nil)
				lastSnap, snap = time.Now(), true
			}
			t3 := time.Now()
			time.Sleep(idle)
			overrun := max(time.Since(t3)-idle, 0)
			task := t3.Sub(t0) + overrun
			sumAdvance += t1.Sub(t0)
			sumTrace += t2.Sub(t1)
			sumSnapshot += t3.Sub(t2)
			frames++
			ms := float64(task.Microseconds()) / 1e3
			tasks = append(tasks, ms)
			if task > 50*time.Millisecond {
				over50++
				if len(worst) < 20 {
					worst = append(worst, fmt.Sprintf("%.0f ms: advance %v, trace %v, snapshot %v (%v), idle overrun %v; %s",
						ms, t1.Sub(t0).Round(time.Millisecond), t2.Sub(t1).Round(time.Millisecond), t3.Sub(t2).Round(time.Millisecond), snap,
						overrun.Round(time.Millisecond), ans))
				}
			}
			if s.Now().After(nextCheck) {
				nextCheck = s.Now().Add(time.Second)
				if running() >= 1000 {
					break
				}
			}
		}
		for _, w := range worst {
			b.Log(w)
		}
		sort.Float64s(tasks)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(running()), "pods-running")
		b.ReportMetric(float64(frames), "frames")
		b.ReportMetric(time.Since(wallStart).Seconds(), "wall-s")
		b.ReportMetric(s.Since(start).Seconds(), "virtual-s")
		b.ReportMetric(float64(over50), "tasks>50ms")
		b.ReportMetric(tasks[len(tasks)-1], "task-max-ms")
		b.ReportMetric(tasks[len(tasks)*95/100], "task-p95-ms")
		b.ReportMetric(float64(ms.NumGC), "gcs")
		b.ReportMetric(sumAdvance.Seconds(), "advance-s")
		b.ReportMetric(sumTrace.Seconds(), "trace-s")
		b.ReportMetric(sumSnapshot.Seconds(), "snapshot-s")
		runtime.KeepAlive(k)
	}
}
