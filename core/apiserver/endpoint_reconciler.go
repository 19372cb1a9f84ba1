package apiserver

import (
	"reflect"
	"time"

	"kubeplay/core/api"
)

// EndpointReconcileInterval is how often kube-apiserver's master endpoint
// reconciler checks the kubernetes Endpoints and EndpointSlice (the lease
// reconciler's --endpoint-reconciler-type=lease interval).
const EndpointReconcileInterval = 10 * time.Second

// PublishControlPlaneEndpoints starts kube-apiserver's master endpoint
// reconciler once its advertise address ip is known: the Endpoints and the
// EndpointSlice "kubernetes" in default send the kubernetes Service's port
// 443 to the apiserver's port 6443; every EndpointReconcileInterval they are
// made again if deleted, and put right if changed. A second call changes
// nothing.
func (s *Server) PublishControlPlaneEndpoints(ip string) {
	if s.advertiseIP != "" {
		return
	}
	s.advertiseIP = ip
	s.quiet++
	s.reconcileControlPlaneEndpoints()
	s.quiet--
	s.sim.Every(EndpointReconcileInterval, "kube-apiserver endpoint reconciler", s.reconcileControlPlaneEndpoints)
}

func (s *Server) reconcileControlPlaneEndpoints() {
	const name, port = "kubernetes", int32(6443)
	ip := s.advertiseIP
	ep := &api.Endpoints{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{api.LabelSkipMirror: "true"}},
		Subsets: []api.EndpointSubset{{Addresses: []api.EndpointAddress{{IP: ip}},
			Ports: []api.EndpointPort{{Name: "https", Port: port, Protocol: api.ProtocolTCP}}}},
	}
	ready, portName, proto, p := true, "https", api.ProtocolTCP, port
	slice := &api.EndpointSlice{
		ObjectMeta:  api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{api.LabelServiceName: name}},
		AddressType: "IPv4",
		Endpoints:   []api.Endpoint{{Addresses: []string{ip}, Conditions: api.EndpointConditions{Ready: &ready}}},
		Ports:       []api.EndpointSlicePort{{Name: &portName, Port: &p, Protocol: &proto}},
	}
	for _, want := range []api.Object{ep, slice} {
		r := s.byGR[api.ResourceOf(want).GroupResource()]
		cur := r.get("default", name)
		if cur == nil {
			_ = s.createAsSelf(want)
			continue
		}
		upd := copyObject(cur.obj)
		switch o := upd.(type) {
		case *api.Endpoints:
			o.Subsets, o.Labels = ep.Subsets, ep.Labels
		case *api.EndpointSlice:
			o.AddressType, o.Endpoints, o.Ports, o.Labels = slice.AddressType, slice.Endpoints, slice.Ports, slice.Labels
		}
		if !reflect.DeepEqual(upd, cur.obj) {
			_ = s.storeUpdateEncoded(nil, r, cur, upd)
		}
	}
}
