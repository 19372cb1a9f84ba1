package cronjob

import (
	"fmt"
	"maps"
	"sort"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/cron"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name and its events' source component.
const Name = "cronjob-controller"

// ScheduledTimestampAnnotation records the time a Job was scheduled for.
const ScheduledTimestampAnnotation = "batch.kubernetes.io/cronjob-scheduled-timestamp"

// nextScheduleDelta is added to the wait for the next activation, as the
// controller does, so the sync runs just after it.
const nextScheduleDelta = 100 * time.Millisecond

// Controller is the CronJob controller.
type Controller struct {
	*ctrlutil.Loop
	c             *client.Client
	rec           *client.Recorder
	cjInf, jobInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		cjInf:  ctrlutil.NamespaceIndexed(ctx.Informers.Informer("cronjobs", "")),
		jobInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("jobs", "")),
	}
	c.rec = client.NewRecorder(c.c, Name, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.cjInf.AddEventHandler(client.Handler{OnAdd: c.EnqueueObject, OnUpdate: func(_, o api.Object) { c.EnqueueObject(o) }})
	owner := func(obj api.Object) {
		if ref := ctrlutil.GetControllerOf(obj); ref != nil && ref.Kind == "CronJob" {
			c.Enqueue(obj.GetObjectMeta().Namespace + "/" + ref.Name)
		}
	}
	c.jobInf.AddEventHandler(client.Handler{OnAdd: owner, OnUpdate: func(_, o api.Object) { owner(o) }, OnDelete: owner})
	return c
}

// JobName is getJobName: <cronjob>-<scheduled time in minutes since the epoch>.
func JobName(cj *api.CronJob, scheduled time.Time) string {
	return fmt.Sprintf("%s-%d", cj.Name, scheduled.Unix()/60)
}

func finished(j *api.Job) (api.JobConditionType, bool) {
	for _, cond := range j.Status.Conditions {
		if (cond.Type == "Complete" || cond.Type == "Failed") && cond.Status == api.ConditionTrue {
			return cond.Type, true
		}
	}
	return "", false
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	cj, ok := ctrlutil.Get[*api.CronJob](c.cjInf, ns, name)
	if !ok || cj.DeletionTimestamp != nil {
		return nil
	}
	var jobs []*api.Job
	for _, j := range ctrlutil.ListIn[*api.Job](c.jobInf, ns) {
		if ctrlutil.IsControlledBy(j, cj) {
			jobs = append(jobs, j)
		}
	}
	status := api.DeepCopyAs(&api.CronJob{Status: cj.Status}).Status
	changed := false
	// Active Jobs: forget the ones gone or finished.
	byName := map[string]*api.Job{}
	for _, j := range jobs {
		byName[j.Name] = j
	}
	var active []api.ObjectReference
	for _, ref := range status.Active {
		j, ok := byName[ref.Name]
		if !ok {
			// Not in the cache yet: ask the apiserver before calling it missing.
			if o, err := c.c.Resource("jobs").Namespace(ns).Get(ref.Name); err == nil {
				if live := o.(*api.Job); live.UID == ref.UID {
					active = append(active, ref)
					continue
				}
			} else if !api.IsNotFound(err) {
				return err
			}
			changed = true
			c.rec.Eventf(cj, api.EventTypeNormal, "MissingJob", "Active job went missing: %v", ref.Name)
			continue
		}
		if cond, done := finished(j); done {
			changed = true
			c.rec.Eventf(cj, api.EventTypeNormal, "SawCompletedJob", "Saw completed job: %s, condition: %v", j.Name, cond)
			if cond == "Complete" && j.Status.CompletionTime != nil &&
				(status.LastSuccessfulTime == nil || status.LastSuccessfulTime.Before(j.Status.CompletionTime.Time)) {
				status.LastSuccessfulTime = j.Status.CompletionTime
			}
			continue
		}
		active = append(active, ref)
	}
	// Jobs of ours that status does not list yet (adopted after a restart).
	for _, j := range jobs {
		if _, done := finished(j); done || j.DeletionTimestamp != nil {
			continue
		}
		listed := false
		for _, ref := range active {
			listed = listed || ref.UID == j.UID
		}
		if !listed {
			active = append(active, jobRef(j))
			changed = true
		}
	}
	status.Active = active
	if err := c.cleanupHistory(cj, jobs); err != nil {
		return err
	}
	sched, err := cron.Parse(cj.Spec.Schedule)
	if err != nil {
		c.rec.Eventf(cj, api.EventTypeWarning, "UnparseableSchedule", "unparseable schedule: %q : %s", cj.Spec.Schedule, err)
		return c.writeStatus(cj, status, changed)
	}
	now := c.Sim().Now()
	if cj.Spec.Suspend != nil && *cj.Spec.Suspend {
		return c.writeStatus(cj, status, changed)
	}
	scheduled, next := c.mostRecent(cj, sched, now)
	defer func() {
		if !next.IsZero() {
			c.EnqueueAfter(key, next.Sub(now)+nextScheduleDelta)
		}
	}()
	if scheduled.IsZero() {
		return c.writeStatus(cj, status, changed)
	}
	if d := cj.Spec.StartingDeadlineSeconds; d != nil && scheduled.Add(time.Duration(*d)*time.Second).Before(now) {
		c.rec.Eventf(cj, api.EventTypeWarning, "MissSchedule", "Missed scheduled time to start a job: %s", scheduled.UTC().Format(time.RFC1123Z))
		return c.writeStatus(cj, status, changed)
	}
	jobName := JobName(cj, scheduled)
	if _, exists := byName[jobName]; exists {
		return c.writeStatus(cj, status, changed)
	}
	switch cj.Spec.ConcurrencyPolicy {
	case api.ForbidConcurrent:
		if len(status.Active) > 0 {
			c.Trace("skip", "jobs", ns, jobName, "CronJob %s/%s: not starting job %s because a prior run is still active (concurrencyPolicy Forbid)", ns, cj.Name, jobName)
			return c.writeStatus(cj, status, changed)
		}
	case api.ReplaceConcurrent:
		for _, ref := range status.Active {
			if err := c.deleteJob(cj, ref.Name); err != nil {
				return err
			}
		}
		status.Active = nil
	}
	job := jobFromTemplate(cj, jobName, scheduled)
	c.Trace("create", "jobs", ns, jobName, "CronJob %s/%s: scheduled time %s: creating job %s", ns, cj.Name, scheduled.UTC().Format(time.RFC3339), jobName)
	created, err := c.c.Resource("jobs").Namespace(ns).Create(job)
	if err != nil {
		if api.IsAlreadyExists(err) {
			return c.writeStatus(cj, status, changed)
		}
		c.rec.Eventf(cj, api.EventTypeWarning, "FailedCreate", "Error creating job: %v", err)
		return err
	}
	c.rec.Eventf(cj, api.EventTypeNormal, "SuccessfulCreate", "Created job %v", created.GetObjectMeta().Name)
	status.Active = append(status.Active, jobRef(created.(*api.Job)))
	status.LastScheduleTime = api.NewTimePtr(scheduled)
	return c.writeStatus(cj, status, true)
}

func jobRef(j *api.Job) api.ObjectReference {
	return api.ObjectReference{Kind: "Job", Namespace: j.Namespace, Name: j.Name, UID: j.UID, APIVersion: "batch/v1", ResourceVersion: j.ResourceVersion}
}

// mostRecent returns the latest activation at or before now that is after
// the last scheduled time (zero if none), and the next one after now.
func (c *Controller) mostRecent(cj *api.CronJob, s *cron.Schedule, now time.Time) (time.Time, time.Time) {
	earliest := cj.CreationTimestamp.Time
	if cj.Status.LastScheduleTime != nil {
		earliest = cj.Status.LastScheduleTime.Time
	}
	var recent time.Time
	missed := 0
	t := s.Next(earliest)
	for !t.IsZero() && !t.After(now) {
		recent = t
		missed++
		t = s.Next(t)
	}
	if missed > 100 {
		c.rec.Eventf(cj, api.EventTypeWarning, "TooManyMissedTimes", "too many missed start times: %d. Set or decrease .spec.startingDeadlineSeconds or check clock skew", missed)
	}
	return recent, t
}

func jobFromTemplate(cj *api.CronJob, name string, scheduled time.Time) *api.Job {
	t := cj.Spec.JobTemplate
	annotations := maps.Clone(t.Annotations)
	if annotations == nil {
		annotations = map[string]string{}
	}
	annotations[ScheduledTimestampAnnotation] = scheduled.UTC().Format(time.RFC3339)
	ref := ctrlutil.NewControllerRef(cj)
	job := &api.Job{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: cj.Namespace, Labels: maps.Clone(t.Labels), Annotations: annotations,
			OwnerReferences: []api.OwnerReference{ref}},
		Spec: api.DeepCopyAs(&api.Job{Spec: t.Spec}).Spec,
	}
	return job
}

func (c *Controller) deleteJob(cj *api.CronJob, name string) error {
	_, err := c.c.Resource("jobs").Namespace(cj.Namespace).Delete(name, client.DeleteOptions{PropagationPolicy: "Background"})
	if err != nil && !api.IsNotFound(err) {
		c.rec.Eventf(cj, api.EventTypeWarning, "FailedDelete", "Deleted job: %v", err)
		return err
	}
	c.rec.Eventf(cj, api.EventTypeNormal, "SuccessfulDelete", "Deleted job %v", name)
	return nil
}

// cleanupHistory deletes the oldest finished Jobs beyond
// successfulJobsHistoryLimit and failedJobsHistoryLimit.
func (c *Controller) cleanupHistory(cj *api.CronJob, jobs []*api.Job) error {
	var ok, failed []*api.Job
	for _, j := range jobs {
		if j.DeletionTimestamp != nil {
			continue
		}
		switch cond, done := finished(j); {
		case done && cond == "Complete":
			ok = append(ok, j)
		case done:
			failed = append(failed, j)
		}
	}
	for _, set := range []struct {
		jobs  []*api.Job
		limit *int32
	}{{ok, cj.Spec.SuccessfulJobsHistoryLimit}, {failed, cj.Spec.FailedJobsHistoryLimit}} {
		if set.limit == nil || len(set.jobs) <= int(*set.limit) {
			continue
		}
		sort.Slice(set.jobs, func(a, b int) bool {
			ta, tb := set.jobs[a].Status.StartTime, set.jobs[b].Status.StartTime
			if ta == nil || tb == nil {
				return set.jobs[a].Name < set.jobs[b].Name
			}
			return ta.Before(tb.Time)
		})
		for _, j := range set.jobs[:len(set.jobs)-int(*set.limit)] {
			if err := c.deleteJob(cj, j.Name); err != nil {
				return err
			}
		}
	}
	return nil
}

func (c *Controller) writeStatus(cj *api.CronJob, status api.CronJobStatus, changed bool) error {
	if !changed {
		return nil
	}
	next := api.DeepCopyAs(cj)
	next.Status = status
	_, err := c.c.Resource("cronjobs").Namespace(cj.Namespace).UpdateStatus(next)
	return err
}
