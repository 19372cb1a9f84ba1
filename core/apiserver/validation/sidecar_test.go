package validation

import (
	"strings"
	"testing"

	"kubeplay/core/api"
)

func TestProbesAreAllowedOnSidecarsOnly(t *testing.T) {
	always := api.ContainerRestartPolicyAlways
	probe := &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"cat", "/opt/ready"}}},
		TimeoutSeconds: 1, PeriodSeconds: 10, SuccessThreshold: 1, FailureThreshold: 3}
	pod := func(policy *api.ContainerRestartPolicy) *api.Pod {
		return &api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Namespace: "default"}, Spec: api.PodSpec{
			InitContainers: []api.Container{{Name: "logshipper", Image: "alpine", RestartPolicy: policy, StartupProbe: probe, ReadinessProbe: probe,
				TerminationMessagePolicy: "File", ImagePullPolicy: "Always"}},
			Containers:    []api.Container{{Name: "app", Image: "alpine", TerminationMessagePolicy: "File", ImagePullPolicy: "Always"}},
			RestartPolicy: "Always", DNSPolicy: "ClusterFirst"}}
	}
	for _, e := range ValidatePod(pod(&always)) {
		if strings.Contains(e.Field, "initContainers") {
			t.Errorf("a sidecar's probes refused: %v", e)
		}
	}
	errs := ValidatePod(pod(nil))
	found := false
	for _, e := range errs {
		if e.Field == "spec.initContainers[0].startupProbe" && strings.Contains(e.Error(), "may not be set for init containers without restartPolicy=Always") {
			found = true
		}
	}
	if !found {
		t.Errorf("a regular init container's probe is accepted: %v", errs)
	}
}
