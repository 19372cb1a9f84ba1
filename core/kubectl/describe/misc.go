package describe

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// describeNamespace is kubectl describe namespace, with the namespace's
// quotas and limit ranges.
func describeNamespace(ns *api.Namespace, rel Related) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", ns.Name)
		printLabelsMultiline(w, "Labels", ns.Labels)
		printAnnotationsMultiline(w, "Annotations", ns.Annotations)
		w.Write(level0, "Status:\t%s\n", string(ns.Status.Phase))
		if len(ns.Status.Conditions) > 0 {
			w.Write(level0, "Conditions:\n")
			w.Write(level1, "Type\tStatus\tLastTransitionTime\tReason\tMessage\n")
			w.Write(level1, "----\t------\t------------------\t------\t-------\n")
			for _, c := range ns.Status.Conditions {
				w.Write(level1, "%v\t%v\t%s\t%v\t%v\n", c.Type, c.Status, rfc1123z(c.LastTransitionTime.Time), c.Reason, c.Message)
			}
		}
		w.Write(level0, "\n")
		if len(rel.ResourceQuotas) == 0 {
			w.Write(level0, "No resource quota.\n")
		} else {
			qs := append([]*api.ResourceQuota(nil), rel.ResourceQuotas...)
			sort.SliceStable(qs, func(i, j int) bool { return qs[i].Name < qs[j].Name })
			w.Write(level0, "Resource Quotas\n")
			for _, q := range qs {
				w.Write(level1, "Name:\t%s\n", q.Name)
				w.Write(level1, "Resource\tUsed\tHard\n")
				w.Write(level1, "--------\t---\t---\n")
				for _, n := range sortedResourceNames(q.Status.Hard) {
					hard, used := q.Status.Hard[n], q.Status.Used[n]
					w.Write(level1, "%s\t%s\t%s\n", string(n), used.String(), hard.String())
				}
			}
		}
		w.Write(level0, "\n")
		if len(rel.LimitRanges) == 0 {
			w.Write(level0, "No LimitRange resource.\n")
		} else {
			w.Write(level0, "Resource Limits\n Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
			w.Write(level0, " ----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
			for _, lr := range rel.LimitRanges {
				describeLimitRangeItems(w, lr, " ")
			}
		}
	})
}

func describeLimitRangeItems(w prefixWriter, lr *api.LimitRange, prefix string) {
	for _, item := range lr.Spec.Limits {
		set := map[api.ResourceName]bool{}
		for _, l := range []api.ResourceList{item.Max, item.Min, item.Default, item.DefaultRequest, item.MaxLimitRequestRatio} {
			for k := range l {
				set[k] = true
			}
		}
		names := make([]api.ResourceName, 0, len(set))
		for k := range set {
			names = append(names, k)
		}
		sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
		val := func(l api.ResourceList, k api.ResourceName) string {
			if q, ok := l[k]; ok {
				return q.String()
			}
			return "-"
		}
		for _, k := range names {
			w.Write(level0, "%s%s\t%v\t%v\t%v\t%v\t%v\t%v\n", prefix, item.Type, k,
				val(item.Min, k), val(item.Max, k), val(item.DefaultRequest, k), val(item.Default, k), val(item.MaxLimitRequestRatio, k))
		}
	}
}

// describeLimitRange is kubectl describe limitrange.
func describeLimitRange(lr *api.LimitRange) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", lr.Name)
		w.Write(level0, "Namespace:\t%s\n", lr.Namespace)
		w.Write(level0, "Type\tResource\tMin\tMax\tDefault Request\tDefault Limit\tMax Limit/Request Ratio\n")
		w.Write(level0, "----\t--------\t---\t---\t---------------\t-------------\t-----------------------\n")
		describeLimitRangeItems(w, lr, "")
	})
}

// describeQuota is kubectl describe resourcequota.
func describeQuota(q *api.ResourceQuota) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", q.Name)
		w.Write(level0, "Namespace:\t%s\n", q.Namespace)
		w.Write(level0, "Resource\tUsed\tHard\n")
		w.Write(level0, "--------\t----\t----\n")
		for _, n := range sortedResourceNames(q.Status.Hard) {
			hard, used := q.Status.Hard[n], q.Status.Used[n]
			w.Write(level0, "%v\t%v\t%v\n", n, used.String(), hard.String())
		}
	})
}

// describeService is kubectl describe service, with endpoints from rel.EndpointSlices.
func describeService(s *api.Service, rel Related, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", s.Name)
		w.Write(level0, "Namespace:\t%s\n", s.Namespace)
		printLabelsMultiline(w, "Labels", s.Labels)
		printAnnotationsMultiline(w, "Annotations", s.Annotations)
		w.Write(level0, "Selector:\t%s\n", printers.FormatLabels(s.Spec.Selector))
		w.Write(level0, "Type:\t%s\n", s.Spec.Type)
		if s.Spec.IPFamilyPolicy != nil {
			w.Write(level0, "IP Family Policy:\t%s\n", *s.Spec.IPFamilyPolicy)
		}
		if len(s.Spec.IPFamilies) > 0 {
			fams := make([]string, len(s.Spec.IPFamilies))
			for i, f := range s.Spec.IPFamilies {
				fams[i] = string(f)
			}
			w.Write(level0, "IP Families:\t%s\n", strings.Join(fams, ","))
		} else {
			w.Write(level0, "IP Families:\t%s\n", "<none>")
		}
		w.Write(level0, "IP:\t%s\n", s.Spec.ClusterIP)
		if len(s.Spec.ClusterIPs) > 0 {
			w.Write(level0, "IPs:\t%s\n", strings.Join(s.Spec.ClusterIPs, ","))
		} else {
			w.Write(level0, "IPs:\t%s\n", "<none>")
		}
		if len(s.Spec.ExternalIPs) > 0 {
			w.Write(level0, "External IPs:\t%v\n", strings.Join(s.Spec.ExternalIPs, ","))
		}
		if s.Spec.ExternalName != "" {
			w.Write(level0, "External Name:\t%s\n", s.Spec.ExternalName)
		}
		for _, p := range s.Spec.Ports {
			name := p.Name
			if name == "" {
				name = "<unset>"
			}
			w.Write(level0, "Port:\t%s\t%d/%s\n", name, p.Port, p.Protocol)
			if p.TargetPort.Type == api.Int {
				w.Write(level0, "TargetPort:\t%d/%s\n", p.TargetPort.IntVal, p.Protocol)
			} else {
				w.Write(level0, "TargetPort:\t%s/%s\n", p.TargetPort.StrVal, p.Protocol)
			}
			if p.NodePort != 0 {
				w.Write(level0, "NodePort:\t%s\t%d/%s\n", name, p.NodePort, p.Protocol)
			}
			w.Write(level0, "Endpoints:\t%s\n", formatEndpointSlices(rel.EndpointSlices, p.Name))
		}
		w.Write(level0, "Session Affinity:\t%s\n", s.Spec.SessionAffinity)
		if s.Spec.ExternalTrafficPolicy != "" {
			w.Write(level0, "External Traffic Policy:\t%s\n", s.Spec.ExternalTrafficPolicy)
		}
		if s.Spec.InternalTrafficPolicy != nil {
			w.Write(level0, "Internal Traffic Policy:\t%s\n", *s.Spec.InternalTrafficPolicy)
		}
		describeEvents(w, events, now)
	})
}

// formatEndpointSlices lists up to three ready "ip:port" endpoints for the
// service port named portName.
func formatEndpointSlices(slices []*api.EndpointSlice, portName string) string {
	if len(slices) == 0 {
		return "<none>"
	}
	var list []string
	count := 0
	for _, es := range slices {
		for _, p := range es.Ports {
			name := ""
			if p.Name != nil {
				name = *p.Name
			}
			if name != portName || p.Port == nil {
				continue
			}
			for _, e := range es.Endpoints {
				if len(e.Addresses) == 0 || (e.Conditions.Ready != nil && !*e.Conditions.Ready) {
					continue
				}
				if len(list) < 3 {
					list = append(list, printers.JoinHostPort(e.Addresses[0], strconv.Itoa(int(*p.Port))))
				}
				count++
			}
		}
	}
	ret := strings.Join(list, ",")
	if count > 3 {
		return fmt.Sprintf("%s + %d more...", ret, count-3)
	}
	return ret
}

// describeConfigMap is kubectl describe configmap.
func describeConfigMap(cm *api.ConfigMap, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", cm.Name)
		w.Write(level0, "Namespace:\t%s\n", cm.Namespace)
		printLabelsMultiline(w, "Labels", cm.Labels)
		printAnnotationsMultiline(w, "Annotations", cm.Annotations)
		w.Write(level0, "\nData\n====\n")
		for _, k := range sortedKeys(cm.Data) {
			w.Write(level0, "%s:\n----\n", k)
			w.Write(level0, "%s\n", cm.Data[k])
			w.Write(level0, "\n")
		}
		w.Write(level0, "\nBinaryData\n====\n")
		bkeys := make([]string, 0, len(cm.BinaryData))
		for k := range cm.BinaryData {
			bkeys = append(bkeys, k)
		}
		sort.Strings(bkeys)
		for _, k := range bkeys {
			w.Write(level0, "%s: %s bytes\n", k, strconv.Itoa(len(cm.BinaryData[k])))
		}
		w.Write(level0, "\n")
		describeEvents(w, events, now)
	})
}

// describeSecret is kubectl describe secret: sizes, never values.
func describeSecret(s *api.Secret) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", s.Name)
		w.Write(level0, "Namespace:\t%s\n", s.Namespace)
		printLabelsMultiline(w, "Labels", s.Labels)
		printAnnotationsMultiline(w, "Annotations", s.Annotations)
		w.Write(level0, "\nType:\t%s\n", s.Type)
		w.Write(level0, "\nData\n====\n")
		keys := make([]string, 0, len(s.Data))
		for k := range s.Data {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if k == "token" && string(s.Type) == "kubernetes.io/service-account-token" {
				w.Write(level0, "%s:\t%s\n", k, string(s.Data[k]))
			} else {
				w.Write(level0, "%s:\t%d bytes\n", k, len(s.Data[k]))
			}
		}
	})
}

// describeServiceAccount is kubectl describe serviceaccount.
func describeServiceAccount(sa *api.ServiceAccount, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", sa.Name)
		w.Write(level0, "Namespace:\t%s\n", sa.Namespace)
		printLabelsMultiline(w, "Labels", sa.Labels)
		printAnnotationsMultiline(w, "Annotations", sa.Annotations)
		if len(sa.ImagePullSecrets) == 0 {
			w.Write(level0, "%s\t<none>\n", "Image pull secrets:")
		} else {
			prefix := "Image pull secrets:"
			for _, s := range sa.ImagePullSecrets {
				w.Write(level0, "%s\t%s\n", prefix, s.Name)
				prefix = "                   "
			}
		}
		describeEvents(w, events, now)
	})
}

// describePriorityClass is kubectl describe priorityclass.
func describePriorityClass(pc *api.PriorityClass, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", pc.Name)
		w.Write(level0, "Value:\t%v\n", pc.Value)
		w.Write(level0, "GlobalDefault:\t%v\n", pc.GlobalDefault)
		policy := ""
		if pc.PreemptionPolicy != nil {
			policy = string(*pc.PreemptionPolicy)
		}
		w.Write(level0, "PreemptionPolicy:\t%s\n", policy)
		w.Write(level0, "Description:\t%s\n", pc.Description)
		w.Write(level0, "Annotations:\t%s\n", printers.FormatLabels(pc.Annotations))
		describeEvents(w, events, now)
	})
}

// describeEndpointSlice is kubectl describe endpointslice.
func describeEndpointSlice(es *api.EndpointSlice, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", es.Name)
		w.Write(level0, "Namespace:\t%s\n", es.Namespace)
		printLabelsMultiline(w, "Labels", es.Labels)
		printAnnotationsMultiline(w, "Annotations", es.Annotations)
		w.Write(level0, "AddressType:\t%s\n", string(es.AddressType))
		if len(es.Ports) == 0 {
			w.Write(level0, "Ports: <unset>\n")
		} else {
			w.Write(level0, "Ports:\n")
			w.Write(level1, "Name\tPort\tProtocol\n")
			w.Write(level1, "----\t----\t--------\n")
			for _, p := range es.Ports {
				name, port, proto := "<unset>", "<unset>", ""
				if p.Name != nil && *p.Name != "" {
					name = *p.Name
				}
				if p.Port != nil {
					port = strconv.Itoa(int(*p.Port))
				}
				if p.Protocol != nil {
					proto = string(*p.Protocol)
				}
				w.Write(level1, "%s\t%s\t%s\n", name, port, proto)
			}
		}
		if len(es.Endpoints) == 0 {
			w.Write(level0, "Endpoints: <none>\n")
		} else {
			w.Write(level0, "Endpoints:\n")
			for _, e := range es.Endpoints {
				addrs := strings.Join(e.Addresses, ", ")
				w.Write(level1, "- Addresses:\t%s\n", orNone(addrs))
				w.Write(level2, "Conditions:\n")
				ready := "<unset>"
				if e.Conditions.Ready != nil {
					ready = strconv.FormatBool(*e.Conditions.Ready)
				}
				w.Write(level3, "Ready:\t%s\n", ready)
				host := "<unset>"
				if e.Hostname != nil {
					host = *e.Hostname
				}
				w.Write(level2, "Hostname:\t%s\n", host)
				if e.TargetRef != nil {
					w.Write(level2, "TargetRef:\t%s/%s\n", e.TargetRef.Kind, e.TargetRef.Name)
				}
				node, zone := "<unset>", "<unset>"
				if e.NodeName != nil {
					node = *e.NodeName
				}
				if e.Zone != nil {
					zone = *e.Zone
				}
				w.Write(level2, "NodeName:\t%s\n", node)
				w.Write(level2, "Zone:\t%s\n", zone)
			}
		}
		describeEvents(w, events, now)
	})
}

// describeEndpoints is kubectl describe endpoints: each subset's ready and
// not-ready IPs and its ports.
func describeEndpoints(ep *api.Endpoints, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", ep.Name)
		w.Write(level0, "Namespace:\t%s\n", ep.Namespace)
		printLabelsMultiline(w, "Labels", ep.Labels)
		printAnnotationsMultiline(w, "Annotations", ep.Annotations)
		w.Write(level0, "Subsets:\n")
		ips := func(addrs []api.EndpointAddress) string {
			list := make([]string, len(addrs))
			for i, a := range addrs {
				list[i] = a.IP
			}
			return orNone(strings.Join(list, ","))
		}
		for _, ss := range ep.Subsets {
			w.Write(level1, "Addresses:\t%s\n", ips(ss.Addresses))
			w.Write(level1, "NotReadyAddresses:\t%s\n", ips(ss.NotReadyAddresses))
			if len(ss.Ports) > 0 {
				w.Write(level1, "Ports:\n")
				w.Write(level2, "Name\tPort\tProtocol\n")
				w.Write(level2, "----\t----\t--------\n")
				for _, p := range ss.Ports {
					name := p.Name
					if name == "" {
						name = "<unset>"
					}
					w.Write(level2, "%s\t%d\t%s\n", name, p.Port, p.Protocol)
				}
			}
			w.Write(level0, "\n")
		}
		describeEvents(w, events, now)
	})
}
