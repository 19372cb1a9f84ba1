package controller

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/sim"
)

func nginx() *api.Deployment {
	l := map[string]string{"app": "nginx"}
	r := int32(3)
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx", Namespace: "default"},
		Spec: api.DeploymentSpec{Replicas: &r, Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}}}},
	}
}

func TestTheManagerRunsEveryController(t *testing.T) {
	e := testenv.New(t)
	m := NewManager(e.Sim, client.New(e.Srv, apiserver.ControllerManager(), "kube-controller-manager"))
	want := "deployment-controller replicaset-controller garbage-collector-controller node-lifecycle-controller " +
		"taint-eviction-controller pod-garbage-collector namespace-controller serviceaccount-controller serviceaccount-token-controller token-cleaner-controller job-controller " +
		"daemonset-controller endpoint-controller endpointslice-controller endpointslice-mirroring-controller resourcequota-controller persistentvolume-binder-controller local-path-provisioner pvc-protection-controller statefulset-controller cronjob-controller replicationcontroller-controller disruption-controller horizontal-pod-autoscaler-controller resourceclaim-controller"
	if got := strings.Join(m.Controllers(), " "); got != want {
		t.Errorf("Controllers() = %s", got)
	}
}

func TestARestartedControllerManagerRelistsAndConvergesWithoutDuplicates(t *testing.T) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	m := NewManager(e.Sim, client.New(e.Srv, apiserver.ControllerManager(), "kube-controller-manager"))
	m.Start()
	e.Must(e.Admin.Resource("deployments").Create(nginx()))
	e.Until(time.Minute, "3 pods", func() bool { return len(e.ActivePods("default", "app=nginx")) == 3 })
	m.Stop()
	d := e.Get("deployments", "default", "nginx").(*api.Deployment)
	d.Spec.Replicas = ptr(int32(5))
	e.Must(e.Admin.Resource("deployments").Update(d))
	e.Run(30 * time.Second)
	if n := len(e.ActivePods("default", "app=nginx")); n != 3 {
		t.Fatalf("a stopped manager acted: %d pods", n)
	}
	m.Start()
	e.Until(time.Minute, "5 available", func() bool {
		d := e.Get("deployments", "default", "nginx").(*api.Deployment)
		return d.Status.AvailableReplicas == 5 && d.Status.ObservedGeneration == d.Generation
	})
	e.Run(10 * time.Second)
	if n := len(e.ActivePods("default", "app=nginx")); n != 5 {
		t.Errorf("%d pods after the restart, want 5", n)
	}
	if n := len(e.List("replicasets", "default")); n != 1 {
		t.Errorf("%d ReplicaSets, want 1", n)
	}
}

func ptr[T any](v T) *T { return &v }

func TestTheSameSeedGivesTheSameTrace(t *testing.T) {
	run := func() string {
		e := testenv.New(t, "demo-worker", "demo-worker2")
		m := NewManager(e.Sim, client.New(e.Srv, apiserver.ControllerManager(), "kube-controller-manager"))
		m.Start()
		e.Must(e.Admin.Resource("deployments").Create(nginx()))
		e.Run(time.Minute)
		var b strings.Builder
		for _, r := range e.Sim.Trace.Records() {
			b.WriteString(r.String() + " " + r.Object() + "\n")
		}
		return b.String()
	}
	a, b := run(), run()
	if a != b {
		t.Error("two runs with the same seed diverged")
	}
	if !strings.Contains(a, "deployment-controller: creating ReplicaSet default/nginx-") {
		t.Error("the trace does not show the deployment controller creating the ReplicaSet")
	}
}

func BenchmarkDeploymentOf100Replicas(b *testing.B) {
	for i := 0; i < b.N; i++ {
		e := testenv.New(b, "demo-worker", "demo-worker2")
		m := NewManager(e.Sim, client.New(e.Srv, apiserver.ControllerManager(), "kube-controller-manager"))
		m.Start()
		d := nginx()
		d.Spec.Replicas = ptr(int32(100))
		e.Must(e.Admin.Resource("deployments").Create(d))
		e.Until(10*time.Minute, "100 available", func() bool {
			return e.Get("deployments", "default", "nginx").(*api.Deployment).Status.AvailableReplicas == 100
		})
		b.ReportMetric(float64(e.Sim.Now().Sub(sim.Epoch).Milliseconds()), "virtual-ms/rollout")
	}
}
