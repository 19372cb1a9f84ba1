package apiserver

import (
	"reflect"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

func TestEveryEndpointsRequestWarnsOfItsDeprecation(t *testing.T) {
	_, srv := newTestServer(t)
	ep := &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		Subsets: []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: "192.0.2.2"}, {IP: "192.0.2.1"}}, Ports: []api.EndpointPort{{Port: 5432}}}}}
	want := []string{api.EndpointsDeprecationWarning}
	for _, req := range []*request.Request{
		{User: admin(), Verb: "create", Resource: "endpoints", Namespace: "default", Body: ep},
		{User: admin(), Verb: "get", Resource: "endpoints", Namespace: "default", Name: "db"},
		{User: admin(), Verb: "list", Resource: "endpoints", Namespace: "default"},
		{User: admin(), Verb: "get", Resource: "endpoints", Namespace: "default", Name: "missing"},
	} {
		do(t, srv, req)
		if !reflect.DeepEqual(req.Warnings, want) {
			t.Errorf("%s %s: warnings %q", req.Verb, req.Name, req.Warnings)
		}
	}
	pods := &request.Request{User: admin(), Verb: "list", Resource: "pods", Namespace: "default"}
	do(t, srv, pods)
	if len(pods.Warnings) != 0 {
		t.Errorf("pods warned: %q", pods.Warnings)
	}
	got := mustDo(t, srv, &request.Request{User: admin(), Verb: "get", Resource: "endpoints", Namespace: "default", Name: "db"}).(*api.Endpoints)
	if s := got.Subsets[0]; s.Addresses[0].IP != "192.0.2.1" || s.Ports[0].Protocol != api.ProtocolTCP {
		t.Errorf("stored subsets not repacked and defaulted: %+v", got.Subsets)
	}
}

func TestTheControlPlaneEndpointsArePublishedAndKept(t *testing.T) {
	s, srv := newTestServer(t)
	srv.PublishControlPlaneEndpoints("172.18.0.2")
	srv.PublishControlPlaneEndpoints("172.18.0.9")
	ep := mustDo(t, srv, &request.Request{User: admin(), Verb: "get", Resource: "endpoints", Namespace: "default", Name: "kubernetes"}).(*api.Endpoints)
	if ep.Labels[api.LabelSkipMirror] != "true" || ep.Subsets[0].Addresses[0].IP != "172.18.0.2" || ep.Subsets[0].Ports[0] != (api.EndpointPort{Name: "https", Port: 6443, Protocol: api.ProtocolTCP}) {
		t.Errorf("endpoints %+v", ep)
	}
	es := mustDo(t, srv, &request.Request{User: admin(), Verb: "get", Group: "discovery.k8s.io", Resource: "endpointslices", Namespace: "default", Name: "kubernetes"}).(*api.EndpointSlice)
	if es.Labels[api.LabelServiceName] != "kubernetes" || len(es.Endpoints) != 1 || es.Endpoints[0].Addresses[0] != "172.18.0.2" || !*es.Endpoints[0].Conditions.Ready {
		t.Errorf("slice %+v", es)
	}

	// Left alone, the reconciler writes nothing; deleted or changed, it
	// puts them back within EndpointReconcileInterval.
	s.Advance(3 * EndpointReconcileInterval)
	again := mustDo(t, srv, &request.Request{Verb: "get", Resource: "endpoints", Namespace: "default", Name: "kubernetes"}).(*api.Endpoints)
	if again.ResourceVersion != ep.ResourceVersion {
		t.Errorf("rewritten without a change: %s → %s", ep.ResourceVersion, again.ResourceVersion)
	}
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "endpoints", Namespace: "default", Name: "kubernetes"})
	es.Endpoints[0].Addresses = []string{"10.0.0.1"}
	mustDo(t, srv, &request.Request{Verb: "update", Group: "discovery.k8s.io", Resource: "endpointslices", Namespace: "default", Name: "kubernetes", Body: es})
	s.Advance(EndpointReconcileInterval)
	back := mustDo(t, srv, &request.Request{Verb: "get", Resource: "endpoints", Namespace: "default", Name: "kubernetes"}).(*api.Endpoints)
	fixed := mustDo(t, srv, &request.Request{Verb: "get", Group: "discovery.k8s.io", Resource: "endpointslices", Namespace: "default", Name: "kubernetes"}).(*api.EndpointSlice)
	if back.Subsets[0].Addresses[0].IP != "172.18.0.2" || fixed.Endpoints[0].Addresses[0] != "172.18.0.2" {
		t.Errorf("not put back: %+v %+v", back.Subsets, fixed.Endpoints)
	}
}

func TestDeletingAServiceDeletesTheEndpointsOfItsName(t *testing.T) {
	_, srv := newTestServer(t)
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "services", Namespace: "default",
		Body: &api.Service{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"}, Spec: api.ServiceSpec{Ports: []api.ServicePort{{Port: 5432}}}}})
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "endpoints", Namespace: "default",
		Body: &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
			Subsets: []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: "192.0.2.2"}}}}}})
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "services", Namespace: "default", Name: "db"})
	if _, err := do(t, srv, &request.Request{Verb: "get", Resource: "endpoints", Namespace: "default", Name: "db"}); !api.IsNotFound(err) {
		t.Errorf("endpoints after the service's deletion: %v", err)
	}
}
