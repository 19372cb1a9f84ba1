package cluster

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/trace"
)

func (c *Cluster) fault(msg string) {
	c.Sim.Trace.Add(trace.Record{Kind: trace.Fault, Component: "sim", Message: msg})
}

// Compact compacts etcd at its current revision and drops the watches
// behind it, as kube-apiserver's watch connections get 410 Expired: their
// clients re-list.
func (c *Cluster) Compact(out io.Writer) error {
	rev := c.Store.Rev()
	if err := c.Store.Compact(rev); err != nil {
		return err
	}
	expired := c.Server.ExpireWatches()
	c.fault(fmt.Sprintf("etcd compacted at revision %d; watch connections re-established: %d watchers were behind it, got 410 Expired and re-list", rev, expired))
	fmt.Fprintf(out, "etcd compacted at revision %d: %d watchers got 410 Expired and re-list\n", rev, expired)
	return nil
}

// NodeDown stops a node's kubelet: it posts nothing more (no Lease renewals,
// no status) and its containers stay as they were, as when a machine is cut off.
func (c *Cluster) NodeDown(name string, out io.Writer) error {
	k, ok := c.Kubelets[name]
	if !ok {
		return fmt.Errorf("node %q not found", name)
	}
	if c.stopped["kubelet/"+name] {
		fmt.Fprintf(out, "node %s is already down\n", name)
		return nil
	}
	k.Stop()
	c.stopped["kubelet/"+name] = true
	c.fault("node " + name + " down: its kubelet stops posting status and renewing its Lease")
	fmt.Fprintf(out, "node %s is down (kubelet stopped)\n", name)
	return nil
}

// NodeUp restarts a stopped node's kubelet.
func (c *Cluster) NodeUp(name string, out io.Writer) error {
	k, ok := c.Kubelets[name]
	if !ok {
		return fmt.Errorf("node %q not found", name)
	}
	if !c.stopped["kubelet/"+name] {
		fmt.Fprintf(out, "node %s is already up\n", name)
		return nil
	}
	delete(c.stopped, "kubelet/"+name)
	c.fault("node " + name + " up: its kubelet re-lists its pods and posts Ready")
	k.Start()
	fmt.Fprintf(out, "node %s is up (kubelet started)\n", name)
	return nil
}

// NodeDelete stops a node's kubelet and deletes its Node object.
func (c *Cluster) NodeDelete(name string, out io.Writer) error {
	k, ok := c.Kubelets[name]
	if !ok {
		return fmt.Errorf("node %q not found", name)
	}
	k.Stop()
	delete(c.Kubelets, name)
	delete(c.stopped, "kubelet/"+name)
	c.fault("node " + name + " deleted")
	if _, err := c.admin().Resource("nodes").Delete(name, clientDeleteNow()); err != nil && !api.IsNotFound(err) {
		return err
	}
	fmt.Fprintf(out, "node %s deleted\n", name)
	return nil
}

// AddNodes adds nodes (each with its kubelet), in order, and records one
// fault; it stops at the first that cannot be added.
func (c *Cluster) AddNodes(specs []NodeSpec, out io.Writer) error {
	for _, s := range specs {
		if err := c.AddNode(s); err != nil {
			return err
		}
		fmt.Fprintf(out, "node %s added\n", s.Name)
	}
	c.fault(fmt.Sprintf("%d node(s) added", len(specs)))
	return nil
}

// Component stops, starts or restarts a control-plane component or a kubelet.
// A restarted component loses its memory (caches, queues) and re-lists.
func (c *Cluster) Component(action, name string, out io.Writer) error {
	type startStopper interface {
		Start()
		Stop()
	}
	var comp startStopper
	switch {
	case name == "kube-scheduler" && c.Scheduler != nil:
		comp = c.Scheduler
	case name == "kube-controller-manager" && c.Controllers != nil:
		comp = c.Controllers
	case strings.HasPrefix(name, "kubelet/"):
		k, ok := c.Kubelets[strings.TrimPrefix(name, "kubelet/")]
		if !ok {
			return fmt.Errorf("node %q not found", strings.TrimPrefix(name, "kubelet/"))
		}
		comp = k
	default:
		return fmt.Errorf("unknown component %q (kube-scheduler, kube-controller-manager, kubelet/NODE)", name)
	}
	switch action {
	case "stop":
		if !c.stopped[name] {
			comp.Stop()
			c.stopped[name] = true
		}
		c.fault(name + " stopped")
		fmt.Fprintf(out, "%s stopped\n", name)
	case "start":
		if c.stopped[name] {
			delete(c.stopped, name)
			comp.Start()
		}
		c.fault(name + " started: it lists everything again and rebuilds its caches")
		fmt.Fprintf(out, "%s started\n", name)
	case "restart":
		if !c.stopped[name] {
			comp.Stop()
		}
		delete(c.stopped, name)
		c.fault(name + " restarted: it lost its memory, re-lists and re-watches")
		comp.Start()
		fmt.Fprintf(out, "%s restarted\n", name)
	}
	return nil
}

// Running reports whether a component (kube-scheduler, kube-controller-manager, kubelet/NODE) runs.
func (c *Cluster) Running(name string) bool { return !c.stopped[name] }

// Stopped lists the stopped components, sorted.
func (c *Cluster) Stopped() []string {
	var s []string
	for n := range c.stopped {
		s = append(s, n)
	}
	sort.Strings(s)
	return s
}
