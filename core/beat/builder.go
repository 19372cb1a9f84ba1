package beat

import (
	"strings"
	"time"

	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

// DefaultLimit is how many beats a Builder retains unless told otherwise.
const DefaultLimit = 20000

// Builder folds a trace into beats as its records arrive. Every record goes
// into exactly one beat. A beat never spans two sim events (nor two inputs:
// see Cut), so it is complete once the event that wrote it has run; the
// beat under construction is closed by the first record that does not
// belong to it, by a record of a later sim event, or by Cut.
//
// A Builder is not safe for concurrent use; like everything in core it runs
// on the sim's goroutine.
type Builder struct {
	steps func() uint64
	cur   *pending
	beats []Beat
	// dropped counts beats no longer retained.
	dropped int
	seq     int
	// Limit caps how many beats are retained (oldest dropped first); 0 keeps all.
	Limit int
	// beatRevs remembers the revisions written by heartbeat requests, so
	// that their watch deliveries are heartbeats too.
	beatRevs map[int64]struct{}
	subs     []func(*Beat)
	cancel   func()
}

// New returns a builder fed by s's trace from now on.
func New(s *sim.Sim) *Builder {
	b := &Builder{steps: s.Steps, Limit: DefaultLimit, beatRevs: map[int64]struct{}{}}
	b.cancel = s.Trace.Subscribe(b.Add)
	return b
}

// Stop unsubscribes the builder from its trace.
func (b *Builder) Stop() {
	if b.cancel != nil {
		b.cancel()
		b.cancel = nil
	}
}

// OnBeat calls f with every beat as it is completed (do not keep the pointer).
func (b *Builder) OnBeat(f func(*Beat)) { b.subs = append(b.subs, f) }

// Add folds one record (trace.Log's subscriber).
func (b *Builder) Add(r trace.Record) {
	step := b.steps()
	if b.cur != nil && (b.cur.step != step || !b.cur.fits(&r)) {
		b.close()
	}
	if b.cur == nil {
		b.cur = &pending{step: step, recs: make([]trace.Record, 0, 12)}
	}
	b.cur.recs = append(b.cur.recs, r)
}

// Cut closes the beat under construction: the seam calls it between inputs
// and whenever it reads beats between sim events. Records of one sim event
// never straddle a Cut, so where Cut is called does not change the beats.
func (b *Builder) Cut() {
	if b.cur != nil {
		b.close()
	}
}

// Beats returns the retained beats, oldest first (do not modify).
func (b *Builder) Beats() []Beat { return b.beats }

// Since returns the retained beats with Seq > seq.
func (b *Builder) Since(seq int) []Beat {
	start := seq - b.dropped
	if start < 0 {
		start = 0
	}
	if start > len(b.beats) {
		return nil
	}
	return b.beats[start:]
}

// Len reports the sequence number of the last completed beat.
func (b *Builder) Len() int { return b.seq }

func (b *Builder) close() {
	p := b.cur
	b.cur = nil
	b.seq++
	bt := build(p.recs, b.beatRevs)
	bt.Seq = b.seq
	if b.Limit > 0 && len(b.beats) >= b.Limit {
		n := b.Limit / 10
		if n == 0 {
			n = 1
		}
		b.beats = append(b.beats[:0], b.beats[n:]...)
		b.dropped += n
	}
	b.beats = append(b.beats, bt)
	if len(b.beatRevs) > 4096 {
		clear(b.beatRevs)
	}
	for _, f := range b.subs {
		f(&b.beats[len(b.beats)-1])
	}
}

// fits reports whether r continues the beat under construction.
func (p *pending) fits(r *trace.Record) bool {
	last := &p.recs[len(p.recs)-1]
	req := p.lastRequest()
	switch r.Kind {
	case trace.Stage, trace.Write, trace.Response:
		// A request's own stages, write and answer; a write outside any
		// request (a lease expiring in etcd) stands alone.
		return req != nil && !p.answered()
	case trace.Request:
		if req == nil {
			// A component's decision immediately followed by the request it
			// makes: one hand-off ("deployment-controller creates ReplicaSet").
			return p.onlyActions() && clientOf(r.From) == last.Component && sameTarget(last, r)
		}
		// client-go retries an Event's create under a new name.
		return isEvents(req) && isEvents(r) && r.From == req.From && p.answered() && !p.has(trace.Event)
	case trace.Event:
		return req != nil && isEvents(req) && p.answered() && r.Component == req.From && !p.has(trace.Event)
	case trace.Watch:
		f := &p.recs[0]
		return f.Kind == trace.Watch && f.Resource == r.Resource && f.Namespace == r.Namespace &&
			f.Name == r.Name && f.Revision == r.Revision
	case trace.Action:
		// What a component notes right after its own request or its own
		// action about the same object ("status: Running" after its PATCH,
		// "pulling image" after the Pulling Event).
		if p.has(trace.Watch) || p.has(trace.Fault) || (req != nil && !p.answered()) {
			return false
		}
		actor := last.Component
		if (last.Kind == trace.Response || last.Kind == trace.Write) && req != nil {
			actor = req.From // the client whose request it answered; the apiserver's own writes have none
		}
		if actor != r.Component {
			return false
		}
		obj := p.objectName()
		return r.Name == "" || obj == "" || r.Name == obj
	}
	return false
}

// sameTarget reports whether a decision a and the request r concern the
// same kind of object: the scheduler's choice and its binding, a
// controller's "creating ReplicaSet" and the POST of it.
func sameTarget(a, r *trace.Record) bool {
	if a.Resource == "" || isEvents(r) {
		return true
	}
	res, _, _ := strings.Cut(r.Resource, "/")
	ares, _, _ := strings.Cut(a.Resource, "/")
	return res == ares
}

// clientOf is the component a request's client belongs to:
// "kube-controller-manager/deployment-controller" → "kube-controller-manager".
func clientOf(from string) string {
	if c, _, ok := strings.Cut(from, "/"); ok && c == "kube-controller-manager" {
		return c
	}
	return from
}

func isEvents(r *trace.Record) bool {
	return r.Resource == "events" || r.Resource == "events.events.k8s.io"
}

func (p *pending) lastRequest() *trace.Record {
	for i := len(p.recs) - 1; i >= 0; i-- {
		if p.recs[i].Kind == trace.Request {
			return &p.recs[i]
		}
	}
	return nil
}

// answered reports whether the last request has its response.
func (p *pending) answered() bool {
	for i := len(p.recs) - 1; i >= 0; i-- {
		switch p.recs[i].Kind {
		case trace.Response:
			return true
		case trace.Request:
			return false
		}
	}
	return false
}

func (p *pending) has(k trace.Kind) bool {
	for i := range p.recs {
		if p.recs[i].Kind == k {
			return true
		}
	}
	return false
}

func (p *pending) onlyActions() bool {
	for i := range p.recs {
		if p.recs[i].Kind != trace.Action {
			return false
		}
	}
	return true
}

// objectName is the name of the object the beat is about so far.
func (p *pending) objectName() string {
	for i := range p.recs {
		r := &p.recs[i]
		switch r.Kind {
		case trace.Event:
			if _, obj, ok := eventObject(r.Message); ok {
				return obj
			}
		case trace.Request, trace.Action:
			if r.Name != "" && !isEvents(r) {
				return r.Name
			}
		}
	}
	return ""
}

func ms(t time.Time) float64 { return float64(t.UnixNano()/1e3) / 1e3 }
