package job

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
)

func TestASuccessPolicyRuleIsMetByItsIndexesOrItsCount(t *testing.T) {
	rule := func(indexes string, count int32) api.SuccessPolicyRule {
		var r api.SuccessPolicyRule
		if indexes != "" {
			r.SucceededIndexes = &indexes
		}
		if count > 0 {
			r.SucceededCount = &count
		}
		return r
	}
	for _, tc := range []struct {
		name  string
		rules []api.SuccessPolicyRule
		done  string
		want  string
	}{
		{"one of the named indexes suffices with succeededCount 1", []api.SuccessPolicyRule{rule("0,2-3", 1)}, "2", "Matched rules at index 0"},
		{"an index outside the rule does not count", []api.SuccessPolicyRule{rule("0,2-3", 1)}, "1,4-9", ""},
		{"every named index without succeededCount", []api.SuccessPolicyRule{rule("0-2", 0)}, "0,1", ""},
		{"every named index done", []api.SuccessPolicyRule{rule("0-2", 0)}, "0-3", "Matched rules at index 0"},
		{"succeededCount alone counts any index", []api.SuccessPolicyRule{rule("", 3)}, "1,5,7", "Matched rules at index 0"},
		{"the first matching rule is reported", []api.SuccessPolicyRule{rule("8,9", 0), rule("", 2), rule("1", 0)}, "1,4", "Matched rules at index 1"},
		{"indexes beyond completions are dropped", []api.SuccessPolicyRule{rule("12-14", 0), rule("4,15", 0)}, "4", "Matched rules at index 1"},
		{"nothing succeeded matches nothing", []api.SuccessPolicyRule{rule("", 1)}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg, met := matchSuccessPolicy(&api.SuccessPolicy{Rules: tc.rules}, 10, parseIndexes(tc.done, 10))
			if msg != tc.want || met != (tc.want != "") {
				t.Errorf("= %q, %v; want %q", msg, met, tc.want)
			}
		})
	}
}

// The docs' job-success-policy.yaml: ten indexes; index 2 succeeds, the
// others would run on. The Job succeeds by its policy, stops the others
// without counting them as failed, and completes once they are gone.
func TestAnIndexedJobMeetingItsSuccessPolicyStopsTheRestAndCompletes(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Succeed = func(p *api.Pod) bool { return index(p) == "2" }
	e.Start(New(e.Ctx))
	j := indexedJob(10, 10)
	j.Spec.SuccessPolicy = &api.SuccessPolicy{Rules: []api.SuccessPolicyRule{{SucceededIndexes: ptrTo("0,2-3"), SucceededCount: ptrTo(int32(1))}}}
	e.Must(e.Admin.Resource("jobs").Create(j))
	e.Until(time.Minute, "complete", func() bool { return cond(job(e), api.JobComplete) != nil })
	j = job(e)
	if j.Status.Succeeded != 1 || j.Status.CompletedIndexes != "2" || j.Status.Failed != 0 || j.Status.Active != 0 || j.Status.CompletionTime == nil {
		t.Errorf("status = %+v", j.Status)
	}
	var types []api.JobConditionType
	for _, c := range j.Status.Conditions {
		types = append(types, c.Type)
		if c.Reason != api.JobReasonSuccessPolicy || c.Message != "Matched rules at index 0" {
			t.Errorf("condition %s: reason %q, message %q", c.Type, c.Reason, c.Message)
		}
	}
	if len(types) != 2 || types[0] != api.JobSuccessCriteriaMet || types[1] != api.JobComplete {
		t.Errorf("conditions %v, want SuccessCriteriaMet then Complete", types)
	}
	if left := e.Pods("default", "batch.kubernetes.io/job-name=pi"); len(left) != 1 || index(left[0]) != "2" {
		t.Errorf("%d pods left", len(left))
	}
}
