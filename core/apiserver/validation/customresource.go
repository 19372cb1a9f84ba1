package validation

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"unicode/utf8"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// ValidateCustomResource validates a custom resource (an update of old when old is not nil) as
// apiextensions-apiserver's customResourceValidator does: its kind and apiVersion, its ObjectMeta
// (or, on update, what may change of it), then its content
// against the openAPIV3Schema of the CRD version (s may be nil), in the words of kube-openapi's
// schema validator as the apiserver converts them to field errors:
//
//	spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"
//	spec.replicas: Invalid value: 20: spec.replicas in body should be less than or equal to 10
//	spec.cronSpec: Required value
//	spec.color: Unsupported value: "pink": supported values: "red", "green"
//
// Properties are checked in name order (kube-openapi walks a Go map, in no fixed order).
func ValidateCustomResource(obj, old *api.CustomObject, gvk api.GroupVersionKind, namespaced bool, s *api.JSONSchemaProps) field.ErrorList {
	var errs field.ErrorList
	if obj.Kind != gvk.Kind {
		errs = append(errs, field.Invalid(field.NewPath("kind"), obj.Kind, "must be "+gvk.Kind))
	}
	if obj.APIVersion != gvk.APIVersion() {
		errs = append(errs, field.Invalid(field.NewPath("apiVersion"), obj.APIVersion, "must be "+gvk.APIVersion()))
	}
	if len(errs) > 0 {
		return errs
	}
	if old != nil {
		errs = ValidateObjectMetaUpdate(&obj.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	} else {
		errs = ValidateObjectMeta(&obj.ObjectMeta, namespaced, NameIsDNSSubdomain, field.NewPath("metadata"))
	}
	if s != nil {
		root := make(map[string]any, len(obj.Content)+3)
		for k, v := range obj.Content {
			root[k] = v
		}
		root["apiVersion"], root["kind"], root["metadata"] = obj.APIVersion, obj.Kind, map[string]any{}
		v := &schemaValidator{}
		v.validate("", root, s)
		errs = append(errs, v.errs...)
	}
	return errs
}

// ValidateCustomResourceStatus validates a write to a custom resource's status subresource: its
// metadata update and its status against the schema's status property.
func ValidateCustomResourceStatus(obj, old *api.CustomObject, s *api.JSONSchemaProps) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&obj.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	if status, ok := obj.Content["status"]; ok && s != nil {
		if ss, ok := s.Properties["status"]; ok {
			v := &schemaValidator{}
			v.validate("status", status, &ss)
			errs = append(errs, v.errs...)
		}
	}
	return errs
}

// schemaValidator collects the errors of one validation, in kube-openapi's order: type, string,
// number, array, enum, object.
type schemaValidator struct{ errs field.ErrorList }

// fieldPath turns kube-openapi's path ("spec.items[0]") into the field path it reports.
func fieldPath(path string) *field.Path { return field.NewPath(path) }

func (v *schemaValidator) invalid(path string, value any, format string, args ...any) {
	v.errs = append(v.errs, field.Invalid(fieldPath(path), value, path+" in body "+fmt.Sprintf(format, args...)))
}

func (v *schemaValidator) validate(path string, data any, s *api.JSONSchemaProps) {
	data = normalizeNumber(data)
	if data == nil {
		if t := schemaType(s); t != "" && !s.Nullable {
			v.errs = append(v.errs, field.TypeInvalid(fieldPath(path), "null", fmt.Sprintf("%s in body must be of type %s: %q", path, t, "null")))
		}
		v.enum(path, data, s)
		return
	}
	if got := jsonType(data); !typeMatches(s, got) {
		v.errs = append(v.errs, field.TypeInvalid(fieldPath(path), got, fmt.Sprintf("%s in body must be of type %s: %q", path, schemaType(s), got)))
	}
	switch d := data.(type) {
	case string:
		v.validateString(path, d, s)
	case int64, float64:
		v.validateNumber(path, d, s)
	case []any:
		v.validateArray(path, d, s)
	}
	v.enum(path, data, s)
	if m, ok := data.(map[string]any); ok {
		v.validateObject(path, m, s)
	}
}

// schemaType is the type a node declares, "integer,string" for x-kubernetes-int-or-string.
func schemaType(s *api.JSONSchemaProps) string {
	if s.XIntOrString {
		return "integer,string"
	}
	return s.Type
}

func typeMatches(s *api.JSONSchemaProps, got string) bool {
	if s.XIntOrString {
		return got == "integer" || got == "string"
	}
	switch s.Type {
	case "", got:
		return true
	case "number":
		return got == "integer"
	}
	return false
}

// jsonType names the JSON type of a normalized value as OpenAPI does.
func jsonType(data any) string {
	switch data.(type) {
	case string:
		return "string"
	case bool:
		return "boolean"
	case int64:
		return "integer"
	case float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return "null"
}

// normalizeNumber turns a json.Number into int64 when it is integral (as apimachinery's JSON
// decoder does), else float64.
func normalizeNumber(data any) any {
	n, ok := data.(json.Number)
	if !ok {
		return data
	}
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return i
	}
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil {
		return string(n)
	}
	if f == math.Trunc(f) && math.Abs(f) < 1<<63 {
		return int64(f)
	}
	return f
}

func (v *schemaValidator) validateString(path, data string, s *api.JSONSchemaProps) {
	n := int64(utf8.RuneCountInString(data))
	switch {
	case s.MaxLength != nil && n > *s.MaxLength:
		v.errs = append(v.errs, field.TooLong(fieldPath(path), "", int(*s.MaxLength)))
	case s.MinLength != nil && n < *s.MinLength:
		v.invalid(path, data, "should be at least %d chars long", *s.MinLength)
	case s.Pattern != "":
		re, err := regexp.Compile(s.Pattern)
		if err != nil {
			v.invalid(path, data, "should match '%s, but pattern is invalid: %s'", s.Pattern, err)
		} else if !re.MatchString(data) {
			v.invalid(path, data, "should match '%s'", s.Pattern)
		}
	}
}

func (v *schemaValidator) validateNumber(path string, data any, s *api.JSONSchemaProps) {
	f := data
	if i, ok := data.(int64); ok {
		f = float64(i)
	}
	x := f.(float64)
	bound := func(b float64) any {
		if _, isInt := data.(int64); isInt {
			return int64(b)
		}
		return b
	}
	if s.MultipleOf != nil && *s.MultipleOf != 0 {
		if q := x / *s.MultipleOf; q != math.Trunc(q) {
			v.invalid(path, data, "should be a multiple of %v", *s.MultipleOf)
		}
	}
	if s.Minimum != nil {
		if m := *s.Minimum; x < m || s.ExclusiveMinimum && x == m {
			word := "greater than or equal to"
			if s.ExclusiveMinimum {
				word = "greater than"
			}
			v.invalid(path, data, "should be %s %v", word, bound(m))
		}
	}
	if s.Maximum != nil {
		if m := *s.Maximum; x > m || s.ExclusiveMaximum && x == m {
			word := "less than or equal to"
			if s.ExclusiveMaximum {
				word = "less than"
			}
			v.invalid(path, data, "should be %s %v", word, bound(m))
		}
	}
}

func (v *schemaValidator) validateArray(path string, data []any, s *api.JSONSchemaProps) {
	if s.Items != nil {
		for i, e := range data {
			v.validate(fmt.Sprintf("%s[%d]", path, i), e, s.Items)
		}
	}
	n := int64(len(data))
	if s.MinItems != nil && n < *s.MinItems {
		v.invalid(path, n, "should have at least %d items", *s.MinItems)
	}
	if s.MaxItems != nil && n > *s.MaxItems {
		v.errs = append(v.errs, field.TooMany(fieldPath(path), int(n), int(*s.MaxItems)))
	}
}

func (v *schemaValidator) enum(path string, data any, s *api.JSONSchemaProps) {
	if len(s.Enum) == 0 {
		return
	}
	got := canonicalJSON(data)
	values := make([]string, len(s.Enum))
	for i, e := range s.Enum {
		if got == canonicalJSON(e) {
			return
		}
		if str, ok := e.(string); ok {
			values[i] = str
		} else {
			values[i] = canonicalJSON(e)
		}
	}
	v.errs = append(v.errs, field.NotSupported(fieldPath(path), data, values))
}

// canonicalJSON renders a value with its numbers normalized, for equality.
func canonicalJSON(x any) string {
	switch t := x.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[k] = normalizeNumber(e)
		}
		x = m
	case []any:
		l := make([]any, len(t))
		for i, e := range t {
			l[i] = normalizeNumber(e)
		}
		x = l
	default:
		x = normalizeNumber(x)
	}
	b, _ := json.Marshal(x)
	return string(b)
}

func (v *schemaValidator) validateObject(path string, data map[string]any, s *api.JSONSchemaProps) {
	n := int64(len(data))
	if s.MinProperties != nil && n < *s.MinProperties {
		v.invalid(path, n, "should have at least %d properties", *s.MinProperties)
	}
	if s.MaxProperties != nil && n > *s.MaxProperties {
		v.errs = append(v.errs, field.TooMany(fieldPath(path), int(n), int(*s.MaxProperties)))
	}
	keys := make([]string, 0, len(data))
	for k := range data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	root := path == ""
	child := func(k string) string {
		if root {
			return k
		}
		return path + "." + k
	}
	for _, k := range keys {
		if _, known := s.Properties[k]; known || root && metaFields[k] {
			continue
		}
		switch ap := s.AdditionalProperties; {
		case ap == nil:
		case ap.Schema != nil:
			v.validate(child(k), data[k], ap.Schema)
		case !ap.Allows:
			v.errs = append(v.errs, field.Invalid(fieldPath(path), k, fmt.Sprintf("%s.%s in body is a forbidden property", path, k)))
		}
	}
	for _, k := range keys {
		if p, ok := s.Properties[k]; ok && !(root && k == "metadata") {
			v.validate(child(k), data[k], &p)
		}
	}
	for _, k := range s.Required {
		if _, ok := data[k]; !ok {
			v.errs = append(v.errs, field.Required(fieldPath(child(k)), ""))
		}
	}
}

// metaFields are the fields of every object that its schema need not declare.
var metaFields = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}
