package validation

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

const totalAnnotationSizeLimitB = 256 * (1 << 10)

// jsonValue renders a complex bad value the way the v1.34+ apiserver does
// (json.Marshal), independent of any String method on the value.
func jsonValue(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return json.RawMessage(b)
}

// sortedKeys returns map keys in order: Go maps iterate randomly, kubeplay's
// messages must not.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ValidateObjectMeta is apimachinery's ValidateObjectMetaAccessor (create).
func ValidateObjectMeta(meta *api.ObjectMeta, namespaced bool, nameFn NameFunc, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(meta.GenerateName) != 0 {
		for _, msg := range nameFn(meta.GenerateName, true) {
			errs = append(errs, field.Invalid(fldPath.Child("generateName"), meta.GenerateName, msg))
		}
	}
	if len(meta.Name) == 0 {
		errs = append(errs, field.Required(fldPath.Child("name"), "name or generateName is required"))
	} else {
		for _, msg := range nameFn(meta.Name, false) {
			errs = append(errs, field.Invalid(fldPath.Child("name"), meta.Name, msg))
		}
	}
	if namespaced {
		if len(meta.Namespace) == 0 {
			errs = append(errs, field.Required(fldPath.Child("namespace"), ""))
		} else {
			for _, msg := range NameIsDNSLabel(meta.Namespace, false) {
				errs = append(errs, field.Invalid(fldPath.Child("namespace"), meta.Namespace, msg))
			}
		}
	} else if len(meta.Namespace) != 0 {
		errs = append(errs, field.Forbidden(fldPath.Child("namespace"), "not allowed on this type"))
	}
	errs = append(errs, ValidateNonnegativeField(meta.Generation, fldPath.Child("generation"))...)
	errs = append(errs, ValidateLabels(meta.Labels, fldPath.Child("labels"))...)
	errs = append(errs, ValidateAnnotations(meta.Annotations, fldPath.Child("annotations"))...)
	errs = append(errs, validateOwnerReferences(meta.OwnerReferences, fldPath.Child("ownerReferences"))...)
	errs = append(errs, validateFinalizers(meta.Finalizers, fldPath.Child("finalizers"))...)
	return errs
}

// ValidateObjectMetaUpdate is apimachinery's ValidateObjectMetaAccessorUpdate.
// Fields the apiserver carries over from the stored object (uid,
// creationTimestamp, generation) are only compared when the update sets them.
func ValidateObjectMetaUpdate(newMeta, oldMeta *api.ObjectMeta, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if oldMeta.DeletionTimestamp != nil {
		var extra []string
		old := map[string]bool{}
		for _, f := range oldMeta.Finalizers {
			old[f] = true
		}
		for _, f := range newMeta.Finalizers {
			if !old[f] {
				extra = append(extra, f)
			}
		}
		if len(extra) > 0 {
			sort.Strings(extra)
			errs = append(errs, field.Forbidden(fldPath.Child("finalizers"),
				fmt.Sprintf("no new finalizers can be added if the object is being deleted, found new finalizers %#v", extra)))
		}
	}
	if newMeta.Generation != 0 && newMeta.Generation < oldMeta.Generation {
		errs = append(errs, field.Invalid(fldPath.Child("generation"), newMeta.Generation, "must not be decremented"))
	}
	errs = append(errs, ValidateImmutableField(newMeta.Name, oldMeta.Name, fldPath.Child("name"))...)
	errs = append(errs, ValidateImmutableField(newMeta.Namespace, oldMeta.Namespace, fldPath.Child("namespace"))...)
	if newMeta.UID != "" {
		errs = append(errs, ValidateImmutableField(newMeta.UID, oldMeta.UID, fldPath.Child("uid"))...)
	}
	if !newMeta.CreationTimestamp.IsZero() && !newMeta.CreationTimestamp.Equal(oldMeta.CreationTimestamp.Time) {
		errs = append(errs, field.Invalid(fldPath.Child("creationTimestamp"), jsonValue(newMeta.CreationTimestamp), FieldImmutableErrorMsg))
	}
	errs = append(errs, ValidateLabels(newMeta.Labels, fldPath.Child("labels"))...)
	errs = append(errs, ValidateAnnotations(newMeta.Annotations, fldPath.Child("annotations"))...)
	errs = append(errs, validateOwnerReferences(newMeta.OwnerReferences, fldPath.Child("ownerReferences"))...)
	return errs
}

// ValidateImmutableField reports "field is immutable" when the values differ.
func ValidateImmutableField(newVal, oldVal any, fldPath *field.Path) field.ErrorList {
	if semanticEqual(newVal, oldVal) {
		return nil
	}
	v := newVal
	switch newVal.(type) {
	case string, int32, int64, bool:
	default:
		v = jsonValue(newVal)
	}
	return field.ErrorList{field.Invalid(fldPath, v, FieldImmutableErrorMsg)}
}

// semanticEqual is equality.Semantic.DeepEqual close enough for kubeplay:
// JSON forms compare (so nil and empty slices and maps are equal, quantities
// compare canonically).
func semanticEqual(a, b any) bool {
	if reflect.DeepEqual(a, b) {
		return true
	}
	ja, errA := json.Marshal(a)
	jb, errB := json.Marshal(b)
	if errA != nil || errB != nil {
		return false
	}
	norm := func(s string) string {
		if s == "null" || s == "{}" || s == "[]" {
			return ""
		}
		return s
	}
	return norm(string(ja)) == norm(string(jb))
}

// ValidateNonnegativeField: "must be greater than or equal to 0".
func ValidateNonnegativeField(value int64, fldPath *field.Path) field.ErrorList {
	if value < 0 {
		return field.ErrorList{field.Invalid(fldPath, value, IsNegativeErrorMsg)}
	}
	return nil
}

// ValidateLabelName checks one label key.
func ValidateLabelName(name string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range IsQualifiedName(name) {
		errs = append(errs, field.Invalid(fldPath, name, msg))
	}
	return errs
}

// ValidateLabels checks keys and values; errors carry the map's path (as
// Kubernetes does), in key order.
func ValidateLabels(labels map[string]string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, k := range sortedKeys(labels) {
		errs = append(errs, ValidateLabelName(k, fldPath)...)
		for _, msg := range IsValidLabelValue(labels[k]) {
			errs = append(errs, field.Invalid(fldPath, labels[k], msg))
		}
	}
	return errs
}

// ValidateAnnotations checks annotation keys and the 256 KiB total.
func ValidateAnnotations(annotations map[string]string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	total := 0
	for _, k := range sortedKeys(annotations) {
		for _, msg := range IsQualifiedName(strings.ToLower(k)) {
			errs = append(errs, field.Invalid(fldPath, k, msg))
		}
		total += len(k) + len(annotations[k])
	}
	if total > totalAnnotationSizeLimitB {
		errs = append(errs, field.TooLong(fldPath, "", totalAnnotationSizeLimitB))
	}
	return errs
}

func validateOwnerReferences(refs []api.OwnerReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	first := ""
	for _, ref := range refs {
		version := ref.APIVersion
		if i := strings.LastIndexByte(version, '/'); i >= 0 {
			version = version[i+1:]
		}
		if version == "" {
			errs = append(errs, field.Invalid(fldPath.Child("apiVersion"), ref.APIVersion, "version must not be empty"))
		}
		if ref.Kind == "" {
			errs = append(errs, field.Invalid(fldPath.Child("kind"), ref.Kind, "must not be empty"))
		}
		if ref.Name == "" {
			errs = append(errs, field.Invalid(fldPath.Child("name"), ref.Name, "must not be empty"))
		}
		if ref.UID == "" {
			errs = append(errs, field.Invalid(fldPath.Child("uid"), ref.UID, "must not be empty"))
		}
		if ref.Controller != nil && *ref.Controller {
			cur := ref.Kind + "/" + ref.Name
			if first != "" {
				errs = append(errs, field.Invalid(fldPath, jsonValue(refs),
					fmt.Sprintf("Only one reference can have Controller set to true. Found \"true\" in references for %v and %v", first, cur)))
			} else {
				first = cur
			}
		}
	}
	return errs
}

var standardFinalizers = map[string]bool{
	"kubernetes": true, "orphan": true, "foregroundDeletion": true,
}

func validateFinalizers(finalizers []string, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	orphan, foreground := false, false
	for i, f := range finalizers {
		for _, msg := range IsQualifiedName(f) {
			errs = append(errs, field.Invalid(fldPath, f, msg))
		}
		errs = append(errs, validateKubeFinalizerName(f, fldPath.Index(i))...)
		orphan = orphan || f == "orphan"
		foreground = foreground || f == "foregroundDeletion"
	}
	if orphan && foreground {
		errs = append(errs, field.Invalid(fldPath, jsonValue(finalizers), "finalizer orphan and foregroundDeletion cannot be both set"))
	}
	return errs
}

func validateKubeFinalizerName(f string, fldPath *field.Path) field.ErrorList {
	if len(IsQualifiedName(f)) > 0 || standardFinalizers[f] || strings.Contains(f, "/") {
		return nil
	}
	return field.ErrorList{field.Invalid(fldPath, f, "name is neither a standard finalizer name nor is it fully qualified")}
}

// ValidateLabelSelector checks a metav1.LabelSelector.
func ValidateLabelSelector(ps *api.LabelSelector, fldPath *field.Path) field.ErrorList {
	if ps == nil {
		return nil
	}
	errs := ValidateLabels(ps.MatchLabels, fldPath.Child("matchLabels"))
	for i, expr := range ps.MatchExpressions {
		p := fldPath.Child("matchExpressions").Index(i)
		switch expr.Operator {
		case "In", "NotIn":
			if len(expr.Values) == 0 {
				errs = append(errs, field.Required(p.Child("values"), "must be specified when `operator` is 'In' or 'NotIn'"))
			}
		case "Exists", "DoesNotExist":
			if len(expr.Values) > 0 {
				errs = append(errs, field.Forbidden(p.Child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"))
			}
		default:
			errs = append(errs, field.Invalid(p.Child("operator"), expr.Operator, "not a valid selector operator"))
		}
		errs = append(errs, ValidateLabelName(expr.Key, p.Child("key"))...)
		for j, v := range expr.Values {
			for _, msg := range IsValidLabelValue(v) {
				errs = append(errs, field.Invalid(p.Child("values").Index(j), v, msg))
			}
		}
	}
	return errs
}

// selectorMatches reports whether sel selects the labels (nil selects nothing,
// an empty selector everything), as metav1.LabelSelectorAsSelector does.
func selectorMatches(sel *api.LabelSelector, labels map[string]string) bool {
	if sel == nil {
		return false
	}
	for k, v := range sel.MatchLabels {
		if got, ok := labels[k]; !ok || got != v {
			return false
		}
	}
	for _, e := range sel.MatchExpressions {
		got, ok := labels[e.Key]
		in := false
		for _, v := range e.Values {
			if ok && got == v {
				in = true
			}
		}
		switch e.Operator {
		case "In":
			if !in {
				return false
			}
		case "NotIn":
			if in {
				return false
			}
		case "Exists":
			if !ok {
				return false
			}
		case "DoesNotExist":
			if ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// selectorIsValid mirrors LabelSelectorAsSelector's error cases.
func selectorIsValid(sel *api.LabelSelector) bool {
	if sel == nil {
		return true
	}
	for _, e := range sel.MatchExpressions {
		switch e.Operator {
		case "In", "NotIn":
			if len(e.Values) == 0 {
				return false
			}
		case "Exists", "DoesNotExist":
			if len(e.Values) > 0 {
				return false
			}
		default:
			return false
		}
		if len(IsQualifiedName(e.Key)) > 0 {
			return false
		}
	}
	for k, v := range sel.MatchLabels {
		if len(IsQualifiedName(k)) > 0 || len(IsValidLabelValue(v)) > 0 {
			return false
		}
	}
	return true
}
