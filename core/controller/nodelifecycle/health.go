package nodelifecycle

import (
	"time"

	"kubeplay/core/api"
)

// health is what the controller remembers of a node (nodeHealthData): when
// it last saw a heartbeat, in its own clock, and the heartbeat it saw. It
// holds times, not a copy of the status, so checking a healthy node
// allocates nothing.
type health struct {
	// probe is when the controller last saw the node's Ready heartbeat or
	// its Lease change.
	probe time.Time
	// grace is the grace period that applies to probe: the startup grace
	// while the node has never posted Ready, the monitor grace after.
	grace time.Duration
	// seenReady and heartbeat are the Ready condition's lastHeartbeatTime
	// as last seen (seenReady false: no Ready condition then).
	seenReady bool
	heartbeat time.Time
	// renewTime is the node Lease's renewTime as last seen.
	renewTime time.Time
}

// expired reports whether the node's grace period has run out at now.
func (h *health) expired(now time.Time) bool { return now.After(h.probe.Add(h.grace)) }

// remember records the Ready condition just seen (nil: none).
func (h *health) remember(ready *api.NodeCondition) {
	h.seenReady = ready != nil
	if ready != nil {
		h.heartbeat = ready.LastHeartbeatTime.Time
	} else {
		h.heartbeat = time.Time{}
	}
}

// tryUpdateNodeHealth refreshes the node's probe time from its Ready
// heartbeat and its Lease and, past the grace period, sets its conditions
// to Unknown. It returns the Ready condition as observed and as it is now.
// n is the informer's cached node and is never modified: the node is copied
// only when its status is about to be written.
func (c *Controller) tryUpdateNodeHealth(n *api.Node) (api.NodeCondition, *api.NodeCondition) {
	now := c.Sim().Now()
	var observed api.NodeCondition
	current := getNodeCondition(&n.Status, api.NodeReady)
	h := c.health[n.Name]
	if current == nil {
		observed = api.NodeCondition{Type: api.NodeReady, Status: api.ConditionUnknown, LastHeartbeatTime: n.CreationTimestamp, LastTransitionTime: n.CreationTimestamp}
		if h == nil {
			h = &health{probe: n.CreationTimestamp.Time}
			c.health[n.Name] = h
		}
		h.grace = NodeStartupGracePeriod
	} else {
		observed = *current
		if h == nil {
			h = &health{probe: now}
			c.health[n.Name] = h
		} else if !h.seenReady || !h.heartbeat.Equal(observed.LastHeartbeatTime.Time) {
			h.probe = now
		}
		h.grace = NodeMonitorGracePeriod
	}
	h.remember(current)
	if obj, ok := c.leaseInf.Get(api.NamespaceNodeLease, n.Name); ok {
		if l := obj.(*api.Lease); l.Spec.RenewTime != nil && l.Spec.RenewTime.After(h.renewTime) {
			h.renewTime = l.Spec.RenewTime.Time
			h.probe = now
		}
	}
	if !h.expired(now) {
		return observed, current
	}
	// Past the grace period the Ready condition goes Unknown; when it
	// already is, nothing is written (and nothing copied).
	if current != nil && current.Status == api.ConditionUnknown {
		return observed, current
	}
	n = api.DeepCopyAs(n)
	for _, t := range []api.NodeConditionType{api.NodeReady, api.NodeMemoryPressure, api.NodeDiskPressure, api.NodePIDPressure} {
		cond := getNodeCondition(&n.Status, t)
		switch {
		case cond == nil:
			n.Status.Conditions = append(n.Status.Conditions, api.NodeCondition{Type: t, Status: api.ConditionUnknown,
				Reason: NodeStatusNeverUpdatedReason, Message: NodeStatusNeverUpdatedMessage,
				LastHeartbeatTime: n.CreationTimestamp, LastTransitionTime: api.NewTime(now)})
		case cond.Status != api.ConditionUnknown:
			cond.Status = api.ConditionUnknown
			cond.Reason = NodeStatusUnknownReason
			cond.Message = NodeStatusUnknownMessage
			cond.LastTransitionTime = api.NewTime(now)
		}
	}
	current = getNodeCondition(&n.Status, api.NodeReady)
	c.Trace("update", "nodes", "", n.Name, "node %s: no heartbeat for %v (grace period %v): conditions set to Unknown", n.Name, now.Sub(h.probe).Round(time.Second), h.grace)
	if obj, err := c.c.Resource("nodes").UpdateStatus(n); err == nil {
		h.remember(getNodeCondition(&obj.(*api.Node).Status, api.NodeReady))
	}
	return observed, current
}
