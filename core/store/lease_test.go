package store

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

func TestLeasesDeleteTheirKeysWhenTheyEnd(t *testing.T) {
	cases := []struct {
		name string
		// act runs after two event keys were created with lease id at t=0.
		act        func(sm *sim.Sim, s *Store, id int64)
		wantAlive  bool // are the keys still there at the end?
		wantEvents []string
	}{
		{"keys live until the TTL runs out", func(sm *sim.Sim, s *Store, id int64) {
			sm.Advance(59 * time.Minute)
		}, true, nil},
		{"expiry deletes every key, each with its own revision, in key order", func(sm *sim.Sim, s *Store, id int64) {
			sm.Advance(time.Hour)
		}, false, []string{
			"DELETE /registry/events/default/a.1@5 prev=e@2",
			"DELETE /registry/events/default/b.1@6 prev=e@3",
		}},
		{"keep-alive renews a full TTL from now", func(sm *sim.Sim, s *Store, id int64) {
			sm.Advance(50 * time.Minute)
			if err := s.KeepAlive(id); err != nil {
				t.Fatal(err)
			}
			sm.Advance(59 * time.Minute)
		}, true, nil},
		{"revoke deletes at once", func(sm *sim.Sim, s *Store, id int64) {
			if err := s.Revoke(id); err != nil {
				t.Fatal(err)
			}
			if err := s.Revoke(id); !errors.Is(err, ErrLeaseNotFound) {
				t.Fatalf("second revoke: %v", err)
			}
		}, false, []string{
			"DELETE /registry/events/default/a.1@5 prev=e@2",
			"DELETE /registry/events/default/b.1@6 prev=e@3",
		}},
		{"an updated key keeps its lease; a key deleted early is not deleted again", func(sm *sim.Sim, s *Store, id int64) {
			s.Update("/registry/events/default/b.1", []byte("e2"), 0) // 5
			s.Delete("/registry/events/default/a.1", 0)               // 6
			sm.Advance(2 * time.Hour)
		}, false, []string{
			"PUT /registry/events/default/b.1=e2 v2 c3@5 prev=e@3",
			"DELETE /registry/events/default/a.1@6 prev=e@2",
			"DELETE /registry/events/default/b.1@7 prev=e2@5",
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sm := sim.New(1)
			s := New(sm)
			id := s.GrantLease(time.Hour)
			s.Create("/registry/events/default/a.1", []byte("e"), id) // 2
			s.Create("/registry/events/default/b.1", []byte("e"), id) // 3
			s.Create("/registry/pods/default/p", []byte("p"), 0)      // 4: no lease, never expires
			got, _, _ := collect(s, "/registry/events/", 0)
			c.act(sm, s, id)
			if !reflect.DeepEqual(*got, c.wantEvents) {
				t.Fatalf("events\n got %q\nwant %q", *got, c.wantEvents)
			}
			if alive := s.Count("/registry/events/") == 2; alive != c.wantAlive {
				t.Fatalf("keys alive = %v, want %v", alive, c.wantAlive)
			}
			if s.Count("/registry/pods/") != 1 {
				t.Fatal("a key without a lease was deleted")
			}
			if !c.wantAlive && s.Leases() != 0 {
				t.Fatalf("%d leases left", s.Leases())
			}
		})
	}
}

func TestLeaseExpiryIsTracedAsAnEtcdWrite(t *testing.T) {
	sm := sim.New(1)
	s := New(sm)
	id := s.GrantLease(time.Hour)
	s.Create("/registry/events/default/x.17f2", []byte("e"), id)
	granted, left, keys, err := s.LeaseTTL(id)
	if err != nil || granted != time.Hour || left != time.Hour || !reflect.DeepEqual(keys, []string{"/registry/events/default/x.17f2"}) {
		t.Fatalf("LeaseTTL = %v %v %v %v", granted, left, keys, err)
	}
	sm.Advance(time.Hour)
	var msgs []string
	for _, r := range sm.Trace.Records() {
		if r.Kind == trace.Write && r.Component == "etcd" {
			msgs = append(msgs, r.Message)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "expired: deleted /registry/events/default/x.17f2 at revision 3") {
		t.Fatalf("trace = %q", msgs)
	}
	if err := s.KeepAlive(id); !errors.Is(err, ErrLeaseNotFound) {
		t.Fatalf("keep-alive of an expired lease: %v", err)
	}
	if _, err := s.Create("/k", nil, id); !errors.Is(err, ErrLeaseNotFound) {
		t.Fatalf("create with an expired lease: %v", err)
	}
}
