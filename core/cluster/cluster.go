package cluster

import (
	"fmt"
	"io"
	"sort"
	"time"

	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
	"kubeplay/core/client"
	"kubeplay/core/controller"
	"kubeplay/core/kubectl"
	"kubeplay/core/kubectl/examples"
	"kubeplay/core/kubelet"
	"kubeplay/core/kubelet/images"
	"kubeplay/core/kubelet/runtime"
	"kubeplay/core/scheduler"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// Cluster is one simulated cluster on one virtual clock.
type Cluster struct {
	Opts        Options
	Sim         *sim.Sim
	Store       *store.Store
	Server      *apiserver.Server
	Scheduler   *scheduler.Scheduler
	Controllers *controller.Manager
	Registry    *images.Registry
	Kubelets    map[string]*kubelet.Kubelet

	nodeSeq  int
	kubectl  *kubectl.Kubectl
	readFile func(string) ([]byte, error)
	readDir  func(string) ([]string, error)
	out      io.Writer
	stopped  map[string]bool
	// proxyClient and proxyNext: the pod network's reads and kube-proxy's
	// round robin per Service (network.go).
	proxyClient *client.Client
	proxyNext   map[string]int
}

// New creates the cluster and starts its components. The returned cluster
// has run its start-up: nodes registered and Ready, default service accounts
// created.
func New(opts Options) *Cluster {
	if opts.Seed == 0 {
		opts.Seed = sim.DefaultSeed
	}
	s := sim.New(opts.Seed)
	st := store.New(s)
	srv := apiserver.New(s, st)
	srv.StartCompaction()
	c := &Cluster{
		Opts: opts, Sim: s, Store: st, Server: srv,
		Registry:  images.Default(),
		Kubelets:  map[string]*kubelet.Kubelet{},
		out:       io.Discard,
		stopped:   map[string]bool{},
		proxyNext: map[string]int{},
	}
	// The apiserver's ComponentStatus probes reach the scheduler's and the controller-manager's /healthz.
	srv.SetComponentProbe(func(name string) bool {
		switch name {
		case "kube-scheduler":
			return c.Scheduler != nil && c.Running(name)
		case "kube-controller-manager":
			return c.Controllers != nil && c.Running(name)
		}
		return true
	})
	if !opts.NoControllers {
		c.Controllers = controller.NewManager(s, c.clientFor(request.UserInfo{Name: request.UserControllerManager, Groups: []string{request.GroupAuthenticated}}, "kube-controller-manager"))
		c.Controllers.Start()
	}
	if !opts.NoScheduler {
		c.Scheduler = scheduler.New(s, c.clientFor(request.UserInfo{Name: request.UserScheduler, Groups: []string{request.GroupAuthenticated}}, "kube-scheduler"))
		c.Scheduler.Start()
	}
	addNodes := func(controlPlane bool) {
		for _, n := range opts.Nodes {
			if n.ControlPlane != controlPlane {
				continue
			}
			if err := c.AddNode(n); err != nil {
				panic(fmt.Sprintf("cluster: adding node %s: %v", n.Name, err))
			}
		}
	}
	if opts.SystemWorkloads {
		// As kind does: kubeadm init on the control plane applies the
		// addons, then the workers join.
		addNodes(true)
		s.Advance(time.Second)
		if err := c.startSystemWorkloads(); err != nil {
			panic("cluster: kind's system workloads: " + err.Error())
		}
		s.Advance(WorkersJoinAfter - time.Second)
		addNodes(false)
		s.Advance(Startup - WorkersJoinAfter)
	} else {
		for _, n := range opts.Nodes {
			if err := c.AddNode(n); err != nil {
				panic(fmt.Sprintf("cluster: adding node %s: %v", n.Name, err))
			}
		}
		s.Advance(Startup)
	}
	return c
}

// Startup is the virtual time New spends bringing the cluster up, about what
// `kind create cluster` takes: when the learner types the first command, the
// nodes are a minute old, Ready, and their node-lifecycle taints are gone.
const Startup = time.Minute

// WorkersJoinAfter is when, into the start-up of a cluster with its system
// workloads, the workers join (kubeadm join): the control plane has run
// kubeadm init and its addons by then, so CoreDNS runs on it, as on kind.
const WorkersJoinAfter = 20 * time.Second

func (c *Cluster) clientFor(u request.UserInfo, component string) *client.Client {
	return client.NewForServer(c.Sim, c.Server, u, component)
}

// AddNode creates a node with a running kubelet.
func (c *Cluster) AddNode(spec NodeSpec) error {
	spec = spec.withDefaults()
	if _, dup := c.Kubelets[spec.Name]; dup {
		return fmt.Errorf("node %q already exists", spec.Name)
	}
	if c.Opts.NoKubelets {
		return nil
	}
	c.nodeSeq++
	cfg := kubelet.NodeConfig{
		Name:       spec.Name,
		CPU:        spec.CPU,
		Memory:     spec.Memory,
		Pods:       spec.Pods,
		Labels:     spec.Labels,
		Taints:     spec.Taints,
		InternalIP: fmt.Sprintf("172.18.0.%d", c.nodeSeq+1),
		PodCIDR:    fmt.Sprintf("10.244.%d.0/24", c.nodeSeq-1),
	}
	u := request.UserInfo{Name: request.NodeUserPrefix + spec.Name, Groups: []string{request.GroupNodes, request.GroupAuthenticated}}
	k := kubelet.New(c.Sim, c.clientFor(u, "kubelet/"+spec.Name), cfg, c.Registry)
	k.Net = func(ns string) runtime.Network { return podNetwork{c: c, ns: ns} }
	c.Kubelets[spec.Name] = k
	k.Start()
	if spec.ControlPlane {
		// kube-apiserver advertises the control-plane node's address.
		c.Server.PublishControlPlaneEndpoints(cfg.InternalIP)
	}
	return nil
}

// NodeNames lists the nodes that have a kubelet, sorted.
func (c *Cluster) NodeNames() []string {
	names := make([]string, 0, len(c.Kubelets))
	for n := range c.Kubelets {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Kubectl returns the cluster's kubectl (one per cluster, so watches it
// starts keep running between commands).
func (c *Cluster) Kubectl(out io.Writer) *kubectl.Kubectl {
	if c.kubectl == nil {
		c.kubectl = kubectl.New(kubectl.Env{Sim: c.Sim, Server: c.Server, Logs: c.Logs, Exec: c.Exec, HTTPGet: c.HTTPGet, ReadFile: c.readFile, ReadDir: c.readDir, ReadURL: examples.Read})
	}
	return c.kubectl
}

// SetFiles sets where `kubectl ... -f PATH` reads: the OS in the terminal,
// the editor's tabs in the browser, a scenario's files in the player.
func (c *Cluster) SetFiles(readFile func(path string) ([]byte, error), readDir func(path string) ([]string, error)) {
	c.readFile, c.readDir = readFile, readDir
	if c.kubectl != nil {
		c.kubectl.SetFiles(readFile, readDir)
	}
}

// Files returns what SetFiles set: the terminal's shell reads its files
// there too (cat FILE, < FILE).
func (c *Cluster) Files() (readFile func(path string) ([]byte, error), readDir func(path string) ([]string, error)) {
	return c.readFile, c.readDir
}

// SetOutput sets where asynchronous output (watches) goes by default.
func (c *Cluster) SetOutput(w io.Writer) { c.out = w }

// StopWatches ends every running kubectl watch.
func (c *Cluster) StopWatches() {
	if c.kubectl != nil {
		c.kubectl.StopWatches()
	}
}

// HasWatches reports whether a kubectl watch is running.
func (c *Cluster) HasWatches() bool { return c.kubectl != nil && c.kubectl.Watching() > 0 }

// Logs returns a container's log from the kubelet running the pod.
func (c *Cluster) Logs(ns, pod, container string, previous bool) (string, error) {
	for _, name := range c.NodeNames() {
		if out, ok, err := c.Kubelets[name].Logs(ns, pod, container, previous); ok {
			return out, err
		}
	}
	return "", fmt.Errorf("pods %q not found", pod)
}
