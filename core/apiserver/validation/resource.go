package validation

import (
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
		if r.Name == "" {
			errs = append(errs, field.Required(rp.Child("name"), ""))
		} else {
			for _, msg := range IsDNS1123Label(r.Name) {
				errs = append(errs, field.Invalid(rp.Child("name"), r.Name, msg))
			}
		}
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

// validateResourceSliceSpec checks the driver, the pool, the devices' names
// and that exactly one node selection field is set.
func validateResourceSliceSpec(s *api.ResourceSliceSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Driver == "" {
		errs = append(errs, field.Required(p.Child("driver"), ""))
	} else {
		for _, msg := range IsDNS1123Subdomain(s.Driver) {
			errs = append(errs, field.Invalid(p.Child("driver"), s.Driver, msg))
		}
	}
	pool := p.Child("pool")
	if s.Pool.Name == "" {
		errs = append(errs, field.Required(pool.Child("name"), ""))
	}
	if s.Pool.Generation < 0 {
		errs = append(errs, field.Invalid(pool.Child("generation"), s.Pool.Generation, "must be greater than or equal to 0"))
	}
	if s.Pool.ResourceSliceCount <= 0 {
		errs = append(errs, field.Invalid(pool.Child("resourceSliceCount"), s.Pool.ResourceSliceCount, "must be greater than zero"))
	}
	set := 0
	if s.NodeName != nil && *s.NodeName != "" {
		set++
	}
	if s.NodeSelector != nil {
		set++
	}
	if s.AllNodes != nil && *s.AllNodes {
		set++
	}
	if s.PerDeviceNodeSelection != nil && *s.PerDeviceNodeSelection {
		set++
	}
	const oneOf = "exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required"
	switch {
	case set == 0:
		errs = append(errs, field.Required(p, oneOf))
	case set > 1:
		errs = append(errs, field.Invalid(p, nil, oneOf+", but multiple fields are set"))
	}
	seen := map[string]bool{}
	for i, d := range s.Devices {
		dp := p.Child("devices").Index(i).Child("name")
		switch {
		case d.Name == "":
			errs = append(errs, field.Required(dp, ""))
		case seen[d.Name]:
			errs = append(errs, field.Duplicate(dp, d.Name))
		default:
			for _, msg := range IsDNS1123Label(d.Name) {
				errs = append(errs, field.Invalid(dp, d.Name, msg))
			}
		}
		seen[d.Name] = true
	}
	return errs
}
