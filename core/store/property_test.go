package store

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// modelKV is the reference model's view of one live key.
type modelKV struct {
	value                string
	create, mod, version int64
}

// model is a deliberately naive etcd: full snapshots at every revision and
// the list of events, rendered like describe().
type model struct {
	rev    int64
	snaps  map[int64]map[string]modelKV
	events map[int64]string
	keys   map[int64]string // the key written at each revision
}

func (m *model) cur() map[string]modelKV { return m.snaps[m.rev] }

func (m *model) write(key string, next *modelKV) {
	prev, had := m.cur()[key]
	m.rev++
	snap := make(map[string]modelKV, len(m.cur())+1)
	for k, v := range m.snaps[m.rev-1] {
		snap[k] = v
	}
	var ev string
	if next == nil {
		delete(snap, key)
		ev = fmt.Sprintf("DELETE %s@%d", key, m.rev)
	} else {
		next.mod = m.rev
		snap[key] = *next
		ev = fmt.Sprintf("PUT %s=%s v%d c%d@%d", key, next.value, next.version, next.create, m.rev)
	}
	if had {
		ev += fmt.Sprintf(" prev=%s@%d", prev.value, prev.mod)
	}
	m.snaps[m.rev] = snap
	m.events[m.rev] = ev
	m.keys[m.rev] = key
}

func TestWatchFromAnyRetainedRevisionEqualsTheLogFromThere(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		t.Run(fmt.Sprintf("seed %d", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 7))
			s := New(nil)
			m := &model{rev: 1, snaps: map[int64]map[string]modelKV{1: {}}, events: map[int64]string{}, keys: map[int64]string{}}
			keys := []string{"/registry/pods/a/x", "/registry/pods/a/y", "/registry/pods/b/x", "/registry/nodes/n1", "/registry/nodes/n2", "/registry/pods/a/x2"}
			prefixes := []string{"", "/registry/pods/", "/registry/pods/a/", "/registry/nodes/", "/registry/none/"}

			type openWatch struct {
				prefix string
				start  int64
				got    []string
			}
			var watches []*openWatch
			for op := 0; op < 400; op++ {
				key := keys[rng.IntN(len(keys))]
				cur, exists := m.cur()[key]
				val := fmt.Sprintf("v%d", op)
				switch r := rng.IntN(100); {
				case r < 35:
					_, err := s.Create(key, []byte(val), 0)
					if exists != errors.Is(err, ErrKeyExists) {
						t.Fatalf("op %d create %s: %v (exists %v)", op, key, err, exists)
					}
					if !exists {
						m.write(key, &modelKV{value: val, create: m.rev + 1, version: 1})
					}
				case r < 65:
					guard := int64(0)
					if rng.IntN(3) == 0 {
						guard = cur.mod + int64(rng.IntN(2)) // sometimes stale
					}
					_, err := s.Update(key, []byte(val), guard)
					switch {
					case !exists:
						if !errors.Is(err, ErrKeyNotFound) {
							t.Fatalf("op %d update missing: %v", op, err)
						}
					case guard != 0 && guard != cur.mod:
						if !errors.Is(err, ErrConflict) {
							t.Fatalf("op %d update stale: %v", op, err)
						}
					default:
						if err != nil {
							t.Fatal(err)
						}
						m.write(key, &modelKV{value: val, create: cur.create, version: cur.version + 1})
					}
				case r < 85:
					_, prev, err := s.Delete(key, 0)
					if exists != (err == nil) {
						t.Fatalf("op %d delete: %v", op, err)
					}
					if exists {
						if string(prev.Value) != cur.value || prev.ModRevision != cur.mod {
							t.Fatalf("op %d delete returned prev %+v, model %+v", op, prev, cur)
						}
						m.write(key, nil)
					}
				case r < 92:
					// open a long-lived watch somewhere in the retained history
					lo := max(s.CompactRevision(), 1)
					w := &openWatch{prefix: prefixes[rng.IntN(len(prefixes))], start: lo + rng.Int64N(s.Rev()-lo+2)}
					if _, err := s.Watch(w.prefix, w.start, func(ev Event) { w.got = append(w.got, describe(ev)) }); err != nil {
						t.Fatalf("op %d watch from %d (compacted at %d): %v", op, w.start, s.CompactRevision(), err)
					}
					watches = append(watches, w)
				default:
					// compact somewhere between the last compaction and now
					lo := s.CompactRevision() + 1
					if lo <= s.Rev() {
						at := lo + rng.Int64N(s.Rev()-lo+1)
						if err := s.Compact(at); err != nil {
							t.Fatalf("op %d compact %d: %v", op, at, err)
						}
					}
				}
				if s.Rev() != m.rev {
					t.Fatalf("op %d: store at %d, model at %d", op, s.Rev(), m.rev)
				}
			}

			want := func(prefix string, from int64) []string {
				var out []string
				for r := max(from, 2); r <= m.rev; r++ {
					if strings.HasPrefix(m.keys[r], prefix) {
						out = append(out, m.events[r])
					}
				}
				return out
			}
			for i, w := range watches {
				if !reflect.DeepEqual(w.got, want(w.prefix, w.start)) {
					t.Fatalf("long-lived watch %d (%q from %d)\n got %q\nwant %q", i, w.prefix, w.start, w.got, want(w.prefix, w.start))
				}
			}
			c := s.CompactRevision()
			if c < 2 || len(watches) == 0 {
				t.Fatalf("the run compacted to %d and opened %d watches: too weak", c, len(watches))
			}
			for r := int64(1); r <= s.Rev()+1; r++ {
				var got []string
				_, err := s.Watch("", r, func(ev Event) { got = append(got, describe(ev)) })
				if r < c {
					if !errors.Is(err, ErrCompacted) {
						t.Fatalf("watch from %d below compaction %d: %v", r, c, err)
					}
					continue
				}
				if err != nil || !reflect.DeepEqual(got, want("", r)) {
					t.Fatalf("watch from %d: err %v\n got %q\nwant %q", r, err, got, want("", r))
				}
				var logged []string
				for _, ev := range s.Log(r) {
					logged = append(logged, describe(ev))
				}
				if !reflect.DeepEqual(logged, got) {
					t.Fatalf("Log(%d) differs from a watch from %d", r, r)
				}
				if r > s.Rev() {
					continue
				}
				kvs, _, err := s.Range("", r)
				if err != nil {
					t.Fatal(err)
				}
				gotState := map[string]modelKV{}
				for _, kv := range kvs {
					gotState[kv.Key] = modelKV{string(kv.Value), kv.CreateRevision, kv.ModRevision, kv.Version}
				}
				if !reflect.DeepEqual(gotState, m.snaps[r]) {
					t.Fatalf("Range at %d\n got %v\nwant %v", r, gotState, m.snaps[r])
				}
			}
			if st := s.Stats(); st.Keys != len(m.cur()) {
				t.Fatalf("Stats.Keys %d, model %d", st.Keys, len(m.cur()))
			}
		})
	}
}
