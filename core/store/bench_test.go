package store

import (
	"fmt"
	"runtime"
	"testing"
)

// value256 matches etcd's benchmark value size (etcd's documented figures:
// ~44,000 puts/s; ~95,000 watch events/s).
var value256 = make([]byte, 256)

func podKey(i int) string { return fmt.Sprintf("/registry/pods/ns-%03d/pod-%06d", i%100, i) }

func BenchmarkPut(b *testing.B) {
	for _, mode := range []string{"create new keys", "update 15000 keys"} {
		b.Run(mode, func(b *testing.B) {
			const n = 15000
			keys := make([]string, n)
			for i := range keys {
				keys[i] = podKey(i)
			}
			s := New(nil)
			if mode == "update 15000 keys" {
				for _, k := range keys {
					s.Create(k, value256, 0)
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if mode == "create new keys" {
					if i%n == 0 && i > 0 {
						s = New(nil) // keep the store at a realistic size
					}
					s.Create(keys[i%n], value256, 0)
				} else {
					s.Update(keys[i%n], value256, 0)
				}
				if i%100000 == 99999 {
					s.Compact(s.Rev() - 1000) // as auto compaction would
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puts/s")
		})
	}
}

func BenchmarkWatchDelivery(b *testing.B) {
	for _, watchers := range []int{1, 10, 100} {
		b.Run(fmt.Sprintf("%d watchers", watchers), func(b *testing.B) {
			s := New(nil)
			delivered := 0
			for w := 0; w < watchers; w++ {
				s.Watch("/registry/pods/", 0, func(ev Event) {
					if ev.PrevKV != nil {
						delivered++
					}
				})
			}
			// Also some watchers of other resources that must be skipped.
			s.Watch("/registry/nodes/", 0, func(Event) {})
			s.Watch("/registry/events/", 0, func(Event) {})
			const n = 15000
			for i := 0; i < n; i++ {
				s.Create(podKey(i), value256, 0)
			}
			delivered = 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				s.Update(podKey(i%n), value256, 0)
				if i%100000 == 99999 {
					s.Compact(s.Rev() - 1000)
				}
			}
			if delivered != b.N*watchers {
				b.Fatalf("delivered %d events, want %d", delivered, b.N*watchers)
			}
			b.ReportMetric(float64(delivered)/b.Elapsed().Seconds(), "events/s")
		})
	}
}

func BenchmarkWatchReplay(b *testing.B) {
	s := New(nil)
	const n = 15000
	for i := 0; i < n; i++ {
		s.Create(podKey(i), value256, 0)
	}
	b.ResetTimer()
	events := 0
	for i := 0; i < b.N; i++ {
		cancel, _ := s.Watch("/registry/pods/", 2, func(Event) { events++ })
		cancel()
	}
	b.ReportMetric(float64(events)/b.Elapsed().Seconds(), "events/s")
}

func BenchmarkRange15000Pods(b *testing.B) {
	s := New(nil)
	const n = 15000
	for i := 0; i < n; i++ {
		s.Create(podKey(i), value256, 0)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		kvs, _, _ := s.Range("/registry/pods/ns-042/", 0)
		if len(kvs) != n/100 {
			b.Fatal(len(kvs))
		}
	}
	b.ReportMetric(float64(b.N*n/100)/b.Elapsed().Seconds(), "keys/s")
}

// BenchmarkMemoryPerKey reports the store's own overhead per stored key
// (beyond the value bytes), with 15,000 pods each updated three times and
// then compacted as kube-apiserver would.
func BenchmarkMemoryPerKey(b *testing.B) {
	const n = 15000
	for i := 0; i < b.N; i++ {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		s := New(nil)
		for j := 0; j < n; j++ {
			s.Create(podKey(j), nil, 0)
		}
		for r := 0; r < 3; r++ {
			for j := 0; j < n; j++ {
				s.Update(podKey(j), nil, 0)
			}
		}
		s.Compact(s.Rev())
		runtime.GC()
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/n, "bytes/key")
		runtime.KeepAlive(s)
	}
}
