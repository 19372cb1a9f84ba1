//go:build !lite

package cluster

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/kubelet/runtime"
)

// The cluster's TCP servers as clients reach them (runtime.Conn: mysql,
// redis-cli, the guestbook's PHP), with the replication the tutorials set
// up. The lite build leaves them out with their clients.

var _ runtime.Conn = podNetwork{}

// Send carries a request to the TCP server behind ip:port (mysqld,
// redis-server): through a Service to one of its ready endpoints, as HTTP.
func (n podNetwork) Send(ip string, port int32, req []string) ([]string, bool) {
	svc, sp := n.c.serviceByIP(ip, port)
	if svc != nil {
		addrs := podNetwork{c: n.c, ns: svc.Namespace}.addresses(svc)
		if sp == nil || len(addrs) == 0 {
			return nil, true
		}
		key := svc.Namespace + "/" + svc.Name
		a := addrs[n.c.proxyNext[key]%len(addrs)]
		n.c.proxyNext[key]++
		ip, port = a.IP, n.targetPort(svc.Namespace, a, *sp)
	}
	proc := n.c.server(ip, port)
	if proc == nil {
		return nil, true
	}
	if primary := n.c.mysqlPrimary(ip, port); primary != nil && primary != proc {
		proc.ReplicateFrom(primary)
	}
	if host, lport, ok := proc.ReplicaOf(); ok {
		if leader := n.c.leaderOf(ip, host, lport); leader != nil && leader != proc {
			proc.ReplicateFrom(leader)
		}
	}
	reply, ok := proc.Serve(port, req)
	return reply, !ok
}

// server is the process serving ip:port on whichever node runs that Pod.
func (c *Cluster) server(ip string, port int32) *runtime.Process {
	for _, name := range c.NodeNames() {
		if proc, found := c.Kubelets[name].Server(ip, port); found {
			return proc
		}
	}
	return nil
}

// leaderOf is the server a replica at ip follows at host:port, resolved in
// the replica's namespace (through a Service, to its first ready address).
func (c *Cluster) leaderOf(ip, host string, port int32) *runtime.Process {
	pod := c.podByIP(ip)
	if pod == nil {
		return nil
	}
	n := podNetwork{c: c, ns: pod.Namespace}
	_, lip, ok := n.Lookup(host)
	if !ok {
		return nil
	}
	if svc, sp := c.serviceByIP(lip, port); svc != nil {
		addrs := podNetwork{c: c, ns: svc.Namespace}.addresses(svc)
		if sp == nil || len(addrs) == 0 {
			return nil
		}
		lip, port = addrs[0].IP, n.targetPort(svc.Namespace, addrs[0], *sp)
	}
	return c.server(lip, port)
}

// podByIP is the Pod with that IP, or nil.
func (c *Cluster) podByIP(ip string) *api.Pod {
	l, err := c.netClient().Resource("pods").List(client.ListOptions{})
	if err != nil {
		return nil
	}
	for _, o := range l.Items {
		if p := o.(*api.Pod); p.Status.PodIP == ip {
			return p
		}
	}
	return nil
}

// mysqlPrimary is the primary a MySQL replica replicates from: the
// replicated tutorial's StatefulSet runs mysqld beside an xtrabackup
// container, and Pod <name>-N (N > 0) clones and follows <name>-0.
func (c *Cluster) mysqlPrimary(ip string, port int32) *runtime.Process {
	pod := c.podByIP(ip)
	if pod == nil {
		return nil
	}
	l, err := c.netClient().Resource("pods").Namespace(pod.Namespace).List(client.ListOptions{})
	if err != nil {
		return nil
	}
	replicates := false
	for _, ctr := range pod.Spec.Containers {
		replicates = replicates || ctr.Name == "xtrabackup"
	}
	i := strings.LastIndexByte(pod.Name, '-')
	if !replicates || i < 0 || pod.Name[i+1:] == "0" {
		return nil
	}
	for _, o := range l.Items {
		if p := o.(*api.Pod); p.Namespace == pod.Namespace && p.Name == pod.Name[:i]+"-0" && p.Status.PodIP != "" {
			return c.server(p.Status.PodIP, port)
		}
	}
	return nil
}
