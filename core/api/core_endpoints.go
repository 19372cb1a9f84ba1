package api

import "sort"

// Endpoints is core/v1 Endpoints (deprecated in v1.33 for EndpointSlice,
// still served and kept by kube-controller-manager's endpoint controller).
type Endpoints struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Subsets    []EndpointSubset `json:"subsets,omitempty"`
}

// EndpointSubset is core/v1 EndpointSubset: addresses that share ports.
type EndpointSubset struct {
	Addresses         []EndpointAddress `json:"addresses,omitempty"`
	NotReadyAddresses []EndpointAddress `json:"notReadyAddresses,omitempty"`
	Ports             []EndpointPort    `json:"ports,omitempty"`
}

// EndpointAddress is core/v1 EndpointAddress.
type EndpointAddress struct {
	IP        string           `json:"ip"`
	Hostname  string           `json:"hostname,omitempty"`
	NodeName  *string          `json:"nodeName,omitempty"`
	TargetRef *ObjectReference `json:"targetRef,omitempty"`
}

// EndpointPort is core/v1 EndpointPort.
type EndpointPort struct {
	Name        string   `json:"name,omitempty"`
	Port        int32    `json:"port"`
	Protocol    Protocol `json:"protocol,omitempty"`
	AppProtocol *string  `json:"appProtocol,omitempty"`
}

// EndpointsList is core/v1 EndpointsList.
type EndpointsList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Endpoints `json:"items"`
}

// Endpoints' managed-by label (k8s.io/api) and the apiserver's warning;
// the annotations are in core_wellknown.go.
const (
	// LabelEndpointsManagedBy marks the Endpoints the endpoint controller keeps.
	LabelEndpointsManagedBy = "endpoints.kubernetes.io/managed-by"
	// EndpointsDeprecationWarning is the apiserver's warning on every v1 Endpoints request.
	EndpointsDeprecationWarning = "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"
)

// RepackSubsets puts subsets in the canonical layout the apiserver stores
// (the Endpoints strategy's Canonicalize) and the endpoint controller
// writes: every distinct address once per group of ports that share the same
// addresses, an address not ready for a port if any subset says so, addresses
// sorted by IP then target UID. Real Kubernetes orders ports and subsets by a
// hash of their printed form; here ports go by name, port and protocol, and
// subsets by their addresses, which is as stable and reads better.
func RepackSubsets(subsets []EndpointSubset) []EndpointSubset {
	type addrKey struct{ ip, uid string }
	type portKey struct {
		name, proto, app string
		port             int32
		hasApp           bool
	}
	addrs := map[addrKey]*EndpointAddress{}
	var addrOrder []addrKey
	byPort := map[portKey]map[addrKey]bool{} // address → ready
	var portOrder []portKey
	ports := map[portKey]EndpointPort{}
	add := func(a *EndpointAddress, pk portKey, ready bool) {
		k := addrKey{ip: a.IP}
		if a.TargetRef != nil {
			k.uid = a.TargetRef.UID
		}
		if _, ok := addrs[k]; !ok {
			c := *a
			addrs[k] = &c
			addrOrder = append(addrOrder, k)
		}
		set, ok := byPort[pk]
		if !ok {
			set = map[addrKey]bool{}
			byPort[pk] = set
			portOrder = append(portOrder, pk)
		}
		if was, seen := set[k]; !seen || was {
			set[k] = ready
		}
	}
	for i := range subsets {
		ss := &subsets[i]
		pks := []portKey{{port: -1}}
		if len(ss.Ports) > 0 {
			pks = pks[:0]
			for _, p := range ss.Ports {
				pk := portKey{name: p.Name, proto: string(p.Protocol), port: p.Port}
				if p.AppProtocol != nil {
					pk.app, pk.hasApp = *p.AppProtocol, true
				}
				ports[pk] = p
				pks = append(pks, pk)
			}
		}
		for _, pk := range pks {
			for j := range ss.Addresses {
				add(&ss.Addresses[j], pk, true)
			}
			for j := range ss.NotReadyAddresses {
				add(&ss.NotReadyAddresses[j], pk, false)
			}
		}
	}
	less := func(a, b addrKey) bool {
		if a.ip != b.ip {
			return a.ip < b.ip
		}
		return a.uid < b.uid
	}
	sort.SliceStable(addrOrder, func(i, j int) bool { return less(addrOrder[i], addrOrder[j]) })
	// Group the ports by the (address, readiness) set they offer.
	type group struct {
		id    string
		set   map[addrKey]bool
		ports []portKey
	}
	groups := map[string]*group{}
	var order []*group
	for _, pk := range portOrder {
		set := byPort[pk]
		id := ""
		for _, k := range addrOrder {
			if ready, ok := set[k]; ok {
				id += k.ip + "/" + k.uid + "/" + map[bool]string{true: "r", false: "n"}[ready] + ","
			}
		}
		g, ok := groups[id]
		if !ok {
			g = &group{id: id, set: set}
			groups[id] = g
			order = append(order, g)
		}
		if pk.port > 0 {
			g.ports = append(g.ports, pk)
		}
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].id < order[j].id })
	out := []EndpointSubset{}
	for _, g := range order {
		var ss EndpointSubset
		for _, k := range addrOrder {
			if ready, ok := g.set[k]; ok {
				if ready {
					ss.Addresses = append(ss.Addresses, *addrs[k])
				} else {
					ss.NotReadyAddresses = append(ss.NotReadyAddresses, *addrs[k])
				}
			}
		}
		sort.SliceStable(g.ports, func(i, j int) bool {
			a, b := g.ports[i], g.ports[j]
			if a.name != b.name {
				return a.name < b.name
			}
			if a.port != b.port {
				return a.port < b.port
			}
			return a.proto < b.proto
		})
		for _, pk := range g.ports {
			ss.Ports = append(ss.Ports, ports[pk])
		}
		out = append(out, ss)
	}
	return out
}
