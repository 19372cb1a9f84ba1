package job

import (
	"fmt"
	"slices"

	"kubeplay/core/api"
)

// Pod failure policy actions (batch/v1).
const (
	ActionFailJob = "FailJob"
	ActionIgnore  = "Ignore"
	ActionCount   = "Count"
)

// matchPodFailurePolicy returns the action of the first rule of policy
// that a failed pod matches, with the message the Job's conditions carry
// (pkg/controller/job/pod_failure_policy.go). ok is false when no rule
// matches: the failure counts against backoffLimit.
func matchPodFailurePolicy(policy *api.PodFailurePolicy, p *api.Pod) (action string, msg string, ok bool) {
	if policy == nil {
		return "", "", false
	}
	for i, rule := range policy.Rules {
		if r := rule.OnExitCodes; r != nil {
			for _, cs := range append(append([]api.ContainerStatus(nil), p.Status.InitContainerStatuses...), p.Status.ContainerStatuses...) {
				t := cs.State.Terminated
				if t == nil || t.ExitCode == 0 || r.ContainerName != nil && *r.ContainerName != cs.Name {
					continue
				}
				if in := slices.Contains(r.Values, t.ExitCode); in == (r.Operator == "In") {
					return string(rule.Action), fmt.Sprintf("Container %s for pod %s/%s failed with exit code %d matching %s rule at index %d",
						cs.Name, p.Namespace, p.Name, t.ExitCode, rule.Action, i), true
				}
			}
		}
		for _, pat := range rule.OnPodConditions {
			for _, c := range p.Status.Conditions {
				if c.Type == pat.Type && c.Status == pat.Status {
					return string(rule.Action), fmt.Sprintf("Pod %s/%s has condition %s matching %s rule at index %d",
						p.Namespace, p.Name, c.Type, rule.Action, i), true
				}
			}
		}
	}
	return "", "", false
}
