package validation

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

const rbacGroup = "rbac.authorization.k8s.io"

// ValidateRole checks a Role's name (path segment) and rules.
func ValidateRole(r *api.Role) field.ErrorList {
	errs := ValidateObjectMeta(&r.ObjectMeta, true, NameIsPathSegment, field.NewPath("metadata"))
	for i, rule := range r.Rules {
		errs = append(errs, validatePolicyRule(rule, true, field.NewPath("rules").Index(i))...)
	}
	return errs
}

// ValidateClusterRole checks a ClusterRole's name and rules.
func ValidateClusterRole(r *api.ClusterRole) field.ErrorList {
	errs := ValidateObjectMeta(&r.ObjectMeta, false, NameIsPathSegment, field.NewPath("metadata"))
	for i, rule := range r.Rules {
		errs = append(errs, validatePolicyRule(rule, false, field.NewPath("rules").Index(i))...)
	}
	return errs
}

func validatePolicyRule(rule api.PolicyRule, namespaced bool, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(rule.Verbs) == 0 {
		errs = append(errs, field.Required(p.Child("verbs"), "verbs must contain at least one value"))
	}
	if len(rule.NonResourceURLs) > 0 {
		if namespaced {
			errs = append(errs, field.Invalid(p.Child("nonResourceURLs"), jsonValue(rule.NonResourceURLs), "namespaced rules cannot apply to non-resource URLs"))
		}
		if len(rule.APIGroups) > 0 || len(rule.Resources) > 0 || len(rule.ResourceNames) > 0 {
			errs = append(errs, field.Invalid(p.Child("nonResourceURLs"), jsonValue(rule.NonResourceURLs), "rules cannot apply to both regular resources and non-resource URLs"))
		}
		return errs
	}
	if len(rule.APIGroups) == 0 {
		errs = append(errs, field.Required(p.Child("apiGroups"), "resource rules must supply at least one api group"))
	}
	if len(rule.Resources) == 0 {
		errs = append(errs, field.Required(p.Child("resources"), "resource rules must supply at least one resource"))
	}
	return errs
}

// ValidateRoleBinding checks roleRef and subjects.
func ValidateRoleBinding(b *api.RoleBinding) field.ErrorList {
	errs := ValidateObjectMeta(&b.ObjectMeta, true, NameIsPathSegment, field.NewPath("metadata"))
	errs = append(errs, validateRoleRef(b.RoleRef, []string{"Role", "ClusterRole"})...)
	for i, s := range b.Subjects {
		errs = append(errs, validateSubject(s, true, field.NewPath("subjects").Index(i))...)
	}
	return errs
}

// ValidateClusterRoleBinding checks roleRef (ClusterRole only) and subjects.
func ValidateClusterRoleBinding(b *api.ClusterRoleBinding) field.ErrorList {
	errs := ValidateObjectMeta(&b.ObjectMeta, false, NameIsPathSegment, field.NewPath("metadata"))
	errs = append(errs, validateRoleRef(b.RoleRef, []string{"ClusterRole"})...)
	for i, s := range b.Subjects {
		errs = append(errs, validateSubject(s, false, field.NewPath("subjects").Index(i))...)
	}
	return errs
}

func validateRoleRef(ref api.RoleRef, kinds []string) field.ErrorList {
	var errs field.ErrorList
	p := field.NewPath("roleRef")
	if ref.APIGroup != rbacGroup {
		errs = append(errs, field.NotSupported(p.Child("apiGroup"), ref.APIGroup, []string{rbacGroup}))
	}
	ok := false
	for _, k := range kinds {
		ok = ok || ref.Kind == k
	}
	if !ok {
		errs = append(errs, field.NotSupported(p.Child("kind"), ref.Kind, kinds))
	}
	if ref.Name == "" {
		errs = append(errs, field.Required(p.Child("name"), ""))
	} else {
		for _, msg := range NameIsPathSegment(ref.Name, false) {
			errs = append(errs, field.Invalid(p.Child("name"), ref.Name, msg))
		}
	}
	return errs
}

func validateSubject(s api.Subject, namespaced bool, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Name == "" {
		errs = append(errs, field.Required(p.Child("name"), ""))
	}
	switch s.Kind {
	case "ServiceAccount":
		if s.Name != "" {
			for _, msg := range NameIsDNSSubdomain(s.Name, false) {
				errs = append(errs, field.Invalid(p.Child("name"), s.Name, msg))
			}
		}
		if s.APIGroup != "" {
			errs = append(errs, field.NotSupported(p.Child("apiGroup"), s.APIGroup, []string{""}))
		}
		if !namespaced && s.Namespace == "" {
			errs = append(errs, field.Required(p.Child("namespace"), ""))
		}
	case "User", "Group":
		if s.APIGroup != rbacGroup {
			errs = append(errs, field.NotSupported(p.Child("apiGroup"), s.APIGroup, []string{rbacGroup}))
		}
	default:
		errs = append(errs, field.NotSupported(p.Child("kind"), s.Kind, []string{"ServiceAccount", "User", "Group"}))
	}
	return errs
}

// validateRoleRefUpdate: "cannot change roleRef".
func validateRoleRefUpdate(ref, old api.RoleRef) field.ErrorList {
	if ref != old {
		return field.ErrorList{field.Invalid(field.NewPath("roleRef"), jsonValue(ref), "cannot change roleRef")}
	}
	return nil
}
