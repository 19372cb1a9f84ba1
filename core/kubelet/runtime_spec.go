package kubelet

import (
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubelet/images"
	"kubeplay/core/kubelet/runtime"
)

// What the kubelet hands the container runtime for a container: its
// runtime.Spec, with the files it finds and the pod's network as its own
// commands reach it (the cluster's Services, the pod's other containers on
// localhost, the cluster DNS).

// runtimeSpec is what the CRI is given for c.
func (w *podWorker) runtimeSpec(c *container, img *images.Image, env map[string]string) runtime.Spec {
	var limit int64
	if q, ok := c.spec.Resources.Limits[api.ResourceMemory]; ok {
		limit = q.Value()
	}
	var ports []int32
	for _, p := range c.spec.Ports {
		ports = append(ports, p.ContainerPort)
	}
	var net runtime.Network
	if w.k.Net != nil {
		net = w.k.Net(w.pod.Namespace)
	}
	s := runtime.Spec{Net: net, Image: img, Command: expandAll(c.spec.Command, env), Args: expandAll(c.spec.Args, env), Env: env,
		MemoryLimit: limit, Ports: ports, PodName: w.pod.Name, PodIP: w.ip, TTY: c.spec.TTY,
		Hostname: w.pod.Spec.Hostname, Files: w.containerFiles(c),
		Peers:    func(p string, at time.Time) ([]string, bool) { return w.peerFile(c, p, at) },
		Local:    func(port int32, path string, at time.Time) (string, int, bool) { return w.localHTTP(c, port, path, at) },
		Resolves: func(name string) bool { return w.k.resolves(w.pod.Namespace, name) },
		Mounts:   w.mounts(c), Namespace: w.pod.Namespace, Clock: w.k.sim.Now}
	w.identity(c, &s)
	return s
}

// resolves reports whether the cluster DNS answers name for a pod of ns, as
// CoreDNS does from the Services it watches: <svc>, <svc>.<ns>,
// <svc>.<ns>.svc[.cluster.local]. Names outside the cluster are not
// modelled and resolve.
func (k *Kubelet) resolves(ns, name string) bool {
	name = strings.TrimSuffix(strings.TrimSuffix(name, "."), ".cluster.local")
	svc, rest, _ := strings.Cut(strings.TrimSuffix(name, ".svc"), ".")
	if strings.Contains(rest, ".") || k.services == nil {
		return true
	}
	if rest != "" {
		ns = rest
	}
	_, ok := k.services.Get(ns, svc)
	return ok
}

// localHTTP is what the pod's other containers that were running at at
// answer on localhost:port (they share the pod's network namespace).
func (w *podWorker) localHTTP(c *container, port int32, path string, at time.Time) (body string, status int, ok bool) {
	for _, s := range w.all() {
		inst := s.cur
		if s == c || inst == nil || at.Before(inst.startedAt) || !inst.endedAt.IsZero() && !at.Before(inst.endedAt) {
			continue
		}
		if body, status, ok = inst.proc.HTTPBody(port, path, at); ok {
			return body, status, true
		}
	}
	return "", 0, false
}

// containerFiles are the files c finds: its volumes' and the kubelet's
// managed /etc/hosts (and /etc/resolv.conf).
func (w *podWorker) containerFiles(c *container) map[string][]string {
	files := w.mountedFiles(c)
	for p, lines := range w.managedFiles() {
		if _, mounted := files[p]; !mounted {
			if files == nil {
				files = map[string][]string{}
			}
			files[p] = lines
		}
	}
	return files
}
