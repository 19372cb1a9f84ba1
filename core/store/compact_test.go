package store

import (
	"errors"
	"testing"
	"time"

	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

func TestCompactionDropsOldHistoryAndKeepsLiveValues(t *testing.T) {
	s := New(nil)
	s.Create("/a", []byte("a1"), 0) // 2
	s.Update("/a", []byte("a2"), 0) // 3
	s.Create("/b", []byte("b1"), 0) // 4
	s.Delete("/b", 0)               // 5
	s.Update("/a", []byte("a3"), 0) // 6
	s.Create("/c", []byte("c1"), 0) // 7
	if err := s.Compact(6); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		key  string
		rev  int64
		want string
		err  error
	}{
		{"a read below the compaction revision fails", "/a", 5, "", ErrCompacted},
		{"a read at the compaction revision sees the value written there", "/a", 6, "a3", nil},
		{"a key unchanged since before compaction keeps its value", "/c", 7, "c1", nil},
		{"a key deleted before compaction is gone", "/b", 6, "", ErrKeyNotFound},
		{"the current revision still reads", "/a", 0, "a3", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kv, err := s.Get(c.key, c.rev)
			if !errors.Is(err, c.err) || (err == nil && string(kv.Value) != c.want) {
				t.Fatalf("Get(%s,%d) = %v, %v; want %q, %v", c.key, c.rev, kv, err, c.want, c.err)
			}
		})
	}
	// /a keeps a2 (rev 3, the PrevKV of the event at 6) and a3; /c keeps c1.
	if got := s.Stats(); got != (Stats{Revision: 7, CompactRevision: 6, Keys: 2, HistoryEvents: 3}) {
		t.Fatalf("Stats = %+v", got)
	}
	if _, ok := s.keys["/b"]; ok {
		t.Fatal("the deleted key is still indexed")
	}
	if got := s.Log(0); len(got) != 2 || describe(got[0]) != "PUT /a=a3 v3 c2@6 prev=a2@3" {
		t.Fatalf("Log after compaction = %v", got)
	}
	for name, c := range map[string]struct {
		rev  int64
		want error
	}{
		"compacting again at the same revision fails": {6, ErrCompacted},
		"compacting below fails":                      {3, ErrCompacted},
		"compacting a future revision fails":          {9, ErrFutureRev},
	} {
		if err := s.Compact(c.rev); !errors.Is(err, c.want) {
			t.Errorf("%s: err %v, want %v", name, err, c.want)
		}
	}
}

func TestAutoCompactionKeepsOneIntervalOfHistory(t *testing.T) {
	sm := sim.New(1)
	s := New(sm)
	s.StartAutoCompaction(5 * time.Minute)
	writeEvery := func(d time.Duration) {
		stop := sm.Every(10*time.Second, "writer", func() {
			if _, err := s.Update("/registry/leases/kube-node-lease/n1", []byte("renew"), 0); err != nil {
				s.Create("/registry/leases/kube-node-lease/n1", []byte("renew"), 0)
			}
		})
		sm.Advance(d)
		stop()
	}
	steps := []struct {
		name        string
		until       time.Duration // total virtual time elapsed
		wantCompact int64
	}{
		{"nothing is compacted before the first tick", 4 * time.Minute, 0}, // revisions 2..25, one write per 10s
		{"the first tick only observes the revision", 6 * time.Minute, 0},
		{"the second tick compacts to the revision seen at the first", 11 * time.Minute, 30},
		{"the third tick moves on by one interval", 16 * time.Minute, 60},
	}
	elapsed := time.Duration(0)
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			writeEvery(st.until - elapsed)
			elapsed = st.until
			if got := s.CompactRevision(); got != st.wantCompact {
				t.Fatalf("compact revision %d, want %d (rev %d)", got, st.wantCompact, s.Rev())
			}
		})
	}
	found := false
	for _, r := range sm.Trace.Records() {
		if r.Component == "etcd" && r.Kind == trace.Action && r.Revision == 30 {
			found = true
		}
	}
	if !found {
		t.Fatal("no trace record for the compaction at 30")
	}
	// One key: the revisions since compaction plus the value before it.
	if st := s.Stats(); st.HistoryEvents != int(st.Revision-st.CompactRevision)+2 {
		t.Fatalf("history is not trimmed to one interval: %+v", st)
	}
}
