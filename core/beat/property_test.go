package beat_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"kubeplay/core/beat"
	"kubeplay/core/trace"
)

// Every record is in exactly one beat, in trace order, and beats are
// ordered by t, over seeds and random sequences of inputs.
func TestEveryRecordIsInExactlyOneBeatAndBeatsAreOrderedByTime(t *testing.T) {
	lines := []string{
		"kubectl create deployment web-%d --image=nginx --replicas=%d",
		"kubectl scale deployment web-%d --replicas=%d",
		"kubectl create deployment bad-%d --image=ngnix --replicas=%d",
		"kubectl delete deployment web-%d --wait=false # %d",
		"sim node down demo-worker # %d %d",
		"sim node up demo-worker # %d %d",
		"kubectl get pods # %d %d",
		"sim restart kube-scheduler # %d %d",
	}
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			s := newSession(t, seed)
			var recs []trace.Record
			s.c.Sim.Trace.Subscribe(func(r trace.Record) { recs = append(recs, r) })
			first := s.c.Sim.Trace.Len() + 1
			rng := rand.New(rand.NewPCG(seed, 7))
			for i := 0; i < 12; i++ {
				s.exec(t, fmt.Sprintf(lines[rng.IntN(len(lines))], rng.IntN(3), 1+rng.IntN(3)))
				s.c.Sim.Advance(time.Duration(rng.IntN(20000)) * time.Millisecond)
			}
			bs := s.userBeats()
			want := first
			var lastT float64
			for _, b := range bs {
				if b.T < lastT {
					t.Fatalf("beat %d at t=%v comes after one at %v", b.Seq, b.T, lastT)
				}
				lastT = b.T
				for _, seq := range b.Records {
					if seq < first {
						continue // the start-up's last beat may straddle the mark
					}
					if seq != want {
						t.Fatalf("beat %d holds record %d, want %d next (every record once, in order)", b.Seq, seq, want)
					}
					want++
				}
			}
			if last := first + len(recs) - 1; want-1 != last {
				t.Fatalf("beats cover records up to %d, the trace has %d", want-1, last)
			}
		})
	}
}

func countBeats(bs []beat.Beat, upTo func(beat.Beat) bool) (n int, found bool) {
	for _, b := range bs {
		if b.Heartbeat {
			continue
		}
		n++
		if upTo(b) {
			return n, true
		}
	}
	return n, false
}

func TestTheDefaultApplyReachesScheduledWithin25BeatsAndRunningWithin100(t *testing.T) {
	s := newSession(t, 1)
	s.apply(t, DefaultDeployment)
	s.c.Sim.Advance(30 * time.Second)
	bs := s.userBeats()
	n, ok := countBeats(bs, func(b beat.Beat) bool { return b.Reason == "Scheduled" })
	if !ok || n > 25 {
		t.Fatalf("first Scheduled at beat %d (found %v), want ≤ 25", n, ok)
	}
	running := 0
	m, ok := countBeats(bs, func(b beat.Beat) bool {
		if b.Class == "kubelet-status" && b.Kind == beat.Request {
			for _, r := range s.c.Sim.Trace.Since(b.Records[0] - 1)[:len(b.Records)] {
				if r.Kind == trace.Action && len(r.Message) > 15 && r.Message[:15] == "status: Running" {
					running++
				}
			}
		}
		return running == 2
	})
	if !ok || m > 100 {
		t.Fatalf("both Pods Running at beat %d (found %v), want ≤ 100", m, ok)
	}
	t.Logf("Scheduled at beat %d, both Pods Running at beat %d (non-heartbeat)", n, m)
}

// kubectl apply first reads the object: the 404 of a new one is an answer (no warning, no refusal).
func TestApplysFirstReadOfANewObjectIsAnAnswerNotARefusal(t *testing.T) {
	s := newSession(t, 1)
	for _, l := range strings.Split("kubectl apply -f - <<EOF\n"+DefaultDeployment+"EOF", "\n") {
		s.exec(t, l)
	}
	bs := s.userBeats()
	if len(bs) < 2 {
		t.Fatalf("only %d beats", len(bs))
	}
	b := bs[0]
	if b.Verb != "get" || b.Code != 404 || b.Warning || b.Class != "apiserver-read" ||
		!strings.HasPrefix(b.Text.En, "kube-apiserver answered kubectl's GET of Deployment default/nginx: 404") {
		t.Errorf("first beat: %s %d warning=%v class=%s %q", b.Verb, b.Code, b.Warning, b.Class, b.Text.En)
	}
	if !strings.Contains(b.Text.Ja, "に答えました") {
		t.Errorf("ja: %q", b.Text.Ja)
	}
}
