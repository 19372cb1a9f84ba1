package job

import (
	"sort"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
)

func pi(completions, parallelism, backoff int32) *api.Job {
	return &api.Job{
		ObjectMeta: api.ObjectMeta{Name: "pi", Namespace: "default"},
		Spec: api.JobSpec{Completions: &completions, Parallelism: &parallelism, BackoffLimit: &backoff,
			Template: api.PodTemplateSpec{Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever,
				Containers: []api.Container{{Name: "pi", Image: "perl:5.34.0"}}}}},
	}
}

func job(e *testenv.Env) *api.Job { return e.Get("jobs", "default", "pi").(*api.Job) }

func cond(j *api.Job, t api.JobConditionType) *api.JobCondition {
	for i := range j.Status.Conditions {
		if j.Status.Conditions[i].Type == t {
			return &j.Status.Conditions[i]
		}
	}
	return nil
}

func TestAJobRunsItsCompletionsParallelismAtATimeAndCompletes(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Succeed = func(*api.Pod) bool { return true }
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(pi(3, 2, 6)))
	maxActive := 0
	e.Until(time.Minute, "complete", func() bool {
		if n := len(e.ActivePods("default", "")); n > maxActive {
			maxActive = n
		}
		return cond(job(e), api.JobComplete) != nil
	})
	if maxActive > 2 {
		t.Errorf("%d pods ran at once, parallelism is 2", maxActive)
	}
	j := job(e)
	if j.Status.Succeeded != 3 || j.Status.Failed != 0 || j.Status.Active != 0 || j.Status.CompletionTime == nil || j.Status.StartTime == nil {
		t.Errorf("status = %+v", j.Status)
	}
	if c := cond(j, api.JobComplete); c.Reason != "CompletionsReached" || c.Message != "Reached expected number of succeeded pods" {
		t.Errorf("Complete = %+v", c)
	}
	if cond(j, api.JobSuccessCriteriaMet) == nil {
		t.Error("no SuccessCriteriaMet condition")
	}
	pods := e.Pods("default", "batch.kubernetes.io/job-name=pi")
	if len(pods) != 3 {
		t.Fatalf("%d pods", len(pods))
	}
	for _, p := range pods {
		if p.Labels["batch.kubernetes.io/controller-uid"] != j.UID || p.Labels["job-name"] != "pi" || len(p.Finalizers) != 0 || !strings.HasPrefix(p.Name, "pi-") {
			t.Errorf("pod %s labels %v finalizers %v", p.Name, p.Labels, p.Finalizers)
		}
	}
	evs := e.Events("default", "Job")
	if last := evs[len(evs)-1]; last != "Normal Completed Job completed" || !strings.HasPrefix(evs[0], "Normal SuccessfulCreate Created pod: pi-") {
		t.Errorf("events = %q", evs)
	}
}

func TestAJobFailsOnceMoreThanBackoffLimitPodsFailWithGrowingBackOff(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Fail = func(*api.Pod) bool { return true }
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(pi(1, 1, 2)))
	e.Until(5*time.Minute, "failed", func() bool { return cond(job(e), api.JobFailed) != nil })
	j := job(e)
	if j.Status.Failed != 3 || j.Status.Succeeded != 0 {
		t.Errorf("status = %+v", j.Status)
	}
	c := cond(j, api.JobFailed)
	if c.Reason != "BackoffLimitExceeded" || c.Message != "Job has reached the specified backoff limit" || cond(j, api.JobFailureTarget) == nil {
		t.Errorf("conditions = %+v", j.Status.Conditions)
	}
	// Creation times: back-off of 10s then 20s after each failure.
	var created []time.Time
	for _, p := range e.Pods("default", "") {
		created = append(created, p.CreationTimestamp.Time)
	}
	sort.Slice(created, func(i, j int) bool { return created[i].Before(created[j]) })
	if len(created) != 3 {
		t.Fatalf("%d pods", len(created))
	}
	gaps := []time.Duration{created[1].Sub(created[0]), created[2].Sub(created[1])}
	if gaps[0] < 10*time.Second || gaps[0] > 15*time.Second || gaps[1] < 20*time.Second || gaps[1] > 25*time.Second {
		t.Errorf("gaps between attempts = %v, want about 10s then 20s", gaps)
	}
	found := false
	for _, ev := range e.Events("default", "Job") {
		found = found || ev == "Warning BackoffLimitExceeded Job has reached the specified backoff limit"
	}
	if !found {
		t.Errorf("events = %q", e.Events("default", "Job"))
	}
}

// Regression: the sync that counted a succeeded pod wrote the Job's status
// twice (uncounted UID, then the counter) and removed the pod's finalizer in
// between. When the Job informer delivered the intermediate status after the
// pod update, the next sync saw a succeeded pod without finalizer, a Job with
// succeeded=0, and created a second pod: COMPLETIONS 2/1.
func TestAJobRunsExactlyItsCompletionsPodsWhateverTheInformersLag(t *testing.T) {
	for _, tc := range []struct {
		name                     string
		completions, parallelism int32
	}{
		{"one completion runs one pod", 1, 1},
		{"three completions two at a time run three pods", 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 40; seed++ {
				e := testenv.NewSeeded(t, seed, "demo-worker", "demo-worker2")
				e.Succeed = func(p *api.Pod) bool { return p.Labels["job-name"] == "pi" }
				e.Start(New(e.Ctx))
				e.Must(e.Admin.Resource("jobs").Create(pi(tc.completions, tc.parallelism, 6)))
				e.Until(time.Minute, "complete", func() bool { return cond(job(e), api.JobComplete) != nil })
				e.Run(30 * time.Second)
				j := job(e)
				if pods := e.Pods("default", ""); int32(len(pods)) != tc.completions || j.Status.Succeeded != tc.completions || j.Status.Failed != 0 {
					t.Errorf("seed %d: %d pods, succeeded %d, failed %d; want %d pods, %d/%d",
						seed, len(pods), j.Status.Succeeded, j.Status.Failed, tc.completions, tc.completions, tc.completions)
				}
			}
		})
	}
}
