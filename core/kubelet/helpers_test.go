package kubelet

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/kubelet/images"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// env is one apiserver with one kubelet (node "demo-worker") and an admin
// client that plays kubectl and the scheduler.
type env struct {
	t     testing.TB
	s     *sim.Sim
	srv   *apiserver.Server
	admin *client.Client
	k     *Kubelet
}

func newEnv(t testing.TB) *env {
	t.Helper()
	s := sim.New(1)
	srv := apiserver.New(s, store.New(s))
	admin := client.New(srv, apiserver.Admin(), "kubectl")
	node := client.New(srv, apiserver.Node("demo-worker"), "kubelet/demo-worker")
	k := New(s, node, NodeConfig{Name: "demo-worker", CPU: "4", Memory: "8Gi", Pods: 110, InternalIP: "172.18.0.3", PodCIDR: "10.244.1.0/24"}, images.Default())
	k.Start()
	s.RunUntilIdle(time.Minute)
	return &env{t: t, s: s, srv: srv, admin: admin, k: k}
}

// run creates pod and binds it to the node, as kubectl and the scheduler do.
func (e *env) run(pod *api.Pod) *api.Pod {
	e.t.Helper()
	if pod.Namespace == "" {
		pod.Namespace = "default"
	}
	obj, err := e.admin.Resource("pods").Namespace(pod.Namespace).Create(pod)
	if err != nil {
		e.t.Fatalf("create pod: %v", err)
	}
	created := obj.(*api.Pod)
	err = e.admin.Bind(pod.Namespace, pod.Name, &api.Binding{
		ObjectMeta: api.ObjectMeta{Name: pod.Name, Namespace: pod.Namespace},
		Target:     api.ObjectReference{Kind: "Node", Name: "demo-worker"},
	})
	if err != nil {
		e.t.Fatalf("bind pod: %v", err)
	}
	return created
}

func (e *env) pod(name string) *api.Pod {
	e.t.Helper()
	obj, err := e.admin.Resource("pods").Namespace("default").Get(name)
	if err != nil {
		e.t.Fatalf("get pod %s: %v", name, err)
	}
	return obj.(*api.Pod)
}

// events returns "Type Reason [fieldPath: ]message (xN)" for the pod's events
// in the order they were first recorded.
func (e *env) events(name string) []string {
	e.t.Helper()
	l, err := e.admin.Resource("events").Namespace("default").List(client.ListOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	var evs []*api.Event
	for _, o := range l.Items {
		ev := o.(*api.Event)
		if ev.InvolvedObject.Name == name && ev.Source.Component == "kubelet" {
			evs = append(evs, ev)
		}
	}
	sort.SliceStable(evs, func(i, j int) bool { return evs[i].Name < evs[j].Name })
	var out []string
	for _, ev := range evs {
		s := ev.Type + " " + ev.Reason + " " + ev.Message
		if ev.Count > 1 {
			s += fmt.Sprintf(" (x%d)", ev.Count)
		}
		out = append(out, s)
	}
	return out
}

func (e *env) status(name string) string {
	p := e.pod(name)
	return summary(&p.Status)
}

func nginxPod(name string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name}, Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx"}}}}
}

func podWith(name string, c api.Container, policy api.RestartPolicy) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name}, Spec: api.PodSpec{RestartPolicy: policy, Containers: []api.Container{c}}}
}

func diff(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
