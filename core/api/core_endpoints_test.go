package api

import (
	"encoding/json"
	"testing"
)

func TestRepackSubsetsGroupsPortsByTheirAddresses(t *testing.T) {
	ref := func(uid string) *ObjectReference { return &ObjectReference{Kind: "Pod", UID: uid} }
	in := []EndpointSubset{
		{Addresses: []EndpointAddress{{IP: "10.0.0.2", TargetRef: ref("b")}}, Ports: []EndpointPort{{Name: "http", Port: 80, Protocol: ProtocolTCP}}},
		{Addresses: []EndpointAddress{{IP: "10.0.0.1", TargetRef: ref("a")}}, Ports: []EndpointPort{{Name: "http", Port: 80, Protocol: ProtocolTCP}}},
		{NotReadyAddresses: []EndpointAddress{{IP: "10.0.0.3", TargetRef: ref("c")}}, Ports: []EndpointPort{{Name: "http", Port: 80, Protocol: ProtocolTCP}}},
		// The same address not ready on another subset of the same port: not ready wins.
		{NotReadyAddresses: []EndpointAddress{{IP: "10.0.0.2", TargetRef: ref("b")}}, Ports: []EndpointPort{{Name: "http", Port: 80, Protocol: ProtocolTCP}}},
		{Addresses: []EndpointAddress{{IP: "10.0.0.9"}}, Ports: []EndpointPort{{Name: "metrics", Port: 9090, Protocol: ProtocolTCP}}},
		{Addresses: []EndpointAddress{{IP: "10.0.0.9"}}, Ports: []EndpointPort{{Name: "admin", Port: 9091, Protocol: ProtocolTCP}}},
	}
	got, _ := json.Marshal(RepackSubsets(in))
	want := `[{"addresses":[{"ip":"10.0.0.1","targetRef":{"kind":"Pod","uid":"a"}}],` +
		`"notReadyAddresses":[{"ip":"10.0.0.2","targetRef":{"kind":"Pod","uid":"b"}},{"ip":"10.0.0.3","targetRef":{"kind":"Pod","uid":"c"}}],` +
		`"ports":[{"name":"http","port":80,"protocol":"TCP"}]},` +
		`{"addresses":[{"ip":"10.0.0.9"}],"ports":[{"name":"admin","port":9091,"protocol":"TCP"},{"name":"metrics","port":9090,"protocol":"TCP"}]}]`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if out := RepackSubsets(nil); out == nil || len(out) != 0 {
		t.Errorf("nil subsets repack to %#v", out)
	}
	// Headless without ports: the addresses stay, ports empty.
	got, _ = json.Marshal(RepackSubsets([]EndpointSubset{{Addresses: []EndpointAddress{{IP: "10.0.0.7"}, {IP: "10.0.0.6"}}}}))
	if want := `[{"addresses":[{"ip":"10.0.0.6"},{"ip":"10.0.0.7"}]}]`; string(got) != want {
		t.Errorf("headless: got %s", got)
	}
}
