package job

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name and its events' source component.
const Name = "job-controller"

// Pod failure back-off (DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff).
const (
	DefaultPodFailureBackOff = 10 * time.Second
	MaxPodFailureBackOff     = 6 * time.Minute
)

// Condition texts.
const (
	CompletionsReachedMessage = "Reached expected number of succeeded pods"
	BackoffLimitMessage       = "Job has reached the specified backoff limit"
)

// Legacy pod labels still set alongside the batch.kubernetes.io ones.
const (
	LegacyControllerUIDLabel = "controller-uid"
	LegacyJobNameLabel       = "job-name"
)

// Controller is the Job controller.
type Controller struct {
	*ctrlutil.Loop
	c       *client.Client
	rec     *client.Recorder
	jobInf  *client.Informer
	podInf  *client.Informer
	exp     *ctrlutil.Expectations
	fin     finalizerExpectations
	pc      ctrlutil.PodControl
	lastErr map[string]time.Time // job key -> last pod failure seen
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:       ctx.ClientFor(Name),
		jobInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("jobs", "")),
		podInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		exp:     ctrlutil.NewExpectations(ctx.Sim),
		fin:     finalizerExpectations{},
		lastErr: map[string]time.Time{},
	}
	c.rec = client.NewRecorder(c.c, Name, "")
	c.pc = ctrlutil.PodControl{Client: c.c, Recorder: c.rec}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.jobInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) { c.EnqueueObject(obj) },
		OnUpdate: func(old, obj api.Object) {
			// A spec change syncs at once; status updates (mostly our own)
			// are batched like pod events.
			if old.GetObjectMeta().Generation != obj.GetObjectMeta().Generation {
				c.EnqueueObject(obj)
			} else {
				c.EnqueueAfter(client.KeyFunc(obj), SyncJobBatchPeriod)
			}
		},
		OnDelete: func(obj api.Object) {
			key := client.KeyFunc(obj)
			c.exp.Delete(key)
			delete(c.fin, key)
			c.enqueueOrphansOf(obj.(*api.Job))
		},
	})
	c.podInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) {
			p := obj.(*api.Pod)
			if key := c.owner(p); key != "" {
				c.exp.CreationObserved(key)
				c.EnqueueAfter(key, SyncJobBatchPeriod)
			} else {
				c.enqueueOrphan(p)
			}
		},
		OnUpdate: func(_, obj api.Object) {
			p := obj.(*api.Pod)
			if key := c.owner(p); key != "" {
				if !hasTrackingFinalizer(p) {
					c.fin.removalObserved(key, p.UID)
				}
				c.EnqueueAfter(key, SyncJobBatchPeriod)
			} else {
				c.enqueueOrphan(p)
			}
		},
		OnDelete: func(obj api.Object) {
			p := obj.(*api.Pod)
			if key := c.owner(p); key != "" {
				c.exp.DeletionObserved(key, client.KeyFunc(p))
				c.fin.removalObserved(key, p.UID)
				c.EnqueueAfter(key, SyncJobBatchPeriod)
			}
		},
	})
	return c
}

// Stop forgets expectations and back-off history.
func (c *Controller) Stop() {
	c.Loop.Stop()
	c.exp.Reset()
	clear(c.fin)
	clear(c.lastErr)
}

func (c *Controller) owner(p *api.Pod) string {
	ref := ctrlutil.GetControllerOf(p)
	if ref == nil || ref.Kind != "Job" {
		return ""
	}
	j, ok := ctrlutil.Get[*api.Job](c.jobInf, p.Namespace, ref.Name)
	if !ok || j.UID != ref.UID {
		return ""
	}
	return client.KeyFunc(j)
}

func hasCondition(j *api.Job, t api.JobConditionType) bool {
	for _, cond := range j.Status.Conditions {
		if cond.Type == t && cond.Status == api.ConditionTrue {
			return true
		}
	}
	return false
}

func isFinished(j *api.Job) bool {
	return hasCondition(j, api.JobComplete) || hasCondition(j, api.JobFailed)
}

func hasTrackingFinalizer(p *api.Pod) bool {
	return slices.Contains(p.Finalizers, api.JobTrackingFinalizer)
}

func (c *Controller) sync(key string) error {
	if strings.HasPrefix(key, orphanPrefix) {
		return c.syncOrphan(key)
	}
	ns, name := client.SplitKey(key)
	cached, ok := ctrlutil.Get[*api.Job](c.jobInf, ns, name)
	if !ok {
		delete(c.lastErr, key)
		return nil
	}
	j := api.DeepCopyAs(cached)
	var pods []*api.Pod
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, ns) {
		if ctrlutil.IsControlledBy(p, j) {
			pods = append(pods, p)
		}
	}
	now := c.Sim().Now()
	if j.Status.StartTime == nil && !isFinished(j) {
		j.Status.StartTime = api.NewTimePtr(now)
	}
	if j.Status.UncountedTerminatedPods == nil {
		j.Status.UncountedTerminatedPods = &api.UncountedTerminatedPods{}
	}

	// Count finished pods exactly once (trackJobStatusAndRemoveFinalizers):
	// record their UIDs as uncounted, remove their finalizers, then move
	// them to the counters. A pod whose finalizer removal is in flight was
	// counted by an earlier sync; an uncounted UID whose pod lost its
	// finalizer is counted now, even if this cached Job predates the write
	// that counted it. An Indexed Job counts succeeded pods by their index
	// in status.completedIndexes instead of by UID.
	satisfied := c.exp.Satisfied(key) && c.fin.pending(key) == 0
	withFinalizer := map[string]bool{}
	for _, p := range pods {
		if hasTrackingFinalizer(p) && !c.fin.expecting(key, p.UID) {
			withFinalizer[p.UID] = true
		}
	}
	var active, terminating []*api.Pod
	var ready int32
	for _, p := range pods {
		switch {
		case ctrlutil.IsPodTerminating(p):
			terminating = append(terminating, p)
		case ctrlutil.IsPodActive(p):
			active = append(active, p)
			if ctrlutil.IsPodReady(p) {
				ready++
			}
		}
	}
	var ixs *indexedState
	if isIndexed(j) && j.Spec.Completions != nil {
		finishing := isFinished(j) || hasCondition(j, api.JobFailureTarget) || hasCondition(j, api.JobSuccessCriteriaMet)
		ixs = newIndexedState(j, pods, active, finishing)
	}
	flush := countUncountedWithoutFinalizers(&j.Status, withFinalizer)
	unc := j.Status.UncountedTerminatedPods
	var toRelease []*api.Pod
	for _, p := range pods {
		if !withFinalizer[p.UID] {
			continue
		}
		switch {
		case p.Status.Phase == api.PodSucceeded:
			if ixs == nil && !slices.Contains(unc.Succeeded, p.UID) {
				unc.Succeeded = append(unc.Succeeded, p.UID)
			}
			toRelease = append(toRelease, p)
		case p.Status.Phase == api.PodFailed || p.DeletionTimestamp != nil:
			// A deleted pod counts as failed: it may never reach Failed.
			action, msg, matched := "", "", false
			if p.Status.Phase == api.PodFailed {
				action, msg, matched = matchPodFailurePolicy(j.Spec.PodFailurePolicy, p)
			}
			if matched && action == ActionFailJob && !hasCondition(j, api.JobFailureTarget) && !hasCondition(j, api.JobSuccessCriteriaMet) && !isFinished(j) {
				c.setCondition(j, api.JobFailureTarget, api.JobReasonPodFailurePolicy, msg, now)
			}
			if ixs.holds(p) {
				continue // counted once its index's next pod exists
			}
			counts := ixs == nil || validIndex(p, ixs.completions) != noIndex
			if counts && !(matched && action == ActionIgnore) && !slices.Contains(unc.Failed, p.UID) {
				unc.Failed = append(unc.Failed, p.UID)
				c.lastErr[key] = now
			}
			toRelease = append(toRelease, p)
		}
	}
	if ixs != nil && ixs.record(&j.Status) {
		flush = true
	}
	if len(toRelease) > 0 {
		if err := c.writeStatus(j); err != nil {
			return err
		}
		if err := c.release(key, toRelease); err != nil {
			return err
		}
		countUncountedWithoutFinalizers(&j.Status, nil)
	} else if flush {
		if err := c.writeStatus(j); err != nil {
			return err
		}
	}

	// finish writes the counts as manageJob leaves them: the pods created
	// are active, the pods deleted terminating (the informers have not seen
	// either yet).
	finish := func(created int, deleted []*api.Pod) error {
		readyDeleted := 0
		for _, p := range deleted {
			if ctrlutil.IsPodReady(p) {
				readyDeleted++
			}
		}
		j.Status.Active = int32(len(active) + created - len(deleted))
		j.Status.Ready = ctrlutil.Ptr(ready - int32(readyDeleted))
		j.Status.Terminating = ctrlutil.Ptr(int32(len(terminating) + len(deleted)))
		held := 0
		if ixs != nil {
			held = len(ixs.held)
		}
		c.finishConditions(j, int(j.Status.Active+*j.Status.Terminating)+held, now)
		return c.writeStatus(j)
	}
	if !isFinished(j) && satisfied {
		async, deleted := c.decide(j, key, active, ixs, now, func(created int) error { return finish(created, nil) })
		if async {
			return nil // the status is written once the creations are in
		}
		if err := finish(0, deleted); err != nil {
			return err
		}
		if hasCondition(j, api.JobSuccessCriteriaMet) {
			// The pods stopped because the Job succeeded do not count as
			// failed: their finalizers go at once, once the status says so.
			return c.release(key, deleted)
		}
		return nil
	}
	return finish(0, nil)
}

// release removes the tracking finalizer of pods, expecting to see each
// removal.
func (c *Controller) release(key string, pods []*api.Pod) error {
	for _, p := range pods {
		if !hasTrackingFinalizer(p) {
			continue
		}
		c.fin.expectRemoval(key, p.UID)
		if err := c.removeFinalizer(p); err != nil {
			c.fin.removalObserved(key, p.UID)
			if !api.IsNotFound(err) {
				return err
			}
		}
	}
	return nil
}

// decide creates or deletes pods towards the wanted parallelism, or marks
// the Job as meeting its success or failure criteria. Creations go out as
// separate sim events in slow-start batches: decide then reports async and
// calls finish with the number created once they are in. Otherwise it
// returns the pods it deleted. ixs is nil unless the Job is Indexed.
func (c *Controller) decide(j *api.Job, key string, active []*api.Pod, ixs *indexedState, now time.Time, finish func(created int) error) (async bool, deleted []*api.Pod) {
	completions := j.Spec.Completions
	parallelism := ctrlutil.Int32(j.Spec.Parallelism, 1)
	backoffLimit := ctrlutil.Int32(j.Spec.BackoffLimit, 6)
	// A Job that met its success criteria is not failed afterwards; else
	// the failure checks come first, then the successPolicy.
	undecided := func() bool {
		return !hasCondition(j, api.JobFailureTarget) && !hasCondition(j, api.JobSuccessCriteriaMet)
	}
	if j.Status.Failed > backoffLimit && undecided() {
		c.setCondition(j, api.JobFailureTarget, api.JobReasonBackoffLimitExceeded, BackoffLimitMessage, now)
	}
	if ixs != nil && ixs.failed != nil && undecided() {
		if n := ixs.failed.total(); j.Spec.MaxFailedIndexes != nil && n > int(*j.Spec.MaxFailedIndexes) {
			c.setCondition(j, api.JobFailureTarget, api.JobReasonMaxFailedIndexesExceeded, MaxFailedIndexesMessage, now)
		} else if n > 0 && n+ixs.done.total() >= ixs.completions {
			c.setCondition(j, api.JobFailureTarget, api.JobReasonFailedIndexes, FailedIndexesMessage, now)
		}
	}
	if ixs != nil && undecided() {
		if msg, met := matchSuccessPolicy(j.Spec.SuccessPolicy, ixs.completions, ixs.done); met {
			c.setCondition(j, api.JobSuccessCriteriaMet, api.JobReasonSuccessPolicy, msg, now)
		}
	}
	succeeded := j.Status.Succeeded
	done := (completions != nil && succeeded >= *completions) || (completions == nil && succeeded > 0 && len(active) == 0)
	if done && undecided() {
		c.setCondition(j, api.JobSuccessCriteriaMet, api.JobReasonCompletionsReached, CompletionsReachedMessage, now)
	}
	if hasCondition(j, api.JobFailureTarget) || hasCondition(j, api.JobSuccessCriteriaMet) {
		return false, c.deletePods(j, active)
	}
	want := parallelism
	if completions != nil {
		want = min(parallelism, *completions-succeeded)
	} else if succeeded > 0 {
		want = 0
	}
	// Excess pods, and in an Indexed Job the pods of a repeated or invalid
	// index, go first; creations wait for the next sync.
	if rm := activePodsForRemoval(j, active, len(active)-int(want), now); len(rm) > 0 {
		return false, c.deletePods(j, rm)
	}
	diff := int(want) - len(active)
	if diff <= 0 {
		return false, nil
	}
	var indexes []int
	if ixs != nil {
		indexes = firstPendingIndexes(active, ixs.nonPending(), diff, ixs.completions)
		if hasBackoffLimitPerIndex(j) {
			var wait time.Duration
			if indexes, wait = ixs.readyToCreate(indexes, now); wait > 0 {
				c.Trace("", "jobs.batch", j.Namespace, j.Name, "Job %s/%s: index back-off, next pod in %v", j.Namespace, j.Name, wait)
				c.EnqueueAfter(key, wait)
				return false, nil
			}
		}
		if diff = len(indexes); diff == 0 {
			return false, nil
		}
	}
	if !hasBackoffLimitPerIndex(j) {
		if wait := c.backoff(j, key, now); wait > 0 {
			c.Trace("", "jobs.batch", j.Namespace, j.Name, "Job %s/%s: pod failure back-off, next pod in %v", j.Namespace, j.Name, wait)
			c.EnqueueAfter(key, wait)
			return false, nil
		}
	}
	c.exp.ExpectCreations(key, diff)
	ref := ctrlutil.NewControllerRef(j)
	next := 0
	c.SlowStartBatch(key, "create pods", diff, func() error {
		ix := noIndex
		if indexes != nil {
			ix, next = indexes[next], next+1
		}
		_, err := c.pc.CreatePod(c.podFor(j, &ref, ix, ixs), j)
		if err != nil {
			c.exp.CreationObserved(key)
		}
		return err
	}, func(created, attempted int, _ error) error {
		for i := attempted; i < diff; i++ {
			c.exp.CreationObserved(key)
		}
		return finish(created)
	})
	return true, nil
}

// deletePods deletes pods of j and returns those deleted (or already gone).
func (c *Controller) deletePods(j *api.Job, pods []*api.Pod) []*api.Pod {
	var deleted []*api.Pod
	for _, p := range pods {
		if err := c.pc.DeletePod(p.Namespace, p.Name, j); err == nil || api.IsNotFound(err) {
			deleted = append(deleted, p)
		}
	}
	return deleted
}

// backoff is how long new pods must wait after the last failure:
// 10s·2^(failures-1), at most 6 minutes.
func (c *Controller) backoff(j *api.Job, key string, now time.Time) time.Duration {
	last, ok := c.lastErr[key]
	if !ok || j.Status.Failed == 0 {
		return 0
	}
	d := DefaultPodFailureBackOff
	for i := int32(1); i < j.Status.Failed && d < MaxPodFailureBackOff; i++ {
		d *= 2
	}
	d = min(d, MaxPodFailureBackOff)
	return last.Add(d).Sub(now)
}

func (c *Controller) podFor(j *api.Job, ref *api.OwnerReference, ix int, ixs *indexedState) *api.Pod {
	p := ctrlutil.PodFromTemplate(&j.Spec.Template, j, ref)
	if p.Labels == nil {
		p.Labels = map[string]string{}
	}
	for k, v := range map[string]string{api.ControllerUidLabel: j.UID, api.JobNameLabel: j.Name, LegacyControllerUIDLabel: j.UID, LegacyJobNameLabel: j.Name} {
		if _, ok := p.Labels[k]; !ok {
			p.Labels[k] = v
		}
	}
	if ix != noIndex {
		// The index travels in an annotation and a label; every container
		// reads it as JOB_COMPLETION_INDEX; the pod's hostname is
		// <job>-<index> (manageJob).
		addCompletionIndexEnv(&p.Spec)
		if p.Annotations == nil {
			p.Annotations = map[string]string{}
		}
		p.Annotations[api.JobCompletionIndexAnnotation] = strconv.Itoa(ix)
		p.Labels[api.JobCompletionIndexAnnotation] = strconv.Itoa(ix)
		p.Spec.Hostname = fmt.Sprintf("%s-%d", j.Name, ix)
		p.GenerateName = indexedGenerateName(j.Name, ix)
		if hasBackoffLimitPerIndex(j) {
			count, ignored := newIndexFailureCounts(j, ixs.held[ix])
			p.Annotations[api.JobIndexFailureCountAnnotation] = strconv.Itoa(int(count))
			if ignored > 0 {
				p.Annotations[api.JobIndexIgnoredFailureCountAnnotation] = strconv.Itoa(int(ignored))
			}
		}
	}
	p.Finalizers = append(p.Finalizers, api.JobTrackingFinalizer)
	return p
}

// finishConditions turns FailureTarget into Failed and SuccessCriteriaMet
// into Complete once no pod is left running.
func (c *Controller) finishConditions(j *api.Job, running int, now time.Time) {
	if isFinished(j) || running > 0 {
		return
	}
	switch {
	case hasCondition(j, api.JobFailureTarget):
		// Failed carries the FailureTarget's reason: BackoffLimitExceeded,
		// or PodFailurePolicy with the matching rule's message.
		reason, msg := api.JobReasonBackoffLimitExceeded, BackoffLimitMessage
		for _, cond := range j.Status.Conditions {
			if cond.Type == api.JobFailureTarget {
				reason, msg = cond.Reason, cond.Message
			}
		}
		c.setCondition(j, api.JobFailed, reason, msg, now)
		c.rec.Event(j, api.EventTypeWarning, reason, msg)
	case hasCondition(j, api.JobSuccessCriteriaMet):
		// Complete carries SuccessCriteriaMet's reason: CompletionsReached,
		// or SuccessPolicy with the matched rule's message.
		reason, msg := api.JobReasonCompletionsReached, CompletionsReachedMessage
		for _, cond := range j.Status.Conditions {
			if cond.Type == api.JobSuccessCriteriaMet {
				reason, msg = cond.Reason, cond.Message
			}
		}
		c.setCondition(j, api.JobComplete, reason, msg, now)
		j.Status.CompletionTime = api.NewTimePtr(now)
		c.rec.Event(j, api.EventTypeNormal, "Completed", "Job completed")
	}
}

func (c *Controller) setCondition(j *api.Job, t api.JobConditionType, reason, msg string, now time.Time) {
	c.Trace("update", "jobs.batch", j.Namespace, j.Name, "Job %s/%s: %s (%s)", j.Namespace, j.Name, t, reason)
	j.Status.Conditions = append(j.Status.Conditions, api.JobCondition{Type: t, Status: api.ConditionTrue,
		LastProbeTime: api.NewTime(now), LastTransitionTime: api.NewTime(now), Reason: reason, Message: msg})
}

func (c *Controller) writeStatus(j *api.Job) error {
	cached, ok := ctrlutil.Get[*api.Job](c.jobInf, j.Namespace, j.Name)
	if ok && cached.ResourceVersion == j.ResourceVersion && jsonEqual(cached.Status, j.Status) {
		return nil
	}
	obj, err := c.c.Resource("jobs").Namespace(j.Namespace).UpdateStatus(j)
	if err != nil {
		return err
	}
	j.ResourceVersion = obj.GetObjectMeta().ResourceVersion
	return nil
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func (c *Controller) removeFinalizer(p *api.Pod) error {
	var keep []string
	for _, f := range p.Finalizers {
		if f != api.JobTrackingFinalizer {
			keep = append(keep, f)
		}
	}
	var v any = keep
	if len(keep) == 0 {
		v = nil
	}
	body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"finalizers": v, "uid": p.UID}})
	_, err := c.c.Resource("pods").Namespace(p.Namespace).Patch(p.Name, client.MergePatchType, body)
	return err
}
