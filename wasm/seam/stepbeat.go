package seam

import (
	"time"

	"kubeplay/core/beat"
)

// Beats (core/beat) as the page reads them:
//
//	beats(sinceSeq)  → [beat…] completed beats with seq > sinceSeq, oldest first
//	stepBeat()       → beat | null: runs virtual time to the end of the next
//	                   non-heartbeat beat (heartbeats on the way happen and
//	                   are returned by beats()); null if none comes within
//	                   StepBeatLimit of virtual time (the clock stops there).
func init() {
	table["beats"] = (*Core).beatsSince
	table["stepBeat"] = (*Core).stepBeat
}

// StepBeatLimit bounds how far stepBeat runs looking for a beat.
const StepBeatLimit = 5 * time.Minute

// attach starts building beats from the current cluster's trace, retaining
// as many as the trace keeps records.
func (k *Core) attach() {
	if k.beats != nil {
		k.beats.Stop()
	}
	k.c.Sim.Trace.SetLimit(TraceRetention)
	k.beats = beat.New(k.c.Sim)
	k.beats.Limit = TraceRetention
	k.beatCursor = 0
}

func (k *Core) beatsSince(a argList) (any, error) {
	k.beats.Cut()
	bs := k.beats.Since(int(a.num(0)))
	if bs == nil {
		bs = []beat.Beat{}
	}
	return bs, nil
}

// stepBeat answers the first non-heartbeat beat completed since the last
// stepBeat or input, running sim events (and due inputs of the journal's
// future) one at a time until there is one.
func (k *Core) stepBeat(argList) (any, error) {
	s := k.c.Sim
	deadline := s.Now().Add(StepBeatLimit)
	for {
		k.beats.Cut()
		for _, b := range k.beats.Since(k.beatCursor) {
			k.beatCursor = b.Seq
			if !b.Heartbeat {
				return b, nil
			}
		}
		if _, ok := k.next(deadline); !ok {
			k.beats.Cut()
			k.beatCursor = k.beats.Len()
			return nil, nil
		}
	}
}

// next runs what comes next by target: the journal's inputs due now, then
// one sim event. With nothing due by target it moves the clock to target
// and reports false.
func (k *Core) next(target time.Time) (string, bool) {
	s := k.c.Sim
	k.fireDue(target)
	at, name, ok := s.Next()
	if !ok || at.After(target) {
		s.RunUntil(target)
		return "", false
	}
	s.Step()
	return name, true
}

// runUntil runs everything due by target, then sets the clock to target.
func (k *Core) runUntil(target time.Time) { k.runTo(position{at: target}) }

// position is where a session stands: a virtual time, and, exactly, how many sim events and inputs
// had run then (0 events: every event due by the time, and every input due with them).
type position struct {
	at     time.Time
	steps  uint64
	inputs int
}

// runTo runs toward pos: every event and input due by pos.at or, when pos.steps is set, only until that
// many sim events and pos.inputs inputs have run (an advance cut part-way through an instant, or an
// input made at that instant, stood there), then sets the clock to pos.at when no event left is due
// before it.
func (k *Core) runTo(pos position) {
	s := k.c.Sim
	if pos.steps == 0 {
		for {
			if _, ok := k.next(pos.at); !ok {
				return
			}
		}
	}
	k.j.capped, k.j.maxDone = true, pos.inputs
	defer func() { k.j.capped = false }()
	for s.Steps() < pos.steps {
		if _, ok := k.next(pos.at); !ok {
			return
		}
	}
	k.fireDue(pos.at)
	s.SetClock(pos.at)
}
