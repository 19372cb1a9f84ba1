package endpointslice

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
)

func TestAServiceGetsAnEndpointSliceOfItsReadyPods(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx), replicaset.New(e.Ctx))
	r := int32(2)
	l := map[string]string{"app": "web"}
	e.Must(e.Admin.Resource("replicasets").Create(&api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: &r, Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27",
					Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080}}}}}}},
	}))
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec:       api.ServiceSpec{Selector: l, Ports: []api.ServicePort{{Port: 80, TargetPort: api.FromString("http")}}},
	}))
	slice := func() *api.EndpointSlice {
		for _, o := range e.List("endpointslices", "default") {
			if s := o.(*api.EndpointSlice); s.Labels[api.LabelServiceName] == "web" {
				return s
			}
		}
		return nil
	}
	e.Until(time.Minute, "2 ready endpoints", func() bool {
		s := slice()
		if s == nil || len(s.Endpoints) != 2 {
			return false
		}
		for _, ep := range s.Endpoints {
			if ep.Conditions.Ready == nil || !*ep.Conditions.Ready {
				return false
			}
		}
		return true
	})
	s := slice()
	if !strings.HasPrefix(s.Name, "web-") || len(s.Name) != len("web-")+5 || s.Labels[api.LabelManagedBy] != "endpointslice-controller.k8s.io" {
		t.Errorf("slice %s labels %v", s.Name, s.Labels)
	}
	if len(s.Ports) != 1 || s.Ports[0].Port == nil || *s.Ports[0].Port != 8080 {
		t.Errorf("ports = %+v", s.Ports)
	}
	if s.Endpoints[0].TargetRef == nil || s.Endpoints[0].TargetRef.Kind != "Pod" || s.Endpoints[0].NodeName == nil {
		t.Errorf("endpoint = %+v", s.Endpoints[0])
	}
}

// A Service whose selector matches no Pod gets a placeholder slice without
// endpoints and without ports (the reconciler's placeholder is built from
// endpointMeta{Ports: []}), which kubectl get prints as PORTS <unset>.
func TestThePlaceholderSliceHasNoPorts(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "lonely", Namespace: "default"},
		Spec:       api.ServiceSpec{Selector: map[string]string{"app": "none"}, Ports: []api.ServicePort{{Port: 80}}},
	}))
	e.Run(5 * time.Second)
	n := 0
	for _, o := range e.List("endpointslices", "default") {
		if s := o.(*api.EndpointSlice); s.Labels[api.LabelServiceName] == "lonely" {
			n++
			if len(s.Ports) != 0 || len(s.Endpoints) != 0 {
				t.Errorf("placeholder ports %+v endpoints %+v, want none", s.Ports, s.Endpoints)
			}
		}
	}
	if n != 1 {
		t.Fatalf("%d slices, want the placeholder", n)
	}
}
