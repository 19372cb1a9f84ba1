package kubelet

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
)

func TestContainersShareFilesThroughTheirPodsVolumes(t *testing.T) {
	mount := func(vol, path string) []api.VolumeMount { return []api.VolumeMount{{Name: vol, MountPath: path}} }
	tests := []struct {
		name string
		pod  *api.Pod
		logs string
	}{
		{"an init container's file in an emptyDir is there for the app container",
			&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever,
				InitContainers: []api.Container{{Name: "input", Image: "docker.io/library/bash", VolumeMounts: mount("input", "/input"),
					Command: []string{"bash", "-c", "items=(foo bar baz)\necho ${items[$INDEX]} > /input/data.txt\n"},
					Env:     []api.EnvVar{{Name: "INDEX", Value: "1"}}}},
				Containers: []api.Container{{Name: "worker", Image: "docker.io/library/busybox", VolumeMounts: mount("input", "/data"),
					Command: []string{"rev", "/data/data.txt"}}},
				Volumes: []api.Volume{{Name: "input", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}}}}},
			"rab\n"},
		{"a downward API volume holds the annotation and the labels",
			&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p", Labels: map[string]string{"app": "web", "tier": "front"},
				Annotations: map[string]string{api.JobCompletionIndexAnnotation: "3"}},
				Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever,
					Containers: []api.Container{{Name: "worker", Image: "docker.io/library/busybox", VolumeMounts: mount("info", "/etc/podinfo"),
						Command: []string{"sh", "-c", "cat /etc/podinfo/index; cat /etc/podinfo/labels"}}},
					Volumes: []api.Volume{{Name: "info", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{Items: []api.DownwardAPIVolumeFile{
						{Path: "index", FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']"}},
						{Path: "labels", FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.labels"}}}}}}}}},
			"3\napp=\"web\"\ntier=\"front\"\n"},
		{"a downward API volume holds the resources divided by their divisors, rounded up",
			&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever,
				Containers: []api.Container{{Name: "worker", Image: "busybox", VolumeMounts: mount("info", "/etc/podinfo"),
					Command: []string{"sh", "-c", "cat /etc/podinfo/cpu_request /etc/podinfo/cpu /etc/podinfo/mem_limit"},
					Resources: api.ResourceRequirements{Requests: api.ResourceList{api.ResourceCPU: api.MustParse("125m")},
						Limits: api.ResourceList{api.ResourceMemory: api.MustParse("64Mi")}}}},
				Volumes: []api.Volume{{Name: "info", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{Items: []api.DownwardAPIVolumeFile{
					{Path: "cpu_request", ResourceFieldRef: &api.ResourceFieldSelector{ContainerName: "worker", Resource: "requests.cpu", Divisor: api.MustParse("1m")}},
					{Path: "cpu", ResourceFieldRef: &api.ResourceFieldSelector{ContainerName: "worker", Resource: "requests.cpu"}},
					{Path: "mem_limit", ResourceFieldRef: &api.ResourceFieldSelector{ContainerName: "worker", Resource: "limits.memory", Divisor: api.MustParse("1Mi")}}}}}}}}},
			"125\n1\n64\n"},
		{"a volume the app container does not mount shows nothing",
			&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever,
				InitContainers: []api.Container{{Name: "input", Image: "busybox", VolumeMounts: mount("input", "/input"),
					Command: []string{"sh", "-c", "echo hi > /input/x"}}},
				Containers: []api.Container{{Name: "worker", Image: "busybox", Command: []string{"sh", "-c", "cat /input/x"}}},
				Volumes:    []api.Volume{{Name: "input", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}}}}},
			"cat: can't open '/input/x': No such file or directory\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			e.run(tt.pod)
			e.s.RunUntilIdle(time.Minute)
			out, _, err := e.k.Logs("default", "p", "worker", false)
			if err != nil || out != tt.logs {
				t.Errorf("logs = %q (%v), want %q", out, err, tt.logs)
			}
		})
	}
}

func TestAContainerReachesItsPodsOtherContainersOnLocalhost(t *testing.T) {
	always := api.ContainerRestartPolicyAlways
	e := newEnv(t)
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{
		InitContainers: []api.Container{{Name: "client", Image: "busybox", RestartPolicy: &always,
			Command: []string{"sh", "-c", "while true; do wget -qO- http://localhost:80 | head -n 4; sleep 5; done"}}},
		Containers: []api.Container{{Name: "web", Image: "nginx", Ports: []api.ContainerPort{{ContainerPort: 80}}}}}})
	e.s.RunUntil(e.s.Now().Add(time.Minute))
	out, _, err := e.k.Logs("default", "p", "client", false)
	if err != nil || !strings.HasPrefix(out, "wget: can't connect to remote host (127.0.0.1): Connection refused\n<!DOCTYPE html>\n") ||
		!strings.Contains(out, "<title>Welcome to nginx!</title>\n") {
		t.Errorf("logs = %q (%v): want refused before nginx starts, then its page", out, err)
	}
}

func TestNginxExitsWhenItsUpstreamDoesNotResolve(t *testing.T) {
	e := newEnv(t)
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{
		Containers: []api.Container{{Name: "worker", Image: "gcr.io/google-samples/hello-frontend:1.0"}}}})
	e.s.RunUntil(e.s.Now().Add(20 * time.Second))
	out, _, err := e.k.Logs("default", "p", "worker", false)
	if err != nil || !strings.HasSuffix(out, "nginx: [emerg] host not found in upstream \"hello\" in /etc/nginx/conf.d/frontend.conf:2\n") {
		t.Fatalf("logs = %q (%v), want nginx's emerg line", out, err)
	}
	if _, err := e.admin.Resource("services").Namespace("default").Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "hello"},
		Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}}}); err != nil {
		t.Fatal(err)
	}
	e.s.RunUntil(e.s.Now().Add(5 * time.Minute))
	if out, _, _ := e.k.Logs("default", "p", "worker", false); out != "" {
		t.Errorf("logs once the Service hello exists = %q, want nginx running quietly", out)
	}
}
