package kubectl

import (
	"bytes"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// ownedReplicaSet plays the deployment controller: it creates revision rev
// of deployment d as a ReplicaSet controlled by d.
func (c *cluster) ownedReplicaSet(d *api.Deployment, rev, hash, cause string) {
	c.t.Helper()
	yes := true
	rs := &api.ReplicaSet{
		TypeMeta: api.TypeMeta{APIVersion: "apps/v1", Kind: "ReplicaSet"},
		ObjectMeta: api.ObjectMeta{
			Name: d.Name + "-" + hash, Namespace: d.Namespace,
			Annotations:     map[string]string{RevisionAnnotation: rev},
			OwnerReferences: []api.OwnerReference{{APIVersion: "apps/v1", Kind: "Deployment", Name: d.Name, UID: d.UID, Controller: &yes}},
		},
	}
	if cause != "" {
		rs.Annotations[ChangeCauseAnnotation] = cause
	}
	rs.Spec.Selector = d.Spec.Selector
	rs.Spec.Template = d.Spec.Template
	rs.Spec.Template.Labels = map[string]string{"app": d.Name, "pod-template-hash": hash}
	if _, err := c.k.Client().Resource("replicasets").Namespace(d.Namespace).Create(rs); err != nil {
		c.t.Fatal(err)
	}
}

func TestRolloutHistory(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	d := c.deployment("nginx")
	c.ownedReplicaSet(d, "1", "7c5ddbdf54", "")
	c.ownedReplicaSet(d, "2", "5d9c8b7f6", "kubectl set image deployment/nginx nginx=nginx:1.28")
	tests := []struct {
		name, line, wantOut, wantErr string
	}{
		{name: "the history lists every revision with its change cause", line: "rollout history deployment/nginx",
			wantOut: "deployment.apps/nginx \nREVISION  CHANGE-CAUSE\n1         <none>\n2         kubectl set image deployment/nginx nginx=nginx:1.28\n\n"},
		{name: "one revision prints its pod template with raw tabs", line: "rollout history deployment/nginx --revision=1",
			wantOut: "deployment.apps/nginx with revision #1\nPod Template:\n  Labels:\tapp=nginx\n\tpod-template-hash=7c5ddbdf54\n  Containers:\n   nginx:\n    Image:\tnginx:1.27\n    Port:\t80/TCP\n    Host Port:\t0/TCP\n    Environment:\n      A:\t1\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n"},
		{name: "a revision with a change cause shows it as an annotation", line: "rollout history deploy nginx --revision=2",
			wantOut: "deployment.apps/nginx with revision #2\nPod Template:\n  Labels:\tapp=nginx\n\tpod-template-hash=5d9c8b7f6\n  Annotations:\tkubernetes.io/change-cause: kubectl set image deployment/nginx nginx=nginx:1.28\n  Containers:\n   nginx:\n    Image:\tnginx:1.27\n    Port:\t80/TCP\n    Host Port:\t0/TCP\n    Environment:\n      A:\t1\n    Mounts:\t<none>\n  Volumes:\t<none>\n  Node-Selectors:\t<none>\n  Tolerations:\t<none>\n\n"},
		{name: "a missing revision is kubectl's error", line: "rollout history deployment/nginx --revision=7",
			wantErr: "error: unable to find the specified revision\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, _ := c.run(tt.line)
			if out != tt.wantOut {
				t.Errorf("stdout = %q\nwant     %q", out, tt.wantOut)
			}
			if errOut != tt.wantErr {
				t.Errorf("stderr = %q, want %q", errOut, tt.wantErr)
			}
		})
	}
}

func TestGetPrefixesNamesWhenSeveralKindsPrint(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	c.must("create service clusterip nginx --tcp=80")
	t.Run("several kinds with -o name print kind.group/name", func(t *testing.T) {
		want := "deployment.apps/nginx\nservice/kubernetes\nservice/nginx\n"
		if got := c.must("get deploy,svc -o name"); got != want {
			t.Errorf("stdout = %q, want %q", got, want)
		}
	})
	t.Run("several kinds prefix names even when only one kind has objects", func(t *testing.T) {
		want := "NAME                    READY   UP-TO-DATE   AVAILABLE   AGE\ndeployment.apps/nginx   0/2     0            0           0s\n"
		if got := c.must("get deploy,cm"); got != want {
			t.Errorf("stdout = %q, want %q", got, want)
		}
	})
	t.Run("get all separates the tables with a blank line and prefixes names", func(t *testing.T) {
		out := c.must("get all")
		blocks := bytes.Split([]byte(out), []byte("\n\n"))
		if len(blocks) != 2 {
			t.Fatalf("want 2 tables (services, deployments), got %d:\n%s", len(blocks), out)
		}
		if !bytes.HasPrefix(blocks[0], []byte("NAME                 TYPE")) || !bytes.Contains(blocks[0], []byte("service/kubernetes")) || !bytes.Contains(blocks[0], []byte("service/nginx")) {
			t.Errorf("first table:\n%s", blocks[0])
		}
		if !bytes.Contains(blocks[1], []byte("deployment.apps/nginx")) {
			t.Errorf("second table:\n%s", blocks[1])
		}
	})
}

func TestWatchPrinterRemembersColumnWidths(t *testing.T) {
	info, _ := api.ResourceFor("configmaps")
	cm := func(name string, keys int) api.Object {
		o := &api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: name}, Data: map[string]string{}}
		for i := 0; i < keys; i++ {
			o.Data[string(rune('a'+i))] = "x"
		}
		return o
	}
	var buf bytes.Buffer
	p := printers.NewWatchPrinter(&buf)
	now := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	p.Print(info, []api.Object{cm("a-long-configmap-name", 1)}, printers.Options{Now: now})
	p.Print(info, []api.Object{cm("short", 2)}, printers.Options{Now: now, NoHeaders: true})
	p.Print(info, []api.Object{cm("an-even-longer-configmap-name", 3)}, printers.Options{Now: now, NoHeaders: true})
	p.Print(info, []api.Object{cm("b", 4)}, printers.Options{Now: now, NoHeaders: true})
	want := "NAME                    DATA   AGE\n" +
		"a-long-configmap-name   1      <unknown>\n" +
		"short                   2      <unknown>\n" +
		"an-even-longer-configmap-name   3      <unknown>\n" +
		"b                               4      <unknown>\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestLogsOfAJobFindsThePodItControls(t *testing.T) {
	c := newCluster(t)
	c.must("create job hello --image=busybox -- echo hello")
	job, err := c.k.Client().Resource("jobs").Namespace("default").Get("hello")
	if err != nil {
		t.Fatal(err)
	}
	yes := true
	pod := &api.Pod{
		TypeMeta: api.TypeMeta{APIVersion: "v1", Kind: "Pod"},
		ObjectMeta: api.ObjectMeta{Name: "hello-x2x4k", Namespace: "default",
			Labels:          job.(*api.Job).Spec.Template.Labels,
			OwnerReferences: []api.OwnerReference{{APIVersion: "batch/v1", Kind: "Job", Name: "hello", UID: job.GetObjectMeta().UID, Controller: &yes}}},
		Spec: api.PodSpec{NodeName: "demo-worker", Containers: []api.Container{{Name: "hello", Image: "busybox"}}},
	}
	if _, err := c.k.Client().Resource("pods").Namespace("default").Create(pod); err != nil {
		t.Fatal(err)
	}
	if got, want := c.must("logs job/hello"), "log of default/hello-x2x4k/hello previous=false\n"; got != want {
		t.Errorf("stdout = %q, want %q", got, want)
	}
}
