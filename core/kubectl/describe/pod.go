package describe

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// describePod is kubectl describe pod.
func describePod(pod *api.Pod, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", pod.Name)
		w.Write(level0, "Namespace:\t%s\n", pod.Namespace)
		if pod.Spec.Priority != nil {
			w.Write(level0, "Priority:\t%d\n", *pod.Spec.Priority)
		}
		if pod.Spec.PriorityClassName != "" {
			w.Write(level0, "Priority Class Name:\t%s\n", pod.Spec.PriorityClassName)
		}
		if pod.Spec.RuntimeClassName != nil && *pod.Spec.RuntimeClassName != "" {
			w.Write(level0, "Runtime Class Name:\t%s\n", *pod.Spec.RuntimeClassName)
		}
		if pod.Spec.ServiceAccountName != "" {
			w.Write(level0, "Service Account:\t%s\n", pod.Spec.ServiceAccountName)
		}
		if pod.Spec.NodeName == "" {
			w.Write(level0, "Node:\t<none>\n")
		} else {
			w.Write(level0, "Node:\t%s\n", pod.Spec.NodeName+"/"+pod.Status.HostIP)
		}
		if pod.Status.StartTime != nil {
			w.Write(level0, "Start Time:\t%s\n", rfc1123z(pod.Status.StartTime.Time))
		}
		printLabelsMultiline(w, "Labels", pod.Labels)
		printAnnotationsMultiline(w, "Annotations", pod.Annotations)
		if pod.DeletionTimestamp != nil && pod.Status.Phase != api.PodFailed && pod.Status.Phase != api.PodSucceeded {
			w.Write(level0, "Status:\tTerminating (lasts %s)\n", since(pod.DeletionTimestamp.Time, now))
			if pod.DeletionGracePeriodSeconds != nil {
				w.Write(level0, "Termination Grace Period:\t%ds\n", *pod.DeletionGracePeriodSeconds)
			}
		} else {
			w.Write(level0, "Status:\t%s\n", string(pod.Status.Phase))
		}
		if pod.Status.Reason != "" {
			w.Write(level0, "Reason:\t%s\n", pod.Status.Reason)
		}
		if pod.Status.Message != "" {
			w.Write(level0, "Message:\t%s\n", pod.Status.Message)
		}
		if sc := pod.Spec.SecurityContext; sc != nil && sc.SeccompProfile != nil {
			w.Write(level0, "SeccompProfile:\t%s\n", sc.SeccompProfile.Type)
			if sc.SeccompProfile.Type == "Localhost" && sc.SeccompProfile.LocalhostProfile != nil {
				w.Write(level0, "LocalhostProfile:\t%s\n", *sc.SeccompProfile.LocalhostProfile)
			}
		}
		w.Write(level0, "IP:\t%s\n", pod.Status.PodIP)
		if len(pod.Status.PodIPs) == 0 {
			w.Write(level0, "IPs:\t<none>\n")
		} else {
			w.Write(level0, "IPs:\n")
			for _, ip := range pod.Status.PodIPs {
				w.Write(level1, "IP:\t%s\n", ip.IP)
			}
		}
		if c := controllerOf(pod.OwnerReferences); c != "" {
			w.Write(level0, "Controlled By:\t%s\n", c)
		}
		if pod.Status.NominatedNodeName != "" {
			w.Write(level0, "NominatedNodeName:\t%s\n", pod.Status.NominatedNodeName)
		}
		if len(pod.Spec.InitContainers) > 0 {
			describeContainers(w, "Init Containers", pod.Spec.InitContainers, pod.Status.InitContainerStatuses, "")
		}
		describeContainers(w, "Containers", pod.Spec.Containers, pod.Status.ContainerStatuses, "")
		if len(pod.Spec.ReadinessGates) > 0 {
			w.Write(level0, "Readiness Gates:\n  Type\tStatus\n")
			for _, g := range pod.Spec.ReadinessGates {
				status := "<none>"
				for _, c := range pod.Status.Conditions {
					if c.Type == g.ConditionType {
						status = string(c.Status)
						break
					}
				}
				w.Write(level1, "%v \t%v \n", g.ConditionType, status)
			}
		}
		if len(pod.Status.Conditions) > 0 {
			w.Write(level0, "Conditions:\n  Type\tStatus\n")
			for _, c := range pod.Status.Conditions {
				w.Write(level1, "%v \t%v \n", c.Type, c.Status)
			}
		}
		describeVolumes(w, pod.Spec.Volumes, "")
		w.Write(level0, "QoS Class:\t%s\n", podQOS(pod))
		printLabelsMultiline(w, "Node-Selectors", pod.Spec.NodeSelector)
		printTolerationsMultiline(w, "", "Tolerations", pod.Spec.Tolerations)
		describeTopologySpreadConstraints(w, pod.Spec.TopologySpreadConstraints, "")
		describeEvents(w, events, now)
	})
}

// controllerOf renders the controller owner reference as "Kind/name".
func controllerOf(refs []api.OwnerReference) string {
	for _, r := range refs {
		if r.Controller != nil && *r.Controller {
			return r.Kind + "/" + r.Name
		}
	}
	return ""
}

func describeTopologySpreadConstraints(w prefixWriter, tscs []api.TopologySpreadConstraint, space string) {
	if len(tscs) == 0 {
		return
	}
	sorted := append([]api.TopologySpreadConstraint(nil), tscs...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j].TopologyKey < sorted[j-1].TopologyKey; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	w.Write(level0, "%sTopology Spread Constraints:\t", space)
	for i, tsc := range sorted {
		if i != 0 {
			w.Write(level0, "%s", space)
			w.Write(level0, "\t")
		}
		w.Write(level0, "%s:", tsc.TopologyKey)
		w.Write(level0, "%v", tsc.WhenUnsatisfiable)
		w.Write(level0, " when max skew %d is exceeded", tsc.MaxSkew)
		if tsc.LabelSelector != nil {
			w.Write(level0, " for selector %s", printers.FormatLabelSelector(tsc.LabelSelector))
		}
		w.Write(level0, "\n")
	}
}

// podQOS is the pod's QoS class (kubectl's qos.GetPodQOS over cpu and memory).
func podQOS(pod *api.Pod) string {
	if pod.Status.QOSClass != "" {
		return string(pod.Status.QOSClass)
	}
	requests := map[api.ResourceName]api.Quantity{}
	limits := map[api.ResourceName]api.Quantity{}
	guaranteed := true
	all := append(append([]api.Container(nil), pod.Spec.Containers...), pod.Spec.InitContainers...)
	for _, c := range all {
		for _, name := range []api.ResourceName{api.ResourceCPU, api.ResourceMemory} {
			if q, ok := c.Resources.Requests[name]; ok && q.Sign() > 0 {
				sum := requests[name]
				sum.Add(q)
				requests[name] = sum
			}
		}
		found := 0
		for _, name := range []api.ResourceName{api.ResourceCPU, api.ResourceMemory} {
			if q, ok := c.Resources.Limits[name]; ok && q.Sign() > 0 {
				found++
				sum := limits[name]
				sum.Add(q)
				limits[name] = sum
			}
		}
		if found < 2 {
			guaranteed = false
		}
	}
	if len(requests) == 0 && len(limits) == 0 {
		return "BestEffort"
	}
	if guaranteed {
		for name, req := range requests {
			lim, ok := limits[name]
			if !ok || lim.Cmp(req) != 0 {
				guaranteed = false
				break
			}
		}
	}
	if guaranteed && len(requests) == len(limits) {
		return "Guaranteed"
	}
	return "Burstable"
}
