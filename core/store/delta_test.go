package store

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
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
			if ev.Type == Put && !bytes.Equal(ev.KV.Value(), want[ev.KV.ModRevision]) {
				t.Errorf("watch event at %d carries %q", ev.KV.ModRevision, ev.KV.Value())
			}
			if ev.PrevKV != nil && prev != nil && !bytes.Equal(ev.PrevKV.Value(), prev) {
				t.Errorf("watch event at %d: PrevKV %q, want %q", ev.KV.ModRevision, ev.PrevKV.Value(), prev)
			}
			prev = ev.KV.Value()
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

// deltaWriter writes pod values to one key through one buffer, as a caller
// reusing its encode buffer would, scribbling over the buffer after every
// write; it remembers what was written at each revision.
type deltaWriter struct {
	t      *testing.T
	s      *Store
	key    string
	buf    []byte
	values map[int64]string // revision → value written ("" for a delete)
	deltas int              // writes the store kept as a delta
}

// newDeltaWriter returns a writer of one pod key of s.
func newDeltaWriter(t *testing.T, s *Store) *deltaWriter {
	return &deltaWriter{t: t, s: s, key: "/registry/pods/default/web-1", values: map[int64]string{}}
}

// put creates the key (create) or updates it with v.
func (w *deltaWriter) put(create bool, v []byte) {
	w.t.Helper()
	w.buf = append(w.buf[:0], v...)
	w.values[w.s.Rev()+1] = string(v) // before the write: it delivers the event
	var err error
	if create {
		_, err = w.s.Create(w.key, w.buf, 0)
	} else {
		_, err = w.s.Update(w.key, w.buf, 0)
	}
	if err != nil {
		w.t.Fatal(err)
	}
	if w.s.keys[w.key].latest().dict != nil {
		w.deltas++
	}
	for i := range w.buf {
		w.buf[i] = 'x'
	}
}

// del deletes the key.
func (w *deltaWriter) del() {
	w.t.Helper()
	w.values[w.s.Rev()+1] = ""
	if _, _, err := w.s.Delete(w.key, 0); err != nil {
		w.t.Fatal(err)
	}
}

// check fails unless ev carries the values written at its revision and at
// the one before (the writer's key is written at consecutive revisions).
func (w *deltaWriter) check(ev Event) {
	w.t.Helper()
	rev := ev.KV.ModRevision
	if got := string(ev.KV.Value()); got != w.values[rev] {
		w.t.Errorf("event at %d carries %q, want %q", rev, got, w.values[rev])
	}
	prev, had := w.values[rev-1]
	if had = had && prev != ""; had != (ev.PrevKV != nil) {
		w.t.Fatalf("event at %d: PrevKV %v, want one: %v", rev, ev.PrevKV, had)
	}
	if ev.PrevKV == nil {
		return
	}
	if ev.PrevKV.ModRevision != rev-1 || ev.PrevKV.Key != w.key {
		w.t.Errorf("event at %d: PrevKV of %s at %d", rev, ev.PrevKV.Key, ev.PrevKV.ModRevision)
	}
	for range 2 { // the second read is served from the first
		if got := string(ev.PrevKV.Value()); got != prev {
			w.t.Errorf("event at %d: PrevKV value %q, want %q", rev, got, prev)
		}
	}
}

func TestLiveEventsOfDeltaCodedValuesCarryTheWrittenBytes(t *testing.T) {
	s := New(nil)
	w := newDeltaWriter(t, s)
	var kept []Event // checked again once every write is done: their values stay
	s.Watch("/registry/pods/", 0, func(ev Event) {
		w.check(ev)
		kept = append(kept, ev)
	})
	w.put(true, podJSON("", "Pending", 0))
	for i := 1; i <= 5; i++ {
		w.put(false, podJSON("worker", []string{"Pending", "Running"}[i%2], i))
	}
	w.del()
	w.put(true, podJSON("", "Pending", 0))
	w.put(false, podJSON("other", "Pending", 1))
	if w.deltas < 5 {
		t.Fatalf("only %d writes were kept as deltas: the test does not exercise them", w.deltas)
	}
	if len(kept) != len(w.values) {
		t.Fatalf("%d live events for %d writes", len(kept), len(w.values))
	}
	var live, logged, replayed []string
	for _, ev := range kept {
		w.check(ev)
		live = append(live, describe(ev))
	}
	for _, ev := range s.Log(0) {
		logged = append(logged, describe(ev))
	}
	s.Watch("/registry/pods/", 2, func(ev Event) { replayed = append(replayed, describe(ev)) })
	if !reflect.DeepEqual(logged, live) || !reflect.DeepEqual(replayed, live) {
		t.Fatalf("history differs from the live events\n live %q\n  log %q\nwatch %q", live, logged, replayed)
	}
}

func TestQueuedEventsKeepTheirValuesAfterLaterWritesAndCompaction(t *testing.T) {
	s := New(nil)
	w := newDeltaWriter(t, s)
	w.put(true, podJSON("", "Pending", 0))
	first := true
	delivered := 0
	// The first watcher writes from inside the callback: the events of those
	// writes queue until it returns, and meanwhile later writes and a
	// compaction drop the entries their PrevKVs were.
	s.Watch("/registry/pods/", 0, func(ev Event) {
		if !first {
			return
		}
		first = false
		for i := 2; i <= 4; i++ {
			w.put(false, podJSON("worker", "Running", i))
		}
		w.del()
		w.put(true, podJSON("", "Pending", 1))
		if err := s.Compact(s.Rev()); err != nil {
			t.Fatal(err)
		}
		if n := len(s.keys[w.key].revs); n != 1 {
			t.Fatalf("compaction kept %d entries of the key, want 1", n)
		}
	})
	s.Watch("/registry/pods/", 0, func(ev Event) {
		w.check(ev)
		delivered++
	})
	w.put(false, podJSON("worker", "Pending", 1))
	if w.deltas < 4 {
		t.Fatalf("only %d writes were kept as deltas: the test does not exercise them", w.deltas)
	}
	if delivered != 6 {
		t.Fatalf("%d events delivered, want 6", delivered)
	}
}
