package validation

import (
	"slices"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// admissionregistration.k8s.io kinds: ValidatingAdmissionPolicy, its
// bindings, ValidatingWebhookConfiguration.

func validateMatchResources(m *api.MatchResources, p *field.Path, requireRules bool) field.ErrorList {
	var errs field.ErrorList
	if m == nil {
		return errs
	}
	if requireRules && len(m.ResourceRules) == 0 {
		errs = append(errs, field.Required(p.Child("resourceRules"), ""))
	}
	for i, r := range m.ResourceRules {
		errs = append(errs, validateRule(&r.RuleWithOperations, p.Child("resourceRules").Index(i))...)
	}
	return errs
}

var admissionOperations = []string{"*", "CONNECT", "CREATE", "DELETE", "UPDATE"}

func validateRule(r *api.RuleWithOperations, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(r.Operations) == 0 {
		errs = append(errs, field.Required(p.Child("operations"), ""))
	}
	for i, op := range r.Operations {
		if !slices.Contains(admissionOperations, op) {
			errs = append(errs, field.NotSupported(p.Child("operations").Index(i), op, admissionOperations))
		}
	}
	if len(r.APIGroups) == 0 {
		errs = append(errs, field.Required(p.Child("apiGroups"), ""))
	}
	if len(r.APIVersions) == 0 {
		errs = append(errs, field.Required(p.Child("apiVersions"), ""))
	}
	if len(r.Resources) == 0 {
		errs = append(errs, field.Required(p.Child("resources"), ""))
	}
	if r.Scope != nil && *r.Scope != "*" && *r.Scope != "Cluster" && *r.Scope != "Namespaced" {
		errs = append(errs, field.NotSupported(p.Child("scope"), *r.Scope, []string{"*", "Cluster", "Namespaced"}))
	}
	return errs
}

func validateFailurePolicy(fp *string, p *field.Path) field.ErrorList {
	if fp != nil && *fp != "Fail" && *fp != "Ignore" {
		return field.ErrorList{field.NotSupported(p, *fp, []string{"Fail", "Ignore"})}
	}
	return nil
}

// validateVAPSpec is validateValidatingAdmissionPolicySpec without the CEL
// compilation (kubeplay carries no CEL engine).
func validateVAPSpec(s *api.ValidatingAdmissionPolicySpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MatchConstraints == nil {
		errs = append(errs, field.Required(p.Child("matchConstraints"), ""))
	} else {
		errs = append(errs, validateMatchResources(s.MatchConstraints, p.Child("matchConstraints"), true)...)
	}
	errs = append(errs, validateFailurePolicy(s.FailurePolicy, p.Child("failurePolicy"))...)
	if len(s.Validations) == 0 && len(s.AuditAnnotations) == 0 {
		errs = append(errs, field.Required(p.Child("validations"), "validations or auditAnnotations must contain at least one item"))
	}
	for i, v := range s.Validations {
		if strings.TrimSpace(v.Expression) == "" {
			errs = append(errs, field.Required(p.Child("validations").Index(i).Child("expression"), "expression is not specified"))
		}
	}
	for i, m := range s.MatchConditions {
		mp := p.Child("matchConditions").Index(i)
		if m.Name == "" {
			errs = append(errs, field.Required(mp.Child("name"), ""))
		}
		if m.Expression == "" {
			errs = append(errs, field.Required(mp.Child("expression"), ""))
		}
	}
	if s.ParamKind != nil {
		if s.ParamKind.Kind == "" {
			errs = append(errs, field.Required(p.Child("paramKind", "kind"), ""))
		}
		if s.ParamKind.APIVersion == "" {
			errs = append(errs, field.Required(p.Child("paramKind", "apiVersion"), ""))
		}
	}
	return errs
}

var validationActions = []string{"Audit", "Deny", "Warn"}

func validateVAPBindingSpec(s *api.ValidatingAdmissionPolicyBindingSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.PolicyName == "" {
		errs = append(errs, field.Required(p.Child("policyName"), ""))
	}
	if len(s.ValidationActions) == 0 {
		errs = append(errs, field.Required(p.Child("validationActions"), "at least one validation action is required"))
	}
	for i, a := range s.ValidationActions {
		if !slices.Contains(validationActions, a) {
			errs = append(errs, field.NotSupported(p.Child("validationActions").Index(i), a, validationActions))
		}
	}
	if slices.Contains(s.ValidationActions, "Deny") && slices.Contains(s.ValidationActions, "Warn") {
		errs = append(errs, field.Invalid(p.Child("validationActions"), jsonValue(s.ValidationActions), "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"))
	}
	if r := s.ParamRef; r != nil {
		if r.Name != "" && r.Selector != nil {
			errs = append(errs, field.Forbidden(p.Child("paramRef", "name"), "name and selector are mutually exclusive"))
		}
		if r.Name == "" && r.Selector == nil {
			errs = append(errs, field.Required(p.Child("paramRef"), "one of name or selector must be specified"))
		}
		if a := r.ParameterNotFoundAction; a == nil {
			errs = append(errs, field.Required(p.Child("paramRef", "parameterNotFoundAction"), ""))
		} else if *a != "Allow" && *a != "Deny" {
			errs = append(errs, field.NotSupported(p.Child("paramRef", "parameterNotFoundAction"), *a, []string{"Allow", "Deny"}))
		}
	}
	return append(errs, validateMatchResources(s.MatchResources, p.Child("matchResources"), false)...)
}

func validateWebhooks(hooks []api.ValidatingWebhook, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, h := range hooks {
		hp := p.Index(i)
		if len(strings.Split(h.Name, ".")) < 3 {
			errs = append(errs, field.Invalid(hp.Child("name"), h.Name, "should be a domain with at least three segments separated by dots"))
		}
		if seen[h.Name] {
			errs = append(errs, field.Duplicate(hp.Child("name"), h.Name))
		}
		seen[h.Name] = true
		for j, r := range h.Rules {
			errs = append(errs, validateRule(&r, hp.Child("rules").Index(j))...)
		}
		errs = append(errs, validateFailurePolicy(h.FailurePolicy, hp.Child("failurePolicy"))...)
		switch {
		case h.SideEffects == nil:
			errs = append(errs, field.Required(hp.Child("sideEffects"), "must specify one of None, NoneOnDryRun"))
		case *h.SideEffects != "None" && *h.SideEffects != "NoneOnDryRun":
			errs = append(errs, field.NotSupported(hp.Child("sideEffects"), *h.SideEffects, []string{"None", "NoneOnDryRun"}))
		}
		if len(h.AdmissionReviewVersions) == 0 {
			errs = append(errs, field.Required(hp.Child("admissionReviewVersions"), "must specify one of v1, v1beta1"))
		}
		if h.TimeoutSeconds != nil && (*h.TimeoutSeconds < 1 || *h.TimeoutSeconds > 30) {
			errs = append(errs, field.Invalid(hp.Child("timeoutSeconds"), *h.TimeoutSeconds, "the timeout value must be between 1 and 30 seconds"))
		}
		cc := h.ClientConfig
		if (cc.URL == nil) == (cc.Service == nil) {
			errs = append(errs, field.Required(hp.Child("clientConfig"), "exactly one of url or service is required"))
		}
	}
	return errs
}
