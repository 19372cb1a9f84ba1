package job

import (
	"slices"
	"time"

	"kubeplay/core/api"
)

// SyncJobBatchPeriod batches the syncs that pod events and Job status
// updates trigger (job_controller.go syncJobBatchPeriod): a burst of pod
// changes costs one sync, and by the time it runs the Job informer has
// caught up with the controller's own status writes. Job creations and spec
// changes sync at once.
const SyncJobBatchPeriod = time.Second

// finalizerExpectations remember, per Job key, the pods whose
// batch.kubernetes.io/job-tracking finalizer the controller is removing
// (job_controller.go finalizerExpectations). Such a pod is already counted
// in the Job's status: until the informer shows the finalizer gone, the
// controller neither counts it again nor creates replacement pods from a
// cache that may lag its own writes.
type finalizerExpectations map[string]map[string]bool

func (f finalizerExpectations) expectRemoval(key, uid string) {
	if f[key] == nil {
		f[key] = map[string]bool{}
	}
	f[key][uid] = true
}

// removalObserved forgets uid: its finalizer is gone (or the pod is).
func (f finalizerExpectations) removalObserved(key, uid string) {
	if m := f[key]; m != nil {
		delete(m, uid)
		if len(m) == 0 {
			delete(f, key)
		}
	}
}

func (f finalizerExpectations) expecting(key, uid string) bool { return f[key][uid] }

func (f finalizerExpectations) pending(key string) int { return len(f[key]) }

// countUncountedWithoutFinalizers moves the UIDs of
// status.uncountedTerminatedPods whose pods no longer carry the tracking
// finalizer (or are gone) into the succeeded and failed counters
// (cleanUncountedPodsWithoutFinalizers): their finalizer was removed after
// the UID was recorded, so they are finished and must count exactly once.
// It reports whether the status changed.
func countUncountedWithoutFinalizers(st *api.JobStatus, withFinalizer map[string]bool) bool {
	unc := st.UncountedTerminatedPods
	if unc == nil {
		return false
	}
	keep := func(uids []string) []string {
		return slices.DeleteFunc(slices.Clone(uids), func(uid string) bool { return !withFinalizer[uid] })
	}
	succ, fail := keep(unc.Succeeded), keep(unc.Failed)
	changed := len(succ) != len(unc.Succeeded) || len(fail) != len(unc.Failed)
	st.Succeeded += int32(len(unc.Succeeded) - len(succ))
	st.Failed += int32(len(unc.Failed) - len(fail))
	unc.Succeeded, unc.Failed = succ, fail
	return changed
}
