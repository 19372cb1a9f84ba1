package kubectl

import (
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

var exposeFlags = []flagDef{
	{name: "port"},
	{name: "protocol"},
	{name: "target-port"},
	{name: "container-port"},
	{name: "type"},
	{name: "name"},
	{name: "selector"},
	{name: "labels", short: "l"},
	{name: "external-ip"},
	{name: "cluster-ip"},
	{name: "session-affinity"},
	{name: "load-balancer-ip"},
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	dryRunFlag,
	{name: "output", short: "o"},
	{name: "overrides"},
	{name: "field-manager"},
	{name: "save-config", isBool: true},
}

// exposeUsage is cmdutil.UsageErrorf for kubectl expose.
func exposeUsage(format string, a ...any) error {
	return fmt.Errorf("%s\nSee 'kubectl expose -h' for help and examples", fmt.Sprintf(format, a...))
}

// runExpose is kubectl expose (deployment|replicaset|pod|service) NAME
// [--port] [--target-port] [--type] [--name]: a Service selecting the
// object's pods, named after it, printed as "service/NAME exposed".
func runExpose(inv *invocation) error {
	targets, errs, err := inv.objects(inv.f.args, builderOpts{fetch: true})
	if err != nil {
		return exposeUsage("%s", err.Error())
	}
	for _, r := range targets {
		if err := inv.exposeOne(r); err != nil {
			return err
		}
	}
	return aggregate(errs)
}

func (inv *invocation) exposeOne(r resolved) error {
	switch r.obj.(type) {
	case *api.Pod, *api.Service, *api.Deployment, *api.ReplicaSet:
	default:
		return fmt.Errorf("cannot expose a %s", r.info.GroupKind())
	}
	f := inv.f
	name := f.str("name")
	if name == "" {
		name = r.name
		if len(name) > 63 {
			name = name[:63]
		}
	}
	selector := map[string]string{}
	if s := f.str("selector"); s != "" {
		for _, kv := range strings.Split(s, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return fmt.Errorf("invalid label spec: %v", kv)
			}
			selector[k] = v
		}
	} else {
		sel, err := selectorForObject(r.obj)
		if err != nil {
			return exposeUsage("couldn't retrieve selectors via --selector flag or introspection: %v", err)
		}
		selector = sel
	}
	headless := f.str("cluster-ip") == "None"
	var ports []string
	if p := f.str("port"); p != "" {
		ports = []string{p}
	} else {
		ports = portsForObject(r.obj)
		if len(ports) == 0 && !headless {
			// A plain error in kubectl's expose.go: no usage line.
			return fmt.Errorf("couldn't find port via --port flag or introspection")
		}
	}
	protocols := protocolsForObject(r.obj)
	labels := r.obj.GetObjectMeta().Labels
	if l := f.str("labels"); l != "" {
		labels = map[string]string{}
		for _, kv := range strings.Split(l, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return fmt.Errorf("invalid label spec: %v", kv)
			}
			labels[k] = v
		}
	}
	target := f.str("target-port")
	if target == "" {
		target = f.str("container-port")
	}
	var svcPorts []any
	for i, ps := range ports {
		port, err := strconv.Atoi(ps)
		if err != nil {
			return err
		}
		p := map[string]any{"port": port}
		if len(ports) > 1 {
			p["name"] = fmt.Sprintf("port-%d", i+1)
		}
		protocol := f.str("protocol")
		if protocol == "" {
			protocol = protocols[ps]
		}
		if protocol == "" {
			protocol = "TCP"
		}
		p["protocol"] = protocol
		switch n, err := strconv.Atoi(target); {
		case target == "":
			p["targetPort"] = port
		case err == nil:
			p["targetPort"] = n
		default:
			p["targetPort"] = target
		}
		svcPorts = append(svcPorts, p)
	}
	meta := map[string]any{"name": name, "namespace": inv.ns}
	if len(labels) > 0 {
		lm := map[string]any{}
		for k, v := range labels {
			lm[k] = v
		}
		meta["labels"] = lm
	}
	sel := map[string]any{}
	for k, v := range selector {
		sel[k] = v
	}
	spec := map[string]any{"selector": sel, "ports": svcPorts}
	if ip := f.str("external-ip"); ip != "" {
		spec["externalIPs"] = []any{ip}
	}
	if t := f.str("type"); t != "" {
		spec["type"] = t
		if t == "LoadBalancer" && f.str("load-balancer-ip") != "" {
			spec["loadBalancerIP"] = f.str("load-balancer-ip")
		}
	}
	if sa := f.str("session-affinity"); sa != "" {
		spec["sessionAffinity"] = sa
	}
	if ip := f.str("cluster-ip"); ip != "" {
		spec["clusterIP"] = ip
	}
	raw := map[string]any{"apiVersion": "v1", "kind": "Service", "metadata": meta, "spec": spec}
	info, _ := api.ResourceFor("services")
	obj, err := decodeTyped(info, raw)
	if err != nil {
		return err
	}
	created, err := inv.create(info, inv.ns, obj)
	if err != nil {
		return err
	}
	return inv.printResult(info, created, "exposed")
}

// selectorForObject is polymorphichelpers.MapBasedSelectorForObject.
func selectorForObject(obj api.Object) (map[string]string, error) {
	var ls *api.LabelSelector
	switch o := obj.(type) {
	case *api.Pod:
		if len(o.Labels) == 0 {
			return nil, fmt.Errorf("the pod has no labels and cannot be exposed")
		}
		return o.Labels, nil
	case *api.Service:
		if o.Spec.Selector == nil {
			return nil, fmt.Errorf("the service has no pod selector set")
		}
		return o.Spec.Selector, nil
	case *api.Deployment:
		ls = o.Spec.Selector
	case *api.ReplicaSet:
		ls = o.Spec.Selector
	}
	if ls == nil {
		return nil, fmt.Errorf("invalid deployment: no selectors, therefore cannot be exposed")
	}
	if len(ls.MatchExpressions) > 0 {
		return nil, fmt.Errorf("couldn't convert expressions - %q to map-based selector format", fmt.Sprintf("%+v", ls.MatchExpressions))
	}
	return ls.MatchLabels, nil
}

// podSpecFor returns the pod spec of a pod or a workload's template.
func podSpecFor(obj api.Object) *api.PodSpec {
	switch o := obj.(type) {
	case *api.Pod:
		return &o.Spec
	case *api.Deployment:
		return &o.Spec.Template.Spec
	case *api.ReplicaSet:
		return &o.Spec.Template.Spec
	case *api.DaemonSet:
		return &o.Spec.Template.Spec
	case *api.Job:
		return &o.Spec.Template.Spec
	}
	return nil
}

// portsForObject is polymorphichelpers.PortsForObject: every container
// port of the pod template, or a Service's ports.
func portsForObject(obj api.Object) []string {
	if s, ok := obj.(*api.Service); ok {
		var out []string
		for _, p := range s.Spec.Ports {
			out = append(out, strconv.Itoa(int(p.Port)))
		}
		return out
	}
	spec := podSpecFor(obj)
	if spec == nil {
		return nil
	}
	var out []string
	for _, c := range spec.Containers {
		for _, p := range c.Ports {
			out = append(out, strconv.Itoa(int(p.ContainerPort)))
		}
	}
	return out
}

// protocolsForObject maps each port to its protocol.
func protocolsForObject(obj api.Object) map[string]string {
	out := map[string]string{}
	if s, ok := obj.(*api.Service); ok {
		for _, p := range s.Spec.Ports {
			out[strconv.Itoa(int(p.Port))] = string(p.Protocol)
		}
		return out
	}
	if spec := podSpecFor(obj); spec != nil {
		for _, c := range spec.Containers {
			for _, p := range c.Ports {
				out[strconv.Itoa(int(p.ContainerPort))] = string(p.Protocol)
			}
		}
	}
	return out
}
