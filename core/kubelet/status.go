package kubelet

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/client"
	"kubeplay/core/trace"
)

// markDirty schedules one status PATCH for the current burst of changes
// (the status manager's batching).
func (w *podWorker) markDirty() {
	if w.statusTimer != nil || w.removed || !w.k.running {
		return
	}
	w.statusTimer = w.k.after(StatusDelay, "status "+w.key, func() {
		w.statusTimer = nil
		w.flushStatus()
	})
}

// flushStatus PATCHes pods/status if it changed since the last write.
func (w *podWorker) flushStatus() {
	if w.removed || !w.k.running {
		return
	}
	st := w.status()
	body, err := jsonenc.Marshal(map[string]any{"status": st})
	h := fnv.New64a()
	h.Write(body)
	sum := h.Sum64()
	if err != nil || sum == w.lastStatus {
		return
	}
	obj, err := w.k.c.Resource("pods").Namespace(w.pod.Namespace).Patch(w.pod.Name, client.MergePatchType, body, "status")
	if err != nil {
		if !api.IsNotFound(err) {
			w.k.podAction(w.pod, "status update failed: "+err.Error())
		}
		return
	}
	w.lastStatus = sum
	if p, ok := obj.(*api.Pod); ok && p.UID == w.uid {
		w.pod = p
	}
	w.k.sim.Trace.Add(trace.Record{Kind: trace.Action, Component: w.k.component, Verb: "patch", Resource: "pods/status",
		Namespace: w.pod.Namespace, Name: w.pod.Name, Message: "status: " + summary(&st)})
}

// summary is a one-line description of a pod status for the trace.
func summary(st *api.PodStatus) string {
	var parts []string
	for _, cs := range append(append([]api.ContainerStatus(nil), st.InitContainerStatuses...), st.ContainerStatuses...) {
		s := cs.Name + " "
		switch {
		case cs.State.Running != nil:
			s += "running"
			if cs.Ready {
				s += ", ready"
			}
		case cs.State.Waiting != nil:
			s += cs.State.Waiting.Reason
		case cs.State.Terminated != nil:
			s += fmt.Sprintf("%s (exit %d)", cs.State.Terminated.Reason, cs.State.Terminated.ExitCode)
			if cs.Ready {
				s += ", ready"
			}
		}
		if cs.RestartCount > 0 {
			s += fmt.Sprintf(", %d restarts", cs.RestartCount)
		}
		parts = append(parts, s)
	}
	return fmt.Sprintf("%s [%s]", st.Phase, strings.Join(parts, "; "))
}

// phase is getPhase: from how many containers wait, run or stopped.
func (w *podWorker) phase() api.PodPhase {
	if w.final != "" {
		return w.final
	}
	policy := w.pod.Spec.RestartPolicy
	for _, c := range w.init {
		if w.initialized || c.initDone() {
			continue
		}
		if c.state == cTerminated && policy == api.RestartPolicyNever && !c.sidecar {
			return api.PodFailed
		}
		return api.PodPending
	}
	var waiting, running, stopped, succeeded int
	for _, c := range w.main {
		switch {
		case c.state == cRunning:
			running++
		case c.state == cTerminated:
			stopped++
			if c.term.ExitCode == 0 {
				succeeded++
			}
		case c.last != nil:
			stopped++
			if c.last.ExitCode == 0 {
				succeeded++
			}
		default:
			waiting++
		}
	}
	switch {
	case waiting > 0:
		return api.PodPending
	case running > 0:
		return api.PodRunning
	case stopped > 0:
		if policy == api.RestartPolicyAlways || policy == "" {
			return api.PodRunning
		}
		if stopped == succeeded {
			return api.PodSucceeded
		}
		if policy == api.RestartPolicyNever {
			return api.PodFailed
		}
		return api.PodRunning
	}
	return api.PodPending
}

// status is generateAPIPodStatus.
func (w *podWorker) status() api.PodStatus {
	pod := w.pod
	old := pod.Status
	st := api.PodStatus{
		ObservedGeneration: pod.Generation,
		Phase:              w.phase(),
		HostIP:             w.k.cfg.InternalIP,
		HostIPs:            []api.HostIP{{IP: w.k.cfg.InternalIP}},
		QOSClass:           qosClass(pod),
	}
	if !w.startTime.IsZero() {
		st.StartTime = api.NewTimePtr(w.startTime)
	}
	if w.ip != "" {
		st.PodIP = w.ip
		st.PodIPs = []api.PodIP{{IP: w.ip}}
	}
	for _, c := range w.init {
		st.InitContainerStatuses = append(st.InitContainerStatuses, w.containerStatus(c))
	}
	for _, c := range w.main {
		st.ContainerStatuses = append(st.ContainerStatuses, w.containerStatus(c))
	}
	sort.Slice(st.ContainerStatuses, func(i, j int) bool { return st.ContainerStatuses[i].Name < st.ContainerStatuses[j].Name })

	// Conditions.
	var notInit, notReady []string
	for _, c := range w.init {
		if !w.initialized && !c.initDone() {
			notInit = append(notInit, c.name())
		}
		if c.sidecar && !(c.ready && c.state == cRunning) {
			notReady = append(notReady, c.name())
		}
	}
	for _, c := range w.main {
		if !(c.ready && c.state == cRunning) {
			notReady = append(notReady, c.name())
		}
	}
	ready := func(t api.PodConditionType) api.PodCondition {
		switch {
		case w.final == api.PodSucceeded:
			return api.PodCondition{Type: t, Status: api.ConditionFalse, Reason: podCompletedReason}
		case w.final == api.PodFailed:
			return api.PodCondition{Type: t, Status: api.ConditionFalse, Reason: "PodFailed"}
		case len(notReady) > 0:
			return api.PodCondition{Type: t, Status: api.ConditionFalse, Reason: containersNotReady,
				Message: fmt.Sprintf(msgContainersNotRdy, "["+strings.Join(notReady, " ")+"]")}
		}
		return api.PodCondition{Type: t, Status: api.ConditionTrue}
	}
	initialized := api.PodCondition{Type: api.PodInitialized, Status: api.ConditionTrue}
	if len(notInit) > 0 {
		initialized = api.PodCondition{Type: api.PodInitialized, Status: api.ConditionFalse, Reason: containersNotInitRsn,
			Message: fmt.Sprintf(msgInitNotReady, "["+strings.Join(notInit, " ")+"]")}
	} else if w.final == api.PodSucceeded && len(w.init) == 0 {
		initialized.Reason = podCompletedReason
	}
	sandbox := api.PodCondition{Type: api.PodReadyToStartContainers, Status: api.ConditionFalse}
	if w.sandbox {
		sandbox.Status = api.ConditionTrue
	}
	conds := []api.PodCondition{sandbox, initialized, ready(api.PodReady), ready(api.ContainersReady)}
	owned := map[api.PodConditionType]bool{}
	for _, c := range conds {
		owned[c.Type] = true
	}
	now := api.NewTime(w.now())
	for i := range conds {
		conds[i].ObservedGeneration = pod.Generation
		conds[i].LastTransitionTime = now
		for _, oc := range old.Conditions {
			if oc.Type == conds[i].Type && oc.Status == conds[i].Status {
				conds[i].LastTransitionTime = oc.LastTransitionTime
			}
		}
	}
	for _, oc := range old.Conditions {
		if !owned[oc.Type] {
			conds = append(conds, oc)
		}
	}
	st.Conditions = conds
	return st
}

// containerStatus renders one container for the API.
func (w *podWorker) containerStatus(c *container) api.ContainerStatus {
	cs := api.ContainerStatus{
		Name:         c.name(),
		Ready:        c.ready && c.state == cRunning,
		RestartCount: max(c.instances-1, 0),
		Image:        c.spec.Image,
		Started:      ptrTo(c.state == cRunning && c.started),
	}
	if c.init && !c.sidecar {
		// A regular init container counts as ready once it has completed.
		cs.Ready = c.state == cTerminated && !c.crashWaiting && c.term.ExitCode == 0
	}
	if c.image != nil {
		cs.Image, cs.ImageID = c.image.Ref(), c.image.ID()
	}
	if c.instances > 0 {
		cs.ContainerID = c.id
	}
	if c.cur != nil && c.cur.proc.StartError == "" {
		// The process identity containerd reports (the
		// SupplementalGroupsPolicy feature, on in v1.35).
		u := c.cur.proc.User()
		cs.User = &api.ContainerUser{Linux: &api.LinuxContainerUser{UID: u.UID, GID: u.GID, SupplementalGroups: u.Groups}}
	}
	if c.last != nil {
		cs.LastTerminationState.Terminated = c.last
	}
	switch c.state {
	case cRunning:
		cs.State.Running = &api.ContainerStateRunning{StartedAt: api.NewTime(c.startedAt)}
	case cTerminated:
		if c.crashWaiting {
			cs.State.Waiting = &api.ContainerStateWaiting{Reason: WaitingCrashLoopBackOff, Message: c.crashMsg}
			cs.LastTerminationState.Terminated = c.term
		} else {
			cs.State.Terminated = c.term
		}
	default:
		wt := c.waiting
		cs.State.Waiting = &wt
	}
	if c.state != cRunning {
		cs.Started = ptrTo(false)
	}
	return cs
}

// qosClass is the pod's QoS class (pkg/apis/core/v1/helper/qos).
func qosClass(pod *api.Pod) api.PodQOSClass {
	var any, guaranteed = false, true
	for _, c := range append(append([]api.Container(nil), pod.Spec.InitContainers...), pod.Spec.Containers...) {
		r := c.Resources
		if len(r.Requests) > 0 || len(r.Limits) > 0 {
			any = true
		}
		for _, name := range []api.ResourceName{api.ResourceCPU, api.ResourceMemory} {
			lim, ok := r.Limits[name]
			if !ok {
				guaranteed = false
				continue
			}
			if req, ok := r.Requests[name]; ok && req.Cmp(lim) != 0 {
				guaranteed = false
			}
		}
	}
	switch {
	case !any:
		return api.PodQOSBestEffort
	case guaranteed:
		return api.PodQOSGuaranteed
	}
	return api.PodQOSBurstable
}
