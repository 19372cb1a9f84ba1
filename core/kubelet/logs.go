package kubelet

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
)

// Logs returns a container's log as `kubectl logs` shows it (previous: the
// instance before the current one). found is false when this kubelet does
// not run the pod. Errors carry the apiserver's texts, e.g.
// `previous terminated container "app" in pod "x" not found`.
func (k *Kubelet) Logs(namespace, pod, containerName string, previous bool) (text string, found bool, err error) {
	w := k.workers[namespace+"/"+pod]
	if w == nil {
		return "", false, nil
	}
	if containerName == "" {
		if len(w.main) != 1 {
			var names, inits []string
			for _, c := range w.main {
				names = append(names, c.name())
			}
			for _, c := range w.init {
				inits = append(inits, c.name())
			}
			msg := fmt.Sprintf("a container name must be specified for pod %s, choose one of: [%s]", pod, strings.Join(names, " "))
			if len(inits) > 0 {
				msg += fmt.Sprintf(" or one of the init containers: [%s]", strings.Join(inits, " "))
			}
			return "", true, api.NewBadRequest(msg)
		}
		containerName = w.main[0].name()
	}
	var c *container
	for _, x := range w.all() {
		if x.name() == containerName {
			c = x
		}
	}
	if c == nil {
		return "", true, api.NewBadRequest(fmt.Sprintf("container %s is not valid for pod %s", containerName, pod))
	}
	inst := c.cur
	if previous {
		inst = c.prev
		if inst == nil {
			return "", true, api.NewBadRequest(fmt.Sprintf("previous terminated container %q in pod %q not found", containerName, pod))
		}
	}
	if inst == nil {
		reason := c.waiting.Reason
		switch reason {
		case WaitingErrImagePull, WaitingImagePullBackOff:
			reason = "trying and failing to pull image"
		case WaitingInvalidImageName, WaitingErrImageNeverPull:
			reason = "image can't be pulled"
		}
		return "", true, api.NewBadRequest(fmt.Sprintf("container %q in pod %q is waiting to start: %s", containerName, pod, reason))
	}
	end := inst.endedAt
	if end.IsZero() {
		end = k.sim.Now()
	}
	lines := inst.proc.Logs(inst.startedAt, end.Sub(inst.startedAt), inst.stopped)
	if len(lines) == 0 {
		return "", true, nil
	}
	return strings.Join(lines, "\n") + "\n", true, nil
}
