package kubelet

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubelet/runtime"
)

// Exec runs command in a running container of a pod on this node, as the
// kubelet's exec endpoint does for kubectl exec. found is false when the
// pod is not here. err carries the server's words (container not found,
// not running); a binary that does not exist is also an error, worded as
// containerd's.
func (k *Kubelet) Exec(namespace, pod, containerName string, command []string, net runtime.Network) (out string, code int32, found bool, err error) {
	w := k.workers[namespace+"/"+pod]
	if w == nil {
		return "", 0, false, nil
	}
	var c *container
	for _, x := range w.all() {
		if x.name() == containerName {
			c = x
		}
	}
	if c == nil {
		return "", 0, true, api.NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", containerName, pod))
	}
	if c.state != cRunning || c.cur == nil {
		return "", 0, true, fmt.Errorf("unable to upgrade connection: container not found (%q)", containerName)
	}
	now := k.sim.Now()
	k.syncFiles(w, now)
	out, code, startErr := c.cur.proc.RunExec(command, runtime.ExecContext{Namespace: namespace, Net: net, Elapsed: now.Sub(c.cur.startedAt), Now: now})
	if startErr != "" {
		return "", 0, true, fmt.Errorf("Internal error occurred: Internal error occurred: error executing command in container: failed to exec in container: failed to start exec %q: %s", strings.TrimPrefix(c.id, "containerd://"), startErr)
	}
	return out, code, true, nil
}

// HTTP answers an HTTP request to a pod IP on this node: the body and
// status of the container listening on port, or refused.
func (k *Kubelet) HTTP(podIP string, port int32, path string) (body string, status int, refused, found bool) {
	for _, w := range k.workers {
		if w.ip != podIP {
			continue
		}
		k.syncFiles(w, k.sim.Now())
		for _, c := range w.all() {
			if c.state != cRunning || c.cur == nil {
				continue
			}
			if b, st, ok := c.cur.proc.HTTPBody(port, path, k.sim.Now()); ok {
				return b, st, false, true
			}
		}
		return "", 0, true, true
	}
	return "", 0, false, false
}

// Server is the running process of the Pod with podIP that serves port's
// protocol (mysqld on 3306, redis-server on its port); found is false when
// no Pod of this node has that IP.
func (k *Kubelet) Server(podIP string, port int32) (proc *runtime.Process, found bool) {
	for _, w := range k.workers {
		if w.ip != podIP {
			continue
		}
		for _, c := range w.all() {
			if c.state == cRunning && c.cur != nil && c.cur.proc.Serves(port) {
				return c.cur.proc, true
			}
		}
		return nil, true
	}
	return nil, false
}
