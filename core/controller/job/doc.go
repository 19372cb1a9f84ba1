// Package job plays kube-controller-manager's Job controller
// (pkg/controller/job): it runs pods until spec.completions succeed,
// parallelism at a time; counts finished pods exactly once through the
// batch.kubernetes.io/job-tracking finalizer and status.uncountedTerminatedPods;
// recreates failed pods after a back-off of 10s doubling up to 6 minutes;
// and ends the Job with SuccessCriteriaMet + Complete, or with
// FailureTarget + Failed (BackoffLimitExceeded) once more than backoffLimit
// pods failed. Pod events and status updates sync a Job once per second
// (syncJobBatchPeriod); a Job whose finalizer removals are not yet observed
// creates no pods. A pod left with the finalizer after its Job is gone
// loses it (orphans.go). Events come from "job-controller".
//
// An Indexed Job (completionMode: Indexed, indexed.go) runs one pod per
// completion index 0..completions-1, named <job>-<index>-<random>, with the
// index in an annotation, a label, the hostname <job>-<index> and the
// JOB_COMPLETION_INDEX variable; it counts succeeded indexes in
// status.completedIndexes ("0-2,4") and retries a failed index with a new
// pod for the same index. With backoffLimitPerIndex (index_state.go) each
// index has its own retries and back-off, and the Job fails with
// FailedIndexes or MaxFailedIndexesExceeded. An Indexed Job's successPolicy
// (success_policy.go) ends it early: SuccessCriteriaMet (SuccessPolicy),
// the other pods stopped without counting as failed, then Complete.
package job
