package printers

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"kubeplay/core/api"
)

var nodeColumns = []Column{
	{Name: "Name"}, {Name: "Status"}, {Name: "Roles"}, {Name: "Age"}, {Name: "Version"},
	{Name: "Internal-IP", Priority: 1}, {Name: "External-IP", Priority: 1}, {Name: "OS-Image", Priority: 1},
	{Name: "Kernel-Version", Priority: 1}, {Name: "Container-Runtime", Priority: 1},
}

// NodeStatus is the STATUS column of kubectl get nodes: Ready, NotReady or
// Unknown (no Ready condition), with ",SchedulingDisabled" when cordoned.
func NodeStatus(n *api.Node) string {
	var status []string
	for _, c := range n.Status.Conditions {
		if string(c.Type) == "Ready" {
			if string(c.Status) == "True" {
				status = append(status, "Ready")
			} else {
				status = append(status, "NotReady")
			}
			break
		}
	}
	if len(status) == 0 {
		status = append(status, "Unknown")
	}
	if n.Spec.Unschedulable {
		status = append(status, "SchedulingDisabled")
	}
	return strings.Join(status, ",")
}

// NodeRoles returns the node's roles from node-role.kubernetes.io/<role>
// labels and the kubernetes.io/role label, sorted.
func NodeRoles(n *api.Node) []string {
	set := map[string]bool{}
	for k, v := range n.Labels {
		switch {
		case strings.HasPrefix(k, "node-role.kubernetes.io/"):
			if r := strings.TrimPrefix(k, "node-role.kubernetes.io/"); r != "" {
				set[r] = true
			}
		case k == "kubernetes.io/role" && v != "":
			set[v] = true
		}
	}
	roles := make([]string, 0, len(set))
	for r := range set {
		roles = append(roles, r)
	}
	sort.Strings(roles)
	return roles
}

func nodeAddress(n *api.Node, typ string) string {
	for _, a := range n.Status.Addresses {
		if string(a.Type) == typ {
			return a.Address
		}
	}
	return "<none>"
}

func orUnknown(s string) string {
	if s == "" {
		return "<unknown>"
	}
	return s
}

func nodeRow(obj api.Object, now time.Time) []string {
	n := obj.(*api.Node)
	roles := strings.Join(NodeRoles(n), ",")
	if roles == "" {
		roles = "<none>"
	}
	info := n.Status.NodeInfo
	return []string{
		n.Name, NodeStatus(n), roles, Since(n.CreationTimestamp.Time, now), info.KubeletVersion,
		nodeAddress(n, "InternalIP"), nodeAddress(n, "ExternalIP"),
		orUnknown(info.OSImage), orUnknown(info.KernelVersion), orUnknown(info.ContainerRuntimeVersion),
	}
}

var namespaceColumns = []Column{{Name: "Name"}, {Name: "Status"}, {Name: "Age"}}

func namespaceRow(obj api.Object, now time.Time) []string {
	ns := obj.(*api.Namespace)
	return []string{ns.Name, string(ns.Status.Phase), Since(ns.CreationTimestamp.Time, now)}
}

var eventColumns = []Column{
	{Name: "Last Seen"}, {Name: "Type"}, {Name: "Reason"}, {Name: "Object"},
	{Name: "Subobject", Priority: 1}, {Name: "Source", Priority: 1}, {Name: "Message"},
	{Name: "First Seen", Priority: 1}, {Name: "Count", Priority: 1}, {Name: "Name", Priority: 1},
}

// EventSource formats an event's source as "component, host" (see
// api.Event.DisplaySource).
func EventSource(e *api.Event) string { return e.DisplaySource() }

func eventRow(obj api.Object, now time.Time) []string {
	e := obj.(*api.Event)
	first := Since(e.FirstTimestamp.Time, now)
	if e.FirstTimestamp.IsZero() {
		first = Since(e.EventTime.Time, now)
	}
	last := Since(e.LastTimestamp.Time, now)
	if e.LastTimestamp.IsZero() {
		last = first
	}
	count := e.Count
	if e.Series != nil {
		last = Since(e.Series.LastObservedTime.Time, now)
		count = e.Series.Count
	} else if count == 0 {
		count = 1
	}
	target := strings.ToLower(e.InvolvedObject.Kind)
	if e.InvolvedObject.Name != "" {
		target += "/" + e.InvolvedObject.Name
	}
	return []string{
		last, e.Type, e.Reason, target, e.InvolvedObject.FieldPath, EventSource(e),
		strings.TrimSpace(e.Message), first, itoa(count), e.Name,
	}
}

var serviceColumns = []Column{
	{Name: "Name"}, {Name: "Type"}, {Name: "Cluster-IP"}, {Name: "External-IP"}, {Name: "Port(s)"},
	{Name: "Age"}, {Name: "Selector", Priority: 1},
}

func serviceExternalIP(s *api.Service) string {
	switch string(s.Spec.Type) {
	case "ClusterIP", "NodePort":
		if len(s.Spec.ExternalIPs) > 0 {
			return strings.Join(s.Spec.ExternalIPs, ",")
		}
		return "<none>"
	case "LoadBalancer":
		seen := map[string]bool{}
		var lb []string
		for _, ing := range s.Status.LoadBalancer.Ingress {
			v := ing.IP
			if v == "" {
				v = ing.Hostname
			}
			if v != "" && !seen[v] {
				seen[v] = true
				lb = append(lb, v)
			}
		}
		sort.Strings(lb)
		// The server renders the wide form; kubectl shows it as is.
		all := append(lb, s.Spec.ExternalIPs...)
		if len(all) > 0 {
			return strings.Join(all, ",")
		}
		return "<pending>"
	case "ExternalName":
		return s.Spec.ExternalName
	}
	return "<unknown>"
}

func serviceRow(obj api.Object, now time.Time) []string {
	s := obj.(*api.Service)
	ip := "<none>"
	if len(s.Spec.ClusterIPs) > 0 {
		ip = s.Spec.ClusterIPs[0]
	}
	ports := make([]string, len(s.Spec.Ports))
	for i, p := range s.Spec.Ports {
		if p.NodePort > 0 {
			ports[i] = fmt.Sprintf("%d:%d/%s", p.Port, p.NodePort, p.Protocol)
		} else {
			ports[i] = fmt.Sprintf("%d/%s", p.Port, p.Protocol)
		}
	}
	portStr := strings.Join(ports, ",")
	if portStr == "" {
		portStr = "<none>"
	}
	return []string{
		s.Name, string(s.Spec.Type), ip, serviceExternalIP(s), portStr,
		Since(s.CreationTimestamp.Time, now), FormatLabels(s.Spec.Selector),
	}
}

var configMapColumns = []Column{{Name: "Name"}, {Name: "Data"}, {Name: "Age"}}

func configMapRow(obj api.Object, now time.Time) []string {
	cm := obj.(*api.ConfigMap)
	return []string{cm.Name, strconv.Itoa(len(cm.Data) + len(cm.BinaryData)), Since(cm.CreationTimestamp.Time, now)}
}

var secretColumns = []Column{{Name: "Name"}, {Name: "Type"}, {Name: "Data"}, {Name: "Age"}}

func secretRow(obj api.Object, now time.Time) []string {
	s := obj.(*api.Secret)
	return []string{s.Name, string(s.Type), strconv.Itoa(len(s.Data)), Since(s.CreationTimestamp.Time, now)}
}

var serviceAccountColumns = []Column{{Name: "Name"}, {Name: "Secrets"}, {Name: "Age"}}

func serviceAccountRow(obj api.Object, now time.Time) []string {
	sa := obj.(*api.ServiceAccount)
	return []string{sa.Name, strconv.Itoa(len(sa.Secrets)), Since(sa.CreationTimestamp.Time, now)}
}

var roleBindingColumns = []Column{
	{Name: "Name"}, {Name: "Role"}, {Name: "Age"},
	{Name: "Users", Priority: 1}, {Name: "Groups", Priority: 1}, {Name: "ServiceAccounts", Priority: 1},
}

// subjectsStrings splits subjects into users, groups and "ns/name" service accounts.
func subjectsStrings(subjects []api.Subject) (users, groups, sas []string) {
	for _, s := range subjects {
		switch s.Kind {
		case "ServiceAccount":
			sas = append(sas, s.Namespace+"/"+s.Name)
		case "User":
			users = append(users, s.Name)
		case "Group":
			groups = append(groups, s.Name)
		}
	}
	return
}

func roleBindingRow(obj api.Object, now time.Time) []string {
	var ref api.RoleRef
	var subjects []api.Subject
	switch b := obj.(type) {
	case *api.RoleBinding:
		ref, subjects = b.RoleRef, b.Subjects
	case *api.ClusterRoleBinding:
		ref, subjects = b.RoleRef, b.Subjects
	}
	m := obj.GetObjectMeta()
	users, groups, sas := subjectsStrings(subjects)
	return []string{
		m.Name, ref.Kind + "/" + ref.Name, Since(m.CreationTimestamp.Time, now),
		strings.Join(users, ", "), strings.Join(groups, ", "), strings.Join(sas, ", "),
	}
}

// resourceQuotaColumns: AGE comes second for ResourceQuota (kubernetes
// pkg/printers/internalversion/printers.go resourceQuotaColumnDefinitions).
var resourceQuotaColumns = []Column{{Name: "Name"}, {Name: "Age"}, {Name: "Request"}, {Name: "Limit"}}

func resourceQuotaRow(obj api.Object, now time.Time) []string {
	q := obj.(*api.ResourceQuota)
	names := make([]string, 0, len(q.Status.Hard))
	for n := range q.Status.Hard {
		names = append(names, string(n))
	}
	sort.Strings(names)
	var req, lim []string
	for _, n := range names {
		used := q.Status.Used[api.ResourceName(n)]
		hard := q.Status.Hard[api.ResourceName(n)]
		cell := fmt.Sprintf("%s: %s/%s", n, used.String(), hard.String())
		if parts := strings.Split(n, "."); len(parts) > 1 && parts[0] == "limits" {
			lim = append(lim, cell)
		} else {
			req = append(req, cell)
		}
	}
	return []string{q.Name, Since(q.CreationTimestamp.Time, now), strings.Join(req, ", "), strings.Join(lim, ", ")}
}

var priorityClassColumns = []Column{
	{Name: "Name"}, {Name: "Value"}, {Name: "Global-Default"}, {Name: "Age"}, {Name: "PreemptionPolicy"},
}

func priorityClassRow(obj api.Object, now time.Time) []string {
	pc := obj.(*api.PriorityClass)
	policy := ""
	if pc.PreemptionPolicy != nil {
		policy = string(*pc.PreemptionPolicy)
	}
	return []string{pc.Name, itoa(pc.Value), strconv.FormatBool(pc.GlobalDefault), Since(pc.CreationTimestamp.Time, now), policy}
}

var leaseColumns = []Column{{Name: "Name"}, {Name: "Holder"}, {Name: "Age"}}

func leaseRow(obj api.Object, now time.Time) []string {
	l := obj.(*api.Lease)
	holder := ""
	if l.Spec.HolderIdentity != nil {
		holder = *l.Spec.HolderIdentity
	}
	return []string{l.Name, holder, Since(l.CreationTimestamp.Time, now)}
}

var endpointSliceColumns = []Column{{Name: "Name"}, {Name: "AddressType"}, {Name: "Ports"}, {Name: "Endpoints"}, {Name: "Age"}}

// listWithMore joins up to three items and summarizes the rest ("a,b,c + 2 more...").
func listWithMore(items []string) string {
	const max = 3
	if len(items) > max {
		return fmt.Sprintf("%s + %d more...", strings.Join(items[:max], ","), len(items)-max)
	}
	if len(items) == 0 {
		return "<unset>"
	}
	return strings.Join(items, ",")
}

func endpointSliceRow(obj api.Object, now time.Time) []string {
	es := obj.(*api.EndpointSlice)
	var ports, addrs []string
	for _, p := range es.Ports {
		switch {
		case p.Port != nil:
			ports = append(ports, strconv.Itoa(int(*p.Port)))
		case p.Name != nil:
			ports = append(ports, *p.Name)
		default:
			ports = append(ports, "*")
		}
	}
	for _, e := range es.Endpoints {
		addrs = append(addrs, e.Addresses...)
	}
	return []string{es.Name, string(es.AddressType), listWithMore(ports), listWithMore(addrs), Since(es.CreationTimestamp.Time, now)}
}

var endpointsColumns = []Column{{Name: "Name"}, {Name: "Endpoints"}, {Name: "Age"}}

func endpointsRow(obj api.Object, now time.Time) []string {
	ep := obj.(*api.Endpoints)
	return []string{ep.Name, FormatEndpoints(ep), Since(ep.CreationTimestamp.Time, now)}
}

// FormatEndpoints is kubectl's ENDPOINTS cell: each ready address as
// ip:port for each port of its subset (the bare IP in a subset without
// ports), at most three then "+ N more...", "<none>" without subsets.
func FormatEndpoints(ep *api.Endpoints) string {
	if len(ep.Subsets) == 0 {
		return "<none>"
	}
	const max = 3
	var list []string
	count := 0
	add := func(s string) {
		count++
		if len(list) < max {
			list = append(list, s)
		}
	}
	for _, ss := range ep.Subsets {
		if len(ss.Ports) == 0 {
			for _, a := range ss.Addresses {
				add(a.IP)
			}
			continue
		}
		for _, p := range ss.Ports {
			for _, a := range ss.Addresses {
				add(JoinHostPort(a.IP, strconv.Itoa(int(p.Port))))
			}
		}
	}
	if count > max {
		return fmt.Sprintf("%s + %d more...", strings.Join(list, ","), count-max)
	}
	return strings.Join(list, ",")
}

// JoinHostPort is net.JoinHostPort, an IPv6 address in brackets (kept out
// of the wasm: net is large).
func JoinHostPort(host, port string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}

// controllerRevisionColumns are printControllerRevision's (kubernetes
// pkg/printers/internalversion/printers.go): CONTROLLER is the controller
// reference as "statefulset.apps/web", or <none>.
var controllerRevisionColumns = []Column{{Name: "Name"}, {Name: "Controller"}, {Name: "Revision"}, {Name: "Age"}}

func controllerRevisionRow(obj api.Object, now time.Time) []string {
	cr := obj.(*api.ControllerRevision)
	controller := "<none>"
	for _, r := range cr.OwnerReferences {
		if r.Controller != nil && *r.Controller {
			group, _ := api.ParseAPIVersion(r.APIVersion)
			kind := strings.ToLower(r.Kind)
			if group != "" {
				kind += "." + group
			}
			controller = kind + "/" + r.Name
		}
	}
	return []string{cr.Name, controller, strconv.FormatInt(cr.Revision, 10), Since(cr.CreationTimestamp.Time, now)}
}

// apiServiceColumns are kube-aggregator's table (pkg/registry/apiservice/
// etcd ConvertToTable): SERVICE is "Local" or namespace/name, AVAILABLE
// the Available condition ("False (reason)" when it is not).
var apiServiceColumns = []Column{{Name: "Name"}, {Name: "Service"}, {Name: "Available"}, {Name: "Age"}}

func apiServiceRow(obj api.Object, now time.Time) []string {
	a := obj.(*api.APIService)
	service := "Local"
	if a.Spec.Service != nil {
		service = a.Spec.Service.Namespace + "/" + a.Spec.Service.Name
	}
	status := string(api.ConditionUnknown)
	for _, c := range a.Status.Conditions {
		if c.Type != "Available" {
			continue
		}
		status = string(c.Status)
		if c.Status != api.ConditionTrue && c.Reason != "" {
			status += " (" + c.Reason + ")"
		}
	}
	return []string{a.Name, service, status, Since(a.CreationTimestamp.Time, now)}
}
