package store

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// describe renders an event compactly: "PUT /k=v@rev v1 prev=old@rev".
func describe(ev Event) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s", ev.Type, ev.KV.Key)
	if ev.Type == Put {
		fmt.Fprintf(&b, "=%s v%d c%d", ev.KV.Value(), ev.KV.Version, ev.KV.CreateRevision)
	}
	fmt.Fprintf(&b, "@%d", ev.KV.ModRevision)
	if ev.PrevKV != nil {
		fmt.Fprintf(&b, " prev=%s@%d", ev.PrevKV.Value(), ev.PrevKV.ModRevision)
	}
	return b.String()
}

func collect(s *Store, prefix string, start int64) (*[]string, func(), error) {
	var got []string
	cancel, err := s.Watch(prefix, start, func(ev Event) { got = append(got, describe(ev)) })
	return &got, cancel, err
}

func TestWatchReplaysFromAnInclusiveRevisionThenDeliversLive(t *testing.T) {
	history := func(s *Store) {
		s.Create("/registry/pods/default/a", []byte("a1"), 0) // 2
		s.Create("/registry/nodes/n1", []byte("n"), 0)        // 3
		s.Update("/registry/pods/default/a", []byte("a2"), 0) // 4
		s.Delete("/registry/pods/default/a", 0)               // 5
		s.Create("/registry/pods/default/a", []byte("a3"), 0) // 6
	}
	live := func(s *Store) {
		s.Create("/registry/pods/default/b", []byte("b1"), 0) // 7
		s.Update("/registry/nodes/n1", []byte("n2"), 0)       // 8
	}
	cases := []struct {
		name   string
		prefix string
		start  int64
		want   []string
	}{
		{"from revision 2 every pod change arrives with its previous value", "/registry/pods/", 2, []string{
			"PUT /registry/pods/default/a=a1 v1 c2@2",
			"PUT /registry/pods/default/a=a2 v2 c2@4 prev=a1@2",
			"DELETE /registry/pods/default/a@5 prev=a2@4",
			"PUT /registry/pods/default/a=a3 v1 c6@6",
			"PUT /registry/pods/default/b=b1 v1 c7@7",
		}},
		{"the start revision is inclusive", "/registry/pods/", 5, []string{
			"DELETE /registry/pods/default/a@5 prev=a2@4",
			"PUT /registry/pods/default/a=a3 v1 c6@6",
			"PUT /registry/pods/default/b=b1 v1 c7@7",
		}},
		{"start revision 0 means from the next write", "", 0, []string{
			"PUT /registry/pods/default/b=b1 v1 c7@7",
			"PUT /registry/nodes/n1=n2 v2 c3@8 prev=n@3",
		}},
		{"a start revision in the future waits for it", "", 8, []string{
			"PUT /registry/nodes/n1=n2 v2 c3@8 prev=n@3",
		}},
		{"the prefix filters other resources out", "/registry/nodes/", 1, []string{
			"PUT /registry/nodes/n1=n v1 c3@3",
			"PUT /registry/nodes/n1=n2 v2 c3@8 prev=n@3",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(nil)
			history(s)
			got, _, err := collect(s, c.prefix, c.start)
			if err != nil {
				t.Fatal(err)
			}
			live(s)
			if !reflect.DeepEqual(*got, c.want) {
				t.Fatalf("events\n got %q\nwant %q", *got, c.want)
			}
		})
	}
}

func TestCancelStopsDeliveryEvenFromInsideTheCallback(t *testing.T) {
	cases := []struct {
		name   string
		start  int64
		after  int // cancel after this many events
		writes int
	}{
		{"cancel on the first live event", 0, 1, 3},
		{"cancel on a later live event after replay", 4, 5, 4},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := New(nil)
			for i := 0; i < 5; i++ {
				s.Create(fmt.Sprintf("/k/%d", i), nil, 0)
			}
			n := 0
			var cancel func()
			cancel, _ = s.Watch("/k/", c.start, func(Event) {
				n++
				if n == c.after {
					cancel()
				}
			})
			for i := 0; i < c.writes; i++ {
				s.Create(fmt.Sprintf("/k/live%d", i), nil, 0)
			}
			if n != c.after {
				t.Fatalf("got %d events, want %d", n, c.after)
			}
			if s.Watchers() != 0 {
				t.Fatalf("%d watchers left open", s.Watchers())
			}
		})
	}
}

func TestWritesFromInsideACallbackReachEveryWatcherInRevisionOrder(t *testing.T) {
	s := New(nil)
	var a, b []int64
	s.Watch("", 0, func(ev Event) {
		a = append(a, ev.KV.ModRevision)
		if ev.KV.Key == "/first" {
			s.Create("/second", nil, 0) // written while /first is being delivered
		}
	})
	var late []int64
	s.Watch("", 0, func(ev Event) {
		b = append(b, ev.KV.ModRevision)
		if ev.KV.Key == "/first" {
			// A watch opened mid-delivery replays what it missed exactly once.
			s.Watch("", ev.KV.ModRevision, func(ev Event) { late = append(late, ev.KV.ModRevision) })
		}
	})
	s.Create("/first", nil, 0)
	s.Create("/third", nil, 0)
	want := []int64{2, 3, 4}
	if !reflect.DeepEqual(a, want) || !reflect.DeepEqual(b, want) || !reflect.DeepEqual(late, want) {
		t.Fatalf("watchers saw %v, %v and %v; want %v each", a, b, late, want)
	}
}

func TestWatchingBelowTheCompactionRevisionFails(t *testing.T) {
	s := New(nil)
	for i := 0; i < 6; i++ {
		s.Create(fmt.Sprintf("/k/%d", i), nil, 0) // revisions 2..7
	}
	if err := s.Compact(5); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		start int64
		err   error
		first int64
	}{
		{"one below the compaction revision is gone", 4, ErrCompacted, 0},
		{"the compaction revision itself is still served", 5, nil, 5},
		{"later revisions are served", 6, nil, 6},
		{"from now on is always fine", 0, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var first int64
			_, err := s.Watch("", c.start, func(ev Event) {
				if first == 0 {
					first = ev.KV.ModRevision
				}
			})
			if !errors.Is(err, c.err) || first != c.first {
				t.Fatalf("err %v first %d; want %v first %d", err, first, c.err, c.first)
			}
		})
	}
}
