package validation

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

var standardContainerResources = map[string]bool{"cpu": true, "memory": true, "ephemeral-storage": true}

// integerResources may not carry fractions ("must be an integer").
var integerResources = map[string]bool{
	"pods": true, "services": true, "replicationcontrollers": true, "resourcequotas": true, "secrets": true,
	"configmaps": true, "persistentvolumeclaims": true, "services.nodeports": true, "services.loadbalancers": true,
}

func isNativeResource(name string) bool {
	return !strings.Contains(name, "/") || strings.Contains(name, "kubernetes.io/")
}

func isHugePages(name string) bool { return strings.HasPrefix(name, "hugepages-") }

func sortedResourceNames(l api.ResourceList) []api.ResourceName {
	names := make([]api.ResourceName, 0, len(l))
	for k := range l {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	return names
}

// validateContainerResourceName: standard resources, hugepages, or a
// fully-qualified extended resource.
func validateContainerResourceName(name string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range IsQualifiedName(name) {
		errs = append(errs, field.Invalid(fldPath, name, msg))
	}
	if len(errs) != 0 {
		return errs
	}
	if !strings.Contains(name, "/") && !standardContainerResources[name] && !isHugePages(name) {
		return field.ErrorList{field.Invalid(fldPath, name, "must be a standard resource type or fully qualified")}
	}
	if isNativeResource(name) && strings.Contains(name, "/") {
		return field.ErrorList{field.Invalid(fldPath, name, "must be a standard resource for containers")}
	}
	return nil
}

// ValidateResourceQuantityValue: non-negative, integer for countable resources.
func ValidateResourceQuantityValue(name string, q api.Quantity, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	var zero api.Quantity
	if q.Cmp(zero) < 0 {
		errs = append(errs, field.Invalid(fldPath, q.String(), IsNegativeErrorMsg))
	}
	if integerResources[name] || strings.HasPrefix(name, "count/") || (strings.Contains(name, "/") && !isNativeResource(name)) {
		if q.MilliValue()%1000 != 0 {
			errs = append(errs, field.Invalid(fldPath, q.String(), isNotIntegerErrorMsg))
		}
	}
	return errs
}

// ValidateResourceRequirements is ValidateContainerResourceRequirements:
// names, quantities, and requests <= limits.
func ValidateResourceRequirements(r *api.ResourceRequirements, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	limPath := fldPath.Child("limits")
	reqPath := fldPath.Child("requests")
	for _, name := range sortedResourceNames(r.Limits) {
		p := limPath.Key(string(name))
		errs = append(errs, validateContainerResourceName(string(name), p)...)
		errs = append(errs, ValidateResourceQuantityValue(string(name), r.Limits[name], p)...)
	}
	for _, name := range sortedResourceNames(r.Requests) {
		p := reqPath.Key(string(name))
		q := r.Requests[name]
		errs = append(errs, validateContainerResourceName(string(name), p)...)
		errs = append(errs, ValidateResourceQuantityValue(string(name), q, p)...)
		limit, ok := r.Limits[name]
		overcommit := isNativeResource(string(name)) && !isHugePages(string(name))
		switch {
		case ok && !overcommit && q.Cmp(limit) != 0:
			errs = append(errs, field.Invalid(reqPath, q.String(), fmt.Sprintf("must be equal to %s limit of %s", name, limit.String())))
		case ok && q.Cmp(limit) > 0:
			errs = append(errs, field.Invalid(reqPath, q.String(), fmt.Sprintf("must be less than or equal to %s limit of %s", name, limit.String())))
		case !ok && !overcommit:
			errs = append(errs, field.Required(limPath, "Limit must be set for non overcommitable resources"))
		}
	}
	return errs
}
