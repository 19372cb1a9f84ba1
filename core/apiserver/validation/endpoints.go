package validation

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/ipaddr"
)

// ValidateEndpoints checks core/v1 Endpoints as the apiserver does: a DNS
// subdomain name; every subset with at least one address; addresses with
// a usable IP, a DNS-1123 label hostname and a node name; ports with a
// number, a protocol, and a name when the subset has several.
func ValidateEndpoints(ep *api.Endpoints) field.ErrorList {
	errs := ValidateObjectMeta(&ep.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	subsets := field.NewPath("subsets")
	for i := range ep.Subsets {
		ss := &ep.Subsets[i]
		p := subsets.Index(i)
		if len(ss.Addresses) == 0 && len(ss.NotReadyAddresses) == 0 {
			errs = append(errs, field.Required(p, "must specify `addresses` or `notReadyAddresses`"))
		}
		for j := range ss.Addresses {
			errs = append(errs, validateEndpointAddress(&ss.Addresses[j], p.Child("addresses").Index(j))...)
		}
		for j := range ss.NotReadyAddresses {
			errs = append(errs, validateEndpointAddress(&ss.NotReadyAddresses[j], p.Child("notReadyAddresses").Index(j))...)
		}
		for j := range ss.Ports {
			errs = append(errs, validateEndpointPort(&ss.Ports[j], len(ss.Ports) > 1, p.Child("ports").Index(j))...)
		}
	}
	return errs
}

func validateEndpointAddress(a *api.EndpointAddress, p *field.Path) field.ErrorList {
	errs := validateLegacyIP(a.IP, p.Child("ip"))
	if a.Hostname != "" {
		for _, msg := range IsDNS1123Label(a.Hostname) {
			errs = append(errs, field.Invalid(p.Child("hostname"), a.Hostname, msg))
		}
	}
	if a.NodeName != nil {
		for _, msg := range NameIsDNSSubdomain(*a.NodeName, false) {
			errs = append(errs, field.Invalid(p.Child("nodeName"), *a.NodeName, msg))
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return append(errs, ValidateEndpointIP(a.IP, p.Child("ip"))...)
}

// validateLegacyIP is apimachinery's IsValidIPForLegacyField with strict
// parsing (StrictIPCIDRValidation, on in v1.35).
func validateLegacyIP(ip string, p *field.Path) field.ErrorList {
	a, ok := ipaddr.Parse(ip)
	if !ok || a.Zone() != "" {
		if sloppyIPv4(ip) {
			return field.ErrorList{field.Invalid(p, ip, "must not have leading 0s")}
		}
		return field.ErrorList{field.Invalid(p, ip, "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)")}
	}
	if !a.Is4() && strings.HasPrefix(strings.ToLower(ip), "::ffff:") && strings.Contains(ip, ".") {
		return field.ErrorList{field.Invalid(p, ip, "must not be an IPv4-mapped IPv6 address")}
	}
	return nil
}

// sloppyIPv4 reports whether s is four decimal fields of 0 to 255 of which
// some have leading zeros (which Go's old net.ParseIP accepted).
func sloppyIPv4(s string) bool {
	fields := strings.Split(s, ".")
	if len(fields) != 4 {
		return false
	}
	for _, f := range fields {
		if f == "" || len(f) > 3 || strings.Trim(f, "0123456789") != "" {
			return false
		}
		if atoi(f) > 255 {
			return false
		}
	}
	return true
}

func atoi(s string) int {
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
}

// ValidateEndpointIP refuses the addresses that make no sense as an
// endpoint: unspecified, loopback, link-local and link-local multicast.
func ValidateEndpointIP(ip string, p *field.Path) field.ErrorList {
	a, ok := ipaddr.Parse(ip)
	if !ok {
		return field.ErrorList{field.Invalid(p, ip, "must be a valid IP address")}
	}
	var unspecified, loopback, linkLocal, linkLocalMulticast bool
	if a.Is4() {
		b := a.As4()
		unspecified = b == [4]byte{}
		loopback = b[0] == 127
		linkLocal = b[0] == 169 && b[1] == 254
		linkLocalMulticast = b[0] == 224 && b[1] == 0 && b[2] == 0
	} else {
		first := strings.ToLower(strings.SplitN(ip, ":", 2)[0])
		compact := strings.ToLower(ip)
		unspecified = compact == "::" || strings.Trim(compact, "0:") == ""
		loopback = compact == "::1" || (strings.Trim(strings.TrimSuffix(compact, "1"), "0:") == "" && strings.HasSuffix(compact, ":1"))
		linkLocal = len(first) == 4 && strings.HasPrefix(first, "fe") && strings.ContainsAny(first[2:3], "89ab")
		linkLocalMulticast = first == "ff02"
	}
	var errs field.ErrorList
	if unspecified {
		errs = append(errs, field.Invalid(p, ip, "may not be unspecified ("+ip+")"))
	}
	if loopback {
		errs = append(errs, field.Invalid(p, ip, "may not be in the loopback range (127.0.0.0/8, ::1/128)"))
	}
	if linkLocal {
		errs = append(errs, field.Invalid(p, ip, "may not be in the link-local range (169.254.0.0/16, fe80::/10)"))
	}
	if linkLocalMulticast {
		errs = append(errs, field.Invalid(p, ip, "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)"))
	}
	return errs
}

func validateEndpointPort(port *api.EndpointPort, requireName bool, p *field.Path) field.ErrorList {
	errs := validatePortName(port.Name, requireName, p.Child("name"))
	errs = append(errs, validatePortNumber(port.Port, p.Child("port"))...)
	return append(errs, validateProtocol(port.Protocol, p.Child("protocol"))...)
}
