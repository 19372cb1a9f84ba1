package printers

import (
	"sort"
	"time"

	"kubeplay/core/api"
)

// EventTime is the instant kubectl sorts an event by: series.lastObservedTime,
// else lastTimestamp, else eventTime (kubectl pkg/util/event).
func EventTime(e *api.Event) time.Time {
	if e.Series != nil {
		return e.Series.LastObservedTime.Time
	}
	if !e.LastTimestamp.IsZero() {
		return e.LastTimestamp.Time
	}
	return e.EventTime.Time
}

// SortEvents orders events oldest first by EventTime, as kubectl describe and
// kubectl events do (stable, so equal times keep their server order).
func SortEvents(events []*api.Event) {
	sort.SliceStable(events, func(i, j int) bool { return EventTime(events[i]).Before(EventTime(events[j])) })
}

// EventAge is the Age column of describe's Events block and the LAST SEEN of
// kubectl events: "<first>" or "<last> (x<count> over <first>)".
func EventAge(e *api.Event, now time.Time) string {
	first := Since(e.EventTime.Time, now)
	if e.EventTime.IsZero() {
		first = Since(e.FirstTimestamp.Time, now)
	}
	switch {
	case e.Series != nil:
		return Since(e.Series.LastObservedTime.Time, now) + " (x" + itoa(e.Series.Count) + " over " + first + ")"
	case e.Count > 1:
		return Since(e.LastTimestamp.Time, now) + " (x" + itoa(e.Count) + " over " + first + ")"
	}
	return first
}
