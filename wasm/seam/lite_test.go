//go:build lite

package seam

import (
	"encoding/json"
	"strings"
	"testing"
)

type stopped struct {
	NeedsFull string   `json:"needsFull"`
	Journal   *Journal `json:"journal"`
}

// A call that reaches what the lite build leaves out answers needsFull with
// the journal as the call found it: replaying that journal (in the full
// build, or here to undo the stopped call) gives the session the call found.
func TestTheLiteBuildStopsACallWithTheSessionItFound(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", float64(20000), float64(0))
	call(t, k, nil, "run", "kubectl scale deployment nginx --replicas=3", "")
	call(t, k, nil, "advance", float64(5000), float64(0))
	before := call(t, k, nil, "journal")
	want := call(t, k, nil, "run", "kubectl get pods,rs -o wide", "")

	var s stopped
	call(t, k, &s, "run", "kubectl drain demo-worker --ignore-daemonsets", "")
	if s.NeedsFull != "kubectl drain" || s.Journal == nil {
		t.Fatalf("kubectl drain in the lite build answered %+v, want needsFull \"kubectl drain\" with a journal", s)
	}
	// The look (get) is journaled in place: the journal the drain found is the one before it plus the get.
	var j0 Journal
	if err := json.Unmarshal([]byte(before), &j0); err != nil {
		t.Fatal(err)
	}
	if got, want := len(s.Journal.Entries), len(j0.Entries)+1; got != want || s.Journal.NowNS != j0.NowNS || s.Journal.Base.Seed != j0.Base.Seed {
		t.Fatalf("the stopped call's journal has %d entries at %d ns, base %+v; want %d at %d ns, base %+v", got, s.Journal.NowNS, s.Journal.Base, want, j0.NowNS, j0.Base)
	}
	b, err := json.Marshal(s.Journal)
	if err != nil {
		t.Fatal(err)
	}
	fresh := New()
	call(t, fresh, nil, "replay", string(b))
	if got := call(t, fresh, nil, "run", "kubectl get pods,rs -o wide", ""); got != want {
		t.Fatalf("after replaying the stopped call's journal, kubectl get printed\n%s\nwant\n%s", got, want)
	}
}

// Loading a lesson stops in the lite build with no journal (it builds its
// own cluster); the library's list and free play's answers stay.
func TestTheLiteBuildListsLessonsAndStopsToLoadOne(t *testing.T) {
	k := started(t)
	var list []struct{ Name string }
	call(t, k, &list, "scenarios")
	if len(list) == 0 || list[0].Name != "01-hands-on" {
		t.Fatalf("scenarios() in the lite build = %v, want the library", list)
	}
	var s stopped
	call(t, k, &s, "loadScenario", "01-hands-on", float64(0))
	if s.NeedsFull != "lessons" || s.Journal != nil {
		t.Fatalf("loadScenario in the lite build answered %+v, want needsFull lessons without a journal", s)
	}
	if got := call(t, k, nil, "runStep"); !strings.Contains(got, "no scenario is loaded") {
		t.Fatalf("runStep in free play answered %s", got)
	}
}
