package validation

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

const highestUserDefinablePriority = 1000000000

var systemPriorityClasses = map[string]int32{
	"system-node-critical":    2000001000,
	"system-cluster-critical": 2000000000,
}

// ValidatePriorityClass: reserved "system-" names and the user value cap.
func ValidatePriorityClass(pc *api.PriorityClass) field.ErrorList {
	errs := ValidateObjectMeta(&pc.ObjectMeta, false, NameIsDNSSubdomain, field.NewPath("metadata"))
	if v, ok := systemPriorityClasses[pc.Name]; ok {
		if pc.Value != v {
			errs = append(errs, field.Forbidden(field.NewPath("value"), fmt.Sprintf("value of %v PriorityClass must be %v", pc.Name, v)))
		}
	} else if strings.HasPrefix(pc.Name, "system-") {
		errs = append(errs, field.Forbidden(field.NewPath("metadata", "name"), "priority class names with 'system-' prefix are reserved"))
	} else if pc.Value > highestUserDefinablePriority {
		errs = append(errs, field.Forbidden(field.NewPath("value"), fmt.Sprintf("maximum allowed value of a user defined priority is %v", highestUserDefinablePriority)))
	}
	if pc.PreemptionPolicy != nil {
		switch *pc.PreemptionPolicy {
		case api.PreemptLowerPriority, api.PreemptNever:
		default:
			errs = append(errs, field.NotSupported(field.NewPath("preemptionPolicy"), string(*pc.PreemptionPolicy), []string{"PreemptLowerPriority", "Never"}))
		}
	}
	return errs
}

// ValidatePriorityClassUpdate: value and preemptionPolicy are immutable.
func ValidatePriorityClassUpdate(pc, old *api.PriorityClass) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&pc.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	if pc.Value != old.Value {
		errs = append(errs, field.Forbidden(field.NewPath("value"), "may not be changed in an update."))
	}
	errs = append(errs, ValidateImmutableField(pc.PreemptionPolicy, old.PreemptionPolicy, field.NewPath("preemptionPolicy"))...)
	return errs
}

// ValidateLease: durations positive, transitions non-negative.
func ValidateLease(l *api.Lease) field.ErrorList {
	errs := ValidateObjectMeta(&l.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	spec := field.NewPath("spec")
	if d := l.Spec.LeaseDurationSeconds; d != nil && *d <= 0 {
		errs = append(errs, field.Invalid(spec.Child("leaseDurationSeconds"), *d, "must be greater than 0"))
	}
	if t := l.Spec.LeaseTransitions; t != nil && *t < 0 {
		errs = append(errs, field.Invalid(spec.Child("leaseTransitions"), *t, IsNegativeErrorMsg))
	}
	return errs
}

// ValidateEndpointSlice: addressType and per-endpoint addresses.
func ValidateEndpointSlice(es *api.EndpointSlice) field.ErrorList {
	errs := ValidateObjectMeta(&es.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	switch es.AddressType {
	case "IPv4", "IPv6", "FQDN":
	case "":
		errs = append(errs, field.Required(field.NewPath("addressType"), ""))
	default:
		errs = append(errs, field.NotSupported(field.NewPath("addressType"), string(es.AddressType), []string{"FQDN", "IPv4", "IPv6"}))
	}
	for i, ep := range es.Endpoints {
		p := field.NewPath("endpoints").Index(i).Child("addresses")
		if len(ep.Addresses) == 0 {
			errs = append(errs, field.Required(p, "must contain at least 1 address"))
		} else if len(ep.Addresses) > 100 {
			errs = append(errs, field.TooMany(p, len(ep.Addresses), 100))
		}
	}
	for i, port := range es.Ports {
		p := field.NewPath("ports").Index(i)
		if port.Port != nil {
			for _, msg := range IsValidPortNum(int(*port.Port)) {
				errs = append(errs, field.Invalid(p.Child("port"), *port.Port, msg))
			}
		}
	}
	return errs
}
