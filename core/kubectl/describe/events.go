package describe

import (
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// describeEvents writes the Events block: "Events:\t<none>" when there are
// none, else a Type/Reason/Age/From/Message table sorted oldest first. From
// v1.35 a message is prefixed with the event's involvedObject.fieldPath.
func describeEvents(w prefixWriter, events []*api.Event, now time.Time) {
	if len(events) == 0 {
		w.Write(level0, "Events:\t<none>\n")
		return
	}
	sorted := append([]*api.Event(nil), events...)
	// kubectl describe sorts by lastTimestamp alone (SortableEvents), so an
	// events.k8s.io Event, which has none (the scheduler's Scheduled),
	// lists first; kubectl events sorts by printers.EventTime instead.
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].LastTimestamp.Time.Before(sorted[j].LastTimestamp.Time) })
	w.Write(level0, "Events:\n  Type\tReason\tAge\tFrom\tMessage\n")
	w.Write(level1, "----\t------\t----\t----\t-------\n")
	for _, e := range sorted {
		source := e.Source.Component
		if source == "" {
			source = e.ReportingController
		}
		msg := strings.TrimSpace(e.Message)
		if e.InvolvedObject.FieldPath != "" {
			msg = e.InvolvedObject.FieldPath + ": " + msg
		}
		w.Write(level1, "%v\t%v\t%s\t%v\t%v\n", e.Type, e.Reason, printers.EventAge(e, now), source, msg)
	}
}
