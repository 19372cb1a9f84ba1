package client

import (
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
)

// Event correlation constants (client-go tools/record/events_cache.go).
const (
	// maxLRUCacheEntries bounds each of the correlator's caches.
	maxLRUCacheEntries = 4096
	// AggregateMaxEvents similar events (same source, object, type and
	// reason, different messages) within AggregateInterval are combined.
	AggregateMaxEvents = 10
	AggregateInterval  = 600 * time.Second
	// SpamBurst events per source and object, then one per SpamRefill.
	SpamBurst  = 25
	SpamRefill = 300 * time.Second
	// CombinedPrefix starts the message of an aggregated event.
	CombinedPrefix = "(combined from similar events): "
)

// eventKey identifies an exact repeat: source, object (with fieldPath),
// type, reason and message.
func eventKey(e *api.Event) string {
	o := &e.InvolvedObject
	return strings.Join([]string{e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.FieldPath,
		o.UID, o.APIVersion, e.Type, e.Reason, e.Message}, "")
}

// spamKey identifies a source and an object.
func spamKey(e *api.Event) string {
	o := &e.InvolvedObject
	return strings.Join([]string{e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion}, "")
}

// aggregateKey groups events that differ only by message.
func aggregateKey(e *api.Event) string {
	o := &e.InvolvedObject
	return strings.Join([]string{e.Source.Component, e.Source.Host, o.Kind, o.Namespace, o.Name, o.UID, o.APIVersion,
		e.Type, e.Reason, e.ReportingController, e.ReportingInstance}, "")
}

// tokenBucket is a try-accept token bucket in integer virtual time (GCRA).
type tokenBucket struct {
	interval time.Duration
	burst    int64
	tat      time.Time
}

func (b *tokenBucket) tryAccept(now time.Time) bool {
	tat := b.tat
	if tat.Before(now) {
		tat = now
	}
	tat = tat.Add(b.interval)
	if tat.Add(-time.Duration(b.burst) * b.interval).After(now) {
		return false
	}
	b.tat = tat
	return true
}

type aggregateRecord struct {
	localKeys map[string]struct{}
	last      time.Time
}

type eventLog struct {
	count           int32
	firstTimestamp  api.Time
	name            string
	resourceVersion string
	seen            time.Time
}

// correlator is client-go's EventCorrelator: aggregate similar events,
// count exact repeats, then filter spam.
type correlator struct {
	spam map[string]*tokenBucket
	agg  map[string]*aggregateRecord
	logs map[string]*eventLog
}

func newCorrelator() *correlator {
	return &correlator{spam: map[string]*tokenBucket{}, agg: map[string]*aggregateRecord{}, logs: map[string]*eventLog{}}
}

// correlation is what to do with an event.
type correlation struct {
	event *api.Event
	key   string // the logger's key, to record the server's answer under
	// update is true when the event repeats one already written: patch
	// count, lastTimestamp and message instead of creating.
	update bool
	// skip is true when the spam filter dropped the event.
	skip bool
}

func (c *correlator) correlate(ev *api.Event, now time.Time) correlation {
	agg, key := c.aggregate(ev, now)
	out := c.observe(agg, key, now)
	if !c.allow(out.event, now) {
		out.skip = true
	}
	return out
}

func (c *correlator) aggregate(ev *api.Event, now time.Time) (*api.Event, string) {
	akey := aggregateKey(ev)
	rec := c.agg[akey]
	if rec == nil || now.Sub(rec.last) > AggregateInterval {
		rec = &aggregateRecord{localKeys: map[string]struct{}{}}
		c.agg[akey] = rec
		c.bound()
	}
	rec.localKeys[ev.Message] = struct{}{}
	rec.last = now
	if len(rec.localKeys) < AggregateMaxEvents {
		return ev, eventKey(ev)
	}
	// Keep the set below the maximum (client-go pops an arbitrary one; we
	// pop the smallest, to stay deterministic).
	smallest := ""
	first := true
	for k := range rec.localKeys {
		if first || k < smallest {
			smallest, first = k, false
		}
	}
	delete(rec.localKeys, smallest)
	t := api.NewTime(now)
	combined := &api.Event{
		TypeMeta:            ev.TypeMeta,
		ObjectMeta:          api.ObjectMeta{Namespace: ev.Namespace}, // named when created
		InvolvedObject:      ev.InvolvedObject,
		Reason:              ev.Reason,
		Message:             CombinedPrefix + ev.Message,
		Source:              ev.Source,
		FirstTimestamp:      t,
		LastTimestamp:       t,
		Count:               1,
		Type:                ev.Type,
		ReportingController: ev.ReportingController,
		ReportingInstance:   ev.ReportingInstance,
	}
	return combined, akey
}

func (c *correlator) observe(ev *api.Event, key string, now time.Time) correlation {
	cp := *ev
	out := correlation{event: &cp, key: key}
	if last := c.logs[key]; last != nil && last.count > 0 {
		cp.Name = last.name
		cp.ResourceVersion = last.resourceVersion
		cp.FirstTimestamp = last.firstTimestamp
		cp.Count = last.count + 1
		out.update = true
	}
	l := c.logs[key]
	if l == nil {
		l = &eventLog{}
		c.logs[key] = l
		c.bound()
	}
	*l = eventLog{count: cp.Count, firstTimestamp: cp.FirstTimestamp, name: cp.Name, resourceVersion: cp.ResourceVersion, seen: now}
	return out
}

// updateState records the server's answer (the final name and resourceVersion).
func (c *correlator) updateState(key string, ev *api.Event) {
	if l := c.logs[key]; l != nil {
		l.name = ev.Name
		l.resourceVersion = ev.ResourceVersion
		l.count = ev.Count
		l.firstTimestamp = ev.FirstTimestamp
	}
}

func (c *correlator) allow(ev *api.Event, now time.Time) bool {
	k := spamKey(ev)
	b := c.spam[k]
	if b == nil {
		b = &tokenBucket{interval: SpamRefill, burst: SpamBurst}
		c.spam[k] = b
		c.bound()
	}
	return b.tryAccept(now)
}

// bound keeps the caches near maxLRUCacheEntries by dropping the older half
// of the logger's entries (an amortised stand-in for client-go's LRUs).
func (c *correlator) bound() {
	if len(c.logs) > maxLRUCacheEntries {
		type kv struct {
			k    string
			seen time.Time
		}
		all := make([]kv, 0, len(c.logs))
		for k, l := range c.logs {
			all = append(all, kv{k, l.seen})
		}
		sort.Slice(all, func(i, j int) bool {
			if !all[i].seen.Equal(all[j].seen) {
				return all[i].seen.Before(all[j].seen)
			}
			return all[i].k < all[j].k
		})
		for _, e := range all[:len(all)/2] {
			delete(c.logs, e.k)
		}
	}
	if len(c.agg) > maxLRUCacheEntries {
		clear(c.agg)
	}
	if len(c.spam) > maxLRUCacheEntries {
		clear(c.spam)
	}
}
