package validation

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// The resource.k8s.io (Dynamic Resource Allocation) kinds, as
// pkg/apis/resource/validation words them. CEL expressions are not
// compiled: kubeplay has no CEL environment.

func validateResourceClaimSpec(s *api.ResourceClaimSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, r := range s.Devices.Requests {
		rp := p.Child("devices", "requests").Index(i)
		errs = append(errs, requiredValid(r.Name, rp.Child("name"), IsDNS1123Label)...)
		if seen[r.Name] {
			errs = append(errs, field.Duplicate(rp.Child("name"), r.Name))
		}
		seen[r.Name] = true
		switch {
		case r.Exactly == nil && len(r.FirstAvailable) == 0:
			errs = append(errs, field.Required(rp, "exactly one of `exactly` or `firstAvailable` is required"))
		case r.Exactly != nil && len(r.FirstAvailable) > 0:
			errs = append(errs, field.Invalid(rp, nil, "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"))
		case r.Exactly != nil && r.Exactly.DeviceClassName == "":
			errs = append(errs, field.Required(rp.Child("exactly", "deviceClassName"), ""))
		}
	}
	return errs
}

// validateDeviceSelectors checks that each selector sets its one member, cel.
func validateDeviceSelectors(sel []api.DeviceSelector, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, s := range sel {
		if s.CEL == nil {
			errs = append(errs, field.Required(p.Index(i).Child("cel"), ""))
		}
	}
	return errs
}

// validateResourceSliceSpec checks the driver, the pool, that exactly one
// node selection field is set, and the devices' names.
func validateResourceSliceSpec(s *api.ResourceSliceSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, requiredValid(s.Driver, p.Child("driver"), IsDNS1123Subdomain)...)
	pool := p.Child("pool")
	if s.Pool.Name == "" {
		errs = append(errs, field.Required(pool.Child("name"), ""))
	}
	if s.Pool.ResourceSliceCount <= 0 {
		errs = append(errs, field.Invalid(pool.Child("resourceSliceCount"), s.Pool.ResourceSliceCount, "must be greater than zero"))
	}
	if s.Pool.Generation < 0 {
		errs = append(errs, field.Invalid(pool.Child("generation"), s.Pool.Generation, "must be greater than or equal to zero"))
	}
	var set []string
	if s.NodeName != nil {
		if *s.NodeName != "" {
			set = append(set, "`nodeName`")
		} else {
			errs = append(errs, field.Invalid(p.Child("nodeName"), *s.NodeName, "must be either unset or set to a non-empty string"))
		}
	}
	if s.NodeSelector != nil {
		set = append(set, "`nodeSelector`")
		if len(s.NodeSelector.NodeSelectorTerms) != 1 {
			errs = append(errs, field.Invalid(p.Child("nodeSelector", "nodeSelectorTerms"), s.NodeSelector.NodeSelectorTerms, "must have exactly one node selector term"))
		}
	}
	for _, b := range []struct {
		name string
		v    *bool
	}{{"allNodes", s.AllNodes}, {"perDeviceNodeSelection", s.PerDeviceNodeSelection}} {
		switch {
		case b.v == nil:
		case *b.v:
			set = append(set, "`"+b.name+"`")
		default:
			errs = append(errs, field.Invalid(p.Child(b.name), false, "must be either unset or set to true"))
		}
	}
	const oneOf = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required"
	switch {
	case len(set) == 0:
		errs = append(errs, field.Required(p, oneOf))
	case len(set) > 1:
		errs = append(errs, field.Invalid(p, "{"+strings.Join(set, ", ")+"}", oneOf+", but multiple fields are set"))
	}
	if s.SharedCounters != nil && s.Devices != nil {
		errs = append(errs, field.Invalid(p, "", "only one of `sharedCounters` or `devices` is allowed"))
	}
	seen := map[string]bool{}
	for i, d := range s.Devices {
		dp := p.Child("devices").Index(i)
		if d.Name != "" && seen[d.Name] {
			errs = append(errs, field.Duplicate(dp, d.Name))
		} else {
			errs = append(errs, requiredValid(d.Name, dp.Child("name"), IsDNS1123Label)...)
		}
		seen[d.Name] = true
	}
	return errs
}

// requiredValid is the apiserver's check of a required name: "Required
// value" when empty, else one "Invalid value" per message of check.
func requiredValid(value string, p *field.Path, check func(string) []string) field.ErrorList {
	if value == "" {
		return field.ErrorList{field.Required(p, "")}
	}
	var errs field.ErrorList
	for _, msg := range check(value) {
		errs = append(errs, field.Invalid(p, value, msg))
	}
	return errs
}
