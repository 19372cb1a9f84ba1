package store

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

func TestRevisionsFollowEtcd(t *testing.T) {
	s := New(nil)
	if got := s.Rev(); got != 1 {
		t.Fatalf("a fresh store is at revision %d, want 1", got)
	}
	type step struct {
		name    string
		do      func() (int64, error)
		wantRev int64
		wantKV  *KeyValue // state of /registry/pods/default/a after the step
	}
	key := "/registry/pods/default/a"
	steps := []step{
		{"the first write is revision 2", func() (int64, error) { return s.Create(key, []byte("v1"), 0) },
			2, &KeyValue{Key: key, Value: []byte("v1"), CreateRevision: 2, ModRevision: 2, Version: 1}},
		{"an update bumps mod revision and version but keeps create revision", func() (int64, error) { return s.Update(key, []byte("v2"), 2) },
			3, &KeyValue{Key: key, Value: []byte("v2"), CreateRevision: 2, ModRevision: 3, Version: 2}},
		{"an unconditional update writes too", func() (int64, error) { return s.Update(key, []byte("v3"), 0) },
			4, &KeyValue{Key: key, Value: []byte("v3"), CreateRevision: 2, ModRevision: 4, Version: 3}},
		{"a write to another key takes the next global revision", func() (int64, error) { return s.Create("/registry/pods/default/b", nil, 0) },
			5, &KeyValue{Key: key, Value: []byte("v3"), CreateRevision: 2, ModRevision: 4, Version: 3}},
		{"a delete is a revision of its own", func() (int64, error) { r, _, err := s.Delete(key, 4); return r, err },
			6, nil},
		{"creating again starts a new generation at version 1", func() (int64, error) { return s.Create(key, []byte("v4"), 0) },
			7, &KeyValue{Key: key, Value: []byte("v4"), CreateRevision: 7, ModRevision: 7, Version: 1}},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			rev, err := st.do()
			if err != nil || rev != st.wantRev || s.Rev() != st.wantRev {
				t.Fatalf("got rev %d (store %d), err %v; want rev %d", rev, s.Rev(), err, st.wantRev)
			}
			kv, err := s.Get(key, 0)
			if st.wantKV == nil {
				if !errors.Is(err, ErrKeyNotFound) {
					t.Fatalf("Get after delete: %v, %v; want ErrKeyNotFound", kv, err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(kv, st.wantKV) {
				t.Fatalf("Get = %+v, %v; want %+v", kv, err, st.wantKV)
			}
		})
	}
}

func TestFailedWritesReturnEtcdErrorsAndLeaveTheRevisionAlone(t *testing.T) {
	s := New(nil)
	s.Create("/registry/a", []byte("a"), 0) // rev 2
	s.Create("/registry/b", []byte("b"), 0) // rev 3
	s.Delete("/registry/b", 0)              // rev 4
	cases := []struct {
		name string
		do   func() error
		want error
	}{
		{"creating an existing key fails with key exists", func() error { _, err := s.Create("/registry/a", nil, 0); return err }, ErrKeyExists},
		{"updating a missing key fails with not found", func() error { _, err := s.Update("/registry/zz", nil, 0); return err }, ErrKeyNotFound},
		{"updating a deleted key fails with not found", func() error { _, err := s.Update("/registry/b", nil, 0); return err }, ErrKeyNotFound},
		{"updating with a stale mod revision conflicts", func() error { _, err := s.Update("/registry/a", nil, 1); return err }, ErrConflict},
		{"deleting with a stale mod revision conflicts", func() error { _, _, err := s.Delete("/registry/a", 3); return err }, ErrConflict},
		{"deleting a missing key fails with not found", func() error { _, _, err := s.Delete("/registry/zz", 0); return err }, ErrKeyNotFound},
		{"deleting twice fails with not found", func() error { _, _, err := s.Delete("/registry/b", 0); return err }, ErrKeyNotFound},
		{"creating with an unknown lease fails", func() error { _, err := s.Create("/registry/c", nil, 42); return err }, ErrLeaseNotFound},
		{"reading a future revision fails", func() error { _, err := s.Get("/registry/a", 5); return err }, ErrFutureRev},
		{"ranging at a future revision fails", func() error { _, _, err := s.Range("/registry/", 99); return err }, ErrFutureRev},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := c.do(); !errors.Is(err, c.want) {
				t.Fatalf("err = %v, want %v", err, c.want)
			}
			if s.Rev() != 4 {
				t.Fatalf("revision moved to %d", s.Rev())
			}
		})
	}
	if ErrCompacted.Error() != "mvcc: required revision has been compacted" || ErrFutureRev.Error() != "mvcc: required revision is a future revision" {
		t.Fatalf("etcd error texts changed")
	}
}

func TestRangeServesAnyRetainedRevisionSortedByKey(t *testing.T) {
	s := New(nil)
	s.Create("/registry/pods/default/web-2", []byte("w2"), 0)     // 2
	s.Create("/registry/pods/default/web-1", []byte("w1"), 0)     // 3
	s.Create("/registry/pods/kube-system/dns", []byte("d"), 0)    // 4
	s.Create("/registry/deployments/default/web", []byte("D"), 0) // 5
	s.Update("/registry/pods/default/web-1", []byte("w1b"), 0)    // 6
	s.Delete("/registry/pods/default/web-2", 0)                   // 7
	s.Create("/registry/pods/default/web-0", []byte("w0"), 0)     // 8

	type kv struct {
		Key, Value string
		Mod        int64
	}
	cases := []struct {
		name   string
		prefix string
		rev    int64
		want   []kv
		rev2   int64
	}{
		{"the current revision by default", "/registry/pods/default/", 0,
			[]kv{{"/registry/pods/default/web-0", "w0", 8}, {"/registry/pods/default/web-1", "w1b", 6}}, 8},
		{"an old revision sees old values and keys deleted since", "/registry/pods/default/", 5,
			[]kv{{"/registry/pods/default/web-1", "w1", 3}, {"/registry/pods/default/web-2", "w2", 2}}, 5},
		{"revision 1 is the empty store", "/registry/", 1, nil, 1},
		{"a wider prefix crosses namespaces in key order", "/registry/pods/", 4,
			[]kv{{"/registry/pods/default/web-1", "w1", 3}, {"/registry/pods/default/web-2", "w2", 2}, {"/registry/pods/kube-system/dns", "d", 4}}, 4},
		{"a prefix matching nothing is empty", "/registry/nodes/", 0, nil, 8},
		{"the empty prefix is every key", "", 0,
			[]kv{{"/registry/deployments/default/web", "D", 5}, {"/registry/pods/default/web-0", "w0", 8}, {"/registry/pods/default/web-1", "w1b", 6}, {"/registry/pods/kube-system/dns", "d", 4}}, 8},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kvs, rev, err := s.Range(c.prefix, c.rev)
			if err != nil || rev != c.rev2 {
				t.Fatalf("Range: rev %d err %v; want rev %d", rev, err, c.rev2)
			}
			var got []kv
			for _, x := range kvs {
				got = append(got, kv{x.Key, string(x.Value), x.ModRevision})
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("Range(%q, %d)\n got %v\nwant %v", c.prefix, c.rev, got, c.want)
			}
		})
	}
	if got := s.Count("/registry/pods/"); got != 3 {
		t.Fatalf("Count = %d, want 3", got)
	}
	if got := s.Stats(); got != (Stats{Revision: 8, Keys: 4, HistoryEvents: 7}) {
		t.Fatalf("Stats = %+v", got)
	}
}

func TestTheStoreCopiesValuesWrittenToIt(t *testing.T) {
	s := New(nil)
	v := []byte("hello")
	s.Create("/k", v, 0)
	v[0] = 'J'
	kv, _ := s.Get("/k", 0)
	if string(kv.Value) != "hello" {
		t.Fatalf("stored value changed with the caller's buffer: %q", kv.Value)
	}
}

func TestTheKeyIndexStaysSortedThroughSplitsAndRemovals(t *testing.T) {
	var x keyIndex
	const n = 5 * maxBlock
	hs := map[string]*keyHistory{}
	for i := 0; i < n; i++ {
		k := fmt.Sprintf("/k/%05d", (i*7919)%n) // a permutation of 0..n-1
		hs[k] = &keyHistory{key: k}
		x.insert(hs[k])
	}
	for i := 0; i < n; i += 3 {
		x.remove(hs[fmt.Sprintf("/k/%05d", i)])
	}
	var got []string
	x.ascend("/k/", func(h *keyHistory) bool { got = append(got, h.key); return true })
	var want []string
	for i := 0; i < n; i++ {
		if i%3 != 0 {
			want = append(want, fmt.Sprintf("/k/%05d", i))
		}
	}
	if !reflect.DeepEqual(got, want) || x.n != len(want) {
		t.Fatalf("index holds %d keys (n=%d), want %d in order", len(got), x.n, len(want))
	}
	var sub []string
	x.ascend("/k/0010", func(h *keyHistory) bool { sub = append(sub, h.key); return true })
	if len(sub) != 7 || sub[0] != "/k/00100" || sub[6] != "/k/00109" {
		t.Fatalf("prefix /k/0010 gave %v", sub)
	}
}
