package printers_test

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

func TestFormatEndpointsIsKubectlsEndpointsCell(t *testing.T) {
	addrs := func(ips ...string) []api.EndpointAddress {
		var out []api.EndpointAddress
		for _, ip := range ips {
			out = append(out, api.EndpointAddress{IP: ip})
		}
		return out
	}
	ports := func(ps ...int32) []api.EndpointPort {
		var out []api.EndpointPort
		for _, p := range ps {
			out = append(out, api.EndpointPort{Port: p})
		}
		return out
	}
	for _, c := range []struct {
		subsets []api.EndpointSubset
		want    string
	}{
		{nil, "<none>"},
		{[]api.EndpointSubset{{NotReadyAddresses: addrs("10.0.0.1"), Ports: ports(80)}}, ""},
		{[]api.EndpointSubset{{Addresses: addrs("10.0.0.1", "10.0.0.2"), Ports: ports(80)}}, "10.0.0.1:80,10.0.0.2:80"},
		{[]api.EndpointSubset{{Addresses: addrs("10.0.0.1", "10.0.0.2"), Ports: ports(80, 443)}}, "10.0.0.1:80,10.0.0.2:80,10.0.0.1:443 + 1 more..."},
		{[]api.EndpointSubset{{Addresses: addrs("10.0.0.1", "10.0.0.2")}}, "10.0.0.1,10.0.0.2"},
		{[]api.EndpointSubset{{Addresses: addrs("2001:db8::1"), Ports: ports(80)}, {Addresses: addrs("10.0.0.5"), Ports: ports(8080)}}, "[2001:db8::1]:80,10.0.0.5:8080"},
	} {
		if got := printers.FormatEndpoints(&api.Endpoints{Subsets: c.subsets}); got != c.want {
			t.Errorf("%+v: got %q, want %q", c.subsets, got, c.want)
		}
	}
}
