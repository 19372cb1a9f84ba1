package printers

import (
	"testing"
	"time"

	"kubeplay/core/api"
)

func ptr[T any](v T) *T { return &v }

func running(ready bool) api.ContainerStatus {
	return api.ContainerStatus{Name: "c", Ready: ready, State: api.ContainerState{Running: &api.ContainerStateRunning{}}}
}

func waiting(reason string) api.ContainerStatus {
	return api.ContainerStatus{Name: "c", State: api.ContainerState{Waiting: &api.ContainerStateWaiting{Reason: reason}}}
}

func terminated(reason string, code, signal int32) api.ContainerStatus {
	return api.ContainerStatus{Name: "c", State: api.ContainerState{Terminated: &api.ContainerStateTerminated{Reason: reason, ExitCode: code, Signal: signal}}}
}

func pod(phase api.PodPhase, statuses ...api.ContainerStatus) *api.Pod {
	p := &api.Pod{Status: api.PodStatus{Phase: phase, ContainerStatuses: statuses}}
	for range statuses {
		p.Spec.Containers = append(p.Spec.Containers, api.Container{Name: "c"})
	}
	if len(statuses) == 0 {
		p.Spec.Containers = []api.Container{{Name: "c"}}
	}
	return p
}

func withInit(p *api.Pod, n int, statuses ...api.ContainerStatus) *api.Pod {
	for i := 0; i < n; i++ {
		p.Spec.InitContainers = append(p.Spec.InitContainers, api.Container{Name: "init"})
	}
	p.Status.InitContainerStatuses = statuses
	return p
}

func withConditions(p *api.Pod, conds ...api.PodCondition) *api.Pod {
	p.Status.Conditions = conds
	return p
}

func TestPodStatusFollowsPrintPod(t *testing.T) {
	deleted := func(p *api.Pod) *api.Pod { p.DeletionTimestamp = &api.Time{Time: time.Unix(1, 0)}; return p }
	reasoned := func(p *api.Pod, r string) *api.Pod { p.Status.Reason = r; return p }
	tests := []struct {
		name string
		pod  *api.Pod
		want string
	}{
		{"an unscheduled pod shows its phase", pod(api.PodPending), "Pending"},
		{"status.reason overrides the phase", reasoned(pod(api.PodFailed), "Evicted"), "Evicted"},
		{"a gated pod is SchedulingGated", withConditions(pod(api.PodPending), api.PodCondition{Type: api.PodScheduled, Status: api.ConditionFalse, Reason: "SchedulingGated"}), "SchedulingGated"},
		{"a succeeded init container is skipped", withInit(pod(api.PodRunning, running(true)), 1, terminated("Completed", 0, 0)), "Running"},
		{"a failed init container with a reason shows Init:reason", withInit(pod(api.PodPending, waiting("PodInitializing")), 1, terminated("Error", 1, 0)), "Init:Error"},
		{"a failed init container without reason shows its exit code", withInit(pod(api.PodPending), 1, terminated("", 2, 0)), "Init:ExitCode:2"},
		{"a signalled init container shows its signal", withInit(pod(api.PodPending), 1, terminated("", 137, 9)), "Init:Signal:9"},
		{"a waiting init container shows Init:reason", withInit(pod(api.PodPending), 1, waiting("CrashLoopBackOff")), "Init:CrashLoopBackOff"},
		{"a running init container shows progress", withInit(pod(api.PodPending), 2, terminated("Completed", 0, 0), running(false)), "Init:1/2"},
		{"PodInitializing counts as progress", withInit(pod(api.PodPending), 1, waiting("PodInitializing")), "Init:0/1"},
		{"a container being created shows ContainerCreating", pod(api.PodPending, waiting("ContainerCreating")), "ContainerCreating"},
		{"a crash-looping container shows CrashLoopBackOff", pod(api.PodRunning, waiting("CrashLoopBackOff")), "CrashLoopBackOff"},
		{"an exited container shows its reason", pod(api.PodSucceeded, terminated("Completed", 0, 0)), "Completed"},
		{"a failed container shows Error", pod(api.PodFailed, terminated("Error", 1, 0)), "Error"},
		{"a container without a reason shows its exit code", pod(api.PodFailed, terminated("", 3, 0)), "ExitCode:3"},
		{"a killed container shows its signal", pod(api.PodFailed, terminated("", 137, 9)), "Signal:9"},
		{"the first container's reason wins", pod(api.PodRunning, waiting("ErrImagePull"), waiting("ContainerCreating")), "ErrImagePull"},
		{"a ready running pod is Running", pod(api.PodRunning, running(true)), "Running"},
		{"Completed with a container still running and Ready is Running",
			withConditions(pod(api.PodRunning, terminated("Completed", 0, 0), running(true)), api.PodCondition{Type: api.PodReady, Status: api.ConditionTrue}), "Running"},
		{"Completed with a container still running but not Ready is NotReady",
			pod(api.PodRunning, running(true), terminated("Completed", 0, 0)), "NotReady"},
		{"a deleting pod is Terminating", deleted(pod(api.PodRunning, running(true))), "Terminating"},
		{"a deleting finished pod keeps its status", deleted(pod(api.PodSucceeded, terminated("Completed", 0, 0))), "Completed"},
		{"a deleting pod on a lost node is Unknown", reasoned(deleted(pod(api.PodRunning, running(true))), "NodeLost"), "Unknown"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PodStatus(tt.pod); got != tt.want {
				t.Errorf("PodStatus = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPodReadyCountsReadyRunningContainersAndSidecars(t *testing.T) {
	always := api.ContainerRestartPolicyAlways
	sidecar := &api.Pod{
		Spec: api.PodSpec{
			InitContainers: []api.Container{{Name: "proxy", RestartPolicy: &always}},
			Containers:     []api.Container{{Name: "app"}},
		},
		Status: api.PodStatus{
			Phase:                 api.PodRunning,
			Conditions:            []api.PodCondition{{Type: api.PodInitialized, Status: api.ConditionTrue}},
			InitContainerStatuses: []api.ContainerStatus{{Name: "proxy", Ready: true, Started: ptr(true), State: api.ContainerState{Running: &api.ContainerStateRunning{}}}},
			ContainerStatuses:     []api.ContainerStatus{{Name: "app", Ready: true, State: api.ContainerState{Running: &api.ContainerStateRunning{}}}},
		},
	}
	tests := []struct {
		name string
		pod  *api.Pod
		want string
	}{
		{"a pending pod is 0/1", pod(api.PodPending), "0/1"},
		{"a running ready container counts", pod(api.PodRunning, running(true)), "1/1"},
		{"a running unready container does not", pod(api.PodRunning, running(true), running(false)), "1/2"},
		{"a started sidecar counts in both numbers", sidecar, "2/2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := PodReady(tt.pod); got != tt.want {
				t.Errorf("PodReady = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestPodRestartsShowsTheLastRestartAge(t *testing.T) {
	now := time.Date(2026, 1, 5, 12, 0, 0, 0, time.UTC)
	p := pod(api.PodRunning, waiting("CrashLoopBackOff"))
	p.Status.ContainerStatuses[0].RestartCount = 3
	if got := PodRestarts(p, now); got != "3" {
		t.Errorf("without a last state: %q, want 3", got)
	}
	p.Status.ContainerStatuses[0].LastTerminationState.Terminated = &api.ContainerStateTerminated{FinishedAt: api.NewTime(now.Add(-45 * time.Second))}
	if got := PodRestarts(p, now); got != "3 (45s ago)" {
		t.Errorf("with a last state: %q, want %q", got, "3 (45s ago)")
	}
}
