package validation

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/cron"
	"kubeplay/core/api/field"
)

// Workload kinds without a file of their own: StatefulSet, CronJob,
// ReplicationController, PodDisruptionBudget, HorizontalPodAutoscaler.

// validateStatefulSetSpec is ValidateStatefulSetSpec.
func validateStatefulSetSpec(s *api.StatefulSetSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch s.PodManagementPolicy {
	case "":
		errs = append(errs, field.Required(p.Child("podManagementPolicy"), ""))
	case api.OrderedReadyPodManagement, api.ParallelPodManagement:
	default:
		errs = append(errs, field.Invalid(p.Child("podManagementPolicy"), string(s.PodManagementPolicy),
			fmt.Sprintf("must be '%s' or '%s'", api.OrderedReadyPodManagement, api.ParallelPodManagement)))
	}
	switch s.UpdateStrategy.Type {
	case "":
		errs = append(errs, field.Required(p.Child("updateStrategy"), ""))
	case api.OnDeleteStatefulSetStrategyType:
		if s.UpdateStrategy.RollingUpdate != nil {
			errs = append(errs, field.Invalid(p.Child("updateStrategy", "rollingUpdate"), jsonValue(s.UpdateStrategy.RollingUpdate),
				fmt.Sprintf("only allowed for updateStrategy '%s'", api.RollingUpdateStatefulSetStrategyType)))
		}
	case api.RollingUpdateStatefulSetStrategyType:
		if ru := s.UpdateStrategy.RollingUpdate; ru != nil && ru.Partition != nil {
			errs = append(errs, ValidateNonnegativeField(int64(*ru.Partition), p.Child("updateStrategy", "rollingUpdate", "partition"))...)
		}
	default:
		errs = append(errs, field.Invalid(p.Child("updateStrategy"), string(s.UpdateStrategy.Type),
			fmt.Sprintf("must be '%s' or '%s'", api.RollingUpdateStatefulSetStrategyType, api.OnDeleteStatefulSetStrategyType)))
	}
	if s.Replicas != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.Replicas), p.Child("replicas"))...)
	}
	errs = append(errs, ValidateNonnegativeField(int64(s.MinReadySeconds), p.Child("minReadySeconds"))...)
	if s.Ordinals != nil {
		errs = append(errs, ValidateNonnegativeField(int64(s.Ordinals.Start), p.Child("ordinals.start"))...)
	}
	errs = append(errs, validateWorkloadSelector(s.Selector, p.Child("selector"), "statefulset")...)
	if selectorIsValid(s.Selector) {
		errs = append(errs, validatePodTemplateForReplicaSet(&s.Template, s.Selector, p.Child("template"))...)
	}
	for i := range s.VolumeClaimTemplates {
		t := &s.VolumeClaimTemplates[i]
		tp := p.Child("volumeClaimTemplates").Index(i)
		errs = append(errs, validatePVCSpec(&t.Spec, tp.Child("spec"))...)
	}
	return errs
}

// validateStatefulSetUpdate: only some spec fields may change.
func validateStatefulSetUpdate(ss, old *api.StatefulSet) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&ss.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validateStatefulSetSpec(&ss.Spec, field.NewPath("spec"))...)
	a, b := ss.Spec, old.Spec
	a.Replicas, a.Ordinals, a.Template, a.UpdateStrategy, a.RevisionHistoryLimit, a.PersistentVolumeClaimRetentionPolicy, a.MinReadySeconds =
		b.Replicas, b.Ordinals, b.Template, b.UpdateStrategy, b.RevisionHistoryLimit, b.PersistentVolumeClaimRetentionPolicy, b.MinReadySeconds
	if !semanticEqual(a, b) {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"))
	}
	return errs
}

func validateCronJobSpec(s *api.CronJobSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Schedule == "" {
		errs = append(errs, field.Required(p.Child("schedule"), ""))
	} else if _, err := cron.Parse(s.Schedule); err != nil {
		errs = append(errs, field.Invalid(p.Child("schedule"), s.Schedule, err.Error()))
	}
	if strings.Contains(s.Schedule, "TZ") {
		errs = append(errs, field.Invalid(p.Child("schedule"), s.Schedule, "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"))
	}
	if s.StartingDeadlineSeconds != nil {
		errs = append(errs, ValidateNonnegativeField(*s.StartingDeadlineSeconds, p.Child("startingDeadlineSeconds"))...)
	}
	switch s.ConcurrencyPolicy {
	case api.AllowConcurrent, api.ForbidConcurrent, api.ReplaceConcurrent:
	case "":
		errs = append(errs, field.Required(p.Child("concurrencyPolicy"), ""))
	default:
		errs = append(errs, field.NotSupported(p.Child("concurrencyPolicy"), string(s.ConcurrencyPolicy), []string{"Allow", "Forbid", "Replace"}))
	}
	if s.SuccessfulJobsHistoryLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.SuccessfulJobsHistoryLimit), p.Child("successfulJobsHistoryLimit"))...)
	}
	if s.FailedJobsHistoryLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.FailedJobsHistoryLimit), p.Child("failedJobsHistoryLimit"))...)
	}
	return append(errs, validateJobSpec(&s.JobTemplate.Spec, p.Child("jobTemplate", "spec"))...)
}

// validateRCSpec is ValidateReplicationControllerSpec.
func validateRCSpec(s *api.ReplicationControllerSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, ValidateNonnegativeField(int64(s.MinReadySeconds), p.Child("minReadySeconds"))...)
	if len(s.Selector) == 0 {
		errs = append(errs, field.Required(p.Child("selector"), ""))
	} else {
		errs = append(errs, ValidateLabels(s.Selector, p.Child("selector"))...)
	}
	if s.Replicas != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.Replicas), p.Child("replicas"))...)
	}
	if s.Template == nil {
		return append(errs, field.Required(p.Child("template"), ""))
	}
	for k, v := range s.Selector {
		if s.Template.Labels[k] != v {
			errs = append(errs, field.Invalid(p.Child("template", "metadata", "labels"), jsonValue(s.Template.Labels), "`selector` does not match template `labels`"))
			break
		}
	}
	errs = append(errs, ValidatePodTemplateSpec(s.Template, p.Child("template"))...)
	if s.Template.Spec.RestartPolicy != api.RestartPolicyAlways {
		errs = append(errs, field.NotSupported(p.Child("template", "spec", "restartPolicy"), string(s.Template.Spec.RestartPolicy), []string{"Always"}))
	}
	return errs
}

// validatePDBSpec is ValidatePodDisruptionBudgetSpec.
func validatePDBSpec(s *api.PodDisruptionBudgetSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MinAvailable != nil && s.MaxUnavailable != nil {
		errs = append(errs, field.Invalid(p, jsonValue(s), "minAvailable and maxUnavailable cannot be both set"))
	}
	for name, v := range map[string]*api.IntOrString{"minAvailable": s.MinAvailable, "maxUnavailable": s.MaxUnavailable} {
		if v != nil {
			errs = append(errs, validatePositiveIntOrPercent(v, p.Child(name))...)
			if v.Type == api.String && intOrPercentValue(v) > 100 {
				errs = append(errs, field.Invalid(p.Child(name), v.StrVal, "must not be greater than 100%"))
			}
		}
	}
	if s.Selector != nil {
		errs = append(errs, ValidateLabelSelector(s.Selector, p.Child("selector"))...)
	}
	if pol := s.UnhealthyPodEvictionPolicy; pol != nil && *pol != "IfHealthyBudget" && *pol != "AlwaysAllow" {
		errs = append(errs, field.NotSupported(p.Child("unhealthyPodEvictionPolicy"), string(*pol), []string{"AlwaysAllow", "IfHealthyBudget"}))
	}
	return errs
}

// validateHPASpec is validateHorizontalPodAutoscalerSpec (v2).
func validateHPASpec(s *api.HorizontalPodAutoscalerSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MinReplicas != nil && *s.MinReplicas < 1 {
		errs = append(errs, field.Invalid(p.Child("minReplicas"), *s.MinReplicas, "must be greater than or equal to 1"))
	}
	if s.MaxReplicas < 1 {
		errs = append(errs, field.Invalid(p.Child("maxReplicas"), s.MaxReplicas, "must be greater than or equal to 1"))
	}
	if s.MinReplicas != nil && s.MaxReplicas < *s.MinReplicas {
		errs = append(errs, field.Invalid(p.Child("maxReplicas"), s.MaxReplicas, "must be greater than or equal to `minReplicas`"))
	}
	ref := p.Child("scaleTargetRef")
	if s.ScaleTargetRef.Kind == "" {
		errs = append(errs, field.Required(ref.Child("kind"), ""))
	}
	if s.ScaleTargetRef.Name == "" {
		errs = append(errs, field.Required(ref.Child("name"), ""))
	}
	for i, m := range s.Metrics {
		mp := p.Child("metrics").Index(i)
		switch m.Type {
		case "Resource":
			if m.Resource == nil {
				errs = append(errs, field.Required(mp.Child("resource"), "must populate information for the given metric source"))
				continue
			}
			errs = append(errs, validateMetricTarget(m.Resource.Target, mp.Child("resource", "target"))...)
		case "ContainerResource", "Object", "Pods", "External":
		case "":
			errs = append(errs, field.Required(mp.Child("type"), "must specify a metric source type"))
		default:
			errs = append(errs, field.NotSupported(mp.Child("type"), m.Type, []string{"ContainerResource", "External", "Object", "Pods", "Resource"}))
		}
	}
	return errs
}

func validateMetricTarget(t api.MetricTarget, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch t.Type {
	case "Utilization", "Value", "AverageValue":
	case "":
		errs = append(errs, field.Required(p.Child("type"), "must specify a metric target type"))
	default:
		errs = append(errs, field.NotSupported(p.Child("type"), t.Type, []string{"AverageValue", "Utilization", "Value"}))
	}
	if t.AverageUtilization != nil && *t.AverageUtilization < 1 {
		errs = append(errs, field.Invalid(p.Child("averageUtilization"), *t.AverageUtilization, "must be greater than 0"))
	}
	if t.Value == nil && t.AverageValue == nil && t.AverageUtilization == nil {
		errs = append(errs, field.Required(p, "must set either a target raw value, a target average value, or a target utilization"))
	}
	return errs
}
