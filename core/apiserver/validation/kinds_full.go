//go:build !lite

package validation

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// validateRareKinds validates on create the kinds a first session never
// creates: ReplicationController, IngressClass, apiextensions,
// admission-registration, flowcontrol and resource kinds (ok is false for
// other kinds; meta and spec are validateMoreKinds'). The page's lite build leaves them out (kinds_lite.go,
// core/lite).
func validateRareKinds(obj api.Object, meta func(namespaced bool) field.ErrorList, spec *field.Path) (field.ErrorList, bool) {
	switch o := obj.(type) {
	case *api.ReplicationController:
		return append(meta(true), validateRCSpec(&o.Spec, spec)...), true
	case *api.IngressClass:
		errs := meta(false)
		if o.Spec.Controller == "" {
			errs = append(errs, field.Required(spec.Child("controller"), ""))
		}
		return errs, true
	case *api.CustomResourceDefinition:
		return validateCRD(o), true
	case *api.ValidatingAdmissionPolicy:
		return append(meta(false), validateVAPSpec(&o.Spec, spec)...), true
	case *api.ValidatingAdmissionPolicyBinding:
		return append(meta(false), validateVAPBindingSpec(&o.Spec, spec)...), true
	case *api.ValidatingWebhookConfiguration:
		return append(meta(false), validateWebhooks(o.Webhooks, field.NewPath("webhooks"))...), true
	case *api.FlowSchema:
		return append(meta(false), validateFlowSchemaSpec(&o.Spec, spec)...), true
	case *api.DeviceResourceClaim:
		return append(meta(true), validateResourceClaimSpec(&o.Spec, spec)...), true
	case *api.ResourceClaimTemplate:
		errs := meta(true)
		tm := spec.Child("metadata")
		errs = append(errs, ValidateLabels(o.Spec.Labels, tm.Child("labels"))...)
		errs = append(errs, ValidateAnnotations(o.Spec.Annotations, tm.Child("annotations"))...)
		return append(errs, validateResourceClaimSpec(&o.Spec.Spec, spec.Child("spec"))...), true
	case *api.DeviceClass:
		return append(meta(false), validateDeviceSelectors(o.Spec.Selectors, spec.Child("selectors"))...), true
	case *api.ResourceSlice:
		return append(meta(false), validateResourceSliceSpec(&o.Spec, spec)...), true
	}
	return nil, false
}

func validateFlowSchemaSpec(s *api.FlowSchemaSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MatchingPrecedence <= 0 || s.MatchingPrecedence > 10000 {
		errs = append(errs, field.Invalid(p.Child("matchingPrecedence"), s.MatchingPrecedence, "must be between 1 and 10000, inclusive"))
	}
	if s.PriorityLevelConfiguration.Name == "" {
		errs = append(errs, field.Required(p.Child("priorityLevelConfiguration", "name"), "must reference a priority level"))
	}
	if d := s.DistinguisherMethod; d != nil && d.Type != "ByUser" && d.Type != "ByNamespace" {
		errs = append(errs, field.NotSupported(p.Child("distinguisherMethod", "type"), d.Type, []string{"ByNamespace", "ByUser"}))
	}
	for i, r := range s.Rules {
		rp := p.Child("rules").Index(i)
		if len(r.Subjects) == 0 {
			errs = append(errs, field.Required(rp.Child("subjects"), "subjects must contain at least one value"))
		}
		if len(r.ResourceRules) == 0 && len(r.NonResourceRules) == 0 {
			errs = append(errs, field.Required(rp, "at least one of resourceRules and nonResourceRules has to be non-empty"))
		}
		for j, sub := range r.Subjects {
			if sub.Kind != "User" && sub.Kind != "Group" && sub.Kind != "ServiceAccount" {
				errs = append(errs, field.NotSupported(rp.Child("subjects").Index(j).Child("kind"), sub.Kind, []string{"Group", "ServiceAccount", "User"}))
			}
		}
	}
	return errs
}
