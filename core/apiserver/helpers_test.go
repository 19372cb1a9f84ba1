package apiserver

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

func newTestServer(t testing.TB) (*sim.Sim, *Server) {
	t.Helper()
	s := sim.New(1)
	return s, New(s, store.New(s))
}

func admin() request.UserInfo { return Admin() }

func pod(ns, name string, labels map[string]string) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns, Labels: labels},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}},
	}
}

func int32p(v int32) *int32 { return &v }
func int64p(v int64) *int64 { return &v }

func deployment(ns, name string, replicas int32) *api.Deployment {
	labels := map[string]string{"app": name}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns},
		Spec: api.DeploymentSpec{
			Replicas: int32p(replicas),
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: name, Image: "nginx:1.27"}}},
			},
		},
	}
}

// do sends a request as kubernetes-admin from kubectl unless set otherwise.
func do(t testing.TB, srv *Server, req *request.Request) (api.Object, error) {
	t.Helper()
	if req.User.Name == "" {
		req.User = admin()
	}
	if req.Component == "" {
		req.Component = "kubectl"
	}
	return srv.Do(req)
}

func mustDo(t testing.TB, srv *Server, req *request.Request) api.Object {
	t.Helper()
	obj, err := do(t, srv, req)
	if err != nil {
		t.Fatalf("%s %s/%s %s: %v", req.Verb, req.Resource, req.Subresource, req.Name, err)
	}
	return obj
}

func createPod(t testing.TB, srv *Server, p *api.Pod) *api.Pod {
	t.Helper()
	return mustDo(t, srv, &request.Request{Verb: "create", Resource: "pods", Namespace: p.Namespace, Body: p}).(*api.Pod)
}

func getPod(t testing.TB, srv *Server, ns, name string) (*api.Pod, error) {
	t.Helper()
	obj, err := do(t, srv, &request.Request{Verb: "get", Resource: "pods", Namespace: ns, Name: name})
	if err != nil {
		return nil, err
	}
	return obj.(*api.Pod), nil
}

func bind(t testing.TB, srv *Server, ns, name, node string) error {
	t.Helper()
	_, err := do(t, srv, &request.Request{User: Scheduler(), Component: "kube-scheduler", Verb: "create", Resource: "pods",
		Subresource: "binding", Namespace: ns, Name: name,
		Body: &api.Binding{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns}, Target: api.ObjectReference{Kind: "Node", Name: node}}})
	return err
}

// collect opens a watch and gathers its events.
func collect(t testing.TB, srv *Server, req *request.Request) (*[]request.WatchEvent, func()) {
	t.Helper()
	var evs []request.WatchEvent
	if req.User.Name == "" {
		req.User = admin()
	}
	if req.Component == "" {
		req.Component = "test-watcher"
	}
	stop, err := srv.Watch(req, func(e request.WatchEvent) { evs = append(evs, e) })
	if err != nil {
		t.Fatalf("watch: %v", err)
	}
	return &evs, stop
}

func settle(s *sim.Sim) { s.RunUntilIdle(time.Minute) }

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
