package seam

import (
	"testing"
)

// A 10-minute session (a Deployment, a scale, a node down and up), then
// seeking to its start and to its end.
func BenchmarkSeekInATenMinuteSession(b *testing.B) {
	k := New()
	k.Call("reset", []any{`{"seed":1}`})
	start := k.c.Sim.Now()
	k.Call("apply", []any{"deploy.yaml", nginx})
	k.Call("advance", []any{60000.0, 1e9})
	k.Call("run", []any{"kubectl scale deployment nginx --replicas=5"})
	k.Call("advance", []any{120000.0, 1e9})
	k.Call("nodeAction", []any{"demo-worker", "down"})
	k.Call("advance", []any{180000.0, 1e9})
	k.Call("nodeAction", []any{"demo-worker", "up"})
	k.Call("advance", []any{240000.0, 1e9})
	end := ms(k.c.Sim.Now())
	b.Run("to the start", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			k.Call("seek", []any{end})
			b.StartTimer()
			k.Call("seek", []any{ms(start) + 1})
		}
	})
	b.Run("to the end", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			k.Call("seek", []any{ms(start) + 1})
			b.StartTimer()
			k.Call("seek", []any{end - 1})
		}
	})
}
