package framework

import (
	"math/rand/v2"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
)

// Score bounds (framework.MaxNodeScore / MinNodeScore).
const (
	MaxNodeScore int64 = 100
	MinNodeScore int64 = 0
)

// Plugin is implemented by every plugin.
type Plugin interface {
	Name() string
}

// PreEnqueuePlugin decides whether a pod may enter activeQ at all
// (SchedulingGates).
type PreEnqueuePlugin interface {
	Plugin
	PreEnqueue(pod *api.Pod) *Status
}

// QueueSortPlugin orders activeQ (PrioritySort).
type QueueSortPlugin interface {
	Plugin
	Less(a, b *QueuedPodInfo) bool
}

// PreFilterResult narrows the nodes to evaluate (nil NodeNames = all).
type PreFilterResult struct {
	NodeNames map[string]bool
}

// PreFilterPlugin computes per-cycle state before filtering. It may return
// Skip (its Filter is then not called), or reject the pod for every node.
type PreFilterPlugin interface {
	Plugin
	PreFilter(state *CycleState, pod *PodInfo, nodes []*NodeInfo) (*PreFilterResult, *Status)
}

// PreFilterExtensions lets preemption and nominated pods adjust a plugin's
// pre-filter state when a pod is added to or removed from a node.
type PreFilterExtensions interface {
	AddPod(state *CycleState, pod *PodInfo, toAdd *PodInfo, node *NodeInfo) *Status
	RemovePod(state *CycleState, pod *PodInfo, toRemove *PodInfo, node *NodeInfo) *Status
}

// FilterPlugin decides whether pod fits on node.
type FilterPlugin interface {
	Plugin
	Filter(state *CycleState, pod *PodInfo, node *NodeInfo) *Status
}

// PostFilterResult carries the node nominated by preemption.
type PostFilterResult struct {
	NominatedNodeName string
}

// PostFilterPlugin runs when no node fits (DefaultPreemption).
type PostFilterPlugin interface {
	Plugin
	PostFilter(state *CycleState, pod *PodInfo, statuses map[string]*Status) (*PostFilterResult, *Status)
}

// PreScorePlugin computes per-cycle scoring state over the feasible nodes;
// Skip means its Score is not called.
type PreScorePlugin interface {
	Plugin
	PreScore(state *CycleState, pod *PodInfo, nodes []*NodeInfo) *Status
}

// ScorePlugin ranks a feasible node from MinNodeScore to MaxNodeScore
// (possibly after NormalizeScore).
type ScorePlugin interface {
	Plugin
	Score(state *CycleState, pod *PodInfo, node *NodeInfo) (int64, *Status)
}

// NormalizeScorer is implemented by score plugins that rescale raw scores
// once every node has been scored (ScoreExtensions.NormalizeScore).
type NormalizeScorer interface {
	NormalizeScore(state *CycleState, pod *PodInfo, nodes []*NodeInfo, scores []int64) *Status
}

// BindPlugin binds the pod to the node through the API (DefaultBinder).
type BindPlugin interface {
	Plugin
	Bind(state *CycleState, pod *api.Pod, nodeName string) *Status
}

// APIClient is the part of the apiserver client the plugins need, with the
// scheduler's identity.
type APIClient interface {
	// Bind POSTs pods/binding.
	Bind(namespace, name string, b *api.Binding) error
	// DeletePod deletes a pod (preemption victims).
	DeletePod(namespace, name string) error
	// SetDisruptionTarget adds the DisruptionTarget condition to a victim's status.
	SetDisruptionTarget(pod *api.Pod, reason, message string) error
}

// EventRecorder records events.k8s.io-style events (regarding, related,
// type, reason, action, note).
type EventRecorder interface {
	Eventf(regarding, related api.Object, eventType, reason, action, note string)
}

// Handle is what plugins get from the framework that runs them.
type Handle interface {
	// Nodes lists every node of the current snapshot, in a stable order.
	Nodes() []*NodeInfo
	// NodeInfo returns one node of the snapshot.
	NodeInfo(name string) (*NodeInfo, bool)
	// RunFilterPluginsWithNominatedPods runs every filter plugin against
	// node, counting pods nominated to it with priority >= pod's.
	RunFilterPluginsWithNominatedPods(state *CycleState, pod *PodInfo, node *NodeInfo) *Status
	// RunPreFilterExtensionAddPod / RemovePod update pre-filter state.
	RunPreFilterExtensionAddPod(state *CycleState, pod *PodInfo, toAdd *PodInfo, node *NodeInfo) *Status
	RunPreFilterExtensionRemovePod(state *CycleState, pod *PodInfo, toRemove *PodInfo, node *NodeInfo) *Status
	// API and Recorder act on the cluster with the scheduler's identity.
	API() APIClient
	Recorder() EventRecorder
	// SchedulerName is the profile name (default-scheduler).
	SchedulerName() string
	// Now and Rand come from the sim.
	Now() time.Time
	Rand() *rand.Rand
	// DefaultSpreadSelector returns the selector PodTopologySpread's system
	// default constraints use for pod (built from the Services, ReplicaSets,
	// StatefulSets and ReplicationControllers selecting it), or nil.
	DefaultSpreadSelector(pod *api.Pod) labels.Selector
	// HavePodsWithAffinity and HavePodsWithRequiredAntiAffinity report
	// whether any cached pod has (anti-)affinity terms, so the affinity
	// plugins can skip scanning the cluster.
	HavePodsWithAffinity() bool
	HavePodsWithRequiredAntiAffinity() bool
	// NominatedPodsForNode lists pods nominated to a node by preemption.
	NominatedPodsForNode(node string) []*PodInfo
	// Volumes reads the storage objects (nil if the scheduler has none).
	Volumes() VolumeLister
	// DRA reads the resource.k8s.io objects (nil if the scheduler has none).
	DRA() DRALister
}

// VolumeLister reads the scheduler's caches of PersistentVolumeClaims,
// PersistentVolumes and StorageClasses (shared: never mutate them).
type VolumeLister interface {
	PVC(namespace, name string) (*api.PersistentVolumeClaim, bool)
	PV(name string) (*api.PersistentVolume, bool)
	StorageClass(name string) (*api.StorageClass, bool)
}

// DRALister reads the scheduler's caches of ResourceClaims, DeviceClasses
// and ResourceSlices (shared: never mutate them).
type DRALister interface {
	ResourceClaim(namespace, name string) (*api.DeviceResourceClaim, bool)
	DeviceClass(name string) (*api.DeviceClass, bool)
	ResourceSlices() []*api.ResourceSlice
}
