package validation

import (
	"fmt"
	"slices"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

const maxSecretSize = 1 * 1024 * 1024

// ValidateService is ValidateService (v1.35), minus cluster IP allocation
// checks (kubeplay's apiserver allocates).
func ValidateService(svc *api.Service) field.ErrorList {
	errs := ValidateObjectMeta(&svc.ObjectMeta, true, NameIsDNS1035Label, field.NewPath("metadata"))
	spec := field.NewPath("spec")
	headless := svc.Spec.ClusterIP == "None"
	if len(svc.Spec.Ports) == 0 && !headless && svc.Spec.Type != api.ServiceTypeExternalName {
		errs = append(errs, field.Required(spec.Child("ports"), ""))
	}
	if svc.Spec.Type == api.ServiceTypeExternalName {
		if svc.Spec.ExternalName == "" {
			errs = append(errs, field.Required(spec.Child("externalName"), ""))
		} else {
			for _, msg := range IsDNS1123Subdomain(trimDot(svc.Spec.ExternalName)) {
				errs = append(errs, field.Invalid(spec.Child("externalName"), trimDot(svc.Spec.ExternalName), msg))
			}
		}
	}
	names := map[string]bool{}
	ports := spec.Child("ports")
	for i := range svc.Spec.Ports {
		errs = append(errs, validateServicePort(&svc.Spec.Ports[i], len(svc.Spec.Ports) > 1, names, ports.Index(i))...)
	}
	if svc.Spec.Selector != nil {
		errs = append(errs, ValidateLabels(svc.Spec.Selector, spec.Child("selector"))...)
	}
	switch svc.Spec.SessionAffinity {
	case "":
		errs = append(errs, field.Required(spec.Child("sessionAffinity"), ""))
	case api.ServiceAffinityNone, api.ServiceAffinityClientIP:
	default:
		errs = append(errs, field.NotSupported(spec.Child("sessionAffinity"), string(svc.Spec.SessionAffinity), []string{"ClientIP", "None"}))
	}
	switch svc.Spec.Type {
	case "":
		errs = append(errs, field.Required(spec.Child("type"), ""))
	case api.ServiceTypeClusterIP, api.ServiceTypeNodePort, api.ServiceTypeLoadBalancer, api.ServiceTypeExternalName:
	default:
		errs = append(errs, field.NotSupported(spec.Child("type"), string(svc.Spec.Type), []string{"ClusterIP", "ExternalName", "LoadBalancer", "NodePort"}))
	}
	if svc.Spec.Type == api.ServiceTypeClusterIP {
		for i, p := range svc.Spec.Ports {
			if p.NodePort != 0 {
				errs = append(errs, field.Forbidden(ports.Index(i).Child("nodePort"), "may not be used when `type` is 'ClusterIP'"))
			}
		}
	}
	type key struct {
		proto api.Protocol
		port  int32
	}
	seenNode, seen := map[key]bool{}, map[key]bool{}
	for i, p := range svc.Spec.Ports {
		if p.NodePort != 0 {
			k := key{p.Protocol, p.NodePort}
			if seenNode[k] {
				errs = append(errs, field.Duplicate(ports.Index(i).Child("nodePort"), p.NodePort))
			}
			seenNode[k] = true
		}
	}
	for i, p := range svc.Spec.Ports {
		k := key{p.Protocol, p.Port}
		if seen[k] {
			errs = append(errs, field.Duplicate(ports.Index(i), jsonValue(api.ServicePort{Protocol: p.Protocol, Port: p.Port})))
		}
		seen[k] = true
	}
	if svc.Spec.InternalTrafficPolicy == nil {
		switch svc.Spec.Type {
		case api.ServiceTypeClusterIP, api.ServiceTypeNodePort, api.ServiceTypeLoadBalancer:
			errs = append(errs, field.Required(spec.Child("internalTrafficPolicy"), ""))
		}
	} else if p := *svc.Spec.InternalTrafficPolicy; p != "Cluster" && p != "Local" {
		errs = append(errs, field.NotSupported(spec.Child("internalTrafficPolicy"), string(p), []string{"Cluster", "Local"}))
	}
	return errs
}

func trimDot(s string) string {
	if len(s) > 0 && s[len(s)-1] == '.' {
		return s[:len(s)-1]
	}
	return s
}

func validateServicePort(sp *api.ServicePort, requireName bool, names map[string]bool, p *field.Path) field.ErrorList {
	errs := validatePortName(sp.Name, requireName, p.Child("name"))
	if sp.Name != "" {
		if names[sp.Name] {
			errs = append(errs, field.Duplicate(p.Child("name"), sp.Name))
		} else {
			names[sp.Name] = true
		}
	}
	errs = append(errs, validatePortNumber(sp.Port, p.Child("port"))...)
	errs = append(errs, validateProtocol(sp.Protocol, p.Child("protocol"))...)
	errs = append(errs, validatePortNumOrName(sp.TargetPort, p.Child("targetPort"))...)
	return errs
}

// validatePortName: a Service's or an Endpoints' port name, required when
// there are several ports, is a DNS-1123 label.
func validatePortName(name string, required bool, p *field.Path) field.ErrorList {
	if name == "" {
		if required {
			return field.ErrorList{field.Required(p, "")}
		}
		return nil
	}
	var errs field.ErrorList
	for _, msg := range IsDNS1123Label(name) {
		errs = append(errs, field.Invalid(p, name, msg))
	}
	return errs
}

// validatePortNumber: 1 to 65535.
func validatePortNumber(port int32, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range IsValidPortNum(int(port)) {
		errs = append(errs, field.Invalid(p, port, msg))
	}
	return errs
}

// ValidateServiceUpdate: clusterIPs may not change once set
// (validateUpgradeDowngradeClusterIPs, which names the whole new list:
// `spec.clusterIPs[0]: Invalid value: ["10.96.100.100"]`). A changed
// clusterIP with clusterIPs left as they were is read as the list [clusterIP]
// (the Service strategy's normalizeClusterIPs).
func ValidateServiceUpdate(svc, old *api.Service) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&svc.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	if old.Spec.Type != api.ServiceTypeExternalName && svc.Spec.Type != api.ServiceTypeExternalName {
		ips := svc.Spec.ClusterIPs
		if svc.Spec.ClusterIP != "" && svc.Spec.ClusterIP != old.Spec.ClusterIP && slices.Equal(ips, old.Spec.ClusterIPs) {
			ips = []string{svc.Spec.ClusterIP}
		}
		for i, ip := range old.Spec.ClusterIPs {
			if i < len(ips) && ip != ips[i] {
				errs = append(errs, field.Invalid(field.NewPath("spec", "clusterIPs").Index(i), ips, "may not change once set"))
			}
		}
	}
	return append(errs, ValidateService(svc)...)
}

// ValidateNamespace: DNS-1123 label name, cluster-scoped, spec.finalizers.
func ValidateNamespace(ns *api.Namespace) field.ErrorList {
	errs := ValidateObjectMeta(&ns.ObjectMeta, false, NameIsDNSLabel, field.NewPath("metadata"))
	for i, f := range ns.Spec.Finalizers {
		p := field.NewPath("spec", "finalizers")
		for _, msg := range IsQualifiedName(string(f)) {
			errs = append(errs, field.Invalid(p, string(f), msg))
		}
		errs = append(errs, validateKubeFinalizerName(string(f), p.Index(i))...)
	}
	return errs
}

// ValidateConfigMap checks keys, key clashes and the 1 MiB size.
func ValidateConfigMap(cm *api.ConfigMap) field.ErrorList {
	errs := ValidateObjectMeta(&cm.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	total := 0
	for _, k := range sortedKeys(cm.Data) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, field.Invalid(field.NewPath("data").Key(k), k, msg))
		}
		if _, dup := cm.BinaryData[k]; dup {
			errs = append(errs, field.Invalid(field.NewPath("data").Key(k), k, "duplicate of key present in binaryData"))
		}
		total += len(cm.Data[k])
	}
	for _, k := range sortedKeys(cm.BinaryData) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, field.Invalid(field.NewPath("binaryData").Key(k), k, msg))
		}
		if _, dup := cm.Data[k]; dup {
			errs = append(errs, field.Invalid(field.NewPath("binaryData").Key(k), k, "duplicate of key present in data"))
		}
		total += len(cm.BinaryData[k])
	}
	if total > maxSecretSize {
		errs = append(errs, field.TooLong(field.NewPath(""), "", maxSecretSize))
	}
	return errs
}

func validateImmutableData(immutable, oldImmutable *bool, dataEqual bool) field.ErrorList {
	if oldImmutable == nil || !*oldImmutable {
		return nil
	}
	var errs field.ErrorList
	if immutable == nil || !*immutable {
		errs = append(errs, field.Forbidden(field.NewPath("immutable"), "field is immutable when `immutable` is set"))
	}
	if !dataEqual {
		errs = append(errs, field.Forbidden(field.NewPath("data"), "field is immutable when `immutable` is set"))
	}
	return errs
}

// ValidateSecret checks keys, type-specific required keys and size.
func ValidateSecret(s *api.Secret) field.ErrorList {
	errs := ValidateObjectMeta(&s.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	data := field.NewPath("data")
	total := 0
	for _, k := range sortedKeys(s.Data) {
		for _, msg := range IsConfigMapKey(k) {
			errs = append(errs, field.Invalid(data.Key(k), k, msg))
		}
		total += len(s.Data[k])
	}
	if total > maxSecretSize {
		errs = append(errs, field.TooLong(data, "", maxSecretSize))
	}
	required := map[api.SecretType][]string{
		"kubernetes.io/dockerconfigjson": {".dockerconfigjson"},
		"kubernetes.io/dockercfg":        {".dockercfg"},
		"kubernetes.io/tls":              {"tls.crt", "tls.key"},
		"kubernetes.io/ssh-auth":         {"ssh-privatekey"},
	}
	for _, k := range required[s.Type] {
		if _, ok := s.Data[k]; !ok {
			errs = append(errs, field.Required(data.Key(k), ""))
		}
	}
	if s.Type == "kubernetes.io/service-account-token" {
		if s.Annotations["kubernetes.io/service-account.name"] == "" {
			errs = append(errs, field.Required(field.NewPath("metadata", "annotations").Key("kubernetes.io/service-account.name"), ""))
		}
	}
	return errs
}

// ValidateNode checks the name and taints.
func ValidateNode(n *api.Node) field.ErrorList {
	errs := ValidateObjectMeta(&n.ObjectMeta, false, NameIsDNSSubdomain, field.NewPath("metadata"))
	return append(errs, validateNodeTaints(n.Spec.Taints, field.NewPath("spec", "taints"))...)
}

func validateNodeTaints(taints []api.Taint, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[api.TaintEffect]map[string]bool{}
	for i, t := range taints {
		p := fldPath.Index(i)
		errs = append(errs, ValidateLabelName(t.Key, p.Child("key"))...)
		if msgs := IsValidLabelValue(t.Value); len(msgs) != 0 {
			errs = append(errs, field.Invalid(p.Child("value"), t.Value, joinSemi(msgs)))
		}
		errs = append(errs, validateTaintEffect(t.Effect, false, p.Child("effect"))...)
		if seen[t.Effect][t.Key] {
			d := field.Duplicate(p, jsonValue(t))
			d.Detail = "taints must be unique by key and effect pair"
			errs = append(errs, d)
			continue
		}
		if seen[t.Effect] == nil {
			seen[t.Effect] = map[string]bool{}
		}
		seen[t.Effect][t.Key] = true
	}
	return errs
}

func joinSemi(msgs []string) string {
	out := ""
	for i, m := range msgs {
		if i > 0 {
			out += ";"
		}
		out += m
	}
	return out
}

// ValidateNodeUpdate: podCIDR and providerID may not change once set.
func ValidateNodeUpdate(n, old *api.Node) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&n.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validateNodeTaints(n.Spec.Taints, field.NewPath("spec", "taints"))...)
	if old.Spec.PodCIDR != "" && n.Spec.PodCIDR != old.Spec.PodCIDR {
		errs = append(errs, field.Forbidden(field.NewPath("spec", "podCIDRs"), "node updates may not change podCIDR except from \"\" to valid"))
	}
	if old.Spec.ProviderID != "" && n.Spec.ProviderID != old.Spec.ProviderID {
		errs = append(errs, field.Forbidden(field.NewPath("spec", "providerID"), "node updates may not change providerID except from \"\" to valid"))
	}
	return errs
}

var quotaResources = map[string]bool{
	"pods": true, "services": true, "replicationcontrollers": true, "resourcequotas": true, "secrets": true,
	"configmaps": true, "persistentvolumeclaims": true, "services.nodeports": true, "services.loadbalancers": true,
	"cpu": true, "memory": true, "ephemeral-storage": true, "requests.cpu": true, "requests.memory": true,
	"requests.storage": true, "requests.ephemeral-storage": true, "limits.cpu": true, "limits.memory": true,
	"limits.ephemeral-storage": true,
}

// ValidateResourceQuota checks spec.hard names and quantities.
func ValidateResourceQuota(q *api.ResourceQuota) field.ErrorList {
	errs := ValidateObjectMeta(&q.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	hard := field.NewPath("spec", "hard")
	for _, name := range sortedResourceNames(q.Spec.Hard) {
		p := hard.Key(string(name))
		n := string(name)
		for _, msg := range IsQualifiedName(n) {
			errs = append(errs, field.Invalid(p, n, msg))
		}
		if !quotaResources[n] && !isHugePages(n) && len(n) > 6 && n[:6] != "count/" && isNativeResource(n) {
			errs = append(errs, field.Invalid(p, n, "must be a standard resource for quota"))
		}
		errs = append(errs, ValidateResourceQuantityValue(n, q.Spec.Hard[name], p)...)
	}
	return errs
}

// ValidateLimitRange checks item types and min <= defaultRequest <= default <= max.
func ValidateLimitRange(lr *api.LimitRange) field.ErrorList {
	errs := ValidateObjectMeta(&lr.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	limits := field.NewPath("spec", "limits")
	seen := map[api.LimitType]bool{}
	for i, item := range lr.Spec.Limits {
		p := limits.Index(i)
		errs = append(errs, validateLimitRangeTypeName(string(item.Type), p.Child("type"))...)
		if seen[item.Type] {
			errs = append(errs, field.Duplicate(p.Child("type"), item.Type))
		}
		seen[item.Type] = true
		for _, pair := range []struct {
			name string
			l    api.ResourceList
		}{{"max", item.Max}, {"min", item.Min}, {"default", item.Default}, {"defaultRequest", item.DefaultRequest}, {"maxLimitRequestRatio", item.MaxLimitRequestRatio}} {
			for _, k := range sortedResourceNames(pair.l) {
				errs = append(errs, ValidateResourceQuantityValue(string(k), pair.l[k], p.Child(pair.name).Key(string(k)))...)
			}
		}
		for _, k := range sortedResourceNames(item.Min) {
			minQ := item.Min[k]
			if maxQ, ok := item.Max[k]; ok && minQ.Cmp(maxQ) > 0 {
				errs = append(errs, field.Invalid(p.Child("min").Key(string(k)), minQ.String(), fmt.Sprintf("min value %s is greater than max value %s", minQ.String(), maxQ.String())))
			}
			if d, ok := item.DefaultRequest[k]; ok && minQ.Cmp(d) > 0 {
				errs = append(errs, field.Invalid(p.Child("defaultRequest").Key(string(k)), d.String(), fmt.Sprintf("min value %s is greater than default request value %s", minQ.String(), d.String())))
			}
			if d, ok := item.Default[k]; ok && minQ.Cmp(d) > 0 {
				errs = append(errs, field.Invalid(p.Child("default").Key(string(k)), d.String(), fmt.Sprintf("min value %s is greater than default value %s", minQ.String(), d.String())))
			}
		}
		for _, k := range sortedResourceNames(item.Max) {
			maxQ := item.Max[k]
			if d, ok := item.DefaultRequest[k]; ok && d.Cmp(maxQ) > 0 {
				errs = append(errs, field.Invalid(p.Child("defaultRequest").Key(string(k)), d.String(), fmt.Sprintf("default request value %s is greater than max value %s", d.String(), maxQ.String())))
			}
			if d, ok := item.Default[k]; ok && d.Cmp(maxQ) > 0 {
				errs = append(errs, field.Invalid(p.Child("default").Key(string(k)), d.String(), fmt.Sprintf("default value %s is greater than max value %s", d.String(), maxQ.String())))
			}
		}
		for _, k := range sortedResourceNames(item.DefaultRequest) {
			dr := item.DefaultRequest[k]
			if d, ok := item.Default[k]; ok && dr.Cmp(d) > 0 {
				errs = append(errs, field.Invalid(p.Child("defaultRequest").Key(string(k)), dr.String(), fmt.Sprintf("default request value %s is greater than default limit value %s", dr.String(), d.String())))
			}
		}
	}
	return errs
}

// validateLimitRangeTypeName: a limit type is a qualified name, and one
// without a prefix is a standard type (Pod, Container, PersistentVolumeClaim).
func validateLimitRangeTypeName(value string, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range IsQualifiedName(value) {
		errs = append(errs, field.Invalid(p, value, msg))
	}
	if len(errs) != 0 {
		return errs
	}
	switch api.LimitType(value) {
	case api.LimitTypePod, api.LimitTypeContainer, api.LimitTypePersistentVolumeClaim:
		return nil
	}
	if !strings.Contains(value, "/") {
		errs = append(errs, field.Invalid(p, value, "must be a standard limit type or fully qualified"))
	}
	return errs
}

// ValidateEvent: the event namespace must match the involved object's.
func ValidateEvent(e *api.Event) field.ErrorList {
	errs := ValidateObjectMeta(&e.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	if e.InvolvedObject.Namespace != "" && e.InvolvedObject.Namespace != e.Namespace {
		errs = append(errs, field.Invalid(field.NewPath("involvedObject", "namespace"), e.InvolvedObject.Namespace, "does not match event.namespace"))
	}
	return errs
}

// ValidateBinding is ValidatePodBinding.
func ValidateBinding(b *api.Binding) field.ErrorList {
	var errs field.ErrorList
	if b.Target.Kind != "" && b.Target.Kind != "Node" {
		errs = append(errs, field.NotSupported(field.NewPath("target", "kind"), b.Target.Kind, []string{"Node", "<empty>"}))
	}
	if b.Target.Name == "" {
		errs = append(errs, field.Required(field.NewPath("target", "name"), ""))
	}
	return errs
}
