package endpoint

import (
	"reflect"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
)

func webPod(name string, l map[string]string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: l},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "web", Image: "nginx:1.27",
			Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080}}}}}}
}

func ips(addrs []api.EndpointAddress) []string {
	var out []string
	for _, a := range addrs {
		out = append(out, a.IP)
	}
	return out
}

func TestEndpointsFollowTheSelectedPods(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	l := map[string]string{"app": "web"}
	for _, n := range []string{"web-a", "web-b", "web-c"} {
		e.Must(e.Admin.Resource("pods").Create(webPod(n, l)))
	}
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default", Labels: map[string]string{"tier": "front"}},
		Spec:       api.ServiceSpec{Selector: l, Ports: []api.ServicePort{{Port: 80, TargetPort: api.FromString("http")}}},
	}))
	get := func() *api.Endpoints {
		if o := e.Get("endpoints", "default", "web"); o != nil {
			return o.(*api.Endpoints)
		}
		return nil
	}
	e.Until(time.Minute, "3 ready addresses", func() bool {
		ep := get()
		return ep != nil && len(ep.Subsets) == 1 && len(ep.Subsets[0].Addresses) == 3
	})
	ep := get()
	want := map[string]string{"tier": "front", api.LabelEndpointsManagedBy: "endpoint-controller"}
	if !reflect.DeepEqual(ep.Labels, want) || len(ep.OwnerReferences) != 0 {
		t.Errorf("labels %v owners %v", ep.Labels, ep.OwnerReferences)
	}
	if _, ok := ep.Annotations[api.EndpointsLastChangeTriggerTime]; !ok {
		t.Errorf("annotations %v", ep.Annotations)
	}
	ss := ep.Subsets[0]
	if len(ss.Ports) != 1 || ss.Ports[0].Port != 8080 || ss.Ports[0].Protocol != api.ProtocolTCP {
		t.Errorf("ports %+v", ss.Ports)
	}
	if got := ips(ss.Addresses); !sortedStrings(got) {
		t.Errorf("addresses not sorted: %v", got)
	}
	a := ss.Addresses[0]
	if a.TargetRef == nil || a.TargetRef.Kind != "Pod" || a.NodeName == nil || *a.NodeName != "demo-worker" {
		t.Errorf("address %+v", a)
	}

	// A pod gone: its address leaves.
	e.Must(nil, deleteNow(e, "web-a"))
	e.Until(time.Minute, "2 addresses", func() bool {
		ep := get()
		return ep != nil && len(ep.Subsets) == 1 && len(ep.Subsets[0].Addresses) == 2
	})

	// The Service gone: its Endpoints go with it.
	if _, err := e.Admin.Resource("services").Namespace("default").Delete("web", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "endpoints deleted", func() bool { return get() == nil })
}

func deleteNow(e *testenv.Env, name string) error {
	zero := int64(0)
	_, err := e.Admin.Resource("pods").Namespace("default").Delete(name, client.DeleteOptions{GracePeriodSeconds: &zero})
	return err
}

func sortedStrings(s []string) bool {
	for i := 1; i < len(s); i++ {
		if s[i] < s[i-1] {
			return false
		}
	}
	return true
}

func TestNotReadyPodsAndServicesWithoutSelector(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	l := map[string]string{"app": "db"}
	// Fail: the pod runs to phase Failed with restartPolicy Always, so it
	// stays an endpoint but not a ready one.
	e.Fail = func(p *api.Pod) bool { return p.Name == "db-b" }
	e.Must(e.Admin.Resource("pods").Create(webPod("db-a", l)))
	e.Must(e.Admin.Resource("pods").Create(webPod("db-b", l)))
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		Spec:       api.ServiceSpec{Selector: l, ClusterIP: "None", Ports: []api.ServicePort{{Name: "pg", Port: 5432}}},
	}))
	e.Until(time.Minute, "1 ready, 1 not ready", func() bool {
		o := e.Get("endpoints", "default", "db")
		if o == nil {
			return false
		}
		ep := o.(*api.Endpoints)
		return len(ep.Subsets) == 1 && len(ep.Subsets[0].Addresses) == 1 && len(ep.Subsets[0].NotReadyAddresses) == 1
	})
	ep := e.Get("endpoints", "default", "db").(*api.Endpoints)
	if _, ok := ep.Labels[api.IsHeadlessService]; !ok {
		t.Errorf("headless label missing: %v", ep.Labels)
	}

	// A Service without selector: the hand-made Endpoints stay as they are.
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "ext", Namespace: "default"},
		Spec:       api.ServiceSpec{Ports: []api.ServicePort{{Port: 80}}},
	}))
	e.Must(e.Admin.Resource("endpoints").Create(&api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: "ext", Namespace: "default"},
		Subsets:    []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: "192.0.2.10"}}, Ports: []api.EndpointPort{{Port: 80}}}},
	}))
	e.Run(10 * time.Second)
	ext := e.Get("endpoints", "default", "ext").(*api.Endpoints)
	if len(ext.Labels) != 0 || len(ext.Subsets) != 1 || ext.Subsets[0].Addresses[0].IP != "192.0.2.10" || ext.Subsets[0].Ports[0].Protocol != api.ProtocolTCP {
		t.Errorf("hand-made endpoints changed: %+v", ext)
	}
}
