package validation

import (
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// ValidateDeployment is pkg/apis/apps/validation ValidateDeployment.
func ValidateDeployment(d *api.Deployment) field.ErrorList {
	errs := ValidateObjectMeta(&d.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	return append(errs, validateDeploymentSpec(&d.Spec, field.NewPath("spec"))...)
}

// ValidateDeploymentUpdate adds the apps/v1 selector immutability.
func ValidateDeploymentUpdate(d, old *api.Deployment) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&d.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validateDeploymentSpec(&d.Spec, field.NewPath("spec"))...)
	return append(errs, ValidateImmutableField(d.Spec.Selector, old.Spec.Selector, field.NewPath("spec", "selector"))...)
}

func validateDeploymentSpec(spec *api.DeploymentSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if spec.Replicas != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.Replicas), fldPath.Child("replicas"))...)
	}
	errs = append(errs, validateWorkloadSelector(spec.Selector, fldPath.Child("selector"), "deployment")...)
	if !selectorIsValid(spec.Selector) {
		errs = append(errs, field.Invalid(fldPath.Child("selector"), jsonValue(spec.Selector), "invalid label selector"))
	} else {
		errs = append(errs, validatePodTemplateForReplicaSet(&spec.Template, spec.Selector, fldPath.Child("template"))...)
	}
	errs = append(errs, validateDeploymentStrategy(&spec.Strategy, fldPath.Child("strategy"))...)
	errs = append(errs, ValidateNonnegativeField(int64(spec.MinReadySeconds), fldPath.Child("minReadySeconds"))...)
	if spec.RevisionHistoryLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.RevisionHistoryLimit), fldPath.Child("revisionHistoryLimit"))...)
	}
	if spec.ProgressDeadlineSeconds != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.ProgressDeadlineSeconds), fldPath.Child("progressDeadlineSeconds"))...)
		if *spec.ProgressDeadlineSeconds <= spec.MinReadySeconds {
			errs = append(errs, field.Invalid(fldPath.Child("progressDeadlineSeconds"), *spec.ProgressDeadlineSeconds, "must be greater than minReadySeconds"))
		}
	}
	return errs
}

// validateWorkloadSelector: required, well-formed, non-empty.
func validateWorkloadSelector(sel *api.LabelSelector, p *field.Path, kind string) field.ErrorList {
	if sel == nil {
		return field.ErrorList{field.Required(p, "")}
	}
	errs := ValidateLabelSelector(sel, p)
	if len(sel.MatchLabels)+len(sel.MatchExpressions) == 0 {
		errs = append(errs, field.Invalid(p, jsonValue(sel), "empty selector is invalid for "+kind))
	}
	return errs
}

// validatePodTemplateForReplicaSet is ValidatePodTemplateSpecForReplicaSet:
// the selector must match the template labels, restartPolicy must be Always.
func validatePodTemplateForReplicaSet(t *api.PodTemplateSpec, sel *api.LabelSelector, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	empty := sel != nil && len(sel.MatchLabels)+len(sel.MatchExpressions) == 0
	if !empty && !selectorMatches(sel, t.Labels) {
		errs = append(errs, field.Invalid(fldPath.Child("metadata", "labels"), jsonValue(t.Labels), "`selector` does not match template `labels`"))
	}
	errs = append(errs, ValidatePodTemplateSpec(t, fldPath)...)
	if t.Spec.RestartPolicy != api.RestartPolicyAlways {
		errs = append(errs, field.NotSupported(fldPath.Child("spec", "restartPolicy"), string(t.Spec.RestartPolicy), []string{"Always"}))
	}
	if t.Spec.ActiveDeadlineSeconds != nil {
		errs = append(errs, field.Invalid(fldPath.Child("spec", "activeDeadlineSeconds"), *t.Spec.ActiveDeadlineSeconds, "activeDeadlineSeconds in ReplicaSet is not Supported"))
	}
	return errs
}

func validateDeploymentStrategy(s *api.DeploymentStrategy, fldPath *field.Path) field.ErrorList {
	switch s.Type {
	case api.RecreateDeploymentStrategyType:
		if s.RollingUpdate != nil {
			return field.ErrorList{field.Forbidden(fldPath.Child("rollingUpdate"), "may not be specified when strategy `type` is 'Recreate'")}
		}
	case api.RollingUpdateDeploymentStrategyType:
		if s.RollingUpdate == nil {
			return field.ErrorList{field.Required(fldPath.Child("rollingUpdate"), "this should be defaulted and never be nil")}
		}
		return validateRollingUpdate(s.RollingUpdate.MaxUnavailable, s.RollingUpdate.MaxSurge, fldPath.Child("rollingUpdate"))
	default:
		return field.ErrorList{field.NotSupported(fldPath.Child("type"), string(s.Type), []string{"Recreate", "RollingUpdate"})}
	}
	return nil
}

func validateRollingUpdate(maxUnavailable, maxSurge *api.IntOrString, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, validatePositiveIntOrPercent(maxUnavailable, fldPath.Child("maxUnavailable"))...)
	errs = append(errs, validatePositiveIntOrPercent(maxSurge, fldPath.Child("maxSurge"))...)
	if intOrPercentValue(maxUnavailable) == 0 && intOrPercentValue(maxSurge) == 0 {
		errs = append(errs, field.Invalid(fldPath.Child("maxUnavailable"), jsonValue(maxUnavailable), "may not be 0 when `maxSurge` is 0"))
	}
	if maxUnavailable != nil {
		if _, s, isStr := intOrString(*maxUnavailable); isStr {
			if v, err := strconv.Atoi(strings.TrimSuffix(s, "%")); err == nil && v > 100 {
				errs = append(errs, field.Invalid(fldPath.Child("maxUnavailable"), jsonValue(maxUnavailable), "must not be greater than 100%"))
			}
		}
	}
	return errs
}

func validatePositiveIntOrPercent(v *api.IntOrString, fldPath *field.Path) field.ErrorList {
	if v == nil {
		return nil
	}
	num, s, isStr := intOrString(*v)
	if isStr {
		var errs field.ErrorList
		for _, msg := range IsValidPercent(s) {
			errs = append(errs, field.Invalid(fldPath, jsonValue(v), msg))
		}
		return errs
	}
	return ValidateNonnegativeField(int64(num), fldPath)
}

func intOrPercentValue(v *api.IntOrString) int {
	if v == nil {
		return 0
	}
	num, s, isStr := intOrString(*v)
	if !isStr {
		return num
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "%"))
	if err != nil {
		return 0
	}
	return n
}

// ValidateReplicaSet is ValidateReplicaSet.
func ValidateReplicaSet(rs *api.ReplicaSet) field.ErrorList {
	errs := ValidateObjectMeta(&rs.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	return append(errs, validateReplicaSetSpec(&rs.Spec, field.NewPath("spec"))...)
}

// ValidateReplicaSetUpdate adds selector immutability.
func ValidateReplicaSetUpdate(rs, old *api.ReplicaSet) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&rs.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validateReplicaSetSpec(&rs.Spec, field.NewPath("spec"))...)
	return append(errs, ValidateImmutableField(rs.Spec.Selector, old.Spec.Selector, field.NewPath("spec", "selector"))...)
}

func validateReplicaSetSpec(spec *api.ReplicaSetSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if spec.Replicas != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.Replicas), fldPath.Child("replicas"))...)
	}
	errs = append(errs, ValidateNonnegativeField(int64(spec.MinReadySeconds), fldPath.Child("minReadySeconds"))...)
	errs = append(errs, validateWorkloadSelector(spec.Selector, fldPath.Child("selector"), "deployment")...)
	if !selectorIsValid(spec.Selector) {
		errs = append(errs, field.Invalid(fldPath.Child("selector"), jsonValue(spec.Selector), "invalid label selector"))
	} else {
		errs = append(errs, validatePodTemplateForReplicaSet(&spec.Template, spec.Selector, fldPath.Child("template"))...)
	}
	return errs
}

// ValidateDaemonSet is ValidateDaemonSet.
func ValidateDaemonSet(ds *api.DaemonSet) field.ErrorList {
	errs := ValidateObjectMeta(&ds.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	return append(errs, validateDaemonSetSpec(&ds.Spec, field.NewPath("spec"))...)
}

// ValidateDaemonSetUpdate adds selector immutability.
func ValidateDaemonSetUpdate(ds, old *api.DaemonSet) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&ds.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validateDaemonSetSpec(&ds.Spec, field.NewPath("spec"))...)
	return append(errs, ValidateImmutableField(ds.Spec.Selector, old.Spec.Selector, field.NewPath("spec", "selector"))...)
}

func validateDaemonSetSpec(spec *api.DaemonSetSpec, fldPath *field.Path) field.ErrorList {
	errs := validateWorkloadSelector(spec.Selector, fldPath.Child("selector"), "daemonset")
	if spec.Selector != nil && selectorIsValid(spec.Selector) && !selectorMatches(spec.Selector, spec.Template.Labels) &&
		len(spec.Selector.MatchLabels)+len(spec.Selector.MatchExpressions) > 0 {
		errs = append(errs, field.Invalid(fldPath.Child("template", "metadata", "labels"), jsonValue(spec.Template.Labels), "`selector` does not match template `labels`"))
	}
	errs = append(errs, ValidatePodTemplateSpec(&spec.Template, fldPath.Child("template"))...)
	if spec.Template.Spec.RestartPolicy != api.RestartPolicyAlways {
		errs = append(errs, field.NotSupported(fldPath.Child("template", "spec", "restartPolicy"), string(spec.Template.Spec.RestartPolicy), []string{"Always"}))
	}
	if spec.Template.Spec.ActiveDeadlineSeconds != nil {
		errs = append(errs, field.Invalid(fldPath.Child("template", "spec", "activeDeadlineSeconds"), *spec.Template.Spec.ActiveDeadlineSeconds, "activeDeadlineSeconds in DaemonSet is not Supported"))
	}
	errs = append(errs, ValidateNonnegativeField(int64(spec.MinReadySeconds), fldPath.Child("minReadySeconds"))...)
	us := spec.UpdateStrategy
	switch us.Type {
	case api.OnDeleteDaemonSetStrategyType:
	case api.RollingUpdateDaemonSetStrategyType:
		if us.RollingUpdate == nil {
			errs = append(errs, field.Required(fldPath.Child("updateStrategy", "rollingUpdate"), ""))
		} else {
			p := fldPath.Child("updateStrategy", "rollingUpdate")
			errs = append(errs, validatePositiveIntOrPercent(us.RollingUpdate.MaxUnavailable, p.Child("maxUnavailable"))...)
			errs = append(errs, validatePositiveIntOrPercent(us.RollingUpdate.MaxSurge, p.Child("maxSurge"))...)
			if intOrPercentValue(us.RollingUpdate.MaxUnavailable) == 0 && intOrPercentValue(us.RollingUpdate.MaxSurge) == 0 {
				errs = append(errs, field.Invalid(p.Child("maxUnavailable"), jsonValue(us.RollingUpdate.MaxUnavailable), "may not be 0 when `maxSurge` is 0"))
			}
		}
	default:
		errs = append(errs, field.NotSupported(fldPath.Child("updateStrategy", "type"), string(us.Type), []string{"OnDelete", "RollingUpdate"}))
	}
	if spec.RevisionHistoryLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.RevisionHistoryLimit), fldPath.Child("revisionHistoryLimit"))...)
	}
	return errs
}
