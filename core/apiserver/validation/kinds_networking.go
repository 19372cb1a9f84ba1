package validation

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/ipaddr"
)

// networking.k8s.io kinds: Ingress, NetworkPolicy.

// validateIngressSpec is ValidateIngressSpec (networking/v1).
func validateIngressSpec(s *api.IngressSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(s.Rules) == 0 && s.DefaultBackend == nil {
		errs = append(errs, field.Invalid(p, jsonValue(s), "either `defaultBackend` or `rules` must be specified"))
	}
	if s.DefaultBackend != nil {
		errs = append(errs, validateIngressBackend(s.DefaultBackend, p.Child("defaultBackend"))...)
	}
	if s.IngressClassName != nil {
		for _, msg := range IsDNS1123Subdomain(*s.IngressClassName) {
			errs = append(errs, field.Invalid(p.Child("ingressClassName"), *s.IngressClassName, msg))
		}
	}
	for i, r := range s.Rules {
		rp := p.Child("rules").Index(i)
		if r.Host != "" {
			h := strings.TrimPrefix(r.Host, "*.")
			if _, ok := ipaddr.Parse(r.Host); ok {
				errs = append(errs, field.Invalid(rp.Child("host"), r.Host, "must be a DNS name, not an IP address"))
			} else {
				for _, msg := range IsDNS1123Subdomain(h) {
					errs = append(errs, field.Invalid(rp.Child("host"), r.Host, msg))
				}
			}
		}
		if r.HTTP == nil {
			continue
		}
		pp := rp.Child("http", "paths")
		if len(r.HTTP.Paths) == 0 {
			errs = append(errs, field.Required(pp, ""))
		}
		for j, path := range r.HTTP.Paths {
			jp := pp.Index(j)
			switch {
			case path.PathType == nil:
				errs = append(errs, field.Required(jp.Child("pathType"), "pathType must be specified"))
			case *path.PathType == api.PathTypeExact || *path.PathType == api.PathTypePrefix:
				if !strings.HasPrefix(path.Path, "/") {
					errs = append(errs, field.Invalid(jp.Child("path"), path.Path, "must be an absolute path"))
				}
			case *path.PathType == api.PathTypeImplementationSpecific:
				if path.Path != "" && !strings.HasPrefix(path.Path, "/") {
					errs = append(errs, field.Invalid(jp.Child("path"), path.Path, "must be an absolute path"))
				}
			default:
				errs = append(errs, field.NotSupported(jp.Child("pathType"), string(*path.PathType), []string{"Exact", "ImplementationSpecific", "Prefix"}))
			}
			errs = append(errs, validateIngressBackend(&path.Backend, jp.Child("backend"))...)
		}
	}
	for i, t := range s.TLS {
		for j, h := range t.Hosts {
			for _, msg := range IsDNS1123Subdomain(strings.TrimPrefix(h, "*.")) {
				errs = append(errs, field.Invalid(p.Child("tls").Index(i).Child("hosts").Index(j), h, msg))
			}
		}
	}
	return errs
}

func validateIngressBackend(b *api.IngressBackend, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch {
	case b.Service != nil && b.Resource != nil:
		errs = append(errs, field.Invalid(p, jsonValue(b), "cannot set both resource and service backends"))
	case b.Service == nil && b.Resource == nil:
		errs = append(errs, field.Invalid(p, jsonValue(b), "resource or service backend is required"))
	case b.Service != nil:
		sp := p.Child("service")
		if b.Service.Name == "" {
			errs = append(errs, field.Required(sp.Child("name"), ""))
		} else {
			for _, msg := range IsDNS1035Label(b.Service.Name) {
				errs = append(errs, field.Invalid(sp.Child("name"), b.Service.Name, msg))
			}
		}
		port := b.Service.Port
		switch {
		case port.Name != "" && port.Number != 0:
			errs = append(errs, field.Invalid(sp.Child("port"), jsonValue(port), "cannot set both port name & port number"))
		case port.Name != "":
			for _, msg := range IsValidPortName(port.Name) {
				errs = append(errs, field.Invalid(sp.Child("port", "name"), port.Name, msg))
			}
		case port.Number != 0:
			for _, msg := range IsValidPortNum(int(port.Number)) {
				errs = append(errs, field.Invalid(sp.Child("port", "number"), port.Number, msg))
			}
		default:
			errs = append(errs, field.Required(sp.Child("port"), "port name or number is required"))
		}
	}
	return errs
}

// validateNetworkPolicySpec is ValidateNetworkPolicySpec.
func validateNetworkPolicySpec(s *api.NetworkPolicySpec, p *field.Path) field.ErrorList {
	errs := ValidateLabelSelector(&s.PodSelector, p.Child("podSelector"))
	peers := func(list []api.NetworkPolicyPeer, lp *field.Path) {
		for i, peer := range list {
			pp := lp.Index(i)
			n := 0
			if peer.PodSelector != nil {
				n++
				errs = append(errs, ValidateLabelSelector(peer.PodSelector, pp.Child("podSelector"))...)
			}
			if peer.NamespaceSelector != nil {
				n++
				errs = append(errs, ValidateLabelSelector(peer.NamespaceSelector, pp.Child("namespaceSelector"))...)
			}
			if peer.IPBlock != nil {
				n++
				if !ipaddr.IsPrefix(peer.IPBlock.CIDR) {
					errs = append(errs, field.Invalid(pp.Child("ipBlock", "cidr"), peer.IPBlock.CIDR, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"))
				}
			}
			switch {
			case n == 0:
				errs = append(errs, field.Required(pp, "must specify a peer"))
			case n > 1 && peer.IPBlock != nil:
				errs = append(errs, field.Forbidden(pp, "may not specify both ipBlock and another peer"))
			}
		}
	}
	ports := func(list []api.NetworkPolicyPort, lp *field.Path) {
		for i, port := range list {
			pp := lp.Index(i)
			if port.Protocol != nil && !validProtocol(*port.Protocol) {
				errs = append(errs, field.NotSupported(pp.Child("protocol"), string(*port.Protocol), []string{"SCTP", "TCP", "UDP"}))
			}
			if port.Port != nil {
				errs = append(errs, validatePortNumOrName(*port.Port, pp.Child("port"))...)
			}
		}
	}
	for i, r := range s.Ingress {
		ports(r.Ports, p.Child("ingress").Index(i).Child("ports"))
		peers(r.From, p.Child("ingress").Index(i).Child("from"))
	}
	for i, r := range s.Egress {
		ports(r.Ports, p.Child("egress").Index(i).Child("ports"))
		peers(r.To, p.Child("egress").Index(i).Child("to"))
	}
	for i, t := range s.PolicyTypes {
		if t != api.PolicyTypeIngress && t != api.PolicyTypeEgress {
			errs = append(errs, field.NotSupported(p.Child("policyTypes").Index(i), string(t), []string{"Ingress", "Egress"}))
		}
	}
	return errs
}
