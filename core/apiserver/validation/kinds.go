package validation

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// validateMoreKinds validates the storage, StatefulSet, CronJob, Ingress,
// NetworkPolicy, policy and autoscaling kinds on create, and the rarer kinds
// through validateRareKinds (ok is false for other kinds).
func validateMoreKinds(obj api.Object) (field.ErrorList, bool) {
	meta := func(namespaced bool) field.ErrorList {
		return ValidateObjectMeta(obj.GetObjectMeta(), namespaced, NameIsDNSSubdomain, field.NewPath("metadata"))
	}
	spec := field.NewPath("spec")
	switch o := obj.(type) {
	case *api.PersistentVolumeClaim:
		return append(meta(true), validatePVCSpec(&o.Spec, spec)...), true
	case *api.PersistentVolume:
		return append(meta(false), validatePVSpec(&o.Spec, spec)...), true
	case *api.StorageClass:
		return append(meta(false), validateStorageClass(o)...), true
	case *api.StatefulSet:
		return append(meta(true), validateStatefulSetSpec(&o.Spec, spec)...), true
	case *api.CronJob:
		errs := meta(true)
		if len(o.Name) > 52 {
			errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), o.Name, "must be no more than 52 characters"))
		}
		return append(errs, validateCronJobSpec(&o.Spec, spec)...), true
	case *api.Ingress:
		return append(meta(true), validateIngressSpec(&o.Spec, spec)...), true
	case *api.NetworkPolicy:
		return append(meta(true), validateNetworkPolicySpec(&o.Spec, spec)...), true
	case *api.PodDisruptionBudget:
		return append(meta(true), validatePDBSpec(&o.Spec, spec)...), true
	case *api.HorizontalPodAutoscaler:
		return append(meta(true), validateHPASpec(&o.Spec, spec)...), true
	}
	return validateRareKinds(obj, meta, spec)
}
