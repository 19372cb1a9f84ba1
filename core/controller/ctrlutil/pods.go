package ctrlutil

import (
	"math/bits"
	"sort"
	"strconv"
	"time"

	"kubeplay/core/api"
)

// GetPodReadyCondition returns the pod's Ready condition, if any.
func GetPodReadyCondition(p *api.Pod) *api.PodCondition {
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == api.PodReady {
			return &p.Status.Conditions[i]
		}
	}
	return nil
}

// IsPodReady reports whether the pod's Ready condition is True.
func IsPodReady(p *api.Pod) bool {
	c := GetPodReadyCondition(p)
	return c != nil && c.Status == api.ConditionTrue
}

// IsPodAvailable reports whether the pod has been ready for at least
// minReadySeconds at now (podutil.IsPodAvailable: strictly before).
func IsPodAvailable(p *api.Pod, minReadySeconds int32, now time.Time) bool {
	c := GetPodReadyCondition(p)
	if c == nil || c.Status != api.ConditionTrue {
		return false
	}
	if minReadySeconds == 0 {
		return true
	}
	d := time.Duration(minReadySeconds) * time.Second
	return !c.LastTransitionTime.IsZero() && c.LastTransitionTime.Add(d).Before(now)
}

// PodReadiness reports IsPodReady and IsPodAvailable with one look at the
// pod's conditions (controllers count both for every pod on every sync).
func PodReadiness(p *api.Pod, minReadySeconds int32, now time.Time) (ready, available bool) {
	c := GetPodReadyCondition(p)
	if c == nil || c.Status != api.ConditionTrue {
		return false, false
	}
	if minReadySeconds == 0 {
		return true, true
	}
	d := time.Duration(minReadySeconds) * time.Second
	return true, !c.LastTransitionTime.IsZero() && c.LastTransitionTime.Add(d).Before(now)
}

// IsPodActive reports whether the pod is neither finished nor being deleted
// (controller.IsPodActive).
func IsPodActive(p *api.Pod) bool {
	return p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed && p.DeletionTimestamp == nil
}

// IsPodTerminating reports whether a not yet finished pod is being deleted.
func IsPodTerminating(p *api.Pod) bool {
	return p.DeletionTimestamp != nil && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed
}

var podPhaseToOrdinal = map[api.PodPhase]int{api.PodPending: 0, api.PodUnknown: 1, api.PodRunning: 2}

// RankPodsForDeletion sorts pods so that the ones a ReplicaSet should delete
// first come first (controller.ActivePodsWithRanks, LogarithmicScaleDown on):
//  1. unassigned before assigned;
//  2. Pending before Unknown before Running;
//  3. not ready before ready;
//  4. lower controller.kubernetes.io/pod-deletion-cost first;
//  5. pods doubled up on a node (more related pods there) first;
//  6. ready for less time first, compared on a log2 scale of age;
//  7. more container restarts first;
//  8. newer first, on the same log2 scale; then by UID.
//
// related are the pods counted for rule 5 (every active pod of the owner's
// family, pods included).
func RankPodsForDeletion(pods, related []*api.Pod, now time.Time) {
	onNode := map[string]int{}
	for _, p := range related {
		if p.Spec.NodeName != "" && IsPodActive(p) {
			onNode[p.Spec.NodeName]++
		}
	}
	rank := map[*api.Pod]int{}
	for _, p := range pods {
		rank[p] = onNode[p.Spec.NodeName]
	}
	sort.SliceStable(pods, func(i, j int) bool { return deleteFirst(pods[i], pods[j], rank[pods[i]], rank[pods[j]], now) })
}

func deleteFirst(a, b *api.Pod, ra, rb int, now time.Time) bool {
	if a.Spec.NodeName != b.Spec.NodeName && (a.Spec.NodeName == "" || b.Spec.NodeName == "") {
		return a.Spec.NodeName == ""
	}
	if podPhaseToOrdinal[a.Status.Phase] != podPhaseToOrdinal[b.Status.Phase] {
		return podPhaseToOrdinal[a.Status.Phase] < podPhaseToOrdinal[b.Status.Phase]
	}
	if IsPodReady(a) != IsPodReady(b) {
		return !IsPodReady(a)
	}
	if ca, cb := deletionCost(a), deletionCost(b); ca != cb {
		return ca < cb
	}
	if ra != rb {
		return ra > rb
	}
	if IsPodReady(a) && IsPodReady(b) {
		ta, tb := GetPodReadyCondition(a).LastTransitionTime.Time, GetPodReadyCondition(b).LastTransitionTime.Time
		if !ta.Equal(tb) {
			if ta.IsZero() || tb.IsZero() {
				return afterOrZero(ta, tb)
			}
			if d := logRank(now, ta) - logRank(now, tb); d != 0 {
				return d < 0
			}
			return a.UID < b.UID
		}
	}
	if ma, mb := maxRestarts(a), maxRestarts(b); ma != mb {
		return ma > mb
	}
	ta, tb := a.CreationTimestamp.Time, b.CreationTimestamp.Time
	if !ta.Equal(tb) {
		if ta.IsZero() || tb.IsZero() {
			return afterOrZero(ta, tb)
		}
		if d := logRank(now, ta) - logRank(now, tb); d != 0 {
			return d < 0
		}
		return a.UID < b.UID
	}
	return false
}

// afterOrZero: a zero time sorts first, else the later time first.
func afterOrZero(a, b time.Time) bool {
	if a.IsZero() || b.IsZero() {
		return a.IsZero()
	}
	return a.After(b)
}

// logRank is floor(log2(age in ns)), or -1 for no age; integer arithmetic
// so that every platform agrees.
func logRank(now, t time.Time) int {
	d := now.Sub(t)
	if d <= 0 {
		return -1
	}
	return bits.Len64(uint64(d)) - 1
}

func deletionCost(p *api.Pod) int32 {
	v, ok := p.Annotations[api.PodDeletionCost]
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0
	}
	return int32(n)
}

func maxRestarts(p *api.Pod) int32 {
	var m int32
	for _, cs := range p.Status.ContainerStatuses {
		if cs.RestartCount > m {
			m = cs.RestartCount
		}
	}
	return m
}
