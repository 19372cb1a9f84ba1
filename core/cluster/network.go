package cluster

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/client"
	"kubeplay/core/ipaddr"
	"kubeplay/core/kubelet/runtime"
)

// The pod network as a container sees it (kubectl exec, port-forward):
// cluster DNS as CoreDNS answers (Service names in the pod's search
// domains), Service ClusterIPs forwarded to a ready endpoint as kube-proxy
// does (round robin, deterministic), and Pod IPs answered by the kubelet
// running the Pod.

// podNetwork is runtime.Network for a pod in namespace ns.
type podNetwork struct {
	c  *Cluster
	ns string
}

var _ runtime.Network = podNetwork{}

// netClient reads Services and Pods as kube-proxy and CoreDNS do.
func (c *Cluster) netClient() *client.Client {
	if c.proxyClient == nil {
		c.proxyClient = c.clientFor(request.UserInfo{Name: request.UserAdmin, Groups: []string{"system:masters", request.GroupAuthenticated}}, "kube-proxy")
	}
	return c.proxyClient
}

func (n podNetwork) service(ns, name string) *api.Service {
	obj, err := n.c.netClient().Resource("services").Namespace(ns).Get(name)
	if err != nil {
		return nil
	}
	svc, _ := obj.(*api.Service)
	return svc
}

// Lookup resolves name as the pod's resolver does: its first address.
func (n podNetwork) Lookup(name string) (fqdn, ip string, ok bool) {
	fqdn, recs, ok := n.Records(name)
	if !ok {
		return "", "", false
	}
	return fqdn, recs[0].IP, true
}

// Records resolves name as CoreDNS answers the pod's resolver (kind's
// Corefile: kubernetes cluster.local with pods insecure): the search path
// <ns>.svc.cluster.local, svc.cluster.local, cluster.local first (ndots:5),
// then the name itself. A Service with a cluster IP has one A record; a
// headless one an A record per ready address of its Endpoints; a Pod with
// a hostname in a headless Service's Endpoints <hostname>.<svc>.<ns>.svc
// (a StatefulSet's web-0.nginx); <a-b-c-d>.<ns>.pod a Pod IP. An IP
// address resolves to itself.
func (n podNetwork) Records(name string) (string, []runtime.Record, bool) {
	if isIP(name) {
		return name, []runtime.Record{{IP: name}}, true
	}
	absolute := strings.HasSuffix(name, ".") // a resolver that does not search asks "name."
	name = strings.TrimSuffix(name, ".")
	var tries []string
	if !absolute && !strings.HasSuffix(name, ".cluster.local") && strings.Count(name, ".") < 5 {
		tries = []string{name + "." + n.ns + ".svc.cluster.local", name + ".svc.cluster.local", name + ".cluster.local"}
	}
	for _, fqdn := range append(tries, name) {
		if recs := n.answer(fqdn); len(recs) > 0 {
			return fqdn, recs, true
		}
	}
	return "", nil, false
}

// Search is the pod's resolv.conf search list (ClusterFirst).
func (n podNetwork) Search() []string {
	return []string{n.ns + ".svc.cluster.local", "svc.cluster.local", "cluster.local"}
}

// answer is CoreDNS's kubernetes plugin for one fully qualified name.
func (n podNetwork) answer(fqdn string) []runtime.Record {
	rest, ok := strings.CutSuffix(fqdn, ".cluster.local")
	if !ok {
		return nil
	}
	parts := strings.Split(rest, ".")
	switch {
	case len(parts) == 3 && parts[2] == "svc":
		svc := n.service(parts[1], parts[0])
		if svc == nil {
			return nil
		}
		if svc.Spec.ClusterIP != "" && svc.Spec.ClusterIP != api.ClusterIPNone {
			return []runtime.Record{{IP: svc.Spec.ClusterIP, Name: fqdn}}
		}
		var out []runtime.Record
		for _, a := range n.addresses(svc) {
			out = append(out, runtime.Record{IP: a.IP, Name: endpointName(a, parts[0], parts[1])})
		}
		return out
	case len(parts) == 4 && parts[3] == "svc":
		svc := n.service(parts[2], parts[1])
		if svc == nil || svc.Spec.ClusterIP != api.ClusterIPNone {
			return nil
		}
		for _, a := range n.addresses(svc) {
			if a.Hostname == parts[0] || a.Hostname == "" && strings.ReplaceAll(a.IP, ".", "-") == parts[0] {
				return []runtime.Record{{IP: a.IP, Name: fqdn}}
			}
		}
	case len(parts) == 3 && parts[2] == "pod":
		if ip := strings.ReplaceAll(parts[0], "-", "."); isIP(ip) {
			return []runtime.Record{{IP: ip, Name: fqdn}}
		}
	}
	return nil
}

// endpointName is the name CoreDNS gives a headless Service's address (its
// PTR record): the Pod's hostname, or its IP with dashes.
func endpointName(a api.EndpointAddress, svc, ns string) string {
	host := a.Hostname
	if host == "" {
		host = strings.ReplaceAll(a.IP, ".", "-")
	}
	return host + "." + svc + "." + ns + ".svc.cluster.local"
}

// addresses are the ready addresses of the Service's Endpoints (what
// `kubectl get endpoints` shows), sorted by IP.
func (n podNetwork) addresses(svc *api.Service) []api.EndpointAddress {
	obj, err := n.c.netClient().Resource("endpoints").Namespace(svc.Namespace).Get(svc.Name)
	if err != nil {
		return nil
	}
	ep, _ := obj.(*api.Endpoints)
	if ep == nil {
		return nil
	}
	var out []api.EndpointAddress
	for _, s := range ep.Subsets {
		out = append(out, s.Addresses...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].IP < out[j].IP })
	return out
}

// isIP tells whether s is an IPv4 or IPv6 address as net.ParseIP takes one
// (no zone), without package net and the 150 KB it brings into the wasm.
func isIP(s string) bool {
	a, ok := ipaddr.Parse(s)
	return ok && a.Zone() == ""
}

// HTTP forwards a request to a ClusterIP to one of the ready addresses of
// its Endpoints (round robin, deterministic, as kube-proxy's rules pick
// one), or sends it to a Pod IP. A Service without ready endpoints refuses
// the connection (kube-proxy's REJECT rule).
func (n podNetwork) HTTP(ip string, port int32, path string) (string, int, bool) {
	svc, sp := n.c.serviceByIP(ip, port)
	if svc != nil {
		addrs := podNetwork{c: n.c, ns: svc.Namespace}.addresses(svc)
		if sp == nil || len(addrs) == 0 {
			return "", 0, true
		}
		key := svc.Namespace + "/" + svc.Name
		a := addrs[n.c.proxyNext[key]%len(addrs)]
		n.c.proxyNext[key]++
		return n.c.podHTTP(a.IP, n.targetPort(svc.Namespace, a, *sp), path)
	}
	return n.c.podHTTP(ip, port, path)
}

// targetPort resolves a Service port's targetPort on an endpoint's Pod (a
// number, or the name of one of its containers' ports).
func (n podNetwork) targetPort(ns string, a api.EndpointAddress, sp api.ServicePort) int32 {
	tp := sp.TargetPort
	if tp.Type == api.String {
		if a.TargetRef == nil {
			return 0
		}
		obj, err := n.c.netClient().Resource("pods").Namespace(ns).Get(a.TargetRef.Name)
		if err != nil {
			return 0
		}
		for _, c := range obj.(*api.Pod).Spec.Containers {
			for _, cp := range c.Ports {
				if cp.Name == tp.StrVal {
					return cp.ContainerPort
				}
			}
		}
		return 0
	}
	if tp.IntVal == 0 {
		return sp.Port
	}
	return tp.IntVal
}

// serviceByIP finds the Service that ip:port reaches and its port: a
// ClusterIP and one of its ports, or a node's address and a NodePort
// (kube-proxy opens every NodePort on every node); nil when none.
func (c *Cluster) serviceByIP(ip string, port int32) (*api.Service, *api.ServicePort) {
	l, err := c.netClient().Resource("services").List(client.ListOptions{})
	if err != nil {
		return nil, nil
	}
	onNode := false
	if nodes, err := c.netClient().Resource("nodes").List(client.ListOptions{}); err == nil {
		for _, o := range nodes.Items {
			for _, a := range o.(*api.Node).Status.Addresses {
				onNode = onNode || a.Type == api.NodeInternalIP && a.Address == ip
			}
		}
	}
	for _, o := range l.Items {
		s := o.(*api.Service)
		for i := range s.Spec.Ports {
			sp := &s.Spec.Ports[i]
			if s.Spec.ClusterIP == ip && sp.Port == port || onNode && sp.NodePort == port && sp.NodePort != 0 {
				return s, sp
			}
		}
		if s.Spec.ClusterIP == ip && !onNode {
			return s, nil
		}
	}
	return nil, nil
}

// podHTTP asks the kubelet running the Pod with that IP.
func (c *Cluster) podHTTP(ip string, port int32, path string) (string, int, bool) {
	for _, name := range c.NodeNames() {
		if body, status, refused, found := c.Kubelets[name].HTTP(ip, port, path); found {
			return body, status, refused
		}
	}
	return "", 0, true
}

// Nameserver is the kube-dns Service's ClusterIP (kind: 10.96.0.10).
func (n podNetwork) Nameserver() string {
	if s := n.service("kube-system", "kube-dns"); s != nil && s.Spec.ClusterIP != "" {
		return s.Spec.ClusterIP
	}
	return "10.96.0.10"
}

// Exec runs a command in a container for kubectl exec.
func (c *Cluster) Exec(ns, pod, container string, command []string) (string, int32, error) {
	for _, name := range c.NodeNames() {
		if out, code, found, err := c.Kubelets[name].Exec(ns, pod, container, command, podNetwork{c: c, ns: ns}); found {
			return out, code, err
		}
	}
	return "", 0, fmt.Errorf("unable to upgrade connection: pod does not exist")
}

// HTTPGet is a request from the terminal's machine to a Pod's port
// (kubectl port-forward): the body, or false when nothing listens.
func (c *Cluster) HTTPGet(ns, pod string, port int32, path string) (string, int, bool) {
	obj, err := c.netClient().Resource("pods").Namespace(ns).Get(pod)
	if err != nil {
		return "", 0, false
	}
	body, status, refused := c.podHTTP(obj.(*api.Pod).Status.PodIP, port, path)
	return body, status, !refused
}

// IsNodeAddress reports whether ip is a node's InternalIP, read from the watch cache (no request: the
// terminal asking where an address leads is not an API call).
func (c *Cluster) IsNodeAddress(ip string) bool {
	for _, o := range c.Server.Peek("", "nodes", "") {
		for _, a := range o.(*api.Node).Status.Addresses {
			if a.Type == api.NodeInternalIP && a.Address == ip {
				return true
			}
		}
	}
	return false
}

// NodeHTTP is a request from the terminal's machine to a node's address
// (kind's nodes are containers on the machine's docker network): a
// NodePort Service answers there as kube-proxy forwards it; ok is false
// when nothing listens on that port.
func (c *Cluster) NodeHTTP(nodeIP string, port int32, path string) (string, int, bool) {
	svc, _ := c.serviceByIP(nodeIP, port)
	if svc == nil {
		return "", 0, false
	}
	body, status, refused := podNetwork{c: c, ns: svc.Namespace}.HTTP(nodeIP, port, path)
	return body, status, !refused
}
