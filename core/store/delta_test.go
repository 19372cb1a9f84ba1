package store

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

func podJSON(node, phase string, conditions int) []byte {
	var b strings.Builder
	b.WriteString(`{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web-1","namespace":"default","uid":"56eb4d08-161d-4658-af21-33a94d49f9cf"},`)
	b.WriteString(`"spec":{"containers":[{"name":"nginx","image":"nginx:1.27","resources":{"requests":{"cpu":"100m"}}}],`)
	if node != "" {
		b.WriteString(`"nodeName":"` + node + `",`)
	}
	b.WriteString(`"schedulerName":"default-scheduler"},"status":{"phase":"` + phase + `","conditions":[`)
	for i := 0; i < conditions; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"type":"C%d","status":"True","lastTransitionTime":"2026-01-05T09:01:1%dZ"}`, i, i)
	}
	b.WriteString(`]}}`)
	return []byte(b.String())
}

func TestDeltasRebuildTheOlderValueExactly(t *testing.T) {
	long := bytes.Repeat([]byte("abcdefgh"), 40)
	tests := []struct {
		name     string
		old, cur []byte
		smaller  bool // the delta is expected to be kept
	}{
		{"a binding adds the node name and a condition", podJSON("", "Pending", 0), podJSON("worker", "Pending", 1), true},
		{"a status update changes the phase", podJSON("worker", "Pending", 1), podJSON("worker", "Running", 3), true},
		{"the same value again", podJSON("w", "Running", 2), podJSON("w", "Running", 2), true},
		{"a value that shrank to nothing", podJSON("w", "Running", 2), []byte{}, false},
		{"unrelated bytes", long, bytes.Repeat([]byte("0123456789"), 30), false},
		{"a value too short to bother", []byte(`{"a":1}`), []byte(`{"a":2}`), false},
		{"a repeated pattern shifted by one byte", long, append([]byte("x"), long...), true},
	}
	var x deltaIndex
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x.reset(tt.cur)
			d := x.encode(nil, tt.old, len(tt.old))
			if len(tt.old) < deltaMinValue {
				d = nil
			}
			if (d != nil) != tt.smaller {
				t.Fatalf("encode kept a delta: %v, want %v (delta %d bytes for a %d-byte value)", d != nil, tt.smaller, len(d), len(tt.old))
			}
			if d == nil {
				return
			}
			if len(d) >= len(tt.old) {
				t.Errorf("delta of %d bytes is not smaller than the %d-byte value", len(d), len(tt.old))
			}
			if got := applyDelta(d, tt.cur); !bytes.Equal(got, tt.old) {
				t.Errorf("rebuilt value differs:\n got %s\nwant %s", got, tt.old)
			}
		})
	}
}

func TestDeltasOfRandomEditsRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	var x deltaIndex
	alphabet := []byte(`{}":,abcdefghijklmnop0123456789`)
	for n := 0; n < 2000; n++ {
		old := make([]byte, 64+rng.IntN(600))
		for i := range old {
			old[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cur := append([]byte(nil), old...)
		for e := rng.IntN(6); e >= 0; e-- {
			at := rng.IntN(len(cur) + 1)
			switch rng.IntN(3) {
			case 0: // insert
				ins := bytes.Repeat([]byte{alphabet[rng.IntN(len(alphabet))]}, 1+rng.IntN(20))
				cur = append(cur[:at:at], append(ins, cur[at:]...)...)
			case 1: // delete
				end := min(len(cur), at+rng.IntN(30))
				cur = append(cur[:at:at], cur[end:]...)
			default: // overwrite
				for i := at; i < len(cur) && i < at+5; i++ {
					cur[i] = alphabet[rng.IntN(len(alphabet))]
				}
			}
		}
		x.reset(cur)
		d := x.encode(nil, old, len(old))
		if d == nil {
			continue
		}
		if got := applyDelta(d, cur); !bytes.Equal(got, old) {
			t.Fatalf("case %d: rebuilt value differs:\n got %q\nwant %q\n cur %q", n, got, old, cur)
		}
	}
}

func TestOlderRevisionsReadBackWholeWhenKeptAsDeltas(t *testing.T) {
	s := New(nil)
	const key = "/registry/pods/default/web-1"
	want := map[int64][]byte{} // revision → value of key at that revision (nil = absent)
	write := func(rev int64, err error, v []byte) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		want[rev] = v
	}
	v := podJSON("", "Pending", 0)
	rev, err := s.Create(key, v, 0)
	write(rev, err, v)
	for i := 1; i <= 6; i++ {
		v = podJSON("worker", []string{"Pending", "Running"}[i%2], i)
		rev, err = s.Update(key, v, 0)
		write(rev, err, v)
	}
	rev, _, err = s.Delete(key, 0)
	write(rev, err, nil)
	v = podJSON("", "Pending", 0)
	rev, err = s.Create(key, v, 0)
	write(rev, err, v)
	v = podJSON("other", "Pending", 1)
	rev, err = s.Update(key, v, 0)
	write(rev, err, v)

	whole, values := 0, 0
	for _, e := range s.keys[key].revs {
		if !e.tombstone() {
			values++
			if e.dict == nil {
				whole++
			}
		}
	}
	if whole > 2 {
		t.Errorf("%d of %d values kept whole, want at most 2 (dictionaries; the others are deltas)", whole, values)
	}
	check := func(t *testing.T) {
		for r := s.CompactRevision(); r <= s.Rev(); r++ {
			w, ok := want[r]
			if !ok || r == 0 {
				continue
			}
			kv, err := s.Get(key, r)
			if w == nil {
				if err != ErrKeyNotFound {
					t.Errorf("Get at %d: %v, want not found", r, err)
				}
				continue
			}
			if err != nil || !bytes.Equal(kv.Value, w) {
				t.Errorf("Get at %d = %v, %v; want %q", r, kv, err, w)
			}
			kvs, _, _ := s.Range("/registry/pods/", r)
			if len(kvs) != 1 || !bytes.Equal(kvs[0].Value, w) {
				t.Errorf("Range at %d = %d keys; want the value written at %d", r, len(kvs), r)
			}
		}
		var prev []byte
		cancel, err := s.Watch("/registry/", s.CompactRevision(), func(ev Event) {
			if ev.Type == Put && !bytes.Equal(ev.KV.Value, want[ev.KV.ModRevision]) {
				t.Errorf("watch event at %d carries %q", ev.KV.ModRevision, ev.KV.Value)
			}
			if ev.PrevKV != nil && prev != nil && !bytes.Equal(ev.PrevKV.Value, prev) {
				t.Errorf("watch event at %d: PrevKV %q, want %q", ev.KV.ModRevision, ev.PrevKV.Value, prev)
			}
			prev = ev.KV.Value
		})
		if err != nil {
			t.Fatal(err)
		}
		cancel()
	}
	t.Run("before compaction", check)
	if err := s.Compact(5); err != nil {
		t.Fatal(err)
	}
	t.Run("after compaction", check)
}
