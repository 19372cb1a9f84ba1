package validation

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// ValidateJob is pkg/apis/batch/validation ValidateJob (the parts a
// learner meets: counts, selector, template, restartPolicy).
func ValidateJob(job *api.Job) field.ErrorList {
	errs := ValidateObjectMeta(&job.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	return append(errs, validateJobSpec(&job.Spec, field.NewPath("spec"))...)
}

// ValidateJobUpdate adds the immutable fields.
func ValidateJobUpdate(job, old *api.Job) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&job.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	spec := field.NewPath("spec")
	errs = append(errs, validateJobSpec(&job.Spec, spec)...)
	errs = append(errs, ValidateImmutableField(job.Spec.Completions, old.Spec.Completions, spec.Child("completions"))...)
	errs = append(errs, ValidateImmutableField(job.Spec.Selector, old.Spec.Selector, spec.Child("selector"))...)
	errs = append(errs, ValidateImmutableField(job.Spec.CompletionMode, old.Spec.CompletionMode, spec.Child("completionMode"))...)
	if !semanticEqual(job.Spec.Template, old.Spec.Template) && !(old.Spec.Suspend != nil && *old.Spec.Suspend) {
		errs = append(errs, field.Invalid(spec.Child("template"), jsonValue(job.Spec.Template), FieldImmutableErrorMsg))
	}
	return errs
}

func validateJobSpec(spec *api.JobSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if spec.Parallelism != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.Parallelism), fldPath.Child("parallelism"))...)
	}
	if spec.Completions != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.Completions), fldPath.Child("completions"))...)
	}
	if spec.ActiveDeadlineSeconds != nil {
		errs = append(errs, ValidateNonnegativeField(*spec.ActiveDeadlineSeconds, fldPath.Child("activeDeadlineSeconds"))...)
	}
	if spec.BackoffLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.BackoffLimit), fldPath.Child("backoffLimit"))...)
	}
	if spec.TTLSecondsAfterFinished != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.TTLSecondsAfterFinished), fldPath.Child("ttlSecondsAfterFinished"))...)
	}
	if spec.CompletionMode != nil && *spec.CompletionMode != api.NonIndexedCompletion && *spec.CompletionMode != api.IndexedCompletion {
		errs = append(errs, field.NotSupported(fldPath.Child("completionMode"), string(*spec.CompletionMode), []string{"NonIndexed", "Indexed"}))
	}
	if spec.Selector != nil {
		errs = append(errs, ValidateLabelSelector(spec.Selector, fldPath.Child("selector"))...)
		if selectorIsValid(spec.Selector) && !selectorMatches(spec.Selector, spec.Template.Labels) {
			errs = append(errs, field.Invalid(fldPath.Child("template", "metadata", "labels"), jsonValue(spec.Template.Labels), "`selector` does not match template `labels`"))
		}
	}
	errs = append(errs, ValidatePodTemplateSpec(&spec.Template, fldPath.Child("template"))...)
	if rp := spec.Template.Spec.RestartPolicy; rp != api.RestartPolicyOnFailure && rp != api.RestartPolicyNever {
		errs = append(errs, field.Required(fldPath.Child("template", "spec", "restartPolicy"),
			fmt.Sprintf("valid values: %q, %q", "OnFailure", "Never")))
	}
	return errs
}
