package validation

import (
	"fmt"
	"strconv"
	"strings"

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
	errs = append(errs, validateCompletionsUpdate(&job.Spec, &old.Spec, spec.Child("completions"))...)
	errs = append(errs, ValidateImmutableField(job.Spec.Selector, old.Spec.Selector, spec.Child("selector"))...)
	errs = append(errs, ValidateImmutableField(job.Spec.CompletionMode, old.Spec.CompletionMode, spec.Child("completionMode"))...)
	errs = append(errs, ValidateImmutableField(job.Spec.SuccessPolicy, old.Spec.SuccessPolicy, spec.Child("successPolicy"))...)
	if !semanticEqual(job.Spec.Template, old.Spec.Template) && !(old.Spec.Suspend != nil && *old.Spec.Suspend) {
		errs = append(errs, field.Invalid(spec.Child("template"), jsonValue(job.Spec.Template), FieldImmutableErrorMsg))
	}
	return errs
}

// validateCompletionsUpdate is validateCompletions: completions are
// immutable, except in an Indexed Job that scales completions and
// parallelism together (elastic Indexed Jobs, GA in v1.31).
func validateCompletionsUpdate(spec, old *api.JobSpec, fldPath *field.Path) field.ErrorList {
	if spec.CompletionMode == nil || *spec.CompletionMode != api.IndexedCompletion {
		return ValidateImmutableField(spec.Completions, old.Completions, fldPath)
	}
	if spec.Completions == nil || old.Completions != nil && *spec.Completions == *old.Completions {
		return nil
	}
	if spec.Parallelism == nil || *spec.Completions != *spec.Parallelism {
		return field.ErrorList{field.Invalid(fldPath, *spec.Completions, "can only be modified in tandem with spec.parallelism")}
	}
	return nil
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
	if spec.BackoffLimitPerIndex != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.BackoffLimitPerIndex), fldPath.Child("backoffLimitPerIndex"))...)
	}
	if spec.MaxFailedIndexes != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*spec.MaxFailedIndexes), fldPath.Child("maxFailedIndexes"))...)
		if spec.BackoffLimitPerIndex == nil {
			errs = append(errs, field.Required(fldPath.Child("backoffLimitPerIndex"), "when maxFailedIndexes is specified"))
		}
	}
	if spec.CompletionMode != nil && *spec.CompletionMode != api.NonIndexedCompletion && *spec.CompletionMode != api.IndexedCompletion {
		errs = append(errs, field.NotSupported(fldPath.Child("completionMode"), string(*spec.CompletionMode), []string{"NonIndexed", "Indexed"}))
	}
	errs = append(errs, validateIndexedJobSpec(spec, fldPath)...)
	if spec.SuccessPolicy != nil {
		if spec.CompletionMode == nil || *spec.CompletionMode != api.IndexedCompletion {
			errs = append(errs, field.Invalid(fldPath.Child("successPolicy"), internalSuccessPolicy(spec.SuccessPolicy), "requires indexed completion mode"))
		} else {
			errs = append(errs, validateSuccessPolicy(spec, fldPath.Child("successPolicy"))...)
		}
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

// Limits of Indexed Jobs (pkg/apis/batch/validation).
const (
	maxParallelismForIndexedJob             = 100_000
	maxFailedIndexesForIndexedJob           = 100_000
	completionsSoftLimit                    = 100_000
	parallelismLimitForHighCompletions      = 10_000
	maxFailedIndexesLimitForHighCompletions = 10_000
)

// validateIndexedJobSpec checks what an Indexed Job needs (completions) and
// allows (a backoff limit per index), as validateJobSpec does.
func validateIndexedJobSpec(spec *api.JobSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if spec.CompletionMode == nil || *spec.CompletionMode == api.NonIndexedCompletion {
		if spec.BackoffLimitPerIndex != nil {
			errs = append(errs, field.Invalid(fldPath.Child("backoffLimitPerIndex"), *spec.BackoffLimitPerIndex, "requires indexed completion mode"))
		}
		if spec.MaxFailedIndexes != nil {
			errs = append(errs, field.Invalid(fldPath.Child("maxFailedIndexes"), *spec.MaxFailedIndexes, "requires indexed completion mode"))
		}
		return errs
	}
	if *spec.CompletionMode != api.IndexedCompletion {
		return errs
	}
	completions, parallelism, maxFailed := spec.Completions, spec.Parallelism, spec.MaxFailedIndexes
	if completions == nil {
		errs = append(errs, field.Required(fldPath.Child("completions"), fmt.Sprintf("when completion mode is %s", api.IndexedCompletion)))
	}
	if parallelism != nil && *parallelism > maxParallelismForIndexedJob {
		errs = append(errs, field.Invalid(fldPath.Child("parallelism"), *parallelism,
			fmt.Sprintf("must be less than or equal to %d when completion mode is %s", maxParallelismForIndexedJob, api.IndexedCompletion)))
	}
	if completions != nil && maxFailed != nil && *maxFailed > *completions {
		errs = append(errs, field.Invalid(fldPath.Child("maxFailedIndexes"), *maxFailed, "must be less than or equal to completions"))
	}
	if maxFailed != nil && *maxFailed > maxFailedIndexesForIndexedJob {
		errs = append(errs, field.Invalid(fldPath.Child("maxFailedIndexes"), *maxFailed, fmt.Sprintf("must be less than or equal to %d", maxFailedIndexesForIndexedJob)))
	}
	if completions != nil && *completions > completionsSoftLimit && spec.BackoffLimitPerIndex != nil {
		if maxFailed == nil {
			errs = append(errs, field.Required(fldPath.Child("maxFailedIndexes"), fmt.Sprintf("must be specified when completions is above %d", completionsSoftLimit)))
		}
		if parallelism != nil && *parallelism > parallelismLimitForHighCompletions {
			errs = append(errs, field.Invalid(fldPath.Child("parallelism"), *parallelism, fmt.Sprintf(
				"must be less than or equal to %d when completions are above %d and used with backoff limit per index", parallelismLimitForHighCompletions, completionsSoftLimit)))
		}
		if maxFailed != nil && *maxFailed > maxFailedIndexesLimitForHighCompletions {
			errs = append(errs, field.Invalid(fldPath.Child("maxFailedIndexes"), *maxFailed, fmt.Sprintf(
				"must be less than or equal to %d when completions are above %d and used with backoff limit per index", maxFailedIndexesLimitForHighCompletions, completionsSoftLimit)))
		}
	}
	return errs
}

// Limits of a successPolicy (maxSuccessPolicyRule,
// maxJobSuccessPolicySucceededIndexesLimit).
const (
	maxSuccessPolicyRules     = 20
	maxSucceededIndexesLength = 64 * 1024
)

// internalSuccessPolicy is the policy as the apiserver's error shows it:
// JSON of its internal type, whose fields carry no json tags.
func internalSuccessPolicy(sp *api.SuccessPolicy) any {
	type rule struct {
		SucceededIndexes *string
		SucceededCount   *int32
	}
	out := struct{ Rules []rule }{}
	for _, r := range sp.Rules {
		out.Rules = append(out.Rules, rule(r))
	}
	return jsonValue(out)
}

// validateSuccessPolicy checks an Indexed Job's success rules: one to 20,
// each with succeededIndexes (an increasing list of intervals below
// completions) and/or succeededCount (at most completions, and at most the
// number of indexes the rule names).
func validateSuccessPolicy(spec *api.JobSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	rulesPath := fldPath.Child("rules")
	rules := spec.SuccessPolicy.Rules
	if len(rules) == 0 {
		errs = append(errs, field.Required(rulesPath, "at least one rules must be specified when the successPolicy is specified"))
	}
	if len(rules) > maxSuccessPolicyRules {
		errs = append(errs, field.TooMany(rulesPath, len(rules), maxSuccessPolicyRules))
	}
	completions := int32(0)
	if spec.Completions != nil {
		completions = *spec.Completions
	}
	for i, rule := range rules {
		rulePath := rulesPath.Index(i)
		if rule.SucceededCount == nil && rule.SucceededIndexes == nil {
			errs = append(errs, field.Required(rulePath, "at least one of succeededCount or succeededIndexes must be specified"))
		}
		var total int32
		if rule.SucceededIndexes != nil {
			p := rulePath.Child("succeededIndexes")
			if len(*rule.SucceededIndexes) > maxSucceededIndexesLength {
				errs = append(errs, field.TooLong(p, *rule.SucceededIndexes, maxSucceededIndexesLength))
			}
			var err error
			if total, err = ValidateIndexesFormat(*rule.SucceededIndexes, completions); err != nil {
				errs = append(errs, field.Invalid(p, *rule.SucceededIndexes, "error parsing succeededIndexes: "+err.Error()))
			}
		}
		if rule.SucceededCount != nil {
			p := rulePath.Child("succeededCount")
			errs = append(errs, ValidateNonnegativeField(int64(*rule.SucceededCount), p)...)
			if *rule.SucceededCount > completions {
				errs = append(errs, field.Invalid(p, *rule.SucceededCount, fmt.Sprintf("must be less than or equal to %d (the number of specified completions)", completions)))
			}
			if rule.SucceededIndexes != nil && *rule.SucceededCount > total {
				errs = append(errs, field.Invalid(p, *rule.SucceededCount, fmt.Sprintf("must be less than or equal to %d (the number of indexes in the specified succeededIndexes field)", total)))
			}
		}
	}
	return errs
}

// ValidateIndexesFormat reads a list of index intervals such as "0,2-3"
// strictly, as the apiserver does, and returns how many indexes it holds.
func ValidateIndexesFormat(s string, completions int32) (int32, error) {
	if s == "" {
		return 0, nil
	}
	var total int32
	last := int32(-1)
	for i, part := range strings.Split(s, ",") {
		x, y, err := parseIndexInterval(part, completions)
		if err != nil {
			return 0, err
		}
		if i > 0 && last >= x {
			return 0, fmt.Errorf("non-increasing order, previous: %d, current: %d", last, x)
		}
		total += y - x + 1
		last = y
	}
	return total, nil
}

func parseIndexInterval(s string, completions int32) (int32, int32, error) {
	limits := strings.Split(s, "-")
	if len(limits) > 2 {
		return 0, 0, fmt.Errorf("the fragment %q violates the requirement that an index interval can have at most two parts separated by '-'", s)
	}
	bound := func(v string) (int32, error) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("cannot convert string to integer for index: %q", v)
		}
		if n >= int(completions) {
			return 0, fmt.Errorf("too large index: %q", v)
		}
		return int32(n), nil
	}
	x, err := bound(limits[0])
	if err != nil {
		return 0, 0, err
	}
	if len(limits) == 1 {
		return x, x, nil
	}
	y, err := bound(limits[1])
	if err != nil {
		return 0, 0, err
	}
	if x >= y {
		return 0, 0, fmt.Errorf("non-increasing order, previous: %d, current: %d", x, y)
	}
	return x, y, nil
}
