package job

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Orphan pods (job_controller.go enqueueOrphanPod, syncOrphanPod): a pod
// that still carries the batch.kubernetes.io/job-tracking finalizer while
// its Job is gone (deleted with the pod running, or failed and held for its
// index) would never be deleted; the controller removes its finalizer.

// orphanPrefix marks the work-queue keys of orphan pods, next to the Jobs'.
const orphanPrefix = "orphan-pod:"

// enqueueOrphan queues p when it keeps the tracking finalizer of a Job
// that no longer exists.
func (c *Controller) enqueueOrphan(p *api.Pod) {
	if hasTrackingFinalizer(p) {
		c.Enqueue(orphanPrefix + client.KeyFunc(p))
	}
}

// enqueueOrphansOf queues the pods of a deleted Job that keep its finalizer.
func (c *Controller) enqueueOrphansOf(j *api.Job) {
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, j.Namespace) {
		if ctrlutil.IsControlledBy(p, j) {
			c.enqueueOrphan(p)
		}
	}
}

// syncOrphan removes the finalizer of an orphan pod, unless a Job that is
// not finished controls it again.
func (c *Controller) syncOrphan(key string) error {
	if !c.jobInf.HasSynced() {
		// A Job missing from a cache still listing is not gone.
		c.EnqueueAfter(key, SyncJobBatchPeriod)
		return nil
	}
	ns, name := client.SplitKey(strings.TrimPrefix(key, orphanPrefix))
	p, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name)
	if !ok || !hasTrackingFinalizer(p) {
		return nil
	}
	if ref := ctrlutil.GetControllerOf(p); ref != nil {
		if ref.Kind != "Job" || !strings.HasPrefix(ref.APIVersion, "batch/") {
			return nil
		}
		if j, ok := ctrlutil.Get[*api.Job](c.jobInf, ns, ref.Name); ok && j.UID == ref.UID && !isFinished(j) {
			return nil
		}
	}
	if err := c.removeFinalizer(p); err != nil && !api.IsNotFound(err) {
		return err
	}
	return nil
}
