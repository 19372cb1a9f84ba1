package client

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
)

// SeriesRefresh is how often an events.k8s.io recorder writes the series of
// repeated events and forgets old ones (client-go tools/events: 6 minutes).
const SeriesRefresh = 6 * time.Minute

// EventsRecorder records events the events.k8s.io way (client-go
// tools/events), as kube-scheduler does: eventTime, action,
// reportingController and reportingInstance set; source, firstTimestamp,
// lastTimestamp and count left empty. It stores them as core/v1 Events (the
// same objects kubectl reads), named "<regarding.name>.<%x UnixNano>" in the
// regarding object's namespace.
//
// A repeat of an isomorphic event (same regarding and related object,
// action, reason, note, reportingController) becomes a series: the second
// occurrence PATCHes series {count: 2, lastObservedTime}; later ones only
// bump the series in memory, and every 6 minutes the recorder writes the
// current series of each repeated event and forgets events not seen for 6
// minutes. kubectl shows LAST SEEN from series.lastObservedTime.
type EventsRecorder struct {
	c                   *Client
	reportingController string
	reportingInstance   string
	names               nameClock

	cache     map[uint64]*seen // isomorphicHash → the events recorded with it (chained by next)
	order     []*seen          // cached events in first-seen order, for deterministic sweeps
	kinds     map[eventKind]*eventKind
	stopTimer func()
}

// seen is what the recorder keeps of an event it recorded, to recognise a repeat and to write the series:
// client-go keeps the whole Event; these are the fields that vary between a recorder's events, the few
// (type, reason, action) triples shared, the namespace taken from the regarding object: 192 bytes where
// the Event is 600, which counts when a scheduler binds thousands of Pods within six minutes.
type seen struct {
	hash      uint64
	next      *seen // the next event with the same hash
	name      string
	kind      *eventKind
	note      string
	regarding api.ObjectReference
	related   *api.ObjectReference
	eventTime int64 // UnixNano
	series    *api.EventSeries
}

// eventKind is an event's type, reason and action.
type eventKind struct{ eventType, reason, action string }

// namespace is the event's: its regarding object's, or default for a cluster-scoped object.
func (s *seen) namespace() string {
	if s.regarding.Namespace == "" {
		return api.NamespaceDefault
	}
	return s.regarding.Namespace
}

// event is the Event s stands for.
func (r *EventsRecorder) event(s *seen) *api.Event {
	return &api.Event{
		ObjectMeta:          api.ObjectMeta{Name: s.name, Namespace: s.namespace()},
		InvolvedObject:      s.regarding,
		Related:             s.related,
		Reason:              s.kind.reason,
		Message:             s.note,
		Type:                s.kind.eventType,
		EventTime:           api.MicroTime{Time: time.Unix(0, s.eventTime).UTC()},
		Series:              s.series,
		Action:              s.kind.action,
		ReportingController: r.reportingController,
		ReportingInstance:   r.reportingInstance,
	}
}

// NewEventsRecorder returns an events.k8s.io-style recorder, e.g.
// NewEventsRecorder(c, "default-scheduler", "default-scheduler-demo-control-plane").
func NewEventsRecorder(c *Client, reportingController, reportingInstance string) *EventsRecorder {
	return &EventsRecorder{c: c, reportingController: reportingController, reportingInstance: reportingInstance,
		names: nameClock{}, cache: map[uint64]*seen{}, kinds: map[eventKind]*eventKind{}}
}

// Eventf records an event about regarding (and optionally related), with
// action (e.g. "Binding", "Scheduling") and a formatted note.
func (r *EventsRecorder) Eventf(regarding, related api.Object, eventType, reason, action, note string, args ...any) {
	if len(args) > 0 {
		note = fmt.Sprintf(note, args...)
	}
	r.record(regarding, related, eventType, reason, action, note)
}

// Stop stops the series refresh timer; repeats are no longer written.
func (r *EventsRecorder) Stop() {
	if r.stopTimer != nil {
		r.stopTimer()
		r.stopTimer = nil
	}
	clear(r.cache)
	r.order = nil
}

func isomorphicKey(e *api.Event) string {
	var rel api.ObjectReference
	if e.Related != nil {
		rel = *e.Related
	}
	ref := func(o *api.ObjectReference) string {
		return strings.Join([]string{o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion, o.ResourceVersion, o.FieldPath}, "\x01")
	}
	return strings.Join([]string{e.Action, e.Reason, e.ReportingController, e.Message, ref(&e.InvolvedObject), ref(&rel)}, "\x00")
}

// isomorphicParts lists, in order, the strings isomorphicKey joins, each
// with the separator byte that follows it (2: none, after the last).
func isomorphicParts(e *api.Event, f func(part string, sep byte)) {
	var rel api.ObjectReference
	if e.Related != nil {
		rel = *e.Related
	}
	f(e.Action, 0)
	f(e.Reason, 0)
	f(e.ReportingController, 0)
	f(e.Message, 0)
	for i, o := range []*api.ObjectReference{&e.InvolvedObject, &rel} {
		last := byte(0)
		if i == 1 {
			last = 2 // the last part
		}
		f(o.Kind, 1)
		f(o.Namespace, 1)
		f(o.Name, 1)
		f(o.UID, 1)
		f(o.APIVersion, 1)
		f(o.ResourceVersion, 1)
		f(o.FieldPath, last)
	}
}

// isomorphicHash is the FNV-1a hash of isomorphicKey(e), computed without
// building the key: events with equal keys have equal hashes.
func isomorphicHash(e *api.Event) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	isomorphicParts(e, func(part string, sep byte) {
		for i := 0; i < len(part); i++ {
			h = (h ^ uint64(part[i])) * prime
		}
		if sep < 2 {
			h = (h ^ uint64(sep)) * prime
		}
	})
	return h
}

// isomorphic reports whether a and b have the same isomorphicKey.
func isomorphic(a, b *api.Event) bool {
	var pa []string
	separators := false
	isomorphicParts(a, func(part string, _ byte) {
		pa = append(pa, part)
		separators = separators || strings.ContainsAny(part, "\x00\x01")
	})
	i, equal := 0, true
	isomorphicParts(b, func(part string, _ byte) {
		equal = equal && pa[i] == part
		separators = separators || strings.ContainsAny(part, "\x00\x01")
		i++
	})
	if separators { // a part holding a separator: only the joined keys tell
		return isomorphicKey(a) == isomorphicKey(b)
	}
	return equal
}

// lookup returns the cached event isomorphic to ev, if any.
func (r *EventsRecorder) lookup(h uint64, ev *api.Event) *seen {
	for c := r.cache[h]; c != nil; c = c.next {
		if isomorphic(r.event(c), ev) {
			return c
		}
	}
	return nil
}

func (r *EventsRecorder) record(regarding, related api.Object, eventType, reason, action, note string) {
	if eventType != api.EventTypeNormal && eventType != api.EventTypeWarning {
		return
	}
	ref, err := GetReference(regarding)
	if err != nil {
		return
	}
	now := r.c.sim.Now()
	k := eventKind{eventType, reason, action}
	kind := r.kinds[k]
	if kind == nil {
		kind = &k
		r.kinds[k] = kind
	}
	sn := &seen{regarding: *ref, kind: kind, note: note, eventTime: now.UnixNano()}
	if related != nil {
		if rel, err := GetReference(related); err == nil {
			sn.related = rel
		}
	}
	r.startTimer()
	ev := r.event(sn)
	sn.hash = isomorphicHash(ev)
	if cached := r.lookup(sn.hash, ev); cached != nil {
		if cached.series != nil {
			cached.series.Count++
			cached.series.LastObservedTime = api.MicroTime{Time: now}
			traceEvent(r.c, r.event(cached), " (series updated in memory)")
			return
		}
		cached.series = &api.EventSeries{Count: 2, LastObservedTime: api.MicroTime{Time: now}}
		r.write(cached, nil)
		return
	}
	sn.name = r.names.name(ref.Name, now)
	ev.Name = sn.name
	sn.next = r.cache[sn.hash]
	r.cache[sn.hash] = sn
	r.order = append(r.order, sn)
	r.write(sn, ev)
}

// write stores the event s stands for (ev, when the caller has it at hand): a series is PATCHed
// (re-created if the server no longer has it), a first occurrence created. A first occurrence's
// event is given to the server (ResourceClient.CreateHandOver): all it shares with s is the related
// reference, which no one changes once recorded (a series, which the recorder does change, is
// never given).
func (r *EventsRecorder) write(s *seen, ev *api.Event) {
	handOver := ev != nil && ev.Series == nil
	if ev == nil {
		ev = r.event(s)
	}
	events := r.c.Resource("events").Namespace(ev.Namespace)
	var stored api.Object
	var err error
	if ev.Series != nil {
		stored, err = events.Patch(ev.Name, StrategicMergePatchType, seriesPatch(ev.Series))
	}
	if ev.Series == nil || (err != nil && api.IsNotFound(err)) {
		stored, err = createEvent(events, ev, &r.names, ev.InvolvedObject.Name, handOver)
		s.name = ev.Name
	}
	if err != nil {
		traceEvent(r.c, ev, fmt.Sprintf(" (not recorded: %v)", err))
		return
	}
	if se, ok := stored.(*api.Event); ok {
		ev = se
	}
	traceEvent(r.c, ev, "")
}

func seriesPatch(s *api.EventSeries) []byte {
	b, _ := json.Marshal(map[string]any{"series": s})
	return b
}

func (r *EventsRecorder) startTimer() {
	if r.stopTimer != nil {
		return
	}
	r.stopTimer = r.c.sim.Every(SeriesRefresh, "events recorder "+r.reportingController+" series", r.sweep)
}

// sweep writes the series of repeated events and forgets events that have
// not been seen for SeriesRefresh (refreshExistingEventSeries + finishSeries).
func (r *EventsRecorder) sweep() {
	now := r.c.sim.Now()
	keep := r.order[:0]
	var drop []*seen
	for _, s := range r.order {
		if s.series != nil {
			r.write(s, nil)
			if now.Sub(s.series.LastObservedTime.Time) > SeriesRefresh {
				drop = append(drop, s)
				continue
			}
		} else if now.UnixNano()-s.eventTime > int64(SeriesRefresh) {
			drop = append(drop, s)
			continue
		}
		keep = append(keep, s)
	}
	clear(r.order[len(keep):])
	r.order = keep
	for _, s := range drop {
		switch head := r.cache[s.hash]; {
		case head == s && s.next == nil:
			delete(r.cache, s.hash)
		case head == s:
			r.cache[s.hash] = s.next
		default:
			for p := head; p.next != nil; p = p.next {
				if p.next == s {
					p.next = s.next
					break
				}
			}
		}
	}
	if len(r.cache) == 0 && r.stopTimer != nil {
		r.stopTimer()
		r.stopTimer = nil
	}
}
