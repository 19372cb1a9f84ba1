package kubelet

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/kubelet/images"
	"kubeplay/core/kubelet/runtime"
	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

// NodeConfig describes one simulated node.
type NodeConfig struct {
	Name   string
	CPU    string // "4"
	Memory string // "8Gi"
	Pods   int    // 110
	Labels map[string]string
	Taints []api.Taint
	// Images are preloaded on the node (kind preloads its control plane images).
	Images     []string
	InternalIP string // 172.18.0.3
	PodCIDR    string // 10.244.1.0/24
}

// Kubelet is one node's kubelet. It is not safe for concurrent use: it runs
// on the sim's loop.
type Kubelet struct {
	// Net, when set, is the pod network a namespace's containers reach
	// Services and Pods through from their own commands (the cluster's).
	Net       func(namespace string) runtime.Network
	sim       *sim.Sim
	c         *client.Client
	cfg       NodeConfig
	reg       *images.Registry
	component string
	rec       *client.Recorder

	running    bool
	registered bool
	gen        uint64 // bumped by Stop: timers of an older generation do nothing

	informer *client.Informer
	// services is the Services cache (the service lister).
	services *client.Informer
	workers  map[string]*podWorker // by namespace/name
	// hostRoot is the node's file system, as far as hostPath volumes
	// reach it (volumes.go).
	hostRoot *runtime.Inode

	present  map[string]*images.Image // images on the node, by ref
	pullFree time.Time                // the serialized puller is busy until then
	pulling  map[string]time.Time     // image ref -> when its queued pull ends

	crash    *backoff
	imageBO  *backoff
	ipNext   int
	ipUsed   map[int]bool
	ipPrefix string

	stopLease, stopStatus func()
	lease                 *api.Lease
	nodeUID               string
	lastPosted            string
	lastPostedAt          time.Time
	bootID                string
	readySince            time.Time
}

// New returns the kubelet of node cfg, talking to the apiserver through c
// (whose identity should be system:node:<cfg.Name>) and pulling from reg.
// Call Start to run it.
func New(s *sim.Sim, c *client.Client, cfg NodeConfig, reg *images.Registry) *Kubelet {
	if cfg.CPU == "" {
		cfg.CPU = "4"
	}
	if cfg.Memory == "" {
		cfg.Memory = "8Gi"
	}
	if cfg.Pods == 0 {
		cfg.Pods = 110
	}
	if cfg.PodCIDR == "" {
		cfg.PodCIDR = "10.244.1.0/24"
	}
	if cfg.InternalIP == "" {
		cfg.InternalIP = "172.18.0.3"
	}
	if reg == nil {
		reg = images.Default()
	}
	k := &Kubelet{
		sim: s, c: c, cfg: cfg, reg: reg,
		component: "kubelet/" + cfg.Name,
		workers:   map[string]*podWorker{},
		present:   map[string]*images.Image{},
		pulling:   map[string]time.Time{},
		crash:     newCrashBackoff(),
		imageBO:   newImageBackoff(),
		ipUsed:    map[int]bool{},
		ipNext:    2,
		bootID:    uuidFrom("boot/" + cfg.Name),
	}
	k.ipPrefix = cidrPrefix(cfg.PodCIDR)
	k.rec = client.NewRecorder(c, "kubelet", cfg.Name)
	for _, ref := range append(defaultPreloaded(cfg.Name), cfg.Images...) {
		if img, ok := reg.Lookup(ref); ok {
			k.present[img.Ref()] = img
		}
	}
	return k
}

// defaultPreloaded is what a kind node image carries.
func defaultPreloaded(node string) []string {
	l := []string{"registry.k8s.io/pause:3.10", "registry.k8s.io/kube-proxy:v1.35.0", "docker.io/kindest/kindnetd:v20250512-df8de77b",
		"docker.io/kindest/local-path-helper:v20241212-8ac705d0", "docker.io/kindest/local-path-provisioner:v20250214-acbabc1a",
		"registry.k8s.io/coredns/coredns:v1.12.1", "registry.k8s.io/etcd:3.6.5-0", "registry.k8s.io/kube-apiserver:v1.35.0",
		"registry.k8s.io/kube-controller-manager:v1.35.0", "registry.k8s.io/kube-scheduler:v1.35.0"}
	return l
}

// Name returns the node name.
func (k *Kubelet) Name() string { return k.cfg.Name }

// Component returns the kubelet's trace component, kubelet/<node>.
func (k *Kubelet) Component() string { return k.component }

// Running reports whether the kubelet is started.
func (k *Kubelet) Running() bool { return k.running }

// Registry returns the registry the node pulls from.
func (k *Kubelet) Registry() *images.Registry { return k.reg }

// HasImage reports whether image is present on the node.
func (k *Kubelet) HasImage(image string) bool {
	img, ok := k.reg.Lookup(image)
	return ok && k.present[img.Ref()] != nil
}

// Start runs the kubelet: it registers the Node (first start) or posts its
// status again, starts the Lease and status heartbeats, and lists and
// watches its pods. After a Stop, pods deleted meanwhile are killed and the
// others resume where they froze.
func (k *Kubelet) Start() {
	if k.running {
		return
	}
	k.running = true
	k.gen++
	k.action("kubelet starting")
	k.registerNode()
	k.startHeartbeats()
	if k.informer == nil {
		k.informer = client.NewInformer(k.c, "pods", "", client.ListOptions{FieldSelector: "spec.nodeName=" + k.cfg.Name}, 0)
		k.informer.AddEventHandler(client.Handler{
			OnAdd:    func(obj api.Object) { k.podChanged(obj) },
			OnUpdate: func(_, obj api.Object) { k.podChanged(obj) },
			OnDelete: func(obj api.Object) { k.podDeleted(obj) },
		})
	}
	k.informer.Run()
	if k.services == nil {
		// The Services' environment variables come from this cache, as
		// the kubelet's service lister.
		k.services = client.NewInformer(k.c, "services", "", client.ListOptions{}, 0)
	}
	k.services.Run()
	// Reconcile: pods that disappeared while the kubelet was away.
	for _, key := range k.workerKeys() {
		w := k.workers[key]
		if obj, ok := k.informer.GetByKey(key); !ok || obj.GetObjectMeta().UID != w.uid {
			w.remove("pod was deleted while the kubelet was stopped")
			continue
		}
		w.resume()
	}
}

// Stop is "node down": the kubelet posts nothing more (no status, no Lease
// renewals) and its containers freeze as they were last reported.
func (k *Kubelet) Stop() {
	if !k.running {
		return
	}
	k.running = false
	k.gen++
	if k.stopLease != nil {
		k.stopLease()
		k.stopLease = nil
	}
	if k.stopStatus != nil {
		k.stopStatus()
		k.stopStatus = nil
	}
	if k.informer != nil {
		k.informer.Stop()
	}
	if k.services != nil {
		k.services.Stop()
	}
	for _, key := range k.workerKeys() {
		k.workers[key].freeze()
	}
	k.pullFree = time.Time{}
	clear(k.pulling)
	k.action("kubelet stopped: no more status updates or Lease renewals")
}

// Restart stops the kubelet, forgets what it kept in memory (back-offs,
// its view of the node status), and starts it again. Containers keep
// running, as they do when a real kubelet restarts.
func (k *Kubelet) Restart() {
	k.Stop()
	k.crash = newCrashBackoff()
	k.imageBO = newImageBackoff()
	k.lastPosted = ""
	k.lease = nil
	k.Start()
}

func (k *Kubelet) workerKeys() []string {
	keys := make([]string, 0, len(k.workers))
	for key := range k.workers {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

func (k *Kubelet) podChanged(obj api.Object) {
	pod, ok := obj.(*api.Pod)
	if !ok || !k.running {
		return
	}
	key := pod.Namespace + "/" + pod.Name
	w := k.workers[key]
	if w != nil && w.uid != pod.UID {
		w.remove("replaced by a new pod with the same name")
		w = nil
	}
	if w == nil {
		if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
			if pod.DeletionTimestamp != nil {
				k.deletePod(pod)
			}
			return // finished before this kubelet knew it: nothing to run
		}
		w = newPodWorker(k, pod)
		k.workers[key] = w
		k.action(fmt.Sprintf("SyncLoop ADD pod %s", key))
	}
	w.pod = pod
	w.specChanged()
	w.sync()
}

func (k *Kubelet) podDeleted(obj api.Object) {
	pod, ok := obj.(*api.Pod)
	if !ok {
		return
	}
	key := pod.Namespace + "/" + pod.Name
	if w := k.workers[key]; w != nil && w.uid == pod.UID {
		w.remove("pod deleted")
	}
}

// after schedules fn as foreground work of this kubelet generation.
func (k *Kubelet) after(d time.Duration, name string, fn func()) *sim.Timer {
	gen := k.gen
	return k.sim.After(d, k.component+" "+name, func() {
		if k.gen == gen && k.running {
			fn()
		}
	})
}

// afterBackground schedules periodic-style work (process lifetimes, probes,
// back-off retries) that should not keep RunUntilIdle busy.
func (k *Kubelet) afterBackground(d time.Duration, name string, fn func()) *sim.Timer {
	gen := k.gen
	return k.sim.AfterBackground(d, k.component+" "+name, func() {
		if k.gen == gen && k.running {
			fn()
		}
	})
}

func (k *Kubelet) action(msg string) {
	k.sim.Trace.Add(trace.Record{Kind: trace.Action, Component: k.component, Message: msg})
}

func (k *Kubelet) podAction(pod *api.Pod, msg string) {
	k.sim.Trace.Add(trace.Record{Kind: trace.Action, Component: k.component, Resource: "pods",
		Namespace: pod.Namespace, Name: pod.Name, Message: msg})
}

// allocateIP hands out the next free address of the node's pod CIDR
// (host-local IPAM: .1 is the gateway, addresses go round-robin).
func (k *Kubelet) allocateIP() string {
	for i := 0; i < 253; i++ {
		n := k.ipNext
		k.ipNext++
		if k.ipNext > 254 {
			k.ipNext = 2
		}
		if !k.ipUsed[n] {
			k.ipUsed[n] = true
			return k.ipPrefix + strconv.Itoa(n)
		}
	}
	return ""
}

func (k *Kubelet) releaseIP(ip string) {
	if n, err := strconv.Atoi(strings.TrimPrefix(ip, k.ipPrefix)); err == nil {
		delete(k.ipUsed, n)
	}
}

// cidrPrefix returns "10.244.1." for "10.244.1.0/24".
func cidrPrefix(cidr string) string {
	ip, _, _ := strings.Cut(cidr, "/")
	if i := strings.LastIndexByte(ip, '.'); i >= 0 {
		return ip[:i+1]
	}
	return "10.244.1."
}

// deletePod deletes a terminated pod with grace period 0: the kubelet's
// last word, after which the pod object is gone.
func (k *Kubelet) deletePod(pod *api.Pod) {
	zero := int64(0)
	uid := pod.UID
	_, err := k.c.Resource("pods").Namespace(pod.Namespace).Delete(pod.Name, client.DeleteOptions{
		GracePeriodSeconds: &zero, Preconditions: &api.Preconditions{UID: &uid}})
	if err != nil && !api.IsNotFound(err) {
		k.podAction(pod, "failed to delete terminated pod: "+err.Error())
	}
}
