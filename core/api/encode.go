package api

import (
	"bytes"
	"encoding/json"
	"reflect"
)

// EncodeJSON renders obj as `kubectl get -o json` does: keys sorted, 4-space indent, HTML characters
// escaped (\u003c), a final newline. An empty kind/apiVersion is filled from obj's Go type.
func EncodeJSON(obj Object) []byte {
	v := toGeneric(obj)
	b, err := json.MarshalIndent(v, "", "    ")
	if err != nil {
		return nil
	}
	return append(b, '\n')
}

// EncodeYAML renders obj as `kubectl get -o yaml` does (sigs.k8s.io/yaml over goyaml.v2): keys sorted,
// 2-space indent, list items at their parent key's indentation, strings quoted only when needed, long
// strings folded at 80 columns.
func EncodeYAML(obj Object) []byte {
	return MarshalYAML(toGeneric(obj))
}

// toGeneric turns obj into map[string]any (numbers as json.Number), filling kind/apiVersion.
func toGeneric(obj Object) any {
	b, err := json.Marshal(obj)
	if err != nil {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil
	}
	if m, ok := v.(map[string]any); ok {
		if gvk := KindFor(obj); !gvk.Empty() {
			if _, ok := m["kind"]; !ok {
				m["kind"] = gvk.Kind
			}
			if _, ok := m["apiVersion"]; !ok {
				m["apiVersion"] = gvk.APIVersion()
			}
		}
	}
	return v
}

// DeepCopy returns a deep copy of obj with the same concrete type: what a
// JSON round trip gives (deepcopy.go copies by plan with the same result).
func DeepCopy(obj Object) Object {
	if obj == nil {
		return nil
	}
	t := reflect.TypeOf(obj)
	if t.Kind() != reflect.Pointer {
		return obj
	}
	if reflect.ValueOf(obj).IsNil() {
		return obj
	}
	if out, ok := deepCopyFast(obj); ok {
		return out
	}
	return deepCopyJSON(obj, t)
}

// deepCopyJSON is DeepCopy by marshalling and decoding.
func deepCopyJSON(obj Object, t reflect.Type) Object {
	b, err := json.Marshal(obj)
	if err != nil {
		panic("api.DeepCopy: " + err.Error())
	}
	out := reflect.New(t.Elem()).Interface().(Object)
	if err := json.Unmarshal(b, out); err != nil {
		panic("api.DeepCopy: " + err.Error())
	}
	return out
}

// DeepCopyAs is a typed DeepCopy: p := api.DeepCopyAs(pod).
func DeepCopyAs[T Object](obj T) T {
	return DeepCopy(obj).(T)
}
