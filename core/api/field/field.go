// Package field is apimachinery's util/validation/field: field paths and
// validation errors whose text matches Kubernetes v1.35 exactly.
package field

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// Path is a field path such as spec.template.spec.containers[0].image.
type Path struct {
	name   string
	index  string
	parent *Path
}

// NewPath starts a path.
func NewPath(name string, more ...string) *Path {
	p := &Path{name: name}
	for _, m := range more {
		p = p.Child(m)
	}
	return p
}

// Child appends .name (and more).
func (p *Path) Child(name string, more ...string) *Path {
	c := &Path{name: name, parent: p}
	for _, m := range more {
		c = c.Child(m)
	}
	return c
}

// Index appends [i].
func (p *Path) Index(i int) *Path { return &Path{index: strconv.Itoa(i), parent: p} }

// Key appends [key].
func (p *Path) Key(k string) *Path { return &Path{index: k, parent: p} }

// String renders the path.
func (p *Path) String() string {
	if p == nil {
		return "<nil>"
	}
	var elems []*Path
	for q := p; q != nil; q = q.parent {
		elems = append(elems, q)
	}
	var b strings.Builder
	for i := len(elems) - 1; i >= 0; i-- {
		e := elems[i]
		if e.parent != nil && e.name != "" && b.Len() > 0 {
			b.WriteByte('.')
		}
		if e.name != "" {
			b.WriteString(e.name)
		} else {
			b.WriteString("[" + e.index + "]")
		}
	}
	return b.String()
}

// ErrorType is the kind of a field error; its value is the Status cause reason.
type ErrorType string

// The error types.
const (
	ErrorTypeNotFound     ErrorType = "FieldValueNotFound"
	ErrorTypeRequired     ErrorType = "FieldValueRequired"
	ErrorTypeDuplicate    ErrorType = "FieldValueDuplicate"
	ErrorTypeInvalid      ErrorType = "FieldValueInvalid"
	ErrorTypeNotSupported ErrorType = "FieldValueNotSupported"
	ErrorTypeForbidden    ErrorType = "FieldValueForbidden"
	ErrorTypeTooLong      ErrorType = "FieldValueTooLong"
	ErrorTypeTooMany      ErrorType = "FieldValueTooMany"
	ErrorTypeInternal     ErrorType = "InternalError"
	ErrorTypeTypeInvalid  ErrorType = "FieldValueTypeInvalid"
)

// String is the human text of the type.
func (t ErrorType) String() string {
	switch t {
	case ErrorTypeNotFound:
		return "Not found"
	case ErrorTypeRequired:
		return "Required value"
	case ErrorTypeDuplicate:
		return "Duplicate value"
	case ErrorTypeInvalid:
		return "Invalid value"
	case ErrorTypeNotSupported:
		return "Unsupported value"
	case ErrorTypeForbidden:
		return "Forbidden"
	case ErrorTypeTooLong:
		return "Too long"
	case ErrorTypeTooMany:
		return "Too many"
	case ErrorTypeInternal:
		return "Internal error"
	case ErrorTypeTypeInvalid:
		return "Invalid value"
	}
	return fmt.Sprintf("<unknown error %q>", string(t))
}

// omitValue marks an error whose value is not printed.
type omitValue struct{}

// OmitValueType can be passed as BadValue to omit it from the message.
var OmitValueType = omitValue{}

// Error is one field error.
type Error struct {
	Type     ErrorType
	Field    string
	BadValue any
	Detail   string
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s", e.Field, e.ErrorBody()) }

// ErrorBody renders the message without the field (v1.34+ renders complex values as JSON).
func (e *Error) ErrorBody() string {
	var s string
	switch e.Type {
	case ErrorTypeRequired, ErrorTypeForbidden, ErrorTypeTooLong, ErrorTypeInternal:
		s = e.Type.String()
	default:
		if _, ok := e.BadValue.(omitValue); ok || e.BadValue == nil && e.Type != ErrorTypeInvalid {
			s = e.Type.String()
		} else {
			s = fmt.Sprintf("%s: %s", e.Type, renderValue(e.BadValue))
		}
	}
	if len(e.Detail) != 0 {
		s += fmt.Sprintf(": %s", e.Detail)
	}
	return s
}

func renderValue(v any) string {
	if v == nil {
		return "null"
	}
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return "null"
		}
		rv = rv.Elem()
		v = rv.Interface()
	}
	switch rv.Kind() {
	case reflect.String:
		return strconv.Quote(rv.String())
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return fmt.Sprintf("%v", v)
	}
	if s, ok := v.(fmt.Stringer); ok {
		return strconv.Quote(s.String())
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// ErrorList is a list of field errors.
type ErrorList []*Error

// ToAggregate-like rendering: "[a, b]".
func (l ErrorList) Error() string {
	parts := make([]string, len(l))
	for i, e := range l {
		parts[i] = e.Error()
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// Required: "Required value[: detail]".
func Required(p *Path, detail string) *Error {
	return &Error{ErrorTypeRequired, p.String(), "", detail}
}

// Invalid: "Invalid value: <v>: detail".
func Invalid(p *Path, value any, detail string) *Error {
	return &Error{ErrorTypeInvalid, p.String(), value, detail}
}

// NotSupported: `Unsupported value: "x": supported values: "a", "b"`.
func NotSupported(p *Path, value any, valid []string) *Error {
	detail := ""
	if len(valid) > 0 {
		q := make([]string, len(valid))
		for i, v := range valid {
			q[i] = strconv.Quote(v)
		}
		detail = "supported values: " + strings.Join(q, ", ")
	}
	return &Error{ErrorTypeNotSupported, p.String(), value, detail}
}

// TypeInvalid: "Invalid value: <v>: detail", for a value of the wrong JSON type.
func TypeInvalid(p *Path, value any, detail string) *Error {
	return &Error{ErrorTypeTypeInvalid, p.String(), value, detail}
}

// Forbidden: "Forbidden: detail".
func Forbidden(p *Path, detail string) *Error {
	return &Error{ErrorTypeForbidden, p.String(), "", detail}
}

// Duplicate: "Duplicate value: <v>".
func Duplicate(p *Path, value any) *Error {
	return &Error{ErrorTypeDuplicate, p.String(), value, ""}
}

// TooLong: "Too long: may not be more than N bytes".
func TooLong(p *Path, value any, max int) *Error {
	return &Error{ErrorTypeTooLong, p.String(), value, fmt.Sprintf("may not be more than %d bytes", max)}
}

// TooMany: "Too many: N: must have at most M items".
func TooMany(p *Path, actual, max int) *Error {
	return &Error{ErrorTypeTooMany, p.String(), actual, fmt.Sprintf("must have at most %d items", max)}
}
