package endpoint

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
)

// triggerState is what the trigger time tracker remembers of a Service
// from its last sync: its Pods' and its own trigger times.
type triggerState struct {
	pods    map[string]time.Time
	service time.Time
}

// triggerTime is the TriggerTimeTracker's ComputeEndpointLastChangeTriggerTime:
// for a Service seen for the first time, its creation time; otherwise the
// earliest of the trigger times (a Pod's Ready transition, the Service's
// creation) that moved since the last sync, zero when none did.
func (c *Controller) triggerTime(key string, svc *api.Service, pods []*api.Pod) time.Time {
	st, known := c.triggers[key]
	if !known {
		st = &triggerState{}
		c.triggers[key] = st
	}
	var earliest time.Time
	earlier := func(t time.Time) {
		if earliest.IsZero() || t.Before(earliest) {
			earliest = t
		}
	}
	now := map[string]time.Time{}
	for _, p := range pods {
		cond := ctrlutil.GetPodReadyCondition(p)
		if cond == nil || cond.LastTransitionTime.IsZero() {
			continue
		}
		t := cond.LastTransitionTime.Time
		now[p.Name] = t
		if t.After(st.pods[p.Name]) {
			earlier(t)
		}
	}
	svcTime := svc.CreationTimestamp.Time
	if svcTime.After(st.service) {
		earlier(svcTime)
	}
	st.pods, st.service = now, svcTime
	if !known {
		return svcTime
	}
	return earliest
}
