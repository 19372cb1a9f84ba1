package kubectl

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
)

// finishRollout plays the deployment controller after d: it reports the
// deployment's replicas as updated and available.
func (c *cluster) finishRollout(name string, after time.Duration) {
	kcm := client.New(c.srv, apiserver.ControllerManager(), "kube-controller-manager")
	c.sim.After(after, "fake deployment controller", func() {
		obj, err := kcm.Resource("deployments").Namespace("default").Get(name)
		if err != nil {
			c.t.Error(err)
			return
		}
		d := api.DeepCopy(obj).(*api.Deployment)
		n := *d.Spec.Replicas
		d.Status = api.DeploymentStatus{ObservedGeneration: d.Generation, Replicas: n, UpdatedReplicas: n, ReadyReplicas: n, AvailableReplicas: n}
		if _, err := kcm.Resource("deployments").Namespace("default").UpdateStatus(d); err != nil {
			c.t.Error(err)
		}
	})
}

func TestRolloutStatusAdvancesVirtualTimeUntilDone(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	c.finishRollout("nginx", 5*time.Second)
	start := c.sim.Now()
	out := c.must("rollout status deployment/nginx")
	want := "Waiting for deployment spec update to be observed...\n" + `deployment "nginx" successfully rolled out` + "\n"
	if out != want {
		t.Errorf("stdout = %q, want %q", out, want)
	}
	if el := c.sim.Now().Sub(start); el < 5*time.Second || el > 6*time.Second {
		t.Errorf("virtual time advanced %v, want about 5s", el)
	}
}

func TestRolloutStatusTimesOut(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	_, errOut, code := c.run("rollout status deploy/nginx --timeout=10s")
	if code != 1 || errOut != "error: timed out waiting for the condition\n" {
		t.Errorf("exit %d stderr %q", code, errOut)
	}
}

func TestWait(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	t.Run("a condition that never comes times out", func(t *testing.T) {
		_, errOut, code := c.run("wait --for=condition=Available deployment/nginx --timeout=3s")
		if code != 1 || errOut != "error: timed out waiting for the condition on deployments/nginx\n" {
			t.Errorf("exit %d stderr %q", code, errOut)
		}
	})
	t.Run("a jsonpath condition is met once the status changes", func(t *testing.T) {
		c.finishRollout("nginx", 2*time.Second)
		out := c.must("wait --for=jsonpath={.status.availableReplicas}=2 deploy/nginx")
		if out != "deployment.apps/nginx condition met\n" {
			t.Errorf("stdout %q", out)
		}
	})
	t.Run("delete waits for the object to go", func(t *testing.T) {
		c.must("create configmap cm --from-literal=a=b")
		c.sim.After(2*time.Second, "someone deletes cm", func() {
			c.k.Client().Resource("configmaps").Namespace("default").Delete("cm", client.DeleteOptions{})
		})
		if out := c.must("wait --for=delete configmap/cm --timeout=10s"); out != "configmap/cm condition met\n" {
			t.Errorf("stdout %q", out)
		}
	})
}

func TestGetWatchKeepsPrintingRows(t *testing.T) {
	c := newCluster(t)
	c.files["d.yaml"] = deployYAML
	c.must("apply -f d.yaml")
	var out, errOut bytes.Buffer
	if code := c.k.RunLine("get deploy -w", &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if c.k.Watching() != 1 {
		t.Fatalf("watching = %d", c.k.Watching())
	}
	c.must("create deployment web --image=nginx")
	c.sim.Advance(time.Second)
	lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "NAME ") || !strings.HasPrefix(lines[1], "nginx ") || !strings.HasPrefix(lines[2], "web ") {
		t.Errorf("watch output:\n%s", out.String())
	}
	c.k.StopWatches()
	c.must("scale deploy web --replicas=3")
	c.sim.Advance(time.Second)
	if n := strings.Count(out.String(), "\n"); n != 3 {
		t.Errorf("rows after StopWatches: %d lines\n%s", n, out.String())
	}
}

func TestNodeCommands(t *testing.T) {
	c := newCluster(t)
	node := &api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker"}}
	if _, err := c.k.Client().Resource("nodes").Create(node); err != nil {
		t.Fatal(err)
	}
	steps := []struct{ line, want string }{
		{"cordon demo-worker", "node/demo-worker cordoned\n"},
		{"cordon demo-worker", "node/demo-worker already cordoned\n"},
		{"uncordon demo-worker", "node/demo-worker uncordoned\n"},
		{"taint nodes demo-worker dedicated=gpu:NoSchedule", "node/demo-worker tainted\n"},
		{"taint nodes demo-worker dedicated:NoSchedule-", "node/demo-worker untainted\n"},
		{"drain demo-worker --ignore-daemonsets", "node/demo-worker cordoned\nnode/demo-worker drained\n"},
	}
	for _, s := range steps {
		if got := c.must(s.line); got != s.want {
			t.Errorf("%s: stdout %q, want %q", s.line, got, s.want)
		}
	}
	_, errOut, _ := c.run("taint nodes demo-worker nope:NoSchedule-")
	if errOut != "error: taint \"nope:NoSchedule\" not found\n" {
		t.Errorf("stderr %q", errOut)
	}
}

func TestValidationErrorsUseKubectlsMultilineFormat(t *testing.T) {
	st := api.Status{Reason: api.StatusReasonInvalid, Details: &api.StatusDetails{Kind: "Deployment", Name: "x", Causes: []api.StatusCause{
		{Field: "spec.selector", Message: "Required value"},
		{Field: "spec.template.metadata.labels", Message: `Invalid value: {"app":"x"}: ` + "`selector` does not match template `labels`"},
		{Field: "spec.selector", Message: "Required value"},
	}}}
	want := "The Deployment \"x\" is invalid: \n* spec.selector: Required value\n* spec.template.metadata.labels: Invalid value: {\"app\":\"x\"}: `selector` does not match template `labels`\n"
	if got := errorMessage(&api.StatusError{ErrStatus: st}); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	st.Details.Causes = st.Details.Causes[:1]
	if got, want := errorMessage(&api.StatusError{ErrStatus: st}), "The Deployment \"x\" is invalid: spec.selector: Required value\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestSplitLine(t *testing.T) {
	got, err := SplitLine(`kubectl patch deploy x -p '{"a": 1}' --type="merge" a\ b`)
	want := []string{"kubectl", "patch", "deploy", "x", "-p", `{"a": 1}`, "--type=merge", "a b"}
	if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, %v", got, err)
	}
}
