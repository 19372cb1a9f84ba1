// Package job plays kube-controller-manager's Job controller
// (pkg/controller/job): it runs pods until spec.completions succeed,
// parallelism at a time; counts finished pods exactly once through the
// batch.kubernetes.io/job-tracking finalizer and status.uncountedTerminatedPods;
// recreates failed pods after a back-off of 10s doubling up to 6 minutes;
// and ends the Job with SuccessCriteriaMet + Complete, or with
// FailureTarget + Failed (BackoffLimitExceeded) once more than backoffLimit
// pods failed. Pod events and status updates sync a Job once per second
// (syncJobBatchPeriod); a Job whose finalizer removals are not yet observed
// creates no pods. Events come from "job-controller".
package job
