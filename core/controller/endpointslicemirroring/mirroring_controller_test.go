package endpointslicemirroring

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
)

func TestEndpointsOfAServiceWithoutSelectorAreMirrored(t *testing.T) {
	e := testenv.New(t)
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default"},
		Spec:       api.ServiceSpec{Ports: []api.ServicePort{{Name: "pg", Port: 5432}}},
	}))
	ep := e.Must(e.Admin.Resource("endpoints").Create(&api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: "db", Namespace: "default", Labels: map[string]string{"team": "data"}},
		Subsets: []api.EndpointSubset{{
			Addresses:         []api.EndpointAddress{{IP: "192.0.2.2"}, {IP: "192.0.2.1"}},
			NotReadyAddresses: []api.EndpointAddress{{IP: "192.0.2.3"}},
			Ports:             []api.EndpointPort{{Name: "pg", Port: 5432}}}},
	})).(*api.Endpoints)
	// The apiserver's own Endpoints are never mirrored.
	e.Must(e.Admin.Resource("services").Create(&api.Service{
		ObjectMeta: api.ObjectMeta{Name: "skip", Namespace: "default"},
		Spec:       api.ServiceSpec{Ports: []api.ServicePort{{Port: 443}}},
	}))
	e.Must(e.Admin.Resource("endpoints").Create(&api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: "skip", Namespace: "default", Labels: map[string]string{api.LabelSkipMirror: "true"}},
		Subsets:    []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: "192.0.2.9"}}, Ports: []api.EndpointPort{{Port: 443}}}},
	}))
	slices := func() []*api.EndpointSlice {
		var out []*api.EndpointSlice
		for _, o := range e.List("endpointslices", "default") {
			out = append(out, o.(*api.EndpointSlice))
		}
		return out
	}
	e.Until(time.Minute, "a mirrored slice", func() bool { return len(slices()) == 1 })
	e.Run(5 * time.Second)
	all := slices()
	if len(all) != 1 {
		t.Fatalf("%d slices", len(all))
	}
	s := all[0]
	if s.Labels[api.LabelServiceName] != "db" || s.Labels[api.LabelManagedBy] != ManagedBy || s.Labels["team"] != "data" {
		t.Errorf("labels %v", s.Labels)
	}
	if len(s.OwnerReferences) != 1 || s.OwnerReferences[0].Kind != "Endpoints" || s.OwnerReferences[0].UID != ep.UID {
		t.Errorf("owner %+v", s.OwnerReferences)
	}
	var got []string
	for _, x := range s.Endpoints {
		got = append(got, x.Addresses[0]+map[bool]string{true: "+", false: "-"}[*x.Conditions.Ready])
	}
	if want := "[192.0.2.1+ 192.0.2.2+ 192.0.2.3-]"; fmtList(got) != want {
		t.Errorf("endpoints %v, want %s", got, want)
	}
	if len(s.Ports) != 1 || *s.Ports[0].Name != "pg" || *s.Ports[0].Port != 5432 || *s.Ports[0].Protocol != api.ProtocolTCP {
		t.Errorf("ports %+v", s.Ports)
	}

	// The Endpoints gone: the mirror goes.
	if _, err := e.Admin.Resource("endpoints").Namespace("default").Delete("db", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.Until(time.Minute, "no slices", func() bool { return len(slices()) == 0 })
}

func fmtList(s []string) string {
	out := "["
	for i, x := range s {
		if i > 0 {
			out += " "
		}
		out += x
	}
	return out + "]"
}
