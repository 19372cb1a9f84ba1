package describe

import (
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// describeNode is kubectl describe node. rel.Pods are the node's
// non-terminated pods; rel.Lease its kube-node-lease Lease.
func describeNode(n *api.Node, rel Related, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", n.Name)
		if roles := printers.NodeRoles(n); len(roles) > 0 {
			w.Write(level0, "Roles:\t%s\n", strings.Join(roles, ","))
		} else {
			w.Write(level0, "Roles:\t%s\n", "<none>")
		}
		printLabelsMultiline(w, "Labels", n.Labels)
		printAnnotationsMultiline(w, "Annotations", n.Annotations)
		w.Write(level0, "CreationTimestamp:\t%s\n", rfc1123z(n.CreationTimestamp.Time))
		printTaintsMultiline(w, "Taints", n.Spec.Taints)
		w.Write(level0, "Unschedulable:\t%v\n", n.Spec.Unschedulable)
		if rel.LeaseErr != nil {
			w.Write(level0, "Lease:\tFailed to get lease: %s\n", rel.LeaseErr)
		} else {
			w.Write(level0, "Lease:\n")
			holder, acquire, renew := "<unset>", "<unset>", "<unset>"
			if l := rel.Lease; l != nil {
				if l.Spec.HolderIdentity != nil {
					holder = *l.Spec.HolderIdentity
				}
				if l.Spec.AcquireTime != nil {
					acquire = rfc1123z(l.Spec.AcquireTime.Time)
				}
				if l.Spec.RenewTime != nil {
					renew = rfc1123z(l.Spec.RenewTime.Time)
				}
			}
			w.Write(level1, "HolderIdentity:\t%s\n", holder)
			w.Write(level1, "AcquireTime:\t%s\n", acquire)
			w.Write(level1, "RenewTime:\t%s\n", renew)
		}
		if len(n.Status.Conditions) > 0 {
			w.Write(level0, "Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n")
			w.Write(level1, "----\t------\t-----------------\t------------------\t------\t-------\n")
			for _, c := range n.Status.Conditions {
				w.Write(level1, "%v \t%v \t%s \t%s \t%v \t%v\n", c.Type, c.Status,
					rfc1123z(c.LastHeartbeatTime.Time), rfc1123z(c.LastTransitionTime.Time), c.Reason, c.Message)
			}
		}
		w.Write(level0, "Addresses:\n")
		for _, a := range n.Status.Addresses {
			w.Write(level1, "%s:\t%s\n", a.Type, a.Address)
		}
		printList := func(l api.ResourceList) {
			for _, name := range sortedResourceNames(l) {
				q := l[name]
				w.Write(level0, "  %s:\t%s\n", name, q.String())
			}
		}
		if len(n.Status.Capacity) > 0 {
			w.Write(level0, "Capacity:\n")
			printList(n.Status.Capacity)
		}
		if len(n.Status.Allocatable) > 0 {
			w.Write(level0, "Allocatable:\n")
			printList(n.Status.Allocatable)
		}
		info := n.Status.NodeInfo
		w.Write(level0, "System Info:\n")
		w.Write(level0, "  Machine ID:\t%s\n", info.MachineID)
		w.Write(level0, "  System UUID:\t%s\n", info.SystemUUID)
		w.Write(level0, "  Boot ID:\t%s\n", info.BootID)
		w.Write(level0, "  Kernel Version:\t%s\n", info.KernelVersion)
		w.Write(level0, "  OS Image:\t%s\n", info.OSImage)
		w.Write(level0, "  Operating System:\t%s\n", info.OperatingSystem)
		w.Write(level0, "  Architecture:\t%s\n", info.Architecture)
		w.Write(level0, "  Container Runtime Version:\t%s\n", info.ContainerRuntimeVersion)
		w.Write(level0, "  Kubelet Version:\t%s\n", info.KubeletVersion)
		w.Write(level0, "  Kube-Proxy Version:\t%s\n", info.KubeProxyVersion)
		if n.Spec.PodCIDR != "" {
			w.Write(level0, "PodCIDR:\t%s\n", n.Spec.PodCIDR)
		}
		if len(n.Spec.PodCIDRs) > 0 {
			w.Write(level0, "PodCIDRs:\t%s\n", strings.Join(n.Spec.PodCIDRs, ","))
		}
		if n.Spec.ProviderID != "" {
			w.Write(level0, "ProviderID:\t%s\n", n.Spec.ProviderID)
		}
		describeNodeResource(w, n, rel.Pods, now)
		describeEvents(w, events, now)
	})
}

// addInto adds q to l[name].
func addInto(l api.ResourceList, name api.ResourceName, q api.Quantity) {
	sum := l[name]
	sum.Add(q)
	l[name] = sum
}

// podResources sums a pod's container requests (or limits): regular and
// sidecar containers add up, and each init container only raises the maximum
// (component-helpers resource.PodRequests, without pod overhead).
func podResources(pod *api.Pod, limits bool) api.ResourceList {
	pick := func(c *api.Container) api.ResourceList {
		if limits {
			return c.Resources.Limits
		}
		return c.Resources.Requests
	}
	total := api.ResourceList{}
	for i := range pod.Spec.Containers {
		for n, q := range pick(&pod.Spec.Containers[i]) {
			addInto(total, n, q)
		}
	}
	sidecars := api.ResourceList{}
	for i := range pod.Spec.InitContainers {
		c := &pod.Spec.InitContainers[i]
		if c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways {
			for n, q := range pick(c) {
				addInto(total, n, q)
				addInto(sidecars, n, q)
			}
			continue
		}
		for n, q := range pick(c) {
			peak := sidecars[n]
			peak.Add(q)
			if cur := total[n]; cur.Cmp(peak) < 0 {
				total[n] = peak
			}
		}
	}
	return total
}

func percent(part, whole int64) int64 {
	if whole == 0 {
		return 0
	}
	return int64(float64(part) / float64(whole) * 100)
}

func describeNodeResource(w prefixWriter, n *api.Node, pods []*api.Pod, now time.Time) {
	w.Write(level0, "Non-terminated Pods:\t(%d in total)\n", len(pods))
	w.Write(level1, "Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n")
	w.Write(level1, "---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n")
	alloc := n.Status.Capacity
	if len(n.Status.Allocatable) > 0 {
		alloc = n.Status.Allocatable
	}
	allocCPU, allocMem := alloc[api.ResourceCPU], alloc[api.ResourceMemory]
	allocEph := alloc[api.ResourceName("ephemeral-storage")]
	reqs, lims := api.ResourceList{}, api.ResourceList{}
	for _, p := range pods {
		req, lim := podResources(p, false), podResources(p, true)
		cr, cl, mr, ml := req[api.ResourceCPU], lim[api.ResourceCPU], req[api.ResourceMemory], lim[api.ResourceMemory]
		w.Write(level1, "%s\t%s\t\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s (%d%%)\t%s\n", p.Namespace, p.Name,
			cr.String(), percent(cr.MilliValue(), allocCPU.MilliValue()),
			cl.String(), percent(cl.MilliValue(), allocCPU.MilliValue()),
			mr.String(), percent(mr.Value(), allocMem.Value()),
			ml.String(), percent(ml.Value(), allocMem.Value()),
			since(p.CreationTimestamp.Time, now))
		for name, q := range req {
			addInto(reqs, name, q)
		}
		for name, q := range lim {
			addInto(lims, name, q)
		}
	}
	w.Write(level0, "Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n")
	w.Write(level1, "Resource\tRequests\tLimits\n")
	w.Write(level1, "--------\t--------\t------\n")
	cr, cl := reqs[api.ResourceCPU], lims[api.ResourceCPU]
	mr, ml := reqs[api.ResourceMemory], lims[api.ResourceMemory]
	er, el := reqs[api.ResourceName("ephemeral-storage")], lims[api.ResourceName("ephemeral-storage")]
	w.Write(level1, "%s\t%s (%d%%)\t%s (%d%%)\n", api.ResourceCPU, cr.String(), percent(cr.MilliValue(), allocCPU.MilliValue()), cl.String(), percent(cl.MilliValue(), allocCPU.MilliValue()))
	w.Write(level1, "%s\t%s (%d%%)\t%s (%d%%)\n", api.ResourceMemory, mr.String(), percent(mr.Value(), allocMem.Value()), ml.String(), percent(ml.Value(), allocMem.Value()))
	w.Write(level1, "%s\t%s (%d%%)\t%s (%d%%)\n", "ephemeral-storage", er.String(), percent(er.Value(), allocEph.Value()), el.String(), percent(el.Value(), allocEph.Value()))
	var hugePages, ext []string
	for name := range alloc {
		s := string(name)
		switch {
		case strings.HasPrefix(s, "hugepages-"):
			hugePages = append(hugePages, s)
		case s == "cpu" || s == "memory" || s == "ephemeral-storage" || s == "pods" || s == "storage":
		default:
			ext = append(ext, s)
		}
	}
	sort.Strings(hugePages)
	sort.Strings(ext)
	for _, s := range hugePages {
		r, l, a := reqs[api.ResourceName(s)], lims[api.ResourceName(s)], alloc[api.ResourceName(s)]
		w.Write(level1, "%s\t%s (%d%%)\t%s (%d%%)\n", s, r.String(), percent(r.Value(), a.Value()), l.String(), percent(l.Value(), a.Value()))
	}
	for _, s := range ext {
		r, l := reqs[api.ResourceName(s)], lims[api.ResourceName(s)]
		w.Write(level1, "%s\t%s\t%s\n", s, r.String(), l.String())
	}
}
