package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// CustomObject is a custom resource, an object of a kind a CustomResourceDefinition defines: what
// apimachinery's unstructured.Unstructured holds. Its type and object metadata are typed; every
// other top-level field (spec, status, ...) is kept in Content as JSON-shaped data: map[string]any,
// []any, string, bool, nil and json.Number. It encodes as one JSON object with sorted keys.
type CustomObject struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Content    map[string]any `json:"-"`
}

// MarshalJSON implements json.Marshaler: kind, apiVersion, metadata and Content as one object.
func (o CustomObject) MarshalJSON() ([]byte, error) {
	m := make(map[string]any, len(o.Content)+3)
	for k, v := range o.Content {
		m[k] = v
	}
	if o.Kind != "" {
		m["kind"] = o.Kind
	}
	if o.APIVersion != "" {
		m["apiVersion"] = o.APIVersion
	}
	m["metadata"] = &o.ObjectMeta
	return json.Marshal(m)
}

// UnmarshalJSON implements json.Unmarshaler (numbers are kept as json.Number).
func (o *CustomObject) UnmarshalJSON(b []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(b, &top); err != nil {
		return err
	}
	*o = CustomObject{}
	for k, raw := range top {
		var err error
		switch k {
		case "kind":
			err = json.Unmarshal(raw, &o.Kind)
		case "apiVersion":
			err = json.Unmarshal(raw, &o.APIVersion)
		case "metadata":
			err = json.Unmarshal(raw, &o.ObjectMeta)
		default:
			var v any
			if v, err = DecodeJSONValue(raw); err == nil {
				if o.Content == nil {
					o.Content = map[string]any{}
				}
				o.Content[k] = v
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// DecodeJSONValue decodes JSON into generic values, numbers as json.Number.
func DecodeJSONValue(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// CopyJSONValue deep-copies JSON-shaped data (maps and lists copied, scalars shared).
func CopyJSONValue(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, e := range t {
			m[k] = CopyJSONValue(e)
		}
		return m
	case []any:
		l := make([]any, len(t))
		for i, e := range t {
			l[i] = CopyJSONValue(e)
		}
		return l
	}
	return v
}

// DecodeCustom decodes a custom resource sent by a client. Unknown or duplicate metadata fields
// give the decoded object and a *StrictDecodingError, as Decode does for built-in kinds; the
// fields the CRD's schema does not know are the apiserver's to prune.
func DecodeCustom(data []byte) (*CustomObject, error) {
	n, dups, err := parseJSONTree(data)
	if err != nil {
		return nil, err
	}
	if n.kind != 'o' {
		return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type map[string]interface {}", jsonKindName(n))
	}
	obj := &CustomObject{}
	return obj, decodeTree(n, dups, obj)
}

// ConditionTrue reports whether the CRD has condition typ (Established, Terminating...) True.
func (crd *CustomResourceDefinition) ConditionTrue(typ string) bool {
	for _, c := range crd.Status.Conditions {
		if c.Type == typ {
			return c.Status == ConditionTrue
		}
	}
	return false
}

// ServedVersion returns the version of crd that discovery prefers: the highest of its served
// versions in Kubernetes' version order (v1 > v1beta2 > v1beta1 > v1alpha1, then others
// alphabetically), or nil when it serves none.
func (crd *CustomResourceDefinition) ServedVersion() *CustomResourceDefinitionVersion {
	var served []*CustomResourceDefinitionVersion
	for i := range crd.Spec.Versions {
		if v := &crd.Spec.Versions[i]; v.Served {
			served = append(served, v)
		}
	}
	if len(served) == 0 {
		return nil
	}
	sort.SliceStable(served, func(i, j int) bool { return kubeVersionLess(served[j].Name, served[i].Name) })
	return served[0]
}

// kubeVersionLess orders version names as apimachinery's CompareKubeAwareVersionStrings: a
// Kubernetes-like name (v<major>[alpha|beta<minor>]) ranks above any other; GA above beta above
// alpha; higher numbers above lower; other names in reverse alphabetical order below them.
func kubeVersionLess(a, b string) bool {
	ka, ok1 := parseKubeVersion(a)
	kb, ok2 := parseKubeVersion(b)
	switch {
	case ok1 && ok2:
		if ka[1] != kb[1] {
			return ka[1] < kb[1]
		}
		if ka[0] != kb[0] {
			return ka[0] < kb[0]
		}
		return ka[2] < kb[2]
	case ok1 != ok2:
		return ok2
	}
	return a > b
}

// parseKubeVersion reads "v2beta1" as {major 2, stability 1 (alpha 0, beta 1, GA 2), minor 1}.
func parseKubeVersion(v string) ([3]int, bool) {
	if !strings.HasPrefix(v, "v") {
		return [3]int{}, false
	}
	rest := v[1:]
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	major, err := strconv.Atoi(rest[:i])
	if err != nil || major == 0 || rest[0] == '0' {
		return [3]int{}, false
	}
	rest = rest[i:]
	if rest == "" {
		return [3]int{major, 2, 0}, true
	}
	stability := 0
	switch {
	case strings.HasPrefix(rest, "alpha"):
		rest = rest[len("alpha"):]
	case strings.HasPrefix(rest, "beta"):
		stability, rest = 1, rest[len("beta"):]
	default:
		return [3]int{}, false
	}
	minor, err := strconv.Atoi(rest)
	if err != nil || minor == 0 || rest[0] == '0' {
		return [3]int{}, false
	}
	return [3]int{major, stability, minor}, true
}

// CustomResourceInfo returns the resource a CustomResourceDefinition serves (what discovery lists
// for it), in its preferred served version, or nil when it serves no version.
func CustomResourceInfo(crd *CustomResourceDefinition) *ResourceInfo {
	v := crd.ServedVersion()
	if v == nil {
		return nil
	}
	n := crd.Spec.Names
	if n.Singular == "" {
		n.Singular = strings.ToLower(n.Kind)
	}
	if n.ListKind == "" {
		n.ListKind = n.Kind + "List"
	}
	verbs := []string{"delete", "deletecollection", "get", "list", "patch", "create", "update", "watch"}
	r := &ResourceInfo{Group: crd.Spec.Group, Version: v.Name, Resource: n.Plural, Singular: n.Singular, Kind: n.Kind,
		ListKind: n.ListKind, Namespaced: crd.Spec.Scope == "Namespaced", ShortNames: n.ShortNames,
		Verbs: verbs, Categories: n.Categories, Custom: v, goType: reflect.TypeFor[CustomObject]()}
	r.New = func() Object { return &CustomObject{TypeMeta: TypeMeta{Kind: r.Kind, APIVersion: r.APIVersion()}} }
	return r
}

// Matches reports whether a user's resource argument names r: plural, singular, kind or short
// name in any case, alone or qualified by group or version.group.
func (r *ResourceInfo) Matches(name string) bool {
	n := strings.ToLower(name)
	base, qual, _ := strings.Cut(n, ".")
	if qual != "" && qual != r.Group && qual != r.Version+"."+r.Group {
		return false
	}
	if base == r.Resource || base == r.Singular || base == strings.ToLower(r.Kind) {
		return true
	}
	for _, s := range r.ShortNames {
		if base == s {
			return true
		}
	}
	return false
}
