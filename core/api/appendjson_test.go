package api

import (
	"math/rand/v2"
	"testing"
	"time"
)

// Time, MicroTime and Quantity write their JSON by appending it
// (AppendJSON, which MarshalJSON returns too): it must be what their
// formats say, byte for byte.
func TestAppendJSONWritesWhatTheFormatsSay(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	times := []time.Time{time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC), time.Date(1, 1, 1, 0, 0, 1, 999, time.UTC),
		time.Date(2026, 7, 8, 23, 59, 59, 999999999, time.FixedZone("JST", 9*3600)), time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(-5, 3, 1, 0, 0, 0, 1000, time.UTC), time.Unix(0, 0)}
	for i := 0; i < 2000; i++ {
		times = append(times, time.Unix(r.Int64N(400_000_000_000)-100_000_000_000, r.Int64N(1e9)).In(time.FixedZone("", r.IntN(50_000)-25_000)))
	}
	for _, tm := range times {
		got, _ := Time{tm}.MarshalJSON()
		if want := `"` + tm.UTC().Format(time.RFC3339) + `"`; string(got) != want {
			t.Errorf("Time %v: %s, want %s", tm, got, want)
		}
		got, _ = MicroTime{tm}.MarshalJSON()
		if want := `"` + tm.UTC().Format("2006-01-02T15:04:05.000000Z07:00") + `"`; string(got) != want {
			t.Errorf("MicroTime %v: %s, want %s", tm, got, want)
		}
	}
	if got, _ := (Time{}).MarshalJSON(); string(got) != "null" {
		t.Errorf("zero Time: %s", got)
	}
	if got, _ := (MicroTime{}).MarshalJSON(); string(got) != "null" {
		t.Errorf("zero MicroTime: %s", got)
	}
	for _, s := range []string{"0", "100m", "1Gi", "-5", "1.5", "1e3", "500Mi", "1k", "0.001", "12345678901234567890", "1536Mi", "2.5e-3"} {
		q := MustParse(s)
		q2 := q
		q2.Add(MustParse("1m")) // no canonical string: String computes it
		for _, q := range []Quantity{q, q2, {}} {
			if got, _ := q.MarshalJSON(); string(got) != `"`+q.String()+`"` {
				t.Errorf("Quantity %s: %s", q.String(), got)
			}
		}
	}
}
