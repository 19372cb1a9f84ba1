package kubelet

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
)

// exec runs a command in a container as kubectl exec does and returns
// what it printed.
func (e *env) exec(pod, container string, command ...string) string {
	e.t.Helper()
	out, _, found, err := e.k.Exec("default", pod, container, command, nil)
	if !found || err != nil {
		e.t.Fatalf("exec %s %v: found %v, %v", pod, command, found, err)
	}
	return out
}

func (e *env) wait(d time.Duration) { e.s.RunUntil(e.s.Now().Add(d)) }

func mountAt(vol, path string) []api.VolumeMount {
	return []api.VolumeMount{{Name: vol, MountPath: path}}
}

func emptyDirVolume(name string) api.Volume {
	return api.Volume{Name: name, VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{}}}
}

func int64p(v int64) *int64 { return &v }

// "Communicate Between Containers in the Same Pod Using a Shared Volume"
// (kubernetes.io/docs/tasks/access-application-cluster/communicate-containers-same-pod-shared-volume/):
// what debian-container writes in the emptyDir, nginx serves; what a
// kubectl exec writes there, the other container reads.
func TestTwoContainersShareAnEmptyDir(t *testing.T) {
	e := newEnv(t)
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "two-containers"}, Spec: api.PodSpec{RestartPolicy: api.RestartPolicyNever,
		Volumes: []api.Volume{emptyDirVolume("shared-data")},
		Containers: []api.Container{
			{Name: "nginx-container", Image: "nginx", VolumeMounts: mountAt("shared-data", "/usr/share/nginx/html")},
			{Name: "debian-container", Image: "debian", VolumeMounts: mountAt("shared-data", "/pod-data"),
				Command: []string{"/bin/sh"}, Args: []string{"-c", "echo Hello from the debian container > /pod-data/index.html"}}}}})
	e.wait(20 * time.Second)
	body, status, _, _ := e.k.HTTP(e.pod("two-containers").Status.PodIP, 80, "/")
	if body != "Hello from the debian container\n" || status != 200 {
		t.Errorf("nginx answers %d %q, want debian-container's file", status, body)
	}
	if out := e.exec("two-containers", "nginx-container", "cat", "/usr/share/nginx/html/index.html"); out != "Hello from the debian container\n" {
		t.Errorf("cat index.html = %q", out)
	}
	e.exec("two-containers", "nginx-container", "sh", "-c", "echo changed > /usr/share/nginx/html/other.html")
	if body, status, _, _ := e.k.HTTP(e.pod("two-containers").Status.PodIP, 80, "/other.html"); body != "changed\n" || status != 200 {
		t.Errorf("/other.html = %d %q, want what the exec wrote", status, body)
	}
	if body, status, _, _ := e.k.HTTP(e.pod("two-containers").Status.PodIP, 80, "/missing.html"); status != 404 || !strings.Contains(body, "<center><h1>404 Not Found</h1></center>") {
		t.Errorf("/missing.html = %d %q, want nginx's own 404", status, body)
	}
}

// "Configure a Pod to Use a PersistentVolume for Storage"
// (kubernetes.io/docs/tasks/configure-pod-container/configure-persistent-volume-storage/):
// the node's /mnt/data/index.html is what nginx serves through the claim,
// and what one Pod writes in a hostPath another Pod of the node reads.
func TestAHostPathPersistentVolumeIsTheNodesDirectory(t *testing.T) {
	e := newEnv(t)
	e.k.WriteHostFile("/mnt/data/index.html", []byte("Hello from Kubernetes storage\n"))
	if _, err := e.admin.Resource("persistentvolumes").Create(&api.PersistentVolume{ObjectMeta: api.ObjectMeta{Name: "task-pv-volume"},
		Spec: api.PersistentVolumeSpec{StorageClassName: "manual", Capacity: api.ResourceList{api.ResourceStorage: api.MustParse("10Gi")},
			AccessModes:            []api.PersistentVolumeAccessMode{api.ReadWriteOnce},
			PersistentVolumeSource: api.PersistentVolumeSource{HostPath: &api.HostPathVolumeSource{Path: "/mnt/data"}}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.admin.Resource("persistentvolumeclaims").Namespace("default").Create(&api.PersistentVolumeClaim{ObjectMeta: api.ObjectMeta{Name: "task-pv-claim"},
		Spec: api.PersistentVolumeClaimSpec{VolumeName: "task-pv-volume", StorageClassName: ptr("manual"),
			AccessModes: []api.PersistentVolumeAccessMode{api.ReadWriteOnce},
			Resources:   api.VolumeResourceRequirements{Requests: api.ResourceList{api.ResourceStorage: api.MustParse("3Gi")}}}}); err != nil {
		t.Fatal(err)
	}
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "task-pv-pod"}, Spec: api.PodSpec{
		Volumes:    []api.Volume{{Name: "task-pv-storage", VolumeSource: api.VolumeSource{PersistentVolumeClaim: &api.PersistentVolumeClaimVolumeSource{ClaimName: "task-pv-claim"}}}},
		Containers: []api.Container{{Name: "task-pv-container", Image: "nginx", VolumeMounts: mountAt("task-pv-storage", "/usr/share/nginx/html")}}}})
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "writer"}, Spec: api.PodSpec{
		Volumes:    []api.Volume{{Name: "d", VolumeSource: api.VolumeSource{HostPath: &api.HostPathVolumeSource{Path: "/mnt/data"}}}},
		Containers: []api.Container{{Name: "c", Image: "busybox", Command: []string{"sleep", "3600"}, VolumeMounts: mountAt("d", "/data")}}}})
	e.wait(20 * time.Second)
	if body, status, _, _ := e.k.HTTP(e.pod("task-pv-pod").Status.PodIP, 80, "/"); body != "Hello from Kubernetes storage\n" || status != 200 {
		t.Errorf("nginx answers %d %q, want the node's /mnt/data/index.html", status, body)
	}
	e.exec("writer", "c", "sh", "-c", "echo from the writer > /data/w.txt")
	if out := e.exec("task-pv-pod", "task-pv-container", "cat", "/usr/share/nginx/html/w.txt"); out != "from the writer\n" {
		t.Errorf("the other Pod reads %q", out)
	}
	if data, ok := e.k.HostFile("/mnt/data/w.txt"); !ok || string(data) != "from the writer\n" {
		t.Errorf("the node's /mnt/data/w.txt = %q, %v", data, ok)
	}
}

func ptr(s string) *string { return &s }

// A container's writes stay in its writable layer across kubectl exec
// calls, and go when it restarts (the image's files come back; the
// volumes keep theirs).
func TestTheWritableLayerLastsUntilTheContainerRestarts(t *testing.T) {
	e := newEnv(t)
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{Volumes: []api.Volume{emptyDirVolume("cache")},
		Containers: []api.Container{{Name: "c", Image: "busybox", Command: []string{"sleep", "30"}, VolumeMounts: mountAt("cache", "/cache")}}}})
	e.wait(10 * time.Second)
	e.exec("p", "c", "sh", "-c", "echo layer > /tmp/a; echo volume > /cache/b; rm /etc/group; mkdir -p /x/y")
	if out := e.exec("p", "c", "sh", "-c", "cat /tmp/a /cache/b; ls /x; ls /etc"); out != "layer\nvolume\ny\nhostname\nhosts\npasswd\nresolv.conf\n" {
		t.Errorf("after the writes: %q", out)
	}
	e.wait(40 * time.Second) // sleep 30 exits; the container restarts
	if e.pod("p").Status.ContainerStatuses[0].RestartCount != 1 {
		t.Fatalf("status %s, want one restart", e.status("p"))
	}
	if out := e.exec("p", "c", "sh", "-c", "cat /tmp/a; cat /cache/b; ls /etc"); out != "cat: can't open '/tmp/a': No such file or directory\nvolume\ngroup\nhostname\nhosts\npasswd\nresolv.conf\n" {
		t.Errorf("after the restart: %q", out)
	}
}

// The "Configure a Security Context for a Pod or Container" task
// (kubernetes.io/docs/tasks/configure-pod-container/security-context/):
// ps, ls -l of the fsGroup volume, a file made there, and id, as the page
// shows them for busybox:1.28.
func TestTheSecurityContextPagesOutputs(t *testing.T) {
	e := newEnv(t)
	no := false
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "security-context-demo"}, Spec: api.PodSpec{
		SecurityContext: &api.PodSecurityContext{RunAsUser: int64p(1000), RunAsGroup: int64p(3000), FSGroup: int64p(2000), SupplementalGroups: []int64{4000}},
		Volumes:         []api.Volume{emptyDirVolume("sec-ctx-vol")},
		Containers: []api.Container{{Name: "sec-ctx-demo", Image: "busybox:1.28", Command: []string{"sh", "-c", "sleep 1h"},
			VolumeMounts: mountAt("sec-ctx-vol", "/data/demo"), SecurityContext: &api.SecurityContext{AllowPrivilegeEscalation: &no}}}}})
	e.wait(10 * time.Second)
	pod, c := "security-context-demo", "sec-ctx-demo"
	// status.containerStatuses[].user.linux: the identity containerd reports.
	if u := e.pod(pod).Status.ContainerStatuses[0].User; u == nil || u.Linux == nil || u.Linux.UID != 1000 || u.Linux.GID != 3000 ||
		fmt.Sprint(u.Linux.SupplementalGroups) != "[2000 3000 4000]" {
		t.Errorf("status user = %+v", u)
	}
	if out := e.exec(pod, c, "ps"); !strings.HasPrefix(out, "PID   USER     TIME  COMMAND\n    1 1000      0:00 sleep 1h\n") {
		t.Errorf("ps = %q", out)
	}
	if out := e.exec(pod, c, "ls", "-l", "/data"); !strings.Contains(out, "drwxrwsrwx    2 root     2000          4096 ") || !strings.HasSuffix(out, " demo\n") {
		t.Errorf("ls -l /data = %q, want demo drwxrwsrwx root 2000", out)
	}
	if out := e.exec(pod, c, "sh", "-c", "cd /data/demo; echo hello > testfile; ls -l"); !strings.Contains(out, "-rw-r--r--    1 1000     2000             6 ") {
		t.Errorf("ls -l /data/demo = %q, want testfile owned 1000:2000, 6 bytes", out)
	}
	if out := e.exec(pod, c, "id"); out != "uid=1000 gid=3000 groups=2000,3000,4000\n" {
		t.Errorf("id = %q", out)
	}
	if out := e.exec(pod, c, "grep", "NoNewPrivs", "/proc/1/status"); out != "NoNewPrivs:\t1\n" {
		t.Errorf("NoNewPrivs = %q", out)
	}
	if out := e.exec(pod, c, "sh", "-c", "touch /data/demo/ok && touch /etc/nope"); out != "touch: /etc/nope: Permission denied\n" {
		t.Errorf("touch as 1000 = %q", out)
	}
}

// readOnlyRootFilesystem: writes fail in the tool's and shell's words;
// a volume stays writable.
func TestAReadOnlyRootFilesystemRefusesWrites(t *testing.T) {
	e := newEnv(t)
	yes := true
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{Volumes: []api.Volume{emptyDirVolume("tmp")},
		Containers: []api.Container{{Name: "c", Image: "busybox", Command: []string{"sleep", "3600"}, VolumeMounts: mountAt("tmp", "/tmp"),
			SecurityContext: &api.SecurityContext{ReadOnlyRootFilesystem: &yes}}}}})
	e.wait(10 * time.Second)
	if out := e.exec("p", "c", "touch", "/x"); out != "touch: /x: Read-only file system\n" {
		t.Errorf("touch /x = %q", out)
	}
	if out := e.exec("p", "c", "sh", "-c", "echo hi > /x"); out != "sh: can't create /x: Read-only file system\n" {
		t.Errorf("echo hi > /x = %q", out)
	}
	if out := e.exec("p", "c", "sh", "-c", "echo hi > /tmp/x; cat /tmp/x"); out != "hi\n" {
		t.Errorf("the emptyDir at /tmp: %q", out)
	}
}

// runAsNonRoot refuses a container of an image that runs as root, with
// the kubelet's words, as CreateContainerConfigError.
func TestRunAsNonRootRefusesARootImage(t *testing.T) {
	e := newEnv(t)
	yes := true
	p := e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{SecurityContext: &api.PodSecurityContext{RunAsNonRoot: &yes},
		Containers: []api.Container{{Name: "nginx", Image: "nginx"}}}})
	e.wait(10 * time.Second)
	want := `Warning Failed Error: container has runAsNonRoot and image will run as root (pod: "p_default(` + p.UID + `)", container: nginx)`
	found := false
	for _, ev := range e.events("p") {
		found = found || strings.HasPrefix(ev, want)
	}
	if !found || !strings.Contains(e.status("p"), "CreateContainerConfigError") {
		t.Errorf("events %q, status %s; want %q", e.events("p"), e.status("p"), want)
	}
}

// ConfigMap volumes ("Configure a Pod to Use a ConfigMap",
// kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/):
// each key a symlink into ..data, an update seen at the kubelet's next
// sync (syncFrequency 1m), never through a subPath mount; fsGroup owns the
// files.
func TestAConfigMapVolumeUpdatesAfterTheSyncPeriodButNotItsSubPath(t *testing.T) {
	e := newEnv(t)
	if _, err := e.admin.Resource("configmaps").Namespace("default").Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "cfg"},
		Data: map[string]string{"COLOR": "blue"}}); err != nil {
		t.Fatal(err)
	}
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "p"}, Spec: api.PodSpec{SecurityContext: &api.PodSecurityContext{FSGroup: int64p(2000)},
		Volumes: []api.Volume{{Name: "cfg", VolumeSource: api.VolumeSource{ConfigMap: &api.ConfigMapVolumeSource{LocalObjectReference: api.LocalObjectReference{Name: "cfg"}}}}},
		Containers: []api.Container{{Name: "c", Image: "busybox", Command: []string{"sleep", "3600"},
			VolumeMounts: []api.VolumeMount{{Name: "cfg", MountPath: "/etc/cfg"}, {Name: "cfg", MountPath: "/color", SubPath: "COLOR"}}}}}})
	e.wait(10 * time.Second)
	if out := e.exec("p", "c", "cat", "/etc/cfg/COLOR"); out != "blue\n" {
		t.Errorf("cat /etc/cfg/COLOR = %q", out)
	}
	ls := e.exec("p", "c", "ls", "-la", "/etc/cfg")
	if !strings.Contains(ls, "drwxrwsrwx    3 root     2000 ") || !strings.Contains(ls, " COLOR -> ..data/COLOR\n") || !strings.Contains(ls, " ..data -> ..2026_") {
		t.Errorf("ls -la /etc/cfg = %q, want the atomic writer's layout, group 2000", ls)
	}
	if out := e.exec("p", "c", "ls", "-lL", "/etc/cfg/..data/COLOR"); !strings.HasPrefix(out, "-rw-r--r--    1 root     2000 ") {
		t.Errorf("the key's file = %q", out)
	}
	cm := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "cfg", Namespace: "default"}, Data: map[string]string{"COLOR": "red"}}
	if _, err := e.admin.Resource("configmaps").Namespace("default").Update(cm); err != nil {
		t.Fatal(err)
	}
	e.wait(5 * time.Second)
	if out := e.exec("p", "c", "cat", "/etc/cfg/COLOR"); out != "blue\n" {
		t.Errorf("right after the update: %q, want the old value until the sync", out)
	}
	e.wait(time.Minute)
	if out := e.exec("p", "c", "cat", "/etc/cfg/COLOR", "/color"); out != "red\nblue\n" {
		t.Errorf("after a sync period: %q, want red from the volume and blue through the subPath", out)
	}
}

// The service account's token, CA and namespace are files, mounted
// read-only on tmpfs.
func TestTheServiceAccountFilesAreMounted(t *testing.T) {
	e := newEnv(t)
	if _, err := e.admin.Resource("configmaps").Namespace("default").Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: "kube-root-ca.crt"},
		Data: map[string]string{"ca.crt": "-----BEGIN CERTIFICATE-----\n"}}); err != nil {
		t.Fatal(err)
	}
	e.run(nginxPod("p"))
	e.wait(10 * time.Second)
	const dir = "/var/run/secrets/kubernetes.io/serviceaccount"
	if out := e.exec("p", "nginx", "ls", dir); out != "ca.crt\nnamespace\ntoken\n" {
		t.Errorf("ls %s = %q", dir, out)
	}
	if out := e.exec("p", "nginx", "cat", dir+"/namespace"); out != "default\n" {
		t.Errorf("namespace = %q", out)
	}
	if out := e.exec("p", "nginx", "sh", "-c", "mount | grep serviceaccount"); out != "tmpfs on "+dir+" type tmpfs (ro,relatime)\n" {
		t.Errorf("mount = %q", out)
	}
}

// "Expose Pod Information to Containers Through Files"
// (kubernetes.io/docs/tasks/inject-data-application/downward-api-volume-expose-pod-information/):
// labels and annotations in files under ..data, a label added later seen
// at the kubelet's next sync.
func TestADownwardAPIVolumeFollowsTheLabels(t *testing.T) {
	e := newEnv(t)
	e.run(&api.Pod{ObjectMeta: api.ObjectMeta{Name: "kubernetes-downwardapi-volume-example",
		Labels: map[string]string{"cluster": "test-cluster1", "rack": "rack-22", "zone": "us-est-coast"}, Annotations: map[string]string{"build": "two", "builder": "john-doe"}},
		Spec: api.PodSpec{
			Volumes: []api.Volume{{Name: "podinfo", VolumeSource: api.VolumeSource{DownwardAPI: &api.DownwardAPIVolumeSource{Items: []api.DownwardAPIVolumeFile{
				{Path: "labels", FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.labels"}},
				{Path: "annotations", FieldRef: &api.ObjectFieldSelector{FieldPath: "metadata.annotations"}}}}}}},
			Containers: []api.Container{{Name: "client-container", Image: "registry.k8s.io/busybox:1.27.2", Command: []string{"sh", "-c", "sleep 3600"},
				VolumeMounts: mountAt("podinfo", "/etc/podinfo")}}}})
	e.wait(10 * time.Second)
	pod, c := "kubernetes-downwardapi-volume-example", "client-container"
	if out := e.exec(pod, c, "cat", "/etc/podinfo/labels"); out != "cluster=\"test-cluster1\"\nrack=\"rack-22\"\nzone=\"us-est-coast\"\n" {
		t.Errorf("labels = %q", out)
	}
	ls := e.exec(pod, c, "ls", "-laR", "/etc/podinfo")
	for _, want := range []string{" annotations -> ..data/annotations\n", " labels -> ..data/labels\n", "/etc/podinfo/..2026_", ":\ntotal 8\ndrwxr-xr-x    2 root     root            80 ", "drwxrwxrwt    3 root     root           120 "} {
		if !strings.Contains(ls, want) {
			t.Errorf("ls -laR /etc/podinfo = %q, want %q in it", ls, want)
		}
	}
	p := e.pod(pod)
	p.Labels["tier"] = "front"
	if _, err := e.admin.Resource("pods").Namespace("default").Update(p); err != nil {
		t.Fatal(err)
	}
	e.wait(time.Minute)
	if out := e.exec(pod, c, "cat", "/etc/podinfo/labels"); !strings.HasSuffix(out, "tier=\"front\"\nzone=\"us-est-coast\"\n") {
		t.Errorf("labels after a sync = %q", out)
	}
}
