package framework

import (
	"maps"
	"slices"

	"kubeplay/core/api"
)

// Cluster events and queueing hints: each plugin says which changes to the cluster may make a Pod it
// rejected schedulable (kube-scheduler's EnqueueExtensions, pkg/scheduler/framework/types.go and
// interface.go), and the scheduling queue moves a rejected Pod only on such an event.

// EventResource is the kind of object an event is about.
type EventResource string

// The resources kubeplay's scheduler watches (kube-scheduler's names).
const (
	// AssignedPod is a Pod bound to a node; UnscheduledPod one that is not.
	AssignedPod           EventResource = "AssignedPod"
	UnscheduledPod        EventResource = "UnscheduledPod"
	Node                  EventResource = "Node"
	PersistentVolume      EventResource = "PersistentVolume"
	PersistentVolumeClaim EventResource = "PersistentVolumeClaim"
	StorageClass          EventResource = "storage.k8s.io/StorageClass"
	ResourceClaim         EventResource = "resource.k8s.io/ResourceClaim"
	ResourceSlice         EventResource = "resource.k8s.io/ResourceSlice"
	DeviceClass           EventResource = "resource.k8s.io/DeviceClass"
)

// ActionType is what happened to the object, as bits.
type ActionType int64

// The actions, as kube-scheduler names them.
const (
	Add ActionType = 1 << iota
	Delete
	// UpdateNodeAllocatable and the others below are the parts of an update a plugin may care about.
	UpdateNodeAllocatable
	UpdateNodeLabel
	// UpdateNodeTaint covers spec.taints and spec.unschedulable, as in kube-scheduler.
	UpdateNodeTaint
	UpdateNodeCondition
	UpdateNodeAnnotation
	UpdatePodLabel
	UpdatePodScaleDown
	UpdatePodToleration
	UpdatePodSchedulingGatesEliminated
	// updateOther is an update of nothing above.
	updateOther

	Update = UpdateNodeAllocatable | UpdateNodeLabel | UpdateNodeTaint | UpdateNodeCondition | UpdateNodeAnnotation |
		UpdatePodLabel | UpdatePodScaleDown | UpdatePodToleration | UpdatePodSchedulingGatesEliminated | updateOther
	All = Add | Delete | Update
)

// ClusterEvent is a change to the cluster: what kind of object, and what happened to it.
type ClusterEvent struct {
	Resource   EventResource
	ActionType ActionType
}

// Match reports whether a registered event covers ev.
func (e ClusterEvent) Match(ev ClusterEvent) bool {
	return e.Resource == ev.Resource && e.ActionType&ev.ActionType != 0
}

// QueueingHint is a plugin's answer to whether an event may make a Pod schedulable.
type QueueingHint int

const (
	// QueueSkip: the event does not help this Pod; it stays where it is.
	QueueSkip QueueingHint = iota
	// Queue: the Pod may be schedulable now; it is moved to the active or backoff queue.
	Queue
)

// QueueingHintFn looks at an event's objects (oldObj is nil for an Add, newObj nil for a Delete) for a
// Pod the plugin rejected.
type QueueingHintFn func(pod *api.Pod, oldObj, newObj api.Object) QueueingHint

// ClusterEventWithHint is an event a plugin registers, with its hint (nil: always Queue).
type ClusterEventWithHint struct {
	Event          ClusterEvent
	QueueingHintFn QueueingHintFn
}

// EnqueueExtensions is a plugin that rejects Pods and says which events may make them schedulable.
// A plugin that rejects Pods (PreEnqueue, PreFilter, Filter) must implement it.
type EnqueueExtensions interface {
	Plugin
	EventsToRegister() []ClusterEventWithHint
}

// registeredEvent is one plugin's registration.
type registeredEvent struct {
	plugin string
	ClusterEventWithHint
}

// MoveHint answers, for an event, which rejected Pods to move: a Pod rejected by no plugin in particular
// always moves; otherwise one of the plugins that rejected it must have registered the event, and its
// hint must say Queue.
func (f *Framework) MoveHint(ev ClusterEvent, oldObj, newObj api.Object) func(qp *QueuedPodInfo) bool {
	return func(qp *QueuedPodInfo) bool {
		if len(qp.UnschedulablePlugins) == 0 {
			return true
		}
		for _, r := range f.events {
			if !qp.UnschedulablePlugins[r.plugin] || !r.Event.Match(ev) {
				continue
			}
			if r.QueueingHintFn == nil || r.QueueingHintFn(qp.Pod, oldObj, newObj) == Queue {
				return true
			}
		}
		return false
	}
}

// Registers reports whether any plugin of the profile registered an event matching ev.
func (f *Framework) Registers(ev ClusterEvent) bool {
	for _, r := range f.events {
		if r.Event.Match(ev) {
			return true
		}
	}
	return false
}

// NodeUpdateActions are the parts of a Node that changed, as kube-scheduler's
// nodeSchedulingPropertiesChange sees them (a heartbeat changes none).
func NodeUpdateActions(old, cur *api.Node) ActionType {
	var a ActionType
	if !maps.EqualFunc(old.Status.Allocatable, cur.Status.Allocatable, func(x, y api.Quantity) bool { return x.Cmp(y) == 0 }) {
		a |= UpdateNodeAllocatable
	}
	if !maps.Equal(old.Labels, cur.Labels) {
		a |= UpdateNodeLabel
	}
	if old.Spec.Unschedulable != cur.Spec.Unschedulable || !slices.EqualFunc(old.Spec.Taints, cur.Spec.Taints, func(x, y api.Taint) bool {
		return x.Key == y.Key && x.Value == y.Value && x.Effect == y.Effect
	}) {
		a |= UpdateNodeTaint
	}
	if !slices.EqualFunc(old.Status.Conditions, cur.Status.Conditions, func(x, y api.NodeCondition) bool {
		return x.Type == y.Type && x.Status == y.Status
	}) {
		a |= UpdateNodeCondition
	}
	if !maps.Equal(old.Annotations, cur.Annotations) {
		a |= UpdateNodeAnnotation
	}
	return a
}
