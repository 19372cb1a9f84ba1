package cluster

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
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

// Lookup resolves name with the search path <ns>.svc.cluster.local,
// svc.cluster.local, cluster.local. An IP address resolves to itself.
func (n podNetwork) Lookup(name string) (fqdn, ip string, ok bool) {
	if isIP(name) {
		return name, name, true
	}
	name = strings.TrimSuffix(strings.TrimSuffix(name, "."), ".cluster.local")
	parts := strings.Split(name, ".")
	var svcName, ns string
	switch {
	case len(parts) == 1:
		svcName, ns = parts[0], n.ns
	case len(parts) == 2 || len(parts) == 3 && parts[2] == "svc":
		svcName, ns = parts[0], parts[1]
	default:
		return "", "", false
	}
	svc := n.service(ns, svcName)
	if svc == nil {
		return "", "", false
	}
	fqdn = fmt.Sprintf("%s.%s.svc.cluster.local", svcName, ns)
	if svc.Spec.ClusterIP == "" || svc.Spec.ClusterIP == "None" {
		if eps := n.endpoints(svc); len(eps) > 0 {
			return fqdn, eps[0].Status.PodIP, true
		}
		return "", "", false
	}
	return fqdn, svc.Spec.ClusterIP, true
}

// isIP tells whether s is an IPv4 or IPv6 address as net.ParseIP takes one
// (no zone), without package net and the 150 KB it brings into the wasm.
func isIP(s string) bool {
	a, ok := ipaddr.Parse(s)
	return ok && a.Zone() == ""
}

// endpoints are the Service's ready Pods, by name.
func (n podNetwork) endpoints(svc *api.Service) []*api.Pod {
	if len(svc.Spec.Selector) == 0 {
		return nil
	}
	l, err := n.c.netClient().Resource("pods").Namespace(svc.Namespace).List(client.ListOptions{LabelSelector: labels.Set(svc.Spec.Selector).String()})
	if err != nil {
		return nil
	}
	var out []*api.Pod
	for _, o := range l.Items {
		p := o.(*api.Pod)
		if p.DeletionTimestamp == nil && p.Status.PodIP != "" && podReady(p) {
			out = append(out, p)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func podReady(p *api.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady {
			return c.Status == api.ConditionTrue
		}
	}
	return false
}

// HTTP forwards a request to a ClusterIP to one of its endpoints, or sends
// it to a Pod IP.
func (n podNetwork) HTTP(ip string, port int32, path string) (string, int, bool) {
	if svc := n.c.serviceByIP(ip); svc != nil {
		var sp *api.ServicePort
		for i := range svc.Spec.Ports {
			if svc.Spec.Ports[i].Port == port {
				sp = &svc.Spec.Ports[i]
			}
		}
		eps := podNetwork{c: n.c, ns: svc.Namespace}.endpoints(svc)
		if sp == nil || len(eps) == 0 {
			return "", 0, true
		}
		key := svc.Namespace + "/" + svc.Name
		pod := eps[n.c.proxyNext[key]%len(eps)]
		n.c.proxyNext[key]++
		return n.c.podHTTP(pod.Status.PodIP, targetPort(pod, *sp), path)
	}
	return n.c.podHTTP(ip, port, path)
}

// targetPort resolves a Service port's targetPort on a Pod (a number or a
// container port's name).
func targetPort(p *api.Pod, sp api.ServicePort) int32 {
	tp := sp.TargetPort
	if tp.Type == api.String {
		for _, c := range p.Spec.Containers {
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

func (c *Cluster) serviceByIP(ip string) *api.Service {
	l, err := c.netClient().Resource("services").List(client.ListOptions{})
	if err != nil {
		return nil
	}
	for _, o := range l.Items {
		if s := o.(*api.Service); s.Spec.ClusterIP == ip {
			return s
		}
	}
	return nil
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
