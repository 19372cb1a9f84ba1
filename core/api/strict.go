package api

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"

	"kubeplay/core/api/jsontag"
)

// StrictDecodingError is runtime.StrictDecodingError: the object decoded, but some fields were unknown
// or duplicated. The apiserver (fieldValidation=Strict, kubectl's default) rejects such a body with
// `<Kind> in version "<v>" cannot be handled as a <Kind>: strict decoding error: unknown field "spec.foo"`.
type StrictDecodingError struct {
	// Errors are `unknown field "spec.foo"` or `duplicate field "spec.replicas"`, in document order.
	Errors []string
	// Fields are the bare paths of those errors ("spec.foo"), for LineOf.
	Fields []string
}

func (e *StrictDecodingError) Error() string {
	return "strict decoding error: " + strings.Join(e.Errors, ", ")
}

// MissingKindError is the error for a document without kind or apiVersion.
type MissingKindError struct {
	Field string // "Kind" or "apiVersion"
	Data  string // the document as JSON
}

func (e *MissingKindError) Error() string {
	return fmt.Sprintf("Object '%s' is missing in '%s'", e.Field, e.Data)
}

// fieldSet maps JSON names to the Go types of struct fields, inline-embedded structs flattened.
type fieldSet map[string]reflect.Type

var fieldCache sync.Map // reflect.Type -> fieldSet

func fieldsOf(t reflect.Type) fieldSet {
	if v, ok := fieldCache.Load(t); ok {
		return v.(fieldSet)
	}
	fs := fieldSet{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, omitted := jsontag.Of(f)
		if omitted {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				for k, v := range fieldsOf(ft) {
					if _, dup := fs[k]; !dup {
						fs[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		fs[name] = f.Type
	}
	fieldCache.Store(t, fs)
	return fs
}

var (
	jsonUnmarshalerType = reflect.TypeFor[json.Unmarshaler]()
	textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// pruneUnknown removes members of n that t does not know (matching names case-sensitively, as
// Kubernetes does), returning their paths in document order.
func pruneUnknown(n *jnode, t reflect.Type, path string, out *[]string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if reflect.PointerTo(t).Implements(jsonUnmarshalerType) || reflect.PointerTo(t).Implements(textUnmarshalerType) {
		return
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.kind != 'o' {
			return
		}
		fs := fieldsOf(t)
		keys, vals := n.keys[:0:0], n.vals[:0:0]
		for i, k := range n.keys {
			ft, ok := fs[k]
			if !ok {
				*out = append(*out, joinPath(path, k))
				continue
			}
			pruneUnknown(n.vals[i], ft, joinPath(path, k), out)
			keys, vals = append(keys, k), append(vals, n.vals[i])
		}
		n.keys, n.vals = keys, vals
	case reflect.Slice, reflect.Array:
		if n.kind != 'a' {
			return
		}
		for i, v := range n.vals {
			pruneUnknown(v, t.Elem(), fmt.Sprintf("%s[%d]", path, i), out)
		}
	case reflect.Map:
		if n.kind != 'o' {
			return
		}
		for i, k := range n.keys {
			pruneUnknown(n.vals[i], t.Elem(), joinPath(path, k), out)
		}
	}
}

// decodeTree decodes n into obj: unknown fields are dropped and reported as a *StrictDecodingError
// (obj is still filled); type mismatches return encoding/json's error.
func decodeTree(n *jnode, dups []string, obj Object) error {
	var unknown []string
	pruneUnknown(n, reflect.TypeOf(obj), "", &unknown)
	if _, custom := obj.(*CustomObject); custom {
		// A custom resource's own fields are its schema's to prune: only metadata is typed.
		if md := n.get("metadata"); md != nil {
			pruneUnknown(md, reflect.TypeFor[ObjectMeta](), "metadata", &unknown)
		}
	}
	if err := json.Unmarshal(n.marshal(), obj); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return &typeError{UnmarshalTypeError: te}
		}
		return err
	}
	if len(unknown) == 0 && len(dups) == 0 {
		return nil
	}
	se := &StrictDecodingError{}
	for _, d := range dups {
		se.Errors = append(se.Errors, fmt.Sprintf("duplicate field %q", d))
		se.Fields = append(se.Fields, d)
	}
	for _, u := range unknown {
		se.Errors = append(se.Errors, fmt.Sprintf("unknown field %q", u))
		se.Fields = append(se.Fields, u)
	}
	return se
}

// Decode decodes one JSON object of a kind kubeplay serves (or policy/v1 Eviction), strictly:
//   - missing kind or apiVersion: *MissingKindError;
//   - a kind not served: *NoKindMatchError;
//   - wrong JSON types: encoding/json's *UnmarshalTypeError (e.g. a string where an int32 belongs);
//   - unknown or duplicate fields: the decoded object AND a *StrictDecodingError
//     (`strict decoding error: unknown field "spec.foo"`), so a caller may choose to ignore it.
func Decode(data []byte) (Object, error) {
	if len(data) > MaxManifestBytes {
		return nil, fmt.Errorf("the object is too large: %d bytes (limit %d)", len(data), MaxManifestBytes)
	}
	n, dups, err := parseJSONTree(data)
	if err != nil {
		return nil, err
	}
	return decodeNode(n, dups, data)
}

func decodeNode(n *jnode, dups []string, data []byte) (Object, error) {
	if n.kind != 'o' {
		return nil, fmt.Errorf("json: cannot unmarshal %s into Go value of type map[string]interface {}", jsonKindName(n))
	}
	kind, apiVersion := n.get("kind").str(), n.get("apiVersion").str()
	if kind == "" {
		return nil, &MissingKindError{Field: "Kind", Data: string(data)}
	}
	if apiVersion == "" {
		return nil, &MissingKindError{Field: "apiVersion", Data: string(data)}
	}
	obj, err := New(apiVersion, kind)
	if err != nil {
		return nil, err
	}
	return obj, decodeTree(n, dups, obj)
}

func jsonKindName(n *jnode) string {
	switch n.kind {
	case 'a':
		return "array"
	case 'o':
		return "object"
	}
	switch c := n.raw[0]; {
	case c == '"':
		return "string"
	case c == 't' || c == 'f':
		return "bool"
	case c == 'n':
		return "null"
	}
	return "number"
}

// typeError is encoding/json's type error worded with Kubernetes' Go type
// names (v1.ContainerPort, resource.Quantity, intstr.IntOrString), as the
// apiserver's decoder reports it, not kubeplay's (api.ContainerPort).
type typeError struct{ *json.UnmarshalTypeError }

var goTypeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\bapi\.(\w+)`) })

func (e *typeError) Error() string {
	return goTypeName().ReplaceAllStringFunc(e.UnmarshalTypeError.Error(), func(m string) string {
		switch name := m[len("api."):]; name {
		case "Quantity":
			return "resource.Quantity"
		case "IntOrString":
			return "intstr.IntOrString"
		default:
			return "v1." + name
		}
	})
}

func (e *typeError) Unwrap() error { return e.UnmarshalTypeError }
