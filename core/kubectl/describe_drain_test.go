package kubectl

import (
	"strings"
	"testing"

	"kubeplay/core/api"
)

func TestDescribeRendersTheObject(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	out := c.must("describe deployment nginx")
	if !strings.HasPrefix(out, "Name:") || !strings.Contains(out, "nginx:1.27") {
		t.Errorf("describe output:\n%s", out)
	}
	if prefix := c.must("describe deploy ngi"); prefix != out {
		t.Errorf("describe by name prefix differs:\n%s", prefix)
	}
	_, errOut, code := c.run("describe pod nope")
	if code != 1 || errOut != "Error from server (NotFound): pods \"nope\" not found\n" {
		t.Errorf("exit %d stderr %q", code, errOut)
	}
}

func TestDrainRefusesUnmanagedPodsWithoutForce(t *testing.T) {
	c := newCluster(t)
	if _, err := c.k.Client().Resource("nodes").Create(&api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker"}}); err != nil {
		t.Fatal(err)
	}
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.PodSpec{NodeName: "demo-worker", Containers: []api.Container{{Name: "web", Image: "nginx"}}}}
	if _, err := c.k.Client().Resource("pods").Namespace("default").Create(pod); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := c.run("drain demo-worker --ignore-daemonsets")
	wantErr := "error: unable to drain node \"demo-worker\" due to error: cannot delete Pods that declare no controller (use --force to override): default/web, continuing command...\n" +
		"There are pending nodes to be drained:\n demo-worker\n" +
		"cannot delete Pods that declare no controller (use --force to override): default/web\n"
	if out != "node/demo-worker cordoned\n" || errOut != wantErr || code != 1 {
		t.Errorf("stdout %q\nstderr %q\nexit %d", out, errOut, code)
	}
	out, errOut, code = c.run("drain demo-worker --ignore-daemonsets --force --grace-period=0")
	t.Logf("stdout %q stderr %q exit %d", out, errOut, code)
	if !strings.HasPrefix(out, "node/demo-worker already cordoned\nevicting pod default/web\n") || errOut != "Warning: deleting Pods that declare no controller: default/web\n" {
		t.Errorf("stdout %q\nstderr %q", out, errOut)
	}
}
