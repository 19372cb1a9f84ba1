package validation

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// updatablePodSpecFields is the list ValidatePodUpdate names (v1.35).
var updatablePodSpecFields = []string{
	"`spec.containers[*].image`",
	"`spec.initContainers[*].image`",
	"`spec.activeDeadlineSeconds`",
	"`spec.tolerations` (only additions to existing tolerations)",
	"`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
}

// PodUpdateForbiddenPrefix is the start of the message for a forbidden pod
// spec change; a go-cmp style diff follows on the next lines.
var PodUpdateForbiddenPrefix = "pod updates may not change fields other than " + strings.Join(updatablePodSpecFields, ",")

// ValidatePodUpdate is pkg/apis/core/validation ValidatePodUpdate.
func ValidatePodUpdate(newPod, oldPod *api.Pod) field.ErrorList {
	specPath := field.NewPath("spec")
	errs := ValidateObjectMetaUpdate(&newPod.ObjectMeta, &oldPod.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validatePodMetadataAndSpec(newPod)...)

	cerrs, stop := validateContainerUpdates(newPod.Spec.Containers, oldPod.Spec.Containers, specPath.Child("containers"))
	errs = append(errs, cerrs...)
	if stop {
		return errs
	}
	cerrs, stop = validateContainerUpdates(newPod.Spec.InitContainers, oldPod.Spec.InitContainers, specPath.Child("initContainers"))
	errs = append(errs, cerrs...)
	if stop {
		return errs
	}
	if newPod.Spec.ActiveDeadlineSeconds != nil {
		v := *newPod.Spec.ActiveDeadlineSeconds
		if v < 0 || v > math.MaxInt32 {
			return append(errs, field.Invalid(specPath.Child("activeDeadlineSeconds"), v, InclusiveRangeError(0, math.MaxInt32)))
		}
		if oldPod.Spec.ActiveDeadlineSeconds != nil && *oldPod.Spec.ActiveDeadlineSeconds < v {
			return append(errs, field.Invalid(specPath.Child("activeDeadlineSeconds"), v, "must be less than or equal to previous value"))
		}
	} else if oldPod.Spec.ActiveDeadlineSeconds != nil {
		errs = append(errs, field.Invalid(specPath.Child("activeDeadlineSeconds"), nil, "must not update from a positive integer to nil value"))
	}
	errs = append(errs, validateOnlyAddedTolerations(newPod.Spec.Tolerations, oldPod.Spec.Tolerations, specPath.Child("tolerations"))...)

	if semanticEqual(newPod.Spec, oldPod.Spec) {
		return errs
	}
	munged := deepCopySpec(newPod.Spec)
	for i := range munged.Containers {
		munged.Containers[i].Image = oldPod.Spec.Containers[i].Image
	}
	for i := range munged.InitContainers {
		munged.InitContainers[i].Image = oldPod.Spec.InitContainers[i].Image
	}
	munged.ActiveDeadlineSeconds = oldPod.Spec.ActiveDeadlineSeconds
	munged.SchedulingGates = oldPod.Spec.SchedulingGates
	munged.Tolerations = oldPod.Spec.Tolerations
	if o := oldPod.Spec.TerminationGracePeriodSeconds; o != nil && *o < 0 &&
		munged.TerminationGracePeriodSeconds != nil && *munged.TerminationGracePeriodSeconds == 1 {
		munged.TerminationGracePeriodSeconds = o
	}
	if !semanticEqual(munged, oldPod.Spec) {
		errs = append(errs, field.Forbidden(specPath, PodUpdateForbiddenPrefix+"\n"+specDiff(oldPod.Spec, munged)))
	}
	return errs
}

func validateContainerUpdates(newC, oldC []api.Container, fldPath *field.Path) (field.ErrorList, bool) {
	if len(newC) != len(oldC) {
		return field.ErrorList{field.Forbidden(fldPath, "pod updates may not add or remove containers")}, true
	}
	var errs field.ErrorList
	for i, c := range newC {
		if c.Image == "" {
			errs = append(errs, field.Required(fldPath.Index(i).Child("image"), ""))
		}
	}
	return errs, false
}

func validateOnlyAddedTolerations(newT, oldT []api.Toleration, fldPath *field.Path) field.ErrorList {
	for _, old := range oldT {
		found := false
		for _, n := range newT {
			o := old
			o.TolerationSeconds = n.TolerationSeconds
			if reflect.DeepEqual(o, n) {
				found = true
				break
			}
		}
		if !found {
			return field.ErrorList{field.Forbidden(fldPath, "existing toleration can not be modified except its tolerationSeconds")}
		}
	}
	return ValidateTolerations(newT, fldPath)
}

func deepCopySpec(s api.PodSpec) api.PodSpec {
	var out api.PodSpec
	b, _ := json.Marshal(s)
	_ = json.Unmarshal(b, &out)
	return out
}

// specDiff renders a go-cmp style diff of two pod specs: one line per
// top-level field that differs, as `- \tField: old` / `+ \tField: new`.
// It is shaped like the apiserver's cmp.Diff output, not byte-identical.
func specDiff(oldSpec, newSpec api.PodSpec) string {
	var b strings.Builder
	b.WriteString("  core.PodSpec{\n")
	ov, nv := reflect.ValueOf(oldSpec), reflect.ValueOf(newSpec)
	t := ov.Type()
	same := 0
	flush := func() {
		if same > 0 {
			fmt.Fprintf(&b, "  \t... // %d identical fields\n", same)
			same = 0
		}
	}
	for i := 0; i < t.NumField(); i++ {
		o, n := ov.Field(i).Interface(), nv.Field(i).Interface()
		if semanticEqual(o, n) {
			same++
			continue
		}
		flush()
		fmt.Fprintf(&b, "- \t%s: %s,\n", t.Field(i).Name, goValue(o))
		fmt.Fprintf(&b, "+ \t%s: %s,\n", t.Field(i).Name, goValue(n))
	}
	flush()
	b.WriteString("  }\n")
	return b.String()
}

func goValue(v any) string {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map:
		if rv.IsNil() {
			return "nil"
		}
	}
	if rv.Kind() == reflect.Pointer {
		return "&" + goValue(rv.Elem().Interface())
	}
	if rv.Kind() == reflect.String {
		return fmt.Sprintf("%q", rv.String())
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

// ValidatePodStatusUpdate is ValidatePodStatusUpdate (the parts kubeplay's
// kubelets can trip over).
func ValidatePodStatusUpdate(newPod, oldPod *api.Pod) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&newPod.ObjectMeta, &oldPod.ObjectMeta, field.NewPath("metadata"))
	status := field.NewPath("status")
	if newPod.Spec.NodeName != oldPod.Spec.NodeName {
		errs = append(errs, field.Forbidden(status.Child("nodeName"), "may not be changed directly"))
	}
	if oldPod.Spec.RestartPolicy != api.RestartPolicyAlways {
		for i, old := range oldPod.Status.ContainerStatuses {
			if old.State.Terminated == nil {
				continue
			}
			if old.State.Terminated.ExitCode != 0 && oldPod.Spec.RestartPolicy == api.RestartPolicyOnFailure {
				continue
			}
			for _, n := range newPod.Status.ContainerStatuses {
				if n.Name == old.Name && n.State.Terminated == nil {
					errs = append(errs, field.Forbidden(status.Child("containerStatuses").Index(i).Child("state"), "may not be transitioned to non-terminated state"))
				}
			}
		}
	}
	return errs
}
