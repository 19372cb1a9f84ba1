package kubelet

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/trace"
)

func sh(script string) []string { return []string{"sh", "-c", script} }

func TestACrashingContainerBacksOffTenSecondsDoublingToFiveMinutes(t *testing.T) {
	e := newEnv(t)
	pod := e.run(podWith("app", api.Container{Name: "app", Image: "busybox:1.36", Command: sh("echo boom; exit 1")}, ""))
	var msgs []string
	for i := 0; i < 400; i++ {
		e.s.Advance(time.Second)
		cs := e.pod("app").Status.ContainerStatuses[0]
		if w := cs.State.Waiting; w != nil && w.Reason == "CrashLoopBackOff" && (len(msgs) == 0 || msgs[len(msgs)-1] != w.Message) {
			msgs = append(msgs, w.Message)
		}
	}
	desc := fmt.Sprintf("app_default(%s)", pod.UID)
	var want []string
	for _, d := range []string{"10s", "20s", "40s", "1m20s", "2m40s", "5m0s"} {
		want = append(want, fmt.Sprintf("back-off %s restarting failed container=app pod=%s", d, desc))
	}
	diff(t, msgs, want)

	var starts []time.Time
	for _, r := range e.s.Trace.Records() {
		if r.Kind == trace.Action && r.Name == "app" && strings.HasPrefix(r.Message, "started container app") {
			starts = append(starts, r.Time)
		}
	}
	var gaps []string
	for i := 1; i < len(starts); i++ {
		gaps = append(gaps, starts[i].Sub(starts[i-1]).String())
	}
	diff(t, gaps, []string{"140ms", "10.14s", "20.14s", "40.14s", "1m20.14s", "2m40.14s"})

	cs := e.pod("app").Status.ContainerStatuses[0]
	last := cs.LastTerminationState.Terminated
	if cs.RestartCount != 6 || last == nil || last.ExitCode != 1 || last.Reason != "Error" || last.FinishedAt.IsZero() {
		t.Errorf("container status = %+v, last = %+v", cs, last)
	}
	if e.pod("app").Status.Phase != api.PodRunning {
		t.Errorf("phase = %s, want Running (restartPolicy Always)", e.pod("app").Status.Phase)
	}
	evs := e.events("app")
	if !contains(evs, fmt.Sprintf("Warning BackOff Back-off restarting failed container app in pod %s", desc)) {
		t.Errorf("no crash back-off event in %q", evs)
	}
}

func contains(l []string, prefix string) bool {
	for _, s := range l {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

func TestContainersEndAsTheirCommandsSay(t *testing.T) {
	tests := []struct {
		name   string
		c      api.Container
		policy api.RestartPolicy
		after  time.Duration
		phase  api.PodPhase
		state  string // summary
	}{
		{"a job-like pod that echoes succeeds", api.Container{Name: "job", Image: "busybox:1.36", Command: sh("echo done")}, api.RestartPolicyNever, 5 * time.Second,
			api.PodSucceeded, "Succeeded [job Completed (exit 0)]"},
		{"exit 3 with restartPolicy Never fails the pod", api.Container{Name: "job", Image: "busybox:1.36", Command: sh("exit 3")}, api.RestartPolicyNever, 5 * time.Second,
			api.PodFailed, "Failed [job Error (exit 3)]"},
		{"sleep 5 runs five seconds then completes", api.Container{Name: "job", Image: "busybox:1.36", Command: []string{"sleep", "5"}}, api.RestartPolicyOnFailure, 4 * time.Second,
			api.PodRunning, "Running [job running, ready]"},
		{"OnFailure restarts a failing container", api.Container{Name: "job", Image: "busybox:1.36", Command: sh("exit 1")}, api.RestartPolicyOnFailure, 5 * time.Second,
			api.PodRunning, "Running [job CrashLoopBackOff, 1 restarts]"},
		{"a memory limit below nginx's working set is an OOM kill", api.Container{Name: "web", Image: "nginx:1.27",
			Resources: api.ResourceRequirements{Limits: api.ResourceList{api.ResourceMemory: api.MustParse("4Mi")}}}, api.RestartPolicyNever, 5 * time.Second,
			api.PodFailed, "Failed [web OOMKilled (exit 137)]"},
		{"an unknown command in busybox's shell exits 127", api.Container{Name: "app", Image: "busybox:1.36", Command: sh("hello")}, api.RestartPolicyNever, 5 * time.Second,
			api.PodFailed, "Failed [app Error (exit 127)]"},
		{"a missing executable is a StartError", api.Container{Name: "app", Image: "busybox:1.36", Command: []string{"myapp"}}, api.RestartPolicyNever, 5 * time.Second,
			api.PodFailed, "Failed [app StartError (exit 128)]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.run(podWith("p", tt.c, tt.policy))
			e.s.Advance(tt.after)
			p := e.pod("p")
			if p.Status.Phase != tt.phase || summary(&p.Status) != tt.state {
				t.Errorf("got %s, want %s", summary(&p.Status), tt.state)
			}
		})
	}
}

func TestAFinishedPodReportsPodCompleted(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("job", api.Container{Name: "job", Image: "busybox:1.36", Command: sh("echo done")}, api.RestartPolicyNever))
	e.s.Advance(5 * time.Second)
	var got []string
	for _, c := range e.pod("job").Status.Conditions {
		got = append(got, fmt.Sprintf("%s=%s %s", c.Type, c.Status, c.Reason))
	}
	diff(t, got, []string{"PodReadyToStartContainers=False ", "Initialized=True PodCompleted", "Ready=False PodCompleted", "ContainersReady=False PodCompleted", "PodScheduled=True "})
	out, _, err := e.k.Logs("default", "job", "", false)
	if err != nil || out != "done\n" {
		t.Errorf("logs = %q, %v", out, err)
	}
}

func TestInitContainersRunFirstInOrder(t *testing.T) {
	e := newEnv(t)
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "init"}, Spec: api.PodSpec{
		InitContainers: []api.Container{{Name: "wait", Image: "busybox:1.36", Command: sh("sleep 2")}},
		Containers:     []api.Container{{Name: "web", Image: "nginx:1.27"}},
	}}
	e.run(pod)
	e.s.Advance(time.Second)
	if st := e.status("init"); st != "Pending [wait running; web PodInitializing]" {
		t.Errorf("during init: %s", st)
	}
	e.s.Advance(10 * time.Second)
	if st := e.status("init"); st != "Running [wait Completed (exit 0), ready; web running, ready]" {
		t.Errorf("after init: %s", st)
	}
}

func TestProbes(t *testing.T) {
	t.Run("a readiness probe on a closed port keeps the pod unready", func(t *testing.T) {
		e := newEnv(t)
		e.run(podWith("web", api.Container{Name: "nginx", Image: "nginx:1.27", ReadinessProbe: &api.Probe{
			ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/healthz", Port: api.FromInt32(8080)}}, PeriodSeconds: 10}}, ""))
		e.s.Advance(30 * time.Second)
		if st := e.status("web"); st != "Running [nginx running]" {
			t.Errorf("status = %s", st)
		}
		want := `Warning Unhealthy Readiness probe failed: Get "http://10.244.1.2:8080/healthz": dial tcp 10.244.1.2:8080: connect: connection refused`
		if evs := e.events("web"); !contains(evs, want) {
			t.Errorf("events = %q", evs)
		}
	})
	t.Run("a passing readiness probe makes the pod ready", func(t *testing.T) {
		e := newEnv(t)
		e.run(podWith("web", api.Container{Name: "nginx", Image: "nginx:1.27", ReadinessProbe: &api.Probe{
			ProbeHandler: api.ProbeHandler{HTTPGet: &api.HTTPGetAction{Path: "/", Port: api.FromInt32(80)}}, InitialDelaySeconds: 5}}, ""))
		e.s.Advance(4 * time.Second)
		if st := e.status("web"); st != "Running [nginx running]" {
			t.Errorf("before the first probe: %s", st)
		}
		e.s.Advance(5 * time.Second)
		if st := e.status("web"); st != "Running [nginx running, ready]" {
			t.Errorf("after the first probe: %s", st)
		}
	})
	t.Run("the docs' liveness exec example restarts the container", func(t *testing.T) {
		e := newEnv(t)
		e.run(podWith("liveness-exec", api.Container{Name: "liveness", Image: "registry.k8s.io/busybox:1.27.2", Args: sh("touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"),
			LivenessProbe: &api.Probe{ProbeHandler: api.ProbeHandler{Exec: &api.ExecAction{Command: []string{"cat", "/tmp/healthy"}}}, InitialDelaySeconds: 5, PeriodSeconds: 5}}, ""))
		e.s.Advance(40 * time.Second)
		if st := e.status("liveness-exec"); st != "Running [liveness running, ready]" {
			t.Errorf("at 40s: %s", st)
		}
		e.s.Advance(50 * time.Second)
		evs := e.events("liveness-exec")
		for _, want := range []string{
			`Warning Unhealthy Liveness probe failed: cat: can't open '/tmp/healthy': No such file or directory (x3)`,
			`Normal Killing Container liveness failed liveness probe, will be restarted`,
		} {
			if !contains(evs, want) {
				t.Errorf("no %q in %q", want, evs)
			}
		}
		cs := e.pod("liveness-exec").Status.ContainerStatuses[0]
		if cs.RestartCount != 1 || cs.LastTerminationState.Terminated == nil || cs.LastTerminationState.Terminated.ExitCode != 137 {
			t.Errorf("container status = %+v", cs)
		}
	})
}

func TestGracefulDeletion(t *testing.T) {
	tests := []struct {
		name  string
		c     api.Container
		gone  time.Duration // the pod is gone within
		still time.Duration // but not yet within
	}{
		{"nginx stops promptly", api.Container{Name: "nginx", Image: "nginx:1.27"}, time.Second, 100 * time.Millisecond},
		{"sleep as PID 1 ignores SIGTERM and waits out the grace period", api.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}}, 31 * time.Second, 29 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.run(podWith("p", tt.c, ""))
			e.s.Advance(5 * time.Second)
			if _, err := e.admin.Resource("pods").Namespace("default").Delete("p", client.DeleteOptions{}); err != nil {
				t.Fatal(err)
			}
			e.s.Advance(tt.still)
			if _, err := e.admin.Resource("pods").Namespace("default").Get("p"); err != nil {
				t.Fatalf("pod gone too soon: %v", err)
			}
			e.s.Advance(tt.gone - tt.still)
			if _, err := e.admin.Resource("pods").Namespace("default").Get("p"); !api.IsNotFound(err) {
				t.Errorf("pod still there: %v", err)
			}
			if evs := e.events("p"); !contains(evs, "Normal Killing Stopping container "+tt.c.Name) {
				t.Errorf("events = %q", evs)
			}
		})
	}
}

func TestLogs(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("web", api.Container{Name: "nginx", Image: "nginx:1.27"}, ""))
	e.run(podWith("crash", api.Container{Name: "app", Image: "busybox:1.36", Command: sh("echo starting; exit 1")}, ""))
	e.run(podWith("typo", api.Container{Name: "app", Image: "ngnix"}, ""))
	e.s.Advance(20 * time.Second)
	tests := []struct {
		name, pod, container string
		previous             bool
		want, err            string
	}{
		{"nginx prints its entrypoint", "web", "", false, "/docker-entrypoint.sh: Configuration complete; ready for start up", ""},
		{"a crashed container's last run", "crash", "app", false, "starting\n", ""},
		{"the run before with --previous", "crash", "app", true, "starting\n", ""},
		{"no previous run of nginx", "web", "nginx", true, "", `previous terminated container "nginx" in pod "web" not found`},
		{"an unknown container", "web", "sidecar", false, "", "container sidecar is not valid for pod web"},
		{"an image that cannot be pulled", "typo", "app", false, "", `container "app" in pod "typo" is waiting to start: trying and failing to pull image`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, found, err := e.k.Logs("default", tt.pod, tt.container, tt.previous)
			if !found {
				t.Fatal("pod not found")
			}
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Errorf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || !strings.Contains(out, tt.want) {
				t.Errorf("logs = %q, %v; want %q", out, err, tt.want)
			}
		})
	}
}

func TestChangingABarePodsImageRestartsTheContainer(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("web", api.Container{Name: "nginx", Image: "nginx:1.27"}, ""))
	e.s.Advance(5 * time.Second)
	patch := []byte(`{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}`)
	if _, err := e.admin.Resource("pods").Namespace("default").Patch("web", client.StrategicMergePatchType, patch); err != nil {
		t.Fatal(err)
	}
	e.s.Advance(10 * time.Second)
	cs := e.pod("web").Status.ContainerStatuses[0]
	if cs.Image != "docker.io/library/nginx:1.28" || cs.RestartCount != 1 || !cs.Ready {
		t.Errorf("container status = %+v", cs)
	}
	if evs := e.events("web"); !contains(evs, "Normal Killing Container nginx definition changed, will be restarted") {
		t.Errorf("events = %q", evs)
	}
}
