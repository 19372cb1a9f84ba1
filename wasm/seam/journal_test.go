package seam

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"kubeplay/core/beat"
)

// session plays a scripted session with frames of uneven size between
// inputs, like the page does, and returns the transcript of what the
// inputs printed.
func scriptedSession(t *testing.T, k *Core) {
	t.Helper()
	frame := func(ms float64) { call(t, k, nil, "advance", ms, 1e6) }
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	frame(7.3)
	call(t, k, nil, "step")
	frame(2500)
	call(t, k, nil, "run", "kubectl scale deployment nginx --replicas=4")
	frame(20000)
	call(t, k, nil, "nodeAction", "demo-worker", "down")
	frame(61000)
	call(t, k, nil, "run", "kubectl get pods -o wide")
	call(t, k, nil, "nodeAction", "demo-worker", "up")
	frame(30000)
}

// fingerprint is everything the page shows: the trace, Events, pods.
func fingerprint(t *testing.T, k *Core) string {
	t.Helper()
	var sb strings.Builder
	for _, r := range k.c.Sim.Trace.Records() {
		sb.WriteString(r.String() + "\n")
	}
	sb.WriteString(call(t, k, nil, "events", 0))
	var out runResult
	k.j.replaying = true // a read for the test, not an input
	call(t, k, &out, "run", "kubectl get pods,rs,deploy -o wide")
	k.j.replaying = false
	sb.WriteString(out.Output)
	return sb.String()
}

func nowOf(t *testing.T, k *Core) float64 {
	var n float64
	call(t, k, &n, "now")
	return n
}

func TestSeekBackThenPlayingOnGivesTheSameHistoryAsPlayingStraightThrough(t *testing.T) {
	for _, seed := range []int{1, 2, 7} {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			straight := New()
			call(t, straight, nil, "reset", fmt.Sprintf(`{"seed":%d}`, seed))
			scriptedSession(t, straight)
			end := nowOf(t, straight)
			want := fingerprint(t, straight)

			k := New()
			call(t, k, nil, "reset", fmt.Sprintf(`{"seed":%d}`, seed))
			scriptedSession(t, k)
			for _, back := range []float64{60000, 3000, 100000} {
				var r seekResult
				call(t, k, &r, "seek", end-back)
				if !r.Rebuilt || r.Now != end-back {
					t.Fatalf("seek(%v): %+v", end-back, r)
				}
				call(t, k, nil, "seek", end)
				if got := fingerprint(t, k); got != want {
					t.Fatalf("after seeking back %vms and forward again the history differs:\n%s", back, firstDiffLine(want, got))
				}
			}
		})
	}
}

func firstDiffLine(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(al) && i < len(bl); i++ {
		if al[i] != bl[i] {
			return fmt.Sprintf("line %d:\n- %s\n+ %s", i+1, al[i], bl[i])
		}
	}
	return fmt.Sprintf("lengths %d vs %d", len(al), len(bl))
}

func TestSeekingBeforeTheApplyShowsNoDeploymentAndForwardAgainTheSamePods(t *testing.T) {
	k := started(t)
	call(t, k, nil, "advance", 1000, 1e6)
	before := nowOf(t, k)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 10000, 1e6)
	end := nowOf(t, k)
	var pods runResult
	k.j.replaying = true
	call(t, k, &pods, "run", "kubectl get pods")
	k.j.replaying = false

	call(t, k, nil, "seek", before-1)
	var out runResult
	k.j.replaying = true
	call(t, k, &out, "run", "kubectl get deploy")
	k.j.replaying = false
	if out.Output != "No resources found in default namespace.\n" {
		t.Fatalf("kubectl get deploy before the apply = %q", out.Output)
	}
	call(t, k, nil, "seek", end)
	var again runResult
	k.j.replaying = true
	call(t, k, &again, "run", "kubectl get pods")
	k.j.replaying = false
	if again.Output != pods.Output {
		t.Fatalf("pods after seeking forward again:\n%s\nwant\n%s", again.Output, pods.Output)
	}
}

func TestLookingAtThePastKeepsTheFuture(t *testing.T) {
	k := started(t)
	call(t, k, nil, "advance", 1000, 1e6)
	before := nowOf(t, k)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 20000, 1e6)
	end := nowOf(t, k)
	var pods runResult
	call(t, k, &pods, "run", "kubectl get pods -o wide")
	call(t, k, nil, "seek", before-1)
	var out runResult
	call(t, k, &out, "run", "kubectl get deploy")
	if out.Output != "No resources found in default namespace.\n" {
		t.Fatalf("kubectl get deploy before the apply = %q", out.Output)
	}
	call(t, k, nil, "run", "kubectl describe nodes")
	call(t, k, nil, "seek", end)
	var again runResult
	call(t, k, &again, "run", "kubectl get pods -o wide")
	if again.Output != pods.Output {
		t.Fatalf("pods after looking back and seeking forward:\n%s\nwant\n%s", again.Output, pods.Output)
	}
	for _, line := range []string{"kubectl get pods -w", "kubectl logs -f x", "kubectl delete pod x", "kubectl get pods | grep x", "sim node down demo-worker"} {
		if lookOnly(line) {
			t.Errorf("lookOnly(%q) = true, want false", line)
		}
	}
}

func TestANewInputAfterSeekingBackDropsTheFuture(t *testing.T) {
	k := started(t)
	call(t, k, nil, "advance", 1000, 1e6)
	before := nowOf(t, k)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 5000, 1e6)
	call(t, k, nil, "seek", before-1)
	var j Journal
	call(t, k, &j, "journal")
	if len(j.Entries) != 1 {
		t.Fatalf("journal after seeking back holds %d entries, want the apply as the future", len(j.Entries))
	}
	call(t, k, nil, "run", "kubectl create deployment other --image=nginx")
	call(t, k, nil, "advance", 5000, 1e6)
	call(t, k, &j, "journal")
	if len(j.Entries) != 1 || !strings.Contains(fmt.Sprint(j.Entries[0].Args), "other") {
		t.Fatalf("journal after the new branch: %+v", j.Entries)
	}
	var out runResult
	call(t, k, &out, "run", "kubectl get deploy")
	if strings.Contains(out.Output, "nginx") || !strings.Contains(out.Output, "other") {
		t.Fatalf("deployments on the new branch:\n%s", out.Output)
	}
}

func TestReplayRebuildsAJournalAndRefusesBadOnes(t *testing.T) {
	k := started(t)
	scriptedSession(t, k)
	want := fingerprint(t, k)
	js := call(t, k, nil, "journal")

	k2 := New()
	var r map[string]any
	call(t, k2, &r, "replay", js)
	if r["error"] != nil {
		t.Fatalf("replay: %v", r["error"])
	}
	if got := fingerprint(t, k2); got != want {
		t.Fatalf("replayed history differs:\n%s", firstDiffLine(want, got))
	}
	for _, bad := range []string{`{`, `{"version":2}`, `{"version":1,"entries":[{"op":"rm -rf"}]}`,
		`{"version":1,"base":{"scenario":"nope"}}`, `{"version":1,"entries":[{"op":"run","ns":5},{"op":"run","ns":1}]}`} {
		var e map[string]any
		call(t, k2, &e, "replay", bad)
		if e["error"] == nil {
			t.Errorf("replay(%s) = %v, want an error", bad, e)
		}
	}
}

func TestStepBeatFromAPausedApplyReachesScheduledWithin25Beats(t *testing.T) {
	k := started(t)
	var res applyResult
	call(t, k, &res, "apply", "deploy.yaml", nginx)
	var all []beat.Beat
	call(t, k, &all, "beats", 0)
	first := all[len(all)-1]
	if first.Kind != beat.Request || first.From != "kubectl" || first.Revision == 0 {
		t.Fatalf("the apply's beat = %+v", first)
	}
	n := 1
	var hops []string
	for ; n <= 25; n++ {
		var b *beat.Beat
		call(t, k, &b, "stepBeat")
		if b == nil {
			t.Fatal("stepBeat answered null")
		}
		hops = append(hops, b.Class+" "+b.Object)
		if b.Reason == "Scheduled" {
			break
		}
	}
	if n > 25 {
		t.Fatalf("no Scheduled within 25 beats:\n%s", strings.Join(hops, "\n"))
	}
	joined := strings.Join(hops, "\n")
	for _, hop := range []string{"watch Deployment default/nginx", "controller ReplicaSet default/nginx-", "apiserver-write Pod default/nginx-", "scheduler-bind Pod default/nginx-"} {
		if !strings.Contains(joined, hop) {
			t.Errorf("no %q beat on the way to Scheduled:\n%s", hop, joined)
		}
	}
	t.Logf("Scheduled at beat %d:\n%s", n+1, joined)
}

func TestBeatsAnswerAsJSONWithTheContractsFields(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	s := call(t, k, nil, "beats", 0)
	var raw []map[string]any
	if err := json.Unmarshal([]byte(s), &raw); err != nil || len(raw) == 0 {
		t.Fatalf("beats: %v %s", err, s[:min(200, len(s))])
	}
	for _, f := range []string{"seq", "t", "time", "kind", "actor", "to", "heartbeat", "warning", "records", "text", "caption", "class"} {
		if _, ok := raw[len(raw)-1][f]; !ok {
			t.Errorf("a beat has no %q: %v", f, raw[len(raw)-1])
		}
	}
}
