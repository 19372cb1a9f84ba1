package job

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
)

func indexedJob(completions, parallelism int32) *api.Job {
	j := pi(completions, parallelism, 6)
	j.Spec.CompletionMode = ptrTo(api.IndexedCompletion)
	j.Spec.Template.Spec.InitContainers = []api.Container{{Name: "input", Image: "docker.io/library/bash"}}
	j.Spec.Template.Spec.Subdomain = "workers"
	return j
}

func ptrTo[T any](v T) *T { return &v }

func index(p *api.Pod) string { return p.Annotations[api.JobCompletionIndexAnnotation] }

// podsByIndex groups the Job's pods by completion index, in creation order.
func podsByIndex(e *testenv.Env) map[string][]*api.Pod {
	pods := e.Pods("default", "batch.kubernetes.io/job-name=pi")
	slices.SortStableFunc(pods, func(a, b *api.Pod) int { return a.CreationTimestamp.Compare(b.CreationTimestamp.Time) })
	out := map[string][]*api.Pod{}
	for _, p := range pods {
		out[index(p)] = append(out[index(p)], p)
	}
	return out
}

func TestIndexIntervalsAreWrittenInTheCompressedForm(t *testing.T) {
	for _, tc := range []struct {
		name       string
		prev       string
		add        []int
		want       string
		wantTotal  int
		wantHas    []int
		wantHasNot []int
	}{
		{"nothing succeeded is empty", "", nil, "", 0, nil, []int{0}},
		{"one index", "", []int{3}, "3", 1, []int{3}, []int{2, 4}},
		{"a run of three or more is a range", "", []int{0, 1, 2, 4}, "0-2,4", 4, []int{0, 1, 2, 4}, []int{3, 5}},
		{"two consecutive indexes are listed", "", []int{5, 6}, "5,6", 2, []int{5, 6}, []int{4, 7}},
		{"new indexes merge into the previous ranges", "0-2,6", []int{3, 5}, "0-3,5,6", 6, []int{3, 5, 6}, []int{4}},
		{"a gap filled joins two ranges", "0-2,4-6", []int{3}, "0-6", 7, []int{0, 3, 6}, []int{7}},
		{"repeated indexes count once", "1,2", []int{1, 2}, "1,2", 2, []int{1, 2}, []int{0, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := parseIndexes(tc.prev, 10).withIndexes(tc.add)
			if got.String() != tc.want || got.total() != tc.wantTotal {
				t.Errorf("= %q (%d indexes), want %q (%d)", got.String(), got.total(), tc.want, tc.wantTotal)
			}
			for _, ix := range tc.wantHas {
				if !got.has(ix) {
					t.Errorf("has(%d) = false", ix)
				}
			}
			for _, ix := range tc.wantHasNot {
				if got.has(ix) {
					t.Errorf("has(%d) = true", ix)
				}
			}
		})
	}
	if got := parseIndexes("0-2,x,4-9,12", 6).String(); got != "0-2,4,5" {
		t.Errorf("indexes beyond completions and corrupted parts are dropped: %q", got)
	}
}

func TestThePendingIndexesAreTheLowestNeitherRunningNorDone(t *testing.T) {
	running := func(ixs ...int) []*api.Pod {
		var out []*api.Pod
		for _, ix := range ixs {
			out = append(out, &api.Pod{ObjectMeta: api.ObjectMeta{Annotations: map[string]string{api.JobCompletionIndexAnnotation: fmt.Sprint(ix)}}})
		}
		return out
	}
	for _, tc := range []struct {
		name        string
		active      []*api.Pod
		done        string
		count, comp int
		want        []int
	}{
		{"a new Job starts at 0", nil, "", 3, 5, []int{0, 1, 2}},
		{"running and succeeded indexes are skipped", running(1), "0,2", 2, 5, []int{3, 4}},
		{"never past completions", running(3), "0-2", 5, 5, []int{4}},
		{"a failed index comes back", running(0, 2), "1,3", 1, 5, []int{4}},
		{"a retried index is the lowest free", running(2, 3), "0,4", 2, 5, []int{1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := firstPendingIndexes(tc.active, parseIndexes(tc.done, tc.comp), tc.count, tc.comp); !slices.Equal(got, tc.want) {
				t.Errorf("= %v, want %v", got, tc.want)
			}
		})
	}
}

func TestAnIndexedPodsGenerateNameIsTheJobNameAndIndexCutTo58Characters(t *testing.T) {
	if got := indexedGenerateName("indexed-job", 4); got != "indexed-job-4-" {
		t.Errorf("= %q", got)
	}
	long := strings.Repeat("a", 60)
	if got := indexedGenerateName(long, 12); got != strings.Repeat("a", 54)+"-12-" || len(got) != 58 {
		t.Errorf("= %q (%d)", got, len(got))
	}
}

func TestAnIndexedJobRunsOnePodPerIndexParallelismAtATime(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Succeed = func(*api.Pod) bool { return true }
	e.ReadyAfter = 3 * time.Second
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(indexedJob(5, 3)))
	maxActive := 0
	e.Until(time.Minute, "complete", func() bool {
		maxActive = max(maxActive, len(e.ActivePods("default", "")))
		return cond(job(e), api.JobComplete) != nil
	})
	if maxActive != 3 {
		t.Errorf("%d pods ran at once, parallelism is 3", maxActive)
	}
	j := job(e)
	if j.Status.CompletedIndexes != "0-4" || j.Status.Succeeded != 5 || j.Status.Failed != 0 || j.Status.FailedIndexes != nil {
		t.Errorf("status = %+v", j.Status)
	}
	if c := cond(j, api.JobSuccessCriteriaMet); c == nil || c.Reason != "CompletionsReached" {
		t.Errorf("conditions = %+v", j.Status.Conditions)
	}
	byIndex := podsByIndex(e)
	if len(byIndex) != 5 {
		t.Fatalf("indexes %v", byIndex)
	}
	env := api.EnvVar{Name: "JOB_COMPLETION_INDEX", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{APIVersion: "v1",
		FieldPath: "metadata.labels['batch.kubernetes.io/job-completion-index']"}}}
	for ix := range 5 {
		pods := byIndex[fmt.Sprint(ix)]
		if len(pods) != 1 {
			t.Errorf("index %d has %d pods", ix, len(pods))
			continue
		}
		p := pods[0]
		prefix := fmt.Sprintf("pi-%d-", ix)
		if !strings.HasPrefix(p.Name, prefix) || len(p.Name) != len(prefix)+5 || p.GenerateName != prefix {
			t.Errorf("pod %s (generateName %q), want %s plus 5 characters", p.Name, p.GenerateName, prefix)
		}
		if p.Labels[api.JobCompletionIndexAnnotation] != fmt.Sprint(ix) || p.Labels["job-name"] != "pi" {
			t.Errorf("pod %s labels %v", p.Name, p.Labels)
		}
		if p.Spec.Hostname != fmt.Sprintf("pi-%d", ix) || p.Spec.Subdomain != "workers" {
			t.Errorf("pod %s hostname %q subdomain %q", p.Name, p.Spec.Hostname, p.Spec.Subdomain)
		}
		for _, c := range append(p.Spec.InitContainers, p.Spec.Containers...) {
			if n := len(c.Env); n == 0 || !jsonEqual(c.Env[n-1], env) {
				t.Errorf("pod %s container %s env %+v", p.Name, c.Name, c.Env)
			}
		}
	}
	if tmpl := j.Spec.Template.Spec.Containers[0]; len(tmpl.Env) != 0 {
		t.Errorf("the Job's template changed: %+v", tmpl.Env)
	}
}

func TestAnIndexedJobReportsTheIndexesDoneSoFar(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Succeed = func(p *api.Pod) bool { return index(p) != "3" }
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(indexedJob(5, 5)))
	e.Until(time.Minute, "four indexes done", func() bool { return job(e).Status.Succeeded == 4 })
	j := job(e)
	if j.Status.CompletedIndexes != "0-2,4" || j.Status.Active != 1 || cond(j, api.JobComplete) != nil {
		t.Errorf("status = %+v", j.Status)
	}
}

func TestAFailedIndexIsRetriedWithANewPodForTheSameIndex(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	failures := 0
	e.Fail = func(p *api.Pod) bool {
		if index(p) == "2" && failures < 2 {
			failures++
			return true
		}
		return false
	}
	e.Succeed = func(*api.Pod) bool { return true }
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(indexedJob(4, 2)))
	e.Until(2*time.Minute, "complete", func() bool { return cond(job(e), api.JobComplete) != nil })
	j := job(e)
	if j.Status.CompletedIndexes != "0-3" || j.Status.Succeeded != 4 || j.Status.Failed != 2 {
		t.Errorf("status = %+v", j.Status)
	}
	byIndex := podsByIndex(e)
	if got := len(byIndex["2"]); got != 3 {
		t.Errorf("index 2 ran %d pods, want 3 (two failures, one success)", got)
	}
	for _, ix := range []string{"0", "1", "3"} {
		if got := len(byIndex[ix]); got != 1 {
			t.Errorf("index %s ran %d pods", ix, got)
		}
	}
	for _, p := range byIndex["2"] {
		if !strings.HasPrefix(p.Name, "pi-2-") {
			t.Errorf("retry %s is not named for its index", p.Name)
		}
	}
}

func TestAnIndexOutOfRetriesFailsTheIndexedJob(t *testing.T) {
	for _, tc := range []struct {
		name       string
		maxFailed  *int32
		reason     string
		msg        string
		succeed    string // the indexes that succeed; the others run
		wantDone   string
		wantFailed string
		failedPods int32 // the stopped pods count as failed too
	}{
		{"the other indexes finish, then FailedIndexes", nil, "FailedIndexes", "Job has failed indexes", "023", "0,2,3", "1", 2},
		{"maxFailedIndexes 0 fails at the first, running indexes are stopped", ptrTo(int32(0)), "MaxFailedIndexesExceeded",
			"Job has exceeded the specified maximal number of failed indexes", "0", "0", "1", 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := testenv.New(t, "demo-worker")
			e.Fail = func(p *api.Pod) bool { return index(p) == "1" }
			e.Succeed = func(p *api.Pod) bool { return strings.Contains(tc.succeed, index(p)) }
			e.Start(New(e.Ctx))
			j := indexedJob(4, 4)
			j.Spec.BackoffLimitPerIndex = ptrTo(int32(1))
			j.Spec.MaxFailedIndexes = tc.maxFailed
			e.Must(e.Admin.Resource("jobs").Create(j))
			e.Until(3*time.Minute, "failed", func() bool { return cond(job(e), api.JobFailed) != nil })
			j = job(e)
			if c := cond(j, api.JobFailed); c.Reason != tc.reason || c.Message != tc.msg || cond(j, api.JobFailureTarget) == nil {
				t.Errorf("conditions = %+v", j.Status.Conditions)
			}
			if j.Status.FailedIndexes == nil || *j.Status.FailedIndexes != tc.wantFailed || j.Status.CompletedIndexes != tc.wantDone || j.Status.Failed != tc.failedPods {
				t.Errorf("status = %+v", j.Status)
			}
			if active := e.ActivePods("default", ""); len(active) != 0 || j.Status.Active != 0 {
				t.Errorf("%d pods still run, status.active %d", len(active), j.Status.Active)
			}
			retries := podsByIndex(e)["1"]
			if len(retries) != 2 {
				t.Fatalf("index 1 ran %d pods, want 2 (backoffLimitPerIndex 1)", len(retries))
			}
			for i, p := range retries {
				if got := p.Annotations[api.JobIndexFailureCountAnnotation]; got != fmt.Sprint(i) || len(p.Finalizers) != 0 {
					t.Errorf("pod %s failure count %q finalizers %v", p.Name, got, p.Finalizers)
				}
			}
			if gap := retries[1].CreationTimestamp.Sub(retries[0].CreationTimestamp.Time); gap < 10*time.Second || gap > 15*time.Second {
				t.Errorf("the retry came %v after the first pod, want the 10s back-off", gap)
			}
		})
	}
}

// Indexed counterpart of TestAJobRunsExactlyItsCompletionsPodsWhateverTheInformersLag.
func TestAnIndexedJobRunsOnePodPerIndexWhateverTheInformersLag(t *testing.T) {
	for seed := uint64(1); seed <= 30; seed++ {
		e := testenv.NewSeeded(t, seed, "demo-worker", "demo-worker2")
		e.Succeed = func(p *api.Pod) bool { return p.Labels["job-name"] == "pi" }
		e.Start(New(e.Ctx))
		e.Must(e.Admin.Resource("jobs").Create(indexedJob(4, 3)))
		e.Until(time.Minute, "complete", func() bool { return cond(job(e), api.JobComplete) != nil })
		e.Run(30 * time.Second)
		j := job(e)
		if pods := e.Pods("default", ""); len(pods) != 4 || j.Status.CompletedIndexes != "0-3" || j.Status.Succeeded != 4 {
			t.Errorf("seed %d: %d pods, status %+v", seed, len(pods), j.Status)
		}
	}
}

func TestScalingDownAnElasticIndexedJobRemovesTheIndexesPastCompletions(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(indexedJob(4, 4)))
	e.Until(time.Minute, "four pods run", func() bool { return len(e.ActivePods("default", "")) == 4 })
	j := job(e)
	j.Spec.Completions, j.Spec.Parallelism = ptrTo(int32(2)), ptrTo(int32(2))
	e.Must(e.Admin.Resource("jobs").Namespace("default").Update(j))
	e.Until(time.Minute, "two pods run", func() bool { return len(e.ActivePods("default", "")) == 2 })
	e.Run(10 * time.Second)
	var left []string
	for _, p := range e.ActivePods("default", "") {
		left = append(left, index(p))
	}
	slices.Sort(left)
	if !slices.Equal(left, []string{"0", "1"}) || job(e).Status.Active != 2 {
		t.Errorf("indexes still running %v, status.active %d", left, job(e).Status.Active)
	}
}

func TestDeletingAJobReleasesThePodsItStillTracks(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("jobs").Create(indexedJob(3, 3)))
	e.Until(time.Minute, "three pods run", func() bool { return len(e.ActivePods("default", "")) == 3 })
	if _, err := e.Admin.Resource("jobs").Namespace("default").Delete("pi", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "no finalizer left", func() bool {
		for _, p := range e.Pods("default", "") {
			if len(p.Finalizers) > 0 {
				return false
			}
		}
		return true
	})
}
