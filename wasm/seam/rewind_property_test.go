package seam

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRewindLandsOnTheExactEvent plays random sessions (applies, terminal commands, advances of random
// lengths, many cut part-way through an instant by their wall-clock slice, single steps, node faults),
// takes the journal at random moments, and requires that replaying each journal in a fresh core, and
// seeking the live core back to each position and forward to the end again, give what the live session
// showed there byte for byte: every object the relay writes, the etcd revision, the events and the beats.
//
// KUBEPLAY_REWIND_SESSIONS sets how many sessions (a count, or a range such as 71-71 to replay one).
func TestRewindLandsOnTheExactEvent(t *testing.T) {
	from, to := 1, 12
	if v := os.Getenv("KUBEPLAY_REWIND_SESSIONS"); v != "" {
		a, b, isRange := strings.Cut(v, "-")
		n, err := strconv.Atoi(a)
		if err != nil {
			t.Fatalf("KUBEPLAY_REWIND_SESSIONS=%q: %v", v, err)
		}
		from, to = 1, n
		if isRange {
			m, err := strconv.Atoi(b)
			if err != nil {
				t.Fatalf("KUBEPLAY_REWIND_SESSIONS=%q: %v", v, err)
			}
			from, to = n, m
		}
	}
	cuts := 0
	for seed := from; seed <= to; seed++ {
		cuts += rewindSession(t, uint64(seed))
		if t.Failed() {
			t.Fatalf("session %d failed (replay it with KUBEPLAY_REWIND_SESSIONS=%d-%d)", seed, seed, seed)
		}
	}
	if cuts == 0 {
		t.Fatalf("no advance was cut part-way through an instant: the test did not test what it says")
	}
	t.Logf("%d sessions, %d advances cut part-way through an instant", to-from+1, cuts)
}

// position is where a session stood, and what it showed there.
type standPoint struct {
	journal string
	now     float64
	steps   uint64
	inputs  int
	shows   string
}

func rewindSession(t *testing.T, seed uint64) (cuts int) {
	rng := rand.New(rand.NewPCG(seed, 7))
	k := New()
	// The wall clock moves 1 ms per reading, so a budget of n ms cuts an advance after about n events.
	wall := time.Unix(0, 0)
	k.Wall = func() time.Time { wall = wall.Add(time.Millisecond); return wall }
	call(t, k, nil, "reset", fmt.Sprintf(`{"seed":%d}`, seed))
	names := []string{"web", "api", "db"}
	var marks []standPoint
	ops := 12 + rng.IntN(12)
	for i := 0; i < ops; i++ {
		name := names[rng.IntN(len(names))]
		switch r := rng.IntN(10); {
		case r < 2:
			call(t, k, nil, "apply", name+".yaml", strings.ReplaceAll(strings.ReplaceAll(nginx, "nginx", name), "replicas: 2", fmt.Sprintf("replicas: %d", 1+rng.IntN(3))))
		case r < 3:
			call(t, k, nil, "run", fmt.Sprintf("kubectl scale deployment %s --replicas=%d", name, rng.IntN(4)))
		case r < 4:
			call(t, k, nil, "run", "kubectl delete pod -l app="+name+" --wait=false")
		case r < 5:
			call(t, k, nil, "run", "kubectl get pods -o wide")
		case r < 6:
			call(t, k, nil, "step")
		case r < 7:
			call(t, k, nil, "nodeAction", []string{"demo-worker", "demo-worker2"}[rng.IntN(2)], []string{"down", "up"}[rng.IntN(2)])
		default:
			var res advanceResult
			call(t, k, &res, "advance", float64(1+rng.IntN(20000)), float64(1+rng.IntN(30)))
			if !res.Reached {
				if next, _, ok := k.c.Sim.Next(); ok && next.Equal(k.c.Sim.Now()) {
					cuts++
				}
			}
		}
		if rng.IntN(3) == 0 {
			marks = append(marks, standing(t, k))
		}
	}
	marks = append(marks, standing(t, k))
	end := marks[len(marks)-1]
	for _, m := range marks {
		fresh := New()
		var r map[string]any
		call(t, fresh, &r, "replay", m.journal)
		if r["error"] != nil {
			t.Fatalf("session %d: replay: %v", seed, r["error"])
		}
		if got := shows(t, fresh); got != m.shows {
			t.Errorf("session %d: replaying the journal of %v (after %d events) differs:\n%s", seed, m.now, m.steps, firstDiffLine(m.shows, got))
			return
		}
		call(t, k, nil, "seek", m.now, float64(m.steps), float64(m.inputs))
		if got := shows(t, k); got != m.shows {
			t.Errorf("session %d: seeking back to %v (after %d events) differs:\n%s", seed, m.now, m.steps, firstDiffLine(m.shows, got))
			return
		}
		call(t, k, nil, "seek", end.now, float64(end.steps), float64(end.inputs))
		if got := shows(t, k); got != end.shows {
			t.Errorf("session %d: seeking forward to the end again from %v differs:\n%s", seed, m.now, firstDiffLine(end.shows, got))
			return
		}
	}
	return cuts
}

func standing(t *testing.T, k *Core) standPoint {
	t.Helper()
	var j Journal
	js := call(t, k, &j, "journal")
	return standPoint{journal: js, now: j.Now, steps: j.NowSteps, inputs: j.NowInputs, shows: shows(t, k)}
}

// shows is what the page shows of the cluster at this position, read without a request (a kubectl read
// would add to the trace and the beats, which the session being compared never did): every object of the
// kinds the relay writes as kube-apiserver's watch cache holds it, the etcd revision, the events and the
// beats.
func shows(t *testing.T, k *Core) string {
	t.Helper()
	var sb strings.Builder
	fmt.Fprintf(&sb, "now %d after %d events, etcd revision %d\n", k.c.Sim.Now().UnixNano(), k.c.Sim.Steps(), k.c.Store.Rev())
	for _, r := range [][2]string{{"apps", "deployments"}, {"apps", "replicasets"}, {"", "pods"}, {"", "nodes"},
		{"", "endpoints"}, {"discovery.k8s.io", "endpointslices"}, {"coordination.k8s.io", "leases"}} {
		for _, o := range k.c.Server.Peek(r[0], r[1], "") {
			b, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			sb.Write(b)
			sb.WriteByte('\n')
		}
	}
	sb.WriteString(call(t, k, nil, "events", 0))
	var beats []json.RawMessage
	call(t, k, &beats, "beats", 0)
	for _, b := range beats {
		sb.Write(b)
		sb.WriteByte('\n')
	}
	return sb.String()
}
