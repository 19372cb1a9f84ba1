package cluster

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/trace"
)

const simUsage = `usage:
  sim node down NAME | sim node up NAME
  sim node add NAME [--cpu N] [--memory Q] [--pods N] [--labels k=v,...] [--taints k=v:Effect,...] [--count N]
  sim node delete NAME
  sim restart kube-scheduler|kube-controller-manager|kubelet/NAME
  sim stop kube-scheduler|kube-controller-manager | sim start kube-scheduler|kube-controller-manager
  sim compact`

func (c *Cluster) fault(msg string) {
	c.Sim.Trace.Add(trace.Record{Kind: trace.Fault, Component: "sim", Message: msg})
}

// SimCommand runs a `sim ...` line (without the leading "sim").
func (c *Cluster) SimCommand(args []string, out io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%s", simUsage)
	}
	switch args[0] {
	case "node":
		if len(args) < 3 {
			return fmt.Errorf("%s", simUsage)
		}
		switch args[1] {
		case "down":
			return c.NodeDown(args[2], out)
		case "up":
			return c.NodeUp(args[2], out)
		case "add":
			return c.nodeAdd(args[2:], out)
		case "delete":
			return c.NodeDelete(args[2], out)
		}
	case "restart", "stop", "start":
		if len(args) != 2 {
			return fmt.Errorf("%s", simUsage)
		}
		return c.Component(args[0], args[1], out)
	case "compact":
		rev := c.Store.Rev()
		if err := c.Store.Compact(rev); err != nil {
			return err
		}
		expired := c.Server.ExpireWatches()
		c.fault(fmt.Sprintf("etcd compacted at revision %d; watch connections re-established: %d watchers were behind it, got 410 Expired and re-list", rev, expired))
		fmt.Fprintf(out, "etcd compacted at revision %d: %d watchers got 410 Expired and re-list\n", rev, expired)
		return nil
	}
	return fmt.Errorf("%s", simUsage)
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

func (c *Cluster) nodeAdd(args []string, out io.Writer) error {
	spec := NodeSpec{Name: args[0]}
	count := 1
	for i := 1; i < len(args); i++ {
		flag, val, hasVal := strings.Cut(args[i], "=")
		if !hasVal {
			if i+1 >= len(args) {
				return fmt.Errorf("flag %s needs a value", flag)
			}
			i++
			val = args[i]
		}
		switch flag {
		case "--cpu":
			spec.CPU = val
		case "--memory":
			spec.Memory = val
		case "--pods":
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 {
				return fmt.Errorf("invalid --pods %q", val)
			}
			spec.Pods = n
		case "--count":
			n, err := strconv.Atoi(val)
			if err != nil || n <= 0 || n > 10000 {
				return fmt.Errorf("invalid --count %q (1 to 10000)", val)
			}
			count = n
		case "--labels":
			spec.Labels = map[string]string{}
			for _, kv := range strings.Split(val, ",") {
				k, v, _ := strings.Cut(kv, "=")
				spec.Labels[k] = v
			}
		case "--taints":
			for _, t := range strings.Split(val, ",") {
				taint, err := ParseTaint(t)
				if err != nil {
					return err
				}
				spec.Taints = append(spec.Taints, taint)
			}
		default:
			return fmt.Errorf("unknown flag %s\n%s", flag, simUsage)
		}
	}
	for flag, q := range map[string]string{"--cpu": spec.CPU, "--memory": spec.Memory} {
		if q == "" {
			continue
		}
		if _, err := api.ParseQuantity(q); err != nil {
			return fmt.Errorf("invalid %s %q", flag, q)
		}
	}
	names := []string{spec.Name}
	if count > 1 {
		names = names[:0]
		for i := 1; i <= count; i++ {
			names = append(names, fmt.Sprintf("%s-%d", spec.Name, i))
		}
	}
	for _, n := range names {
		s := spec
		s.Name = n
		if err := c.AddNode(s); err != nil {
			return err
		}
		fmt.Fprintf(out, "node %s added\n", n)
	}
	c.fault(fmt.Sprintf("%d node(s) added", len(names)))
	return nil
}

// ParseTaint reads key[=value]:Effect.
func ParseTaint(s string) (api.Taint, error) {
	kv, effect, ok := strings.Cut(s, ":")
	if !ok {
		return api.Taint{}, fmt.Errorf("invalid taint spec: %s", s)
	}
	k, v, _ := strings.Cut(kv, "=")
	switch api.TaintEffect(effect) {
	case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
	default:
		return api.Taint{}, fmt.Errorf("invalid taint effect: %s, unsupported taint effect", effect)
	}
	return api.Taint{Key: k, Value: v, Effect: api.TaintEffect(effect)}, nil
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
