package seam

import (
	"encoding/json"
	"time"

	"kubeplay/core/lite"
	"kubeplay/core/sim"
)

// The lite build (core/lite) stops a call that reaches something it leaves
// out, and answers
//
//	{"needsFull": feature, "journal": the journal as the call found it, or null}
//
// The page's core worker then loads the full build, replays the journal there
// (nothing to replay when the call builds a new cluster, or no cluster was
// built yet) and makes the call again: the full build answers it as if it had
// run from the start. What the lite build did during the stopped call is
// dropped with it.

// mark is the journal as a call found it.
type mark struct {
	set          bool
	base         journalBase
	done, future []entry
	now          time.Duration
	steps        uint64
}

// replacesCluster are the calls whose cluster does not depend on the one
// before them.
var replacesCluster = map[string]bool{"reset": true, "loadScenario": true, "loadScenarioText": true, "replay": true}

func (k *Core) mark(name string) mark {
	if k.c == nil || replacesCluster[name] {
		return mark{}
	}
	n := len(k.j.done)
	return mark{set: true, base: k.j.base, done: k.j.done[:n:n], future: k.j.future, now: k.c.Sim.Now().Sub(sim.Epoch),
		steps: k.c.Sim.Steps()}
}

func needsFull(m lite.Missing, at mark) string {
	answer := struct {
		NeedsFull string   `json:"needsFull"`
		Journal   *Journal `json:"journal"`
	}{NeedsFull: m.Feature}
	if at.set {
		answer.Journal = &Journal{Version: 1, Base: at.base, Entries: append(append([]entry{}, at.done...), at.future...),
			Now: ms(sim.Epoch.Add(at.now)), NowNS: int64(at.now), NowSteps: at.steps, NowInputs: len(at.done)}
	}
	b, err := json.Marshal(answer)
	if err != nil {
		return errorJSON(err.Error())
	}
	return string(b)
}
