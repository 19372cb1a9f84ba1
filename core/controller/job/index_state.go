package job

import (
	"slices"
	"strconv"
	"time"

	"kubeplay/core/api"
)

// Condition texts of an Indexed Job with a backoff limit per index.
const (
	MaxFailedIndexesMessage = "Job has exceeded the specified maximal number of failed indexes"
	FailedIndexesMessage    = "Job has failed indexes"
)

// ActionFailIndex is the pod failure policy action that fails the pod's
// index at once (backoffLimitPerIndex only).
const ActionFailIndex = "FailIndex"

// indexedState is what one sync of an Indexed Job knows about its indexes
// (the indexed part of syncJobCtx).
type indexedState struct {
	completions int
	// done: the succeeded indexes, from status.completedIndexes and the
	// succeeded pods not counted yet.
	done intervals
	// failed: the indexes out of retries (backoffLimitPerIndex only, else nil).
	failed *intervals
	// held: per index, the failed pod whose tracking finalizer stays until
	// the index's next pod is created, which inherits its failure count
	// (getPodsWithDelayedDeletionPerIndex).
	held map[int]*api.Pod
}

// newIndexedState reads the Job's indexes from its status and its pods.
// finishing (the Job met its success or failure criteria) holds no pod.
func newIndexedState(j *api.Job, pods, active []*api.Pod, finishing bool) *indexedState {
	s := &indexedState{completions: int(*j.Spec.Completions)}
	var done []int
	for _, p := range pods {
		if ix := validIndex(p, s.completions); ix != noIndex && p.Status.Phase == api.PodSucceeded && hasTrackingFinalizer(p) {
			done = append(done, ix)
		}
	}
	slices.Sort(done)
	s.done = parseIndexes(j.Status.CompletedIndexes, s.completions).withIndexes(slices.Compact(done))
	if !hasBackoffLimitPerIndex(j) {
		return s
	}
	prev := ""
	if j.Status.FailedIndexes != nil {
		prev = *j.Status.FailedIndexes
	}
	var failed []int
	for _, p := range pods {
		if ix := validIndex(p, s.completions); ix != noIndex && hasTrackingFinalizer(p) && indexFailed(j, p) {
			failed = append(failed, ix)
		}
	}
	slices.Sort(failed)
	f := parseIndexes(prev, s.completions).withIndexes(slices.Compact(failed))
	s.failed = &f
	if finishing {
		return s
	}
	running := indexesOf(active)
	s.held = map[int]*api.Pod{}
	for _, p := range pods {
		ix := validIndex(p, s.completions)
		if ix == noIndex || !hasTrackingFinalizer(p) || !podFailed(p) || s.done.has(ix) || f.has(ix) || slices.Contains(running, ix) {
			continue
		}
		if last, ok := s.held[ix]; !ok || absoluteFailureCount(last) <= absoluteFailureCount(p) && !finishedTime(p).Before(finishedTime(last)) {
			s.held[ix] = p
		}
	}
	return s
}

// holds reports whether p is a failed pod kept for its index's next pod.
func (s *indexedState) holds(p *api.Pod) bool {
	if s == nil || s.held == nil {
		return false
	}
	h, ok := s.held[completionIndex(p)]
	return ok && h.UID == p.UID
}

// nonPending are the indexes that get no new pod: succeeded or failed.
func (s *indexedState) nonPending() intervals {
	if s.failed == nil {
		return s.done
	}
	return s.done.merge(*s.failed)
}

// readyToCreate keeps the indexes whose per-index back-off is over; when
// none is, it returns how long until the first one is
// (getPodCreationInfoForIndependentIndexes).
func (s *indexedState) readyToCreate(indexes []int, now time.Time) ([]int, time.Duration) {
	var ready []int
	var wait time.Duration
	for _, ix := range indexes {
		d := remainingPerIndex(s.held[ix], now)
		if d <= 0 {
			ready = append(ready, ix)
		} else if wait == 0 || d < wait {
			wait = d
		}
	}
	if len(ready) > 0 {
		return ready, 0
	}
	return nil, wait
}

// podFailed is isPodFailed with podReplacementPolicy TerminatingOrFailed: a
// pod being deleted counts as failed.
func podFailed(p *api.Pod) bool {
	return p.Status.Phase == api.PodFailed || p.DeletionTimestamp != nil && p.Status.Phase != api.PodSucceeded
}

// indexFailed reports whether a failed pod leaves its index out of retries:
// a FailIndex rule matched, or a counted failure with the index's failure
// count at the limit.
func indexFailed(j *api.Job, p *api.Pod) bool {
	if !podFailed(p) {
		return false
	}
	counted := true
	if j.Spec.PodFailurePolicy != nil && p.Status.Phase == api.PodFailed {
		action, _, matched := matchPodFailurePolicy(j.Spec.PodFailurePolicy, p)
		if matched && action == ActionFailIndex {
			return true
		}
		counted = !matched || action != ActionIgnore
	}
	return counted && annotationCount(p, api.JobIndexFailureCountAnnotation) >= *j.Spec.BackoffLimitPerIndex
}

// newIndexFailureCounts are the failure counts the next pod of an index
// carries: the replaced pod's, plus its own failure (getNewIndexFailureCounts).
func newIndexFailureCounts(j *api.Job, replaced *api.Pod) (count, ignored int32) {
	if replaced == nil {
		return 0, 0
	}
	count = annotationCount(replaced, api.JobIndexFailureCountAnnotation)
	ignored = annotationCount(replaced, api.JobIndexIgnoredFailureCountAnnotation)
	if j.Spec.PodFailurePolicy != nil {
		if action, _, matched := matchPodFailurePolicy(j.Spec.PodFailurePolicy, replaced); matched && action == ActionIgnore {
			return count, ignored + 1
		}
	}
	return count + 1, ignored
}

// annotationCount reads a failure count annotation; 0 when it is missing
// or not a non-negative int32.
func annotationCount(p *api.Pod, key string) int32 {
	n, err := strconv.ParseInt(p.Annotations[key], 10, 32)
	if err != nil || n < 0 {
		return 0
	}
	return int32(n)
}

func absoluteFailureCount(p *api.Pod) int32 {
	return annotationCount(p, api.JobIndexFailureCountAnnotation) + annotationCount(p, api.JobIndexIgnoredFailureCountAnnotation)
}

// remainingPerIndex is how long the next pod of an index must wait after
// its last failed pod: 10s·2^(failures-1), at most 6 minutes, from the
// moment that pod finished (getRemainingTimePerIndex).
func remainingPerIndex(last *api.Pod, now time.Time) time.Duration {
	if last == nil {
		return 0
	}
	d := DefaultPodFailureBackOff
	for i := int32(1); i < absoluteFailureCount(last)+1 && d < MaxPodFailureBackOff; i++ {
		d *= 2
	}
	d = min(d, MaxPodFailureBackOff)
	return finishedTime(last).Add(d).Sub(now)
}

// finishedTime is when a pod finished: its containers' latest finishedAt,
// else its deletion (getFinishedTime), else its creation.
func finishedTime(p *api.Pod) time.Time {
	var t time.Time
	for _, cs := range append(append([]api.ContainerStatus(nil), p.Status.InitContainerStatuses...), p.Status.ContainerStatuses...) {
		if term := cs.State.Terminated; term != nil && term.FinishedAt.After(t) {
			t = term.FinishedAt.Time
		}
	}
	if t.IsZero() && p.DeletionTimestamp != nil {
		t = p.DeletionTimestamp.Time
	}
	if t.IsZero() {
		t = p.CreationTimestamp.Time
	}
	return t
}

// record writes the indexes into the Job's status: completedIndexes and
// the succeeded count it implies, and failedIndexes with a backoff limit
// per index. It reports whether the status changed.
func (s *indexedState) record(st *api.JobStatus) bool {
	changed := false
	if done := s.done.String(); done != st.CompletedIndexes || st.Succeeded != int32(s.done.total()) {
		st.CompletedIndexes, st.Succeeded, changed = done, int32(s.done.total()), true
	}
	if s.failed != nil {
		if failed := s.failed.String(); st.FailedIndexes == nil || *st.FailedIndexes != failed {
			st.FailedIndexes, changed = &failed, true
		}
	}
	return changed
}
