package printers

import (
	"fmt"
	"strconv"
	"time"

	"kubeplay/core/api"
)

// podSummary is what kubectl get pods derives from a Pod for its default columns.
type podSummary struct {
	Status      string    // STATUS
	Ready       int       // ready containers (READY numerator)
	Total       int       // containers + restartable init containers (READY denominator)
	Restarts    int       // RESTARTS
	LastRestart time.Time // latest lastState.terminated.finishedAt, zero if none
}

// PodStatus is the STATUS column of kubectl get pods (printPod in
// pkg/printers/internalversion): the phase, overridden by status.reason,
// SchedulingGated, init container progress ("Init:0/1", "Init:CrashLoopBackOff",
// "Init:ExitCode:1"), the last container's waiting or terminated reason
// ("ContainerCreating", "CrashLoopBackOff", "Completed", "Error",
// "ExitCode:137", "Signal:9"), "NotReady", "Terminating" and "Unknown".
func PodStatus(pod *api.Pod) string { return summarizePod(pod).Status }

// PodReady is the READY column ("1/1").
func PodReady(pod *api.Pod) string {
	s := summarizePod(pod)
	return fmt.Sprintf("%d/%d", s.Ready, s.Total)
}

// PodRestarts is the RESTARTS column: "0", or "3 (45s ago)" when the latest
// restart time is known.
func PodRestarts(pod *api.Pod, now time.Time) string {
	s := summarizePod(pod)
	out := strconv.Itoa(s.Restarts)
	if s.Restarts != 0 && !s.LastRestart.IsZero() {
		out = fmt.Sprintf("%d (%s ago)", s.Restarts, Since(s.LastRestart, now))
	}
	return out
}

func isRestartable(c *api.Container) bool {
	return c != nil && c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways
}

func summarizePod(pod *api.Pod) podSummary {
	s := podSummary{Total: len(pod.Spec.Containers)}
	phase := pod.Status.Phase
	reason := string(phase)
	if pod.Status.Reason != "" {
		reason = pod.Status.Reason
	}
	for _, c := range pod.Status.Conditions {
		if c.Type == api.PodScheduled && c.Reason == "SchedulingGated" {
			reason = "SchedulingGated"
		}
	}

	initContainers := map[string]*api.Container{}
	for i := range pod.Spec.InitContainers {
		c := &pod.Spec.InitContainers[i]
		initContainers[c.Name] = c
		if isRestartable(c) {
			s.Total++
		}
	}

	restarts, sidecarRestarts := 0, 0
	var lastRestart, lastSidecarRestart time.Time
	initializing := false
	for i := range pod.Status.InitContainerStatuses {
		cs := pod.Status.InitContainerStatuses[i]
		restarts += int(cs.RestartCount)
		if t := cs.LastTerminationState.Terminated; t != nil && lastRestart.Before(t.FinishedAt.Time) {
			lastRestart = t.FinishedAt.Time
		}
		sidecar := isRestartable(initContainers[cs.Name])
		if sidecar {
			sidecarRestarts += int(cs.RestartCount)
			if t := cs.LastTerminationState.Terminated; t != nil && lastSidecarRestart.Before(t.FinishedAt.Time) {
				lastSidecarRestart = t.FinishedAt.Time
			}
		}
		switch {
		case cs.State.Terminated != nil && cs.State.Terminated.ExitCode == 0:
			continue
		case sidecar && cs.Started != nil && *cs.Started:
			if cs.Ready {
				s.Ready++
			}
			continue
		case cs.State.Terminated != nil:
			t := cs.State.Terminated
			switch {
			case t.Reason != "":
				reason = "Init:" + t.Reason
			case t.Signal != 0:
				reason = fmt.Sprintf("Init:Signal:%d", t.Signal)
			default:
				reason = fmt.Sprintf("Init:ExitCode:%d", t.ExitCode)
			}
			initializing = true
		case cs.State.Waiting != nil && cs.State.Waiting.Reason != "" && cs.State.Waiting.Reason != "PodInitializing":
			reason = "Init:" + cs.State.Waiting.Reason
			initializing = true
		default:
			reason = fmt.Sprintf("Init:%d/%d", i, len(pod.Spec.InitContainers))
			initializing = true
		}
		break
	}

	if !initializing || podInitialized(pod) {
		restarts = sidecarRestarts
		lastRestart = lastSidecarRestart
		hasRunning := false
		for i := len(pod.Status.ContainerStatuses) - 1; i >= 0; i-- {
			cs := pod.Status.ContainerStatuses[i]
			restarts += int(cs.RestartCount)
			if t := cs.LastTerminationState.Terminated; t != nil && lastRestart.Before(t.FinishedAt.Time) {
				lastRestart = t.FinishedAt.Time
			}
			switch {
			case cs.State.Waiting != nil && cs.State.Waiting.Reason != "":
				reason = cs.State.Waiting.Reason
			case cs.State.Terminated != nil && cs.State.Terminated.Reason != "":
				reason = cs.State.Terminated.Reason
			case cs.State.Terminated != nil:
				if cs.State.Terminated.Signal != 0 {
					reason = fmt.Sprintf("Signal:%d", cs.State.Terminated.Signal)
				} else {
					reason = fmt.Sprintf("ExitCode:%d", cs.State.Terminated.ExitCode)
				}
			case cs.Ready && cs.State.Running != nil:
				hasRunning = true
				s.Ready++
			}
		}
		if reason == "Completed" && hasRunning {
			if podConditionTrue(pod, api.PodReady) {
				reason = "Running"
			} else {
				reason = "NotReady"
			}
		}
	}

	if pod.DeletionTimestamp != nil && pod.Status.Reason == "NodeLost" {
		reason = "Unknown"
	} else if pod.DeletionTimestamp != nil && phase != api.PodSucceeded && phase != api.PodFailed {
		reason = "Terminating"
	}
	s.Status = reason
	s.Restarts = restarts
	s.LastRestart = lastRestart
	return s
}

func podInitialized(pod *api.Pod) bool {
	for _, c := range pod.Status.Conditions {
		if c.Type == api.PodInitialized {
			return c.Status == api.ConditionTrue
		}
	}
	return false
}

func podConditionTrue(pod *api.Pod, t api.PodConditionType) bool {
	for _, c := range pod.Status.Conditions {
		if c.Type == t && c.Status == api.ConditionTrue {
			return true
		}
	}
	return false
}

var podColumns = []Column{
	{Name: "Name"}, {Name: "Ready"}, {Name: "Status"}, {Name: "Restarts"}, {Name: "Age"},
	{Name: "IP", Priority: 1}, {Name: "Node", Priority: 1},
	{Name: "Nominated Node", Priority: 1}, {Name: "Readiness Gates", Priority: 1},
}

func podRow(obj api.Object, now time.Time) []string {
	pod := obj.(*api.Pod)
	s := summarizePod(pod)
	restarts := strconv.Itoa(s.Restarts)
	if s.Restarts != 0 && !s.LastRestart.IsZero() {
		restarts = fmt.Sprintf("%d (%s ago)", s.Restarts, Since(s.LastRestart, now))
	}
	ip := "<none>"
	if len(pod.Status.PodIPs) > 0 && pod.Status.PodIPs[0].IP != "" {
		ip = pod.Status.PodIPs[0].IP
	}
	gates := "<none>"
	if n := len(pod.Spec.ReadinessGates); n > 0 {
		ok := 0
		for _, g := range pod.Spec.ReadinessGates {
			for _, c := range pod.Status.Conditions {
				if c.Type == g.ConditionType {
					if c.Status == api.ConditionTrue {
						ok++
					}
					break
				}
			}
		}
		gates = fmt.Sprintf("%d/%d", ok, n)
	}
	return []string{
		pod.Name, fmt.Sprintf("%d/%d", s.Ready, s.Total), s.Status, restarts,
		Since(pod.CreationTimestamp.Time, now),
		ip, orNone(pod.Spec.NodeName), orNone(pod.Status.NominatedNodeName), gates,
	}
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}
