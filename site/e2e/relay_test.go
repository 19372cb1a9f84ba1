package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// beat is the part of a kubeplay beat these tests read.
type beat struct {
	Seq       int      `json:"seq"`
	T         float64  `json:"t"`
	Kind      string   `json:"kind"`
	Actor     string   `json:"actor"`
	From      string   `json:"from"`
	To        []string `json:"to"`
	Verb      string   `json:"verb"`
	Resource  string   `json:"resource"`
	Name      string   `json:"name"`
	Reason    string   `json:"reason"`
	Source    string   `json:"source"`
	Heartbeat bool     `json:"heartbeat"`
	Records   []int    `json:"records"`
}

func (b beat) String() string {
	return fmt.Sprintf("%d %s actor=%s from=%s to=%v %s %s %s %s", b.Seq, b.Kind, b.Actor, b.From, b.To, b.Verb, b.Resource, b.Name, b.Reason)
}

// pausedApply pauses the page, clicks Apply on the editor's default Deployment and waits for kubectl's answer.
func pausedApply(t *testing.T, p *tab) {
	t.Helper()
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	p.click("#apply")
	p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
}

func TestStepBeatFromAPausedApplyReachesScheduledWithinTwentyFiveBeatsOneHopEach(t *testing.T) {
	p := openTab(t, 1280, 800)
	pausedApply(t, p)
	var got []beat
	// The Apply itself: kubectl's requests are beats already.
	evalJSON(p, `kubeplay.beats().filter(b => b.t > kubeplay.now() - 1 && !b.heartbeat && b.from === 'kubectl')`, &got)
	scheduled := -1
	for i := 0; i < 25 && scheduled < 0; i++ {
		var b *beat
		evalJSON(p, `kubeplay.stepBeat()`, &b)
		if b == nil {
			t.Fatalf("stepBeat answered null after %d beats: %v", i, got)
		}
		if b.Heartbeat {
			t.Errorf("stepBeat stopped on a heartbeat: %v", b)
		}
		got = append(got, *b)
		if b.Kind == "event" && b.Reason == "Scheduled" {
			scheduled = len(got)
		}
	}
	if scheduled < 0 {
		t.Fatalf("no Scheduled within 25 beats of the Apply:\n%s", beatList(got))
	}
	t.Logf("Scheduled is beat %d of the relay", scheduled)
	for _, hop := range []struct {
		what string
		is   func(beat) bool
	}{
		{"kubectl's POST of the Deployment", func(b beat) bool {
			return b.Kind == "request" && b.From == "kubectl" && b.Verb == "create" && strings.HasPrefix(b.Resource, "deployments")
		}},
		{"the watch delivering the Deployment to kube-controller-manager", func(b beat) bool {
			return b.Kind == "watch" && strings.HasPrefix(b.Resource, "deployments") && contains(b.To, "kube-controller-manager")
		}},
		{"the ReplicaSet create", func(b beat) bool {
			return b.Kind == "request" && b.Verb == "create" && strings.HasPrefix(b.Resource, "replicasets")
		}},
		{"a Pod create", func(b beat) bool {
			return b.Kind == "request" && b.Verb == "create" && b.Resource == "pods"
		}},
		{"the scheduler's binding", func(b beat) bool {
			return b.Kind == "request" && b.Resource == "pods/binding" && b.From == "kube-scheduler"
		}},
	} {
		n := 0
		for _, b := range got {
			if hop.is(b) {
				n++
			}
		}
		if n == 0 {
			t.Errorf("%s is not a beat of its own before Scheduled:\n%s", hop.what, beatList(got))
		}
	}
	// Every beat is one hand-off: no beat holds two requests.
	for _, b := range got {
		if b.Kind == "request" && len(b.Records) > 14 {
			t.Errorf("beat %v holds %d trace records: more than one request?", b, len(b.Records))
		}
	}
	p.checkConsole()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func beatList(bs []beat) string {
	var b strings.Builder
	for i, x := range bs {
		fmt.Fprintf(&b, "%2d. %v\n", i+1, x)
	}
	return b.String()
}

func TestTheStoryViewTellsTheHandsOnInAtMostAHundredRows(t *testing.T) {
	p := openTab(t, 1280, 800)
	// Start-up is not news: after ready the story is empty and its hint shows.
	if n := eval[float64](p, `document.querySelectorAll('#story .story-row').length`); n != 0 {
		t.Errorf("after ready the story shows %v rows, want none", n)
	}
	if !eval[bool](p, `!document.querySelector('.story-empty').hidden`) {
		t.Errorf("the empty story's hint is hidden")
	}
	p.click("#apply")
	p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
	eval[float64](p, `kubeplay.advance('60s')`)
	p.poll(`kubeplay.events().filter(e => e.reason === 'Started' && e.object.startsWith('pod/nginx-')).length >= 2`, 60*time.Second)
	p.poll(`document.querySelectorAll('#story .story-row[data-reason="Started"]').length >= 2`, 10*time.Second)
	rows := eval[float64](p, `document.querySelectorAll('#story .story-row').length`)
	t.Logf("a 2-replica apply tells its story in %v rows (raw trace: %v records)", rows, eval[float64](p, `kubeplay.trace().length`))
	if rows > 100 {
		t.Errorf("the story has %v rows for a 2-replica apply, want at most 100", rows)
	}
	// The article's five Events, each with kubectl's SOURCE.
	var reasons []string
	evalJSON(p, `[...document.querySelectorAll('#story .story-row.k-event')].map(r => r.dataset.reason + '|' + r.querySelector('.story-who').textContent)`, &reasons)
	want := map[string]string{"Scheduled": "default-scheduler", "Pulling": "kubelet, demo-worker", "Pulled": "kubelet, ", "Created": "kubelet, ", "Started": "kubelet, "}
	for reason, src := range want {
		found := false
		for _, r := range reasons {
			rs, who, _ := strings.Cut(r, "|")
			if rs == reason && strings.HasPrefix(who, src) {
				found = true
			}
		}
		if !found {
			t.Errorf("no %s row from %q in the story: %v", reason, src, reasons)
		}
	}
	// A request row names the hand-off, its client to kube-apiserver, never "kubectl │ authn" (issue 26: the
	// actor column reads as a relay).
	who := eval[string](p, `[...document.querySelectorAll('#story .story-row.k-request')][0].querySelector('.story-who').textContent`)
	if who != "kubectl → kube-apiserver" {
		t.Errorf("a request row is named %q, want kubectl → kube-apiserver", who)
	}
	// A row opens into its raw trace records. The clock is paused first: rows that keep arriving while the
	// list follows the newest would move the row between the click's aim and its press.
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	seq := eval[string](p, `document.querySelector('#story .story-row.k-request').dataset.seq`)
	row := fmt.Sprintf(`#story .story-row[data-seq="%s"]`, seq)
	p.clickUntil(row, fmt.Sprintf(`document.querySelector('%s').getAttribute('aria-expanded') === 'true'`, row), 10*time.Second)
	if n := eval[float64](p, fmt.Sprintf(`document.querySelectorAll('%s .story-records li').length`, row)); n < 3 {
		t.Errorf("kubectl's request row opens into %v raw records, want at least 3 (authn, authz, the etcd write…): %s", n,
			eval[string](p, fmt.Sprintf(`document.querySelector('%s').textContent`, row)))
	}
	p.screenshot("story-1280x800")
	p.checkConsole()
}

func TestSeekingBackAndForthRebuildsTheSameCluster(t *testing.T) {
	p := openTab(t, 1280, 800)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	before := eval[float64](p, `kubeplay.now()`)
	eval[float64](p, `kubeplay.advance('2s')`)
	eval[string](p, `kubeplay.run('kubectl create deployment web --image=nginx --replicas=3')`)
	eval[float64](p, `kubeplay.advance('60s')`)
	end := eval[float64](p, `kubeplay.now()`)
	pods := eval[string](p, `kubeplay.run('kubectl get pods -o name')`)
	if strings.Count(pods, "pod/web-") != 3 {
		t.Fatalf("before seeking: %q", pods)
	}
	events := eval[float64](p, `kubeplay.events().length`)

	start := time.Now()
	eval[bool](p, fmt.Sprintf(`kubeplay.seek(%v).then(() => true)`, before+1000))
	back := time.Since(start)
	if got := eval[string](p, `kubeplay.run('kubectl get deploy')`); got != "No resources found in default namespace.\n" {
		t.Errorf("after seeking back before the create: kubectl get deploy printed %q", got)
	}
	start = time.Now()
	eval[bool](p, fmt.Sprintf(`kubeplay.seek(%v).then(() => true)`, end))
	forth := time.Since(start)
	if got := eval[string](p, `kubeplay.run('kubectl get pods -o name')`); got != pods {
		t.Errorf("after seeking forward again: %q, want the same Pods %q", got, pods)
	}
	if got := eval[float64](p, `kubeplay.events().length`); got != events {
		t.Errorf("after seeking forward again there are %v Events, want %v", got, events)
	}
	t.Logf("seek back: %v, seek forward: %v (wall, in the browser)", back, forth)
	p.checkConsole()
}

func TestSlowMotionKeepsTheDiagramInStepWithTheClock(t *testing.T) {
	p := openTab(t, 1280, 800)
	eval[bool](p, `kubeplay.pause().then(() => true)`)
	p.click("#apply")
	p.poll(`document.getElementById('apply-output').textContent.includes('created')`, 30*time.Second)
	// Watch the diagram's queue on every frame while slow motion plays at 10× pace.
	eval[bool](p, `(() => { const d = __kubeplayUI.diagram; window.__maxQueue = 0; const f = () => { window.__maxQueue = Math.max(window.__maxQueue, d.queue.length); if (!window.__stopSampling) requestAnimationFrame(f); }; requestAnimationFrame(f); return true; })()`)
	p.do(setSelect("#speed", "10"))
	p.click("#slowmo")
	p.click("#play")
	p.poll(`kubeplay.events().some(e => e.reason === 'Scheduled')`, 120*time.Second)
	p.poll(`document.querySelector('#story .story-row.current') !== null`, 10*time.Second)
	p.click("#play")
	eval[bool](p, `(window.__stopSampling = true)`)
	if q := eval[float64](p, `window.__maxQueue`); q > 2 {
		t.Errorf("in slow motion the diagram's queue reached %v beats: the clock ran ahead of the picture", q)
	}
	if c := eval[string](p, `document.querySelector('.relay-caption .cap-text').textContent`); c == "" {
		t.Errorf("the caption is empty while slow motion plays")
	}
	p.screenshot("slowmo-1280x800")
	p.checkConsole()
}
