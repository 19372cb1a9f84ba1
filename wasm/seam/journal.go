package seam

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"kubeplay/core/cluster"
	"kubeplay/core/shell"
	"kubeplay/core/sim"
)

// The input journal: every state-changing input, with the number of sim
// events that had run and the virtual time at which it ran. The core is
// deterministic, so the journal and its base (the reset options or the
// scenario) rebuild any moment exactly:
//
//	journal()      → {version:1, base:{seed, nodes?, scenario?}, entries:[{steps, t, ns, op, args}], now, nowNs, nowSteps}
//	seek(ms, steps?, inputs?) → {now, rebuilt}: the state at virtual time ms (ms since the Unix epoch, as
//	                 now()), or, with steps, exactly after that many sim events and inputs (journal()'s
//	                 nowSteps and nowInputs).
//	replay(json)   → {now, entries}: rebuilds to a journal (every entry run, then advanced to its position).
//
// A position is (virtual time, sim events run, inputs run): `advance` may stop part-way through one
// instant's events when its wall-clock slice runs out, and an input may come between two events of one
// instant, so the time alone does not say where a session stands. Replay and seek with steps rebuild to
// the exact event; seek by time alone runs every event and input due by that time.
//
// An entry ran after exactly `steps` sim events at virtual time `t` (ms since
// the Unix epoch; `ns` is the same instant exactly, in nanoseconds since the
// cluster's start). Replaying runs sim events until the counter reaches
// steps, sets the clock to the instant (no event runs in between) and runs
// the input, its output discarded: whatever frames, steps or advances moved
// time originally, the history is the same byte for byte.
//
// seek(ms) backwards rebuilds from the base and replays the entries at or
// before ms, then runs to ms; the entries after ms stay as the future and run
// when time reaches them again (advance, frame, step, stepBeat, seek
// forward), so playing on gives the same names and Events. Seeking forward
// needs no rebuild. A new input while a future exists drops it: a new branch
// of history from now. An input that itself moves time (kubectl wait, a
// scenario step) is one entry: a seek into it lands at its end.
//
// Inputs: apply, run (a pure `sleep D` line is time passing, not an entry),
// nodeAction, restartComponent, describe (it makes requests), runStep, editSave, checkStep when it is an
// attempt (the learner's turn checked after they acted: it waits on the virtual clock).
func init() {
	table["journal"] = (*Core).journal
	table["seek"] = (*Core).seek
	table["replay"] = (*Core).replay
}

// MaxJournalEntries bounds a journal given to replay.
const MaxJournalEntries = 10000

// journaled names the seam functions that are journal entries.
// checkStep is one when it is an attempt (it moves the clock); a look is not.
var journaled = map[string]bool{"apply": true, "run": true, "nodeAction": true, "restartComponent": true,
	"describe": true, "runStep": true, "editSave": true, "checkStep": true}

type entry struct {
	Steps uint64  `json:"steps"`
	T     float64 `json:"t"`
	NS    int64   `json:"ns"`
	Op    string  `json:"op"`
	Args  []any   `json:"args"`
}

type journalBase struct {
	Seed     uint64             `json:"seed"`
	Nodes    []cluster.NodeSpec `json:"nodes,omitempty"`
	Scenario string             `json:"scenario,omitempty"`
	// Lesson is the text of a lesson someone wrote (loadScenarioText), checked as pasted ones are.
	Lesson string `json:"lesson,omitempty"`
}

// Journal is journal()'s answer and replay()'s argument.
type Journal struct {
	Version int         `json:"version"`
	Base    journalBase `json:"base"`
	Entries []entry     `json:"entries"`
	Now     float64     `json:"now"`
	NowNS   int64       `json:"nowNs"`
	// NowSteps and NowInputs are how many sim events and inputs had run at now (NowSteps 0: every event
	// and input due by now, as journals before them).
	NowSteps  uint64 `json:"nowSteps,omitempty"`
	NowInputs int    `json:"nowInputs,omitempty"`
}

type journalState struct {
	base   journalBase
	done   []entry
	future []entry
	// replaying is set while an entry runs again (it is not recorded anew).
	replaying bool
	// capped: at most maxDone inputs may have run (runTo stops firing the future there).
	capped  bool
	maxDone int
}

// record notes input name before it runs, dropping any future; a look
// (a read-only kubectl line, see lookOnly) keeps the future: it is
// recorded in place and changes nothing the future depends on.
func (k *Core) record(name string, a argList) {
	if k.j.replaying {
		return
	}
	if !(name == "run" && lookOnly(a.str(0))) {
		k.j.future = nil
	}
	s := k.c.Sim
	args := make([]any, len(a))
	copy(args, a)
	k.j.done = append(k.j.done, entry{Steps: s.Steps(), T: ms(s.Now()), NS: int64(s.Now().Sub(sim.Epoch)), Op: name, Args: args})
}

// readVerbs are kubectl's verbs that only read: they send GET/LIST requests
// (no sim event, no seeded draw), so looking at the past does not change
// what follows it.
var readVerbs = map[string]bool{
	"get": true, "describe": true, "explain": true, "api-resources": true, "api-versions": true,
	"version": true, "cluster-info": true, "top": true, "logs": true, "events": true,
}

// lookOnly reports whether a terminal line only looks: a read-only kubectl
// command without a watch or a follow (a watch adds a watcher, which takes
// part in later deliveries).
func lookOnly(line string) bool {
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "kubectl" || !readVerbs[f[1]] {
		return false
	}
	for _, w := range f[2:] {
		switch {
		case w == "-w", w == "--watch", w == "--watch-only", w == "-f" && f[1] == "logs", w == "--follow",
			strings.HasPrefix(w, "--watch="), strings.ContainsAny(w, "|;&><"):
			return false
		}
	}
	return true
}

// pureSleep reports the duration of a `sleep D` line typed at the
// terminal's own prompt (inside a here-document or a container it is a
// line like any other).
func (k *Core) pureSleep(line string) (time.Duration, bool) {
	if k.sh != nil && k.sh.Prompt() != "$ " {
		return 0, false
	}
	f := strings.Fields(line)
	if len(f) != 2 || f[0] != "sleep" {
		return 0, false
	}
	d, err := shell.ParseSleep(f[1])
	return d, err == nil
}

// fireDue runs the future inputs due at the current event count, no later
// than limit.
func (k *Core) fireDue(limit time.Time) {
	s := k.c.Sim
	for len(k.j.future) > 0 && (!k.j.capped || len(k.j.done) < k.j.maxDone) {
		e := k.j.future[0]
		at := sim.Epoch.Add(time.Duration(e.NS))
		if e.Steps > s.Steps() || at.After(limit) {
			return
		}
		s.SetClock(at)
		k.j.future = k.j.future[1:]
		k.exec(e)
	}
}

// exec runs a journal entry again, its output discarded.
func (k *Core) exec(e entry) {
	k.j.replaying = true
	defer func() { k.j.replaying = false }()
	k.j.done = append(k.j.done, e)
	k.beats.Cut()
	if fn, ok := table[e.Op]; ok {
		fn(k, argList(e.Args))
	}
	k.beats.Cut()
	k.out.Reset()
}

func (k *Core) journal(argList) (any, error) {
	s := k.c.Sim
	entries := append(append([]entry{}, k.j.done...), k.j.future...)
	return Journal{Version: 1, Base: k.j.base, Entries: entries, Now: ms(s.Now()), NowNS: int64(s.Now().Sub(sim.Epoch)),
		NowSteps: s.Steps(), NowInputs: len(k.j.done)}, nil
}

type seekResult struct {
	Now     float64 `json:"now"`
	Rebuilt bool    `json:"rebuilt"`
	Future  int     `json:"future"`
}

func fromMS(v float64) time.Time { return time.UnixMicro(int64(v*1e3 + 0.5)).UTC() }

func (k *Core) seek(a argList) (any, error) {
	target := fromMS(a.num(0))
	if a.num(0) <= 0 {
		return nil, fmt.Errorf("seek: want a virtual time in ms since the Unix epoch, got %v", a.str(0))
	}
	pos := position{at: target}
	if len(a) > 2 && a.num(1) > 0 {
		pos.steps, pos.inputs = uint64(a.num(1)), int(a.num(2))
	}
	rebuilt := false
	if s := k.c.Sim; target.Before(s.Now()) || pos.steps > 0 && (pos.steps < s.Steps() || pos.inputs < len(k.j.done)) {
		if target.Before(sim.Epoch) {
			target = sim.Epoch
		}
		all := append(append([]entry{}, k.j.done...), k.j.future...)
		k.rebuild(all)
		rebuilt = true
	}
	pos.at = target
	k.runTo(pos)
	k.stash()
	k.beats.Cut()
	k.beatCursor = k.beats.Len()
	return seekResult{Now: ms(k.c.Sim.Now()), Rebuilt: rebuilt, Future: len(k.j.future)}, nil
}

// rebuild builds the base's cluster afresh with entries as its future.
func (k *Core) rebuild(entries []entry) {
	base := k.j.base
	if base.Scenario != "" || base.Lesson != "" {
		k.openBase(base)
	} else {
		opts := cluster.Default()
		opts.Seed = base.Seed
		if len(base.Nodes) > 0 {
			opts.Nodes = base.Nodes
		}
		k.build(opts)
	}
	k.j = journalState{base: base, future: entries}
}

func (k *Core) replay(a argList) (any, error) {
	var j Journal
	if err := json.Unmarshal([]byte(a.str(0)), &j); err != nil {
		return nil, fmt.Errorf("replay: the journal is not valid JSON: %v", err)
	}
	if j.Version != 1 {
		return nil, fmt.Errorf("replay: unsupported journal version %d (want 1)", j.Version)
	}
	if len(j.Entries) > MaxJournalEntries {
		return nil, fmt.Errorf("replay: the journal has %d entries (at most %d)", len(j.Entries), MaxJournalEntries)
	}
	if err := checkBase(j.Base); err != nil {
		return nil, fmt.Errorf("replay: %v", err)
	}
	if j.Base.Seed == 0 {
		j.Base.Seed = sim.DefaultSeed
	}
	var prev entry
	for i, e := range j.Entries {
		if !journaled[e.Op] {
			return nil, fmt.Errorf("replay: entry %d: unknown input %q", i+1, e.Op)
		}
		if e.NS == 0 && e.T != 0 {
			e.NS = int64(fromMS(e.T).Sub(sim.Epoch))
			j.Entries[i] = e
		}
		if e.NS < 0 || e.Steps < prev.Steps || e.NS < prev.NS {
			return nil, fmt.Errorf("replay: entry %d goes back in time", i+1)
		}
		for _, v := range e.Args {
			switch v.(type) {
			case nil, string, float64, bool:
			default:
				return nil, fmt.Errorf("replay: entry %d: arguments must be strings, numbers or booleans", i+1)
			}
		}
		prev = e
	}
	end := sim.Epoch.Add(time.Duration(j.NowNS))
	if j.NowNS == 0 {
		end = fromMS(j.Now)
	}
	if end.Before(sim.Epoch.Add(time.Duration(prev.NS))) {
		return nil, fmt.Errorf("replay: now is before the last entry")
	}
	if end.Sub(sim.Epoch) > 24*time.Hour {
		return nil, fmt.Errorf("replay: now is more than 24h of virtual time after the start")
	}
	k.j.base = j.Base
	k.rebuild(j.Entries)
	if j.NowSteps > 0 {
		k.runTo(position{at: end, steps: j.NowSteps, inputs: j.NowInputs})
	} else {
		k.runUntil(end)
		k.fireDue(end)
	}
	k.stash()
	k.beats.Cut()
	k.beatCursor = k.beats.Len()
	return map[string]any{"now": ms(k.c.Sim.Now()), "entries": len(j.Entries)}, nil
}
