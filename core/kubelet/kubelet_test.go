package kubelet

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
)

func TestANginxPodGoesFromPendingToRunning(t *testing.T) {
	e := newEnv(t)
	e.run(nginxPod("nginx"))
	var seen []string
	for i := 0; i < 60; i++ {
		e.s.Advance(100 * time.Millisecond)
		st := e.status("nginx")
		if len(seen) == 0 || seen[len(seen)-1] != st {
			seen = append(seen, st)
		}
	}
	diff(t, seen, []string{
		"Pending [nginx ContainerCreating]",
		"Running [nginx running, ready]",
	})
	diff(t, e.events("nginx"), []string{
		`Normal Pulling Pulling image "nginx"`,
		`Normal Pulled Successfully pulled image "nginx" in 1.699s (1.699s including waiting). Image size: 62958873 bytes.`,
		`Normal Created Container created`,
		`Normal Started Container started`,
	})
	p := e.pod("nginx")
	cs := p.Status.ContainerStatuses[0]
	if p.Status.PodIP != "10.244.1.2" || p.Status.HostIP != "172.18.0.3" || cs.Image != "docker.io/library/nginx:latest" ||
		!strings.HasPrefix(cs.ImageID, "docker.io/library/nginx@sha256:") || !strings.HasPrefix(cs.ContainerID, "containerd://") {
		t.Errorf("status = %+v", p.Status)
	}
	var conds []string
	for _, c := range p.Status.Conditions {
		conds = append(conds, string(c.Type)+"="+string(c.Status))
	}
	diff(t, conds, []string{"PodReadyToStartContainers=True", "Initialized=True", "Ready=True", "ContainersReady=True", "PodScheduled=True"})
}

func TestThePendingStatusNamesTheUnreadyContainers(t *testing.T) {
	e := newEnv(t)
	e.run(nginxPod("web"))
	e.s.Advance(100 * time.Millisecond)
	p := e.pod("web")
	var ready *api.PodCondition
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == api.PodReady {
			ready = &p.Status.Conditions[i]
		}
	}
	if ready == nil || ready.Reason != "ContainersNotReady" || ready.Message != "containers with unready status: [nginx]" {
		t.Errorf("Ready condition = %+v", ready)
	}
	if p.Status.StartTime == nil || p.Status.ContainerStatuses[0].State.Waiting.Reason != "ContainerCreating" {
		t.Errorf("status = %+v", p.Status)
	}
}

func TestASecondPodFindsTheImageAlreadyPresent(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("a", api.Container{Name: "web", Image: "nginx:1.27"}, ""))
	e.s.Advance(5 * time.Second)
	e.run(podWith("b", api.Container{Name: "web", Image: "nginx:1.27"}, ""))
	e.s.Advance(5 * time.Second)
	diff(t, e.events("b"), []string{
		`Normal Pulled Container image "nginx:1.27" already present on machine and can be accessed by the pod`,
		`Normal Created Container created`,
		`Normal Started Container started`,
	})
}

func TestPullsAreSerializedAndTheWaitShows(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("a", api.Container{Name: "db", Image: "redis:7"}, ""))
	e.run(podWith("b", api.Container{Name: "web", Image: "httpd:2.4"}, ""))
	e.s.Advance(10 * time.Second)
	got := e.events("b")
	if len(got) < 2 || got[1] != `Normal Pulled Successfully pulled image "httpd:2.4" in 1.592s (2.911s including waiting). Image size: 58148712 bytes.` {
		t.Errorf("events of b: %q", got)
	}
}

func TestATypoInTheImageEndsInImagePullBackOff(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("typo", api.Container{Name: "nginx", Image: "ngnix"}, ""))
	var seen []string
	var msgs []string
	for i := 0; i < 400; i++ {
		e.s.Advance(100 * time.Millisecond)
		p := e.pod("typo")
		st := summary(&p.Status)
		if len(seen) == 0 || seen[len(seen)-1] != st {
			seen = append(seen, st)
			if w := p.Status.ContainerStatuses[0].State.Waiting; w != nil {
				msgs = append(msgs, w.Message)
			}
		}
	}
	diff(t, seen, []string{
		"Pending [nginx ContainerCreating]",
		"Pending [nginx ErrImagePull]",
		"Pending [nginx ImagePullBackOff]",
		"Pending [nginx ErrImagePull]",
		"Pending [nginx ImagePullBackOff]",
		"Pending [nginx ErrImagePull]",
		"Pending [nginx ImagePullBackOff]",
	})
	// Docker Hub's "pull access denied" reaches the kubelet with gRPC code
	// Unknown, which its CRI client strips (cri-client remote_image.go;
	// issue 25): no "rpc error: code = ... desc = " prefix.
	wantErr := `failed to pull and unpack image "docker.io/library/ngnix:latest": failed to resolve reference "docker.io/library/ngnix:latest": pull access denied, repository does not exist or may require authorization: server message: insufficient_scope: authorization failed`
	if len(msgs) < 3 || msgs[1] != wantErr || msgs[2] != `Back-off pulling image "ngnix"` {
		t.Errorf("waiting messages = %q", msgs)
	}
	// Pulls at 0s, +10s and +20s after each failure: 3 pulls in 40s.
	diff(t, e.events("typo"), []string{
		`Normal Pulling Pulling image "ngnix" (x3)`,
		`Warning Failed Failed to pull image "ngnix": ` + wantErr + ` (x3)`,
		`Warning Failed Error: ErrImagePull (x3)`,
		`Normal BackOff Back-off pulling image "ngnix" (x4)`,
		`Warning Failed Error: ImagePullBackOff (x4)`,
	})
}

// A tag the repository does not publish (kubernetes.io "Troubleshooting
// Applications": nginx:1.277) fails with containerd's NotFound, which the
// kubelet keeps: ErrImagePull, then ImagePullBackOff.
func TestATagTheRepositoryDoesNotPublishIsNotFound(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("tag", api.Container{Name: "nginx", Image: "nginx:1.277"}, ""))
	e.s.Advance(15 * time.Second)
	want := `Failed to pull image "nginx:1.277": rpc error: code = NotFound desc = failed to pull and unpack image "docker.io/library/nginx:1.277": failed to resolve reference "docker.io/library/nginx:1.277": docker.io/library/nginx:1.277: not found`
	got := strings.Join(e.events("tag"), "\n")
	for _, w := range []string{"Warning Failed " + want, "Warning Failed Error: ErrImagePull", `Normal BackOff Back-off pulling image "nginx:1.277"`, "Warning Failed Error: ImagePullBackOff"} {
		if !strings.Contains(got, w) {
			t.Errorf("events lack %q:\n%s", w, got)
		}
	}
	if w := e.pod("tag").Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "ImagePullBackOff" {
		t.Errorf("waiting = %+v, want ImagePullBackOff", w)
	}
}

func TestARepositoryNoRegistryServesIsNotFound(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("old", api.Container{Name: "app", Image: "ghcr.io/app:v1"}, ""))
	e.s.Advance(3 * time.Second)
	want := `Warning Failed Failed to pull image "ghcr.io/app:v1": rpc error: code = NotFound desc = failed to pull and unpack image "ghcr.io/app:v1": failed to resolve reference "ghcr.io/app:v1": ghcr.io/app:v1: not found`
	if got := e.events("old"); len(got) < 2 || got[1] != want {
		t.Errorf("events = %q", got)
	}
}

func TestASchema1ImageFailsAsContainerd2FailsIt(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("slim", api.Container{Name: "nginx", Image: "registry.k8s.io/nginx-slim:0.8"}, ""))
	e.s.Advance(3 * time.Second)
	want := `Warning Failed Failed to pull image "registry.k8s.io/nginx-slim:0.8": rpc error: code = InvalidArgument desc = failed to pull and unpack image "registry.k8s.io/nginx-slim:0.8": schema 1 image manifests are no longer supported: invalid argument`
	if got := e.events("slim"); len(got) < 2 || got[1] != want {
		t.Errorf("events = %q", got)
	}
}

func TestADigestPinIsTheImageIDTheStatusReports(t *testing.T) {
	e := newEnv(t)
	digest := "sha256:" + strings.Repeat("9f8e7d6c5b4a3210", 4)
	e.run(podWith("pinned", api.Container{Name: "app", Image: "busybox:1.38.0@" + digest, Command: []string{"sleep", "3600"}}, ""))
	e.s.Advance(5 * time.Second)
	pod := e.pod("pinned")
	if len(pod.Status.ContainerStatuses) != 1 {
		t.Fatalf("statuses = %+v", pod.Status.ContainerStatuses)
	}
	cs := pod.Status.ContainerStatuses[0]
	if cs.ImageID != "docker.io/library/busybox@"+digest || cs.State.Running == nil {
		t.Errorf("image %s, imageID %s, state %+v; want the pinned digest, running", cs.Image, cs.ImageID, cs.State)
	}
}

func TestPullPolicyNeverWithoutTheImage(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("never", api.Container{Name: "app", Image: "redis:7", ImagePullPolicy: api.PullNever}, ""))
	e.s.Advance(2 * time.Second)
	diff(t, e.events("never"), []string{
		`Warning ErrImageNeverPull Container image "redis:7" is not present with pull policy of Never`,
		`Warning Failed Error: ErrImageNeverPull`,
	})
	if st := e.status("never"); st != "Pending [app ErrImageNeverPull]" {
		t.Errorf("status = %s", st)
	}
}

func TestAnUppercaseImageNameIsInvalid(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("bad", api.Container{Name: "app", Image: "Nginx"}, ""))
	e.s.Advance(2 * time.Second)
	diff(t, e.events("bad"), []string{
		`Warning InspectFailed Failed to apply default image tag "Nginx": couldn't parse image name "Nginx": invalid reference format: repository name (library/Nginx) must be lowercase`,
		`Warning Failed Error: InvalidImageName`,
	})
}
