package job

import (
	"testing"

	"kubeplay/core/api"
)

func TestPodFailurePolicyMatchesTheDocsRules(t *testing.T) {
	main := "main"
	policy := &api.PodFailurePolicy{Rules: []api.PodFailurePolicyRule{
		{Action: ActionFailJob, OnExitCodes: &api.PodFailurePolicyOnExitCodesRequirement{ContainerName: &main, Operator: "In", Values: []int32{42}}},
		{Action: ActionIgnore, OnPodConditions: []api.PodFailurePolicyOnPodConditionsPattern{{Type: "DisruptionTarget", Status: api.ConditionTrue}}},
	}}
	failed := func(code int32, conds ...api.PodCondition) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{Namespace: "default", Name: "job-abcde"}, Status: api.PodStatus{Phase: api.PodFailed, Conditions: conds,
			ContainerStatuses: []api.ContainerStatus{{Name: "main", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{ExitCode: code}}}}}}
	}
	tests := []struct {
		name   string
		pod    *api.Pod
		action string
		msg    string
	}{
		{"exit 42 fails the Job", failed(42), ActionFailJob, "Container main for pod default/job-abcde failed with exit code 42 matching FailJob rule at index 0"},
		{"a disruption is ignored", failed(137, api.PodCondition{Type: "DisruptionTarget", Status: api.ConditionTrue}), ActionIgnore,
			"Pod default/job-abcde has condition DisruptionTarget matching Ignore rule at index 1"},
		{"another exit code counts", failed(1), "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			action, msg, _ := matchPodFailurePolicy(policy, tt.pod)
			if action != tt.action || msg != tt.msg {
				t.Errorf("got %q %q, want %q %q", action, msg, tt.action, tt.msg)
			}
		})
	}
}
