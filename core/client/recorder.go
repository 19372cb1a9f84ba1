package client

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/fmtscan"
	"kubeplay/core/trace"
)

// maxNameBumps bounds how far an event name is bumped past a collision.
const maxNameBumps = 1000

// Recorder records core/v1 Events the way client-go's tools/record does for
// controllers and kubelets: source.component and source.host set (and
// reportingController/reportingInstance mirroring them), firstTimestamp,
// lastTimestamp and count; written to the involved object's namespace
// ("default" for cluster-scoped objects such as Nodes), named
// "<involvedObject.name>.<%x of the virtual UnixNano>".
//
// Before writing, events go through client-go's EventCorrelator:
//   - an exact repeat (same source, object, fieldPath, type, reason, message)
//     PATCHes count, lastTimestamp and message of the event already written
//     (re-created if it has expired from the server);
//   - the 10th distinct message with the same source, object, type and reason
//     within 10 minutes becomes "(combined from similar events): <message>";
//   - each source and object may burst 25 events, then 1 per 5 minutes; the
//     rest are dropped.
//
// Events are written synchronously, at the current virtual time.
type Recorder struct {
	c      *Client
	source api.EventSource
	corr   *correlator
	names  nameClock
}

// NewRecorder returns a recorder writing through c with source component
// (e.g. "deployment-controller", "kubelet") and host (a node name, or "").
func NewRecorder(c *Client, component, host string) *Recorder {
	return &Recorder{c: c, source: api.EventSource{Component: component, Host: host}, corr: newCorrelator(), names: nameClock{}}
}

// Event records an event about obj.
func (r *Recorder) Event(obj api.Object, eventType, reason, message string) {
	r.record(obj, "", eventType, reason, message)
}

// Eventf is Event with a format.
func (r *Recorder) Eventf(obj api.Object, eventType, reason, format string, args ...any) {
	r.record(obj, "", eventType, reason, fmt.Sprintf(format, args...))
}

// EventWithFieldPath records an event about a part of obj, such as
// "spec.containers{nginx}" (the kubelet's container events).
func (r *Recorder) EventWithFieldPath(obj api.Object, fieldPath, eventType, reason, message string) {
	r.record(obj, fieldPath, eventType, reason, message)
}

// record builds, correlates and writes one event; it returns what the server
// stored (nil when dropped or failed).
func (r *Recorder) record(obj api.Object, fieldPath, eventType, reason, message string) *api.Event {
	if eventType != api.EventTypeNormal && eventType != api.EventTypeWarning {
		return nil
	}
	ref, err := GetReference(obj)
	if err != nil {
		return nil
	}
	ref.FieldPath = fieldPath
	now := r.c.sim.Now()
	ns := ref.Namespace
	if ns == "" {
		ns = api.NamespaceDefault
	}
	t := api.NewTime(now)
	ev := &api.Event{
		ObjectMeta:          api.ObjectMeta{Namespace: ns},
		InvolvedObject:      *ref,
		Reason:              reason,
		Message:             message,
		Source:              r.source,
		FirstTimestamp:      t,
		LastTimestamp:       t,
		Count:               1,
		Type:                eventType,
		ReportingController: r.source.Component,
		ReportingInstance:   r.source.Host,
	}
	res := r.corr.correlate(ev, now)
	if res.skip {
		r.trace(res.event, " (dropped by the event spam filter)")
		return nil
	}
	ev = res.event
	if ev.Name == "" {
		ev.Name = r.names.name(ref.Name, now)
	}
	var stored api.Object
	events := r.c.Resource("events").Namespace(ns)
	if res.update {
		stored, err = events.Patch(ev.Name, StrategicMergePatchType, countPatch(ev))
		if err != nil && api.IsNotFound(err) {
			res.update = false
		}
	}
	if !res.update {
		ev.ResourceVersion = ""
		stored, err = createEvent(events, ev, &r.names, ref.Name, false)
	}
	if err != nil {
		r.trace(ev, fmt.Sprintf(" (not recorded: %v)", err))
		return nil
	}
	se, ok := stored.(*api.Event)
	if !ok {
		se = ev
	}
	r.corr.updateState(res.key, se)
	r.trace(se, "")
	return se
}

// countPatch is the strategic merge patch client-go sends for a repeat.
func countPatch(ev *api.Event) []byte {
	b, _ := json.Marshal(struct {
		Count         int32    `json:"count"`
		LastTimestamp api.Time `json:"lastTimestamp"`
		Message       string   `json:"message"`
	}{ev.Count, ev.LastTimestamp, ev.Message})
	return b
}

// createEvent creates ev, bumping its name by 1ns past any collision with an
// event some other recorder wrote at the same virtual instant; handOver gives
// ev to the server (ResourceClient.CreateHandOver).
func createEvent(events *ResourceClient, ev *api.Event, names *nameClock, objName string, handOver bool) (api.Object, error) {
	for i := 0; ; i++ {
		stored, err := events.create(ev, handOver)
		if err == nil || !api.IsAlreadyExists(err) || i >= maxNameBumps {
			return stored, err
		}
		ev.Name = names.bump(objName, ev.Name)
	}
}

func (r *Recorder) trace(ev *api.Event, suffix string) {
	traceEvent(r.c, ev, suffix)
}

func traceEvent(c *Client, ev *api.Event, suffix string) {
	if c.sim.Trace == nil {
		return
	}
	msg := fmt.Sprintf("%s %s %s/%s: %s", ev.Type, ev.Reason, strings.ToLower(ev.InvolvedObject.Kind), ev.InvolvedObject.Name, ev.Message)
	if ev.Count > 1 {
		msg += fmt.Sprintf(" (x%d)", ev.Count)
	} else if ev.Series != nil {
		msg += fmt.Sprintf(" (x%d)", ev.Series.Count)
	}
	c.sim.Trace.Add(trace.Record{
		Kind:      trace.Event,
		Component: c.component,
		From:      ev.DisplaySource(),
		Resource:  "events",
		Namespace: ev.Namespace,
		Name:      ev.Name,
		Message:   msg + suffix,
	})
}

// nameClock hands out event names "<object>.<%x UnixNano>", unique per
// recorder: a second event about the same object at the same virtual instant
// gets the next nanosecond.
type nameClock map[string]int64

func (n nameClock) name(objName string, t time.Time) string {
	ns := t.UnixNano()
	if last, ok := n[objName]; ok && ns <= last {
		ns = last + 1
	}
	n[objName] = ns
	if len(n) > maxLRUCacheEntries {
		clear(n)
		n[objName] = ns
	}
	return fmt.Sprintf("%s.%x", objName, ns)
}

// bump returns the name one nanosecond after taken.
func (n nameClock) bump(objName, taken string) string {
	ns, ok := fmtscan.Int(taken[len(objName)+1:], 16)
	if !ok {
		ns = n[objName]
	}
	if last := n[objName]; last > ns {
		ns = last
	}
	ns++
	n[objName] = ns
	return fmt.Sprintf("%s.%x", objName, ns)
}
