package kubelet

import (
	"testing"
	"time"

	"kubeplay/core/api"
)

// The docs' sidecar example (application/deployment-sidecar.yaml): a log
// shipper started as a restartable init container before the app.
func sidecarPod(name string, policy api.RestartPolicy, app string, probe *api.Probe) *api.Pod {
	always := api.ContainerRestartPolicyAlways
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name}, Spec: api.PodSpec{RestartPolicy: policy,
		InitContainers: []api.Container{{Name: "logshipper", Image: "alpine:latest", RestartPolicy: &always,
			Command: []string{"sh", "-c", "touch /opt/ready; tail -F /opt/logs.txt"}, StartupProbe: probe, ReadinessProbe: probe}},
		Containers: []api.Container{{Name: "myapp", Image: "alpine:latest", Command: []string{"sh", "-c", app}}}}}
}

func TestANativeSidecarStartsFirstAndKeepsRunning(t *testing.T) {
	probe := &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"cat", "/opt/ready"}}}, PeriodSeconds: 1, InitialDelaySeconds: 10}
	e := newEnv(t)
	e.run(sidecarPod("web", "", `while true; do echo "logging" >> /opt/logs.txt; sleep 1; done`, probe))
	e.s.Advance(3 * time.Second)
	if got, want := e.status("web"), "Pending [logshipper running; myapp PodInitializing]"; got != want {
		t.Errorf("before the startup probe passes: %s, want %s", got, want)
	}
	e.s.Advance(30 * time.Second)
	if got, want := e.status("web"), "Running [logshipper running, ready; myapp running, ready]"; got != want {
		t.Errorf("status = %s, want %s", got, want)
	}
	pod := e.pod("web")
	for _, c := range pod.Status.Conditions {
		if c.Status != api.ConditionTrue {
			t.Errorf("condition %s is %s (%s)", c.Type, c.Status, c.Message)
		}
	}
	// The sidecar started (its startup probe passed) before the app started.
	side, app := pod.Status.InitContainerStatuses[0].State.Running, pod.Status.ContainerStatuses[0].State.Running
	if side == nil || app == nil || !app.StartedAt.Time.After(side.StartedAt.Time.Add(10*time.Second)) {
		t.Errorf("sidecar started %v, app %v: want the app after the sidecar's startup probe", side, app)
	}
}

func TestAJobPodWithASidecarCompletes(t *testing.T) {
	e := newEnv(t)
	e.run(sidecarPod("job", api.RestartPolicyNever, "echo done; sleep 2", nil))
	e.s.Advance(30 * time.Second)
	if got, want := e.status("job"), "Succeeded [logshipper Error (exit 137); myapp Completed (exit 0)]"; got != want {
		t.Errorf("status = %s, want %s", got, want)
	}
}
