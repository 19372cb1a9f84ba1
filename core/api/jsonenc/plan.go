package jsonenc

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"kubeplay/core/api/jsontag"
)

// op says how a plan encodes a value of its type.
type op uint8

const (
	opBool op = iota
	opInt8
	opInt16
	opInt32
	opInt64
	opUint8
	opUint16
	opUint32
	opUint64
	opString
	opStruct
	opPointer
	opSlice
	opBytes // []byte: base64
	opArray
	opMap
	opInterface
	opFallback // encoding/json encodes the value itself (floats, rare in objects, among them)
)

// method says when a plan calls the value's MarshalJSON or MarshalText.
type method uint8

const (
	methNone   method = iota
	methAlways        // the type has the method
	methAddr          // only its pointer type has it: called on addressable values only, as encoding/json does
)

// plan is how values of one type encode, computed once per type.
type plan struct {
	op     op
	json   method // MarshalJSON (checked first)
	text   method // MarshalText
	strMap bool   // a map of string-kind keys to plain strings: ranged as a map[string]string
	typ    reflect.Type
	// The method tables of *typ as a json.Marshaler and as an
	// encoding.TextMarshaler: with a pointer to the value, they make the
	// interface value whose method the encoder calls (a pointer reaches
	// value methods too, and encoding/json calls them through the pointer
	// when it can: there is no difference to the method).
	jsonTab, textTab unsafe.Pointer
	appendTab        unsafe.Pointer // as an Appender, for a type that is one
	size             uintptr
	len              int // arrays
	elem             *plan
	fields           []field
}

// omit is a field's omitempty test, chosen by the kind of its type.
type omit uint8

const (
	keep      omit = iota
	omitLen        // empty string or slice (nil or not)
	omitMap        // empty or nil map
	omitAll        // zero-length array
	omitZero1      // bool, 1-byte integer: zero bytes
	omitZero2
	omitZero4 // 4-byte number (a float's -0 is not empty: its bits are not zero)
	omitZero8 // 8-byte number, pointer, interface (its first word)
	omitFunc  // omitzero: the field's zero function
)

// field is one member of a struct's JSON object.
type field struct {
	name string // `,"name":`: the comma is left out before the first member written
	off  uintptr
	op   op // the plan's op when the plan calls no method, opFallback otherwise (not inlined)
	plan *plan
	omit omit
	zero func(unsafe.Pointer) bool // omitFunc's test
}

var (
	plansMu sync.Mutex
	plans   = map[reflect.Type]*plan{}

	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
	numberType        = reflect.TypeFor[json.Number]()
	appenderType      = reflect.TypeFor[Appender]()
)

func planFor(t reflect.Type) *plan {
	plansMu.Lock()
	defer plansMu.Unlock()
	return build(t)
}

// methodOf says whether values of t call m's method, by encoding/json's
// rules: a pointer's method is its element's, an interface's is that of the
// value it holds (such interfaces take the fallback).
func methodOf(t, m reflect.Type) method {
	switch {
	case t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface:
		return methNone
	case t.Implements(m):
		return methAlways
	case reflect.PointerTo(t).Implements(m):
		return methAddr
	}
	return methNone
}

func build(t reflect.Type) *plan {
	if p, ok := plans[t]; ok {
		return p
	}
	p := &plan{typ: t, size: t.Size(), json: methodOf(t, marshalerType), text: methodOf(t, textMarshalerType)}
	plans[t] = p // before recursing: recursive types terminate
	if p.json != methNone {
		p.jsonTab = methodTable(t, marshalerType)
		if p.json == methAlways && t.Implements(appenderType) {
			p.appendTab = methodTable(t, appenderType)
		}
	}
	if p.text != methNone {
		p.textTab = methodTable(t, textMarshalerType)
	}
	switch t.Kind() {
	case reflect.Bool:
		p.op = opBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.op = sized(opInt8, t.Size())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.op = sized(opUint8, t.Size())
	case reflect.String:
		p.op = opString
		if t == numberType { // a number literal, checked: left to encoding/json
			p.op = opFallback
		}
	case reflect.Pointer:
		p.op = opPointer // ops are set before recursing: a field copies its plan's
		p.elem = build(t.Elem())
	case reflect.Slice:
		p.op = opSlice
		if e := reflect.PointerTo(t.Elem()); t.Elem().Kind() == reflect.Uint8 && !e.Implements(marshalerType) && !e.Implements(textMarshalerType) {
			p.op = opBytes
		}
		p.elem = build(t.Elem())
	case reflect.Array:
		p.op, p.len = opArray, t.Len()
		p.elem = build(t.Elem())
	case reflect.Map:
		p.op = opMap
		if t.Key().Kind() != reflect.String { // string keys are used as they are, even with a MarshalText
			p.op = opFallback // integers, keys with MarshalText, or an error
		}
		p.elem = build(t.Elem())
		p.strMap = p.elem.op == opString && p.elem.json != methAlways && p.elem.text != methAlways
	case reflect.Interface:
		p.op = opInterface
		if t.Implements(marshalerType) || t.Implements(textMarshalerType) {
			p.op = opFallback
		}
	case reflect.Struct:
		p.op = opStruct
		if !structFields(p, t) {
			p.op = opFallback
		}
	default: // channels, functions, complex numbers: encoding/json's error
		p.op = opFallback
	}
	return p
}

// methodTable returns the method table of *t as an interface of type it:
// the first word of an interface value of that type holding a *t.
func methodTable(t, it reflect.Type) unsafe.Pointer {
	i := reflect.New(it).Elem()
	i.Set(reflect.Zero(reflect.PointerTo(t)))
	return *(*unsafe.Pointer)(unsafe.Pointer(i.UnsafeAddr()))
}

// sized picks the op of base's family for an integer of size bytes.
func sized(base op, size uintptr) op {
	switch size {
	case 1:
		return base
	case 2:
		return base + 1
	case 4:
		return base + 2
	}
	return base + 3
}

// structFields fills p.fields with the members encoding/json writes for t,
// in its order: fields in declaration order, an embedded struct's promoted
// fields in its place. It reports false for what the plan does not model: a
// JSON name twice (encoding/json's dominance rules then pick one or drop
// both), a member promoted through an embedded pointer, the ",string"
// option. Such structs take the fallback.
func structFields(p *plan, t reflect.Type) bool {
	return jsontag.Distinct(t) && addFields(p, t, 0)
}

func addFields(p *plan, t reflect.Type, base uintptr) bool {
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		ft := sf.Type
		if ft.Name() == "" && ft.Kind() == reflect.Pointer {
			ft = ft.Elem() // as encoding/json looks at them
		}
		if sf.Anonymous {
			if !sf.IsExported() && ft.Kind() != reflect.Struct {
				continue
			}
		} else if !sf.IsExported() {
			continue
		}
		name, opts, omitted := jsontag.Of(sf)
		if omitted {
			continue
		}
		if name == "" && sf.Anonymous && ft.Kind() == reflect.Struct {
			if !addFields(p, ft, base+sf.Offset) {
				return false
			}
			continue
		}
		if hasOption(opts, "string") {
			switch ft.Kind() {
			case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
				reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
				reflect.Float32, reflect.Float64, reflect.String:
				return false
			}
		}
		if name == "" {
			name = sf.Name
		}
		var esc bytes.Buffer
		json.HTMLEscape(&esc, []byte(name))
		fp := build(sf.Type)
		f := field{name: `,"` + esc.String() + `":`, off: base + sf.Offset, plan: fp, op: fp.op}
		if fp.json != methNone || fp.text != methNone {
			f.op = opFallback
		}
		if hasOption(opts, "omitempty") {
			f.omit = omitRule(sf.Type)
		}
		if hasOption(opts, "omitzero") {
			empty, zero := f, zeroFunc(sf.Type)
			if zero == nil {
				return false
			}
			f.omit, f.zero = omitFunc, zero
			if empty.omit != keep { // both: either test omits
				f.zero = func(p unsafe.Pointer) bool { return empty.omitted(p) || zero(p) }
			}
		}
		p.fields = append(p.fields, f)
	}
	return true
}

// omitRule is encoding/json's isEmptyValue for values of t.
func omitRule(t reflect.Type) omit {
	switch t.Kind() {
	case reflect.String, reflect.Slice:
		return omitLen
	case reflect.Map:
		return omitMap
	case reflect.Array:
		if t.Len() == 0 {
			return omitAll
		}
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Pointer:
		return omit(sized(op(omitZero1), t.Size()))
	case reflect.Interface:
		return omitZero8 // nil when its type word is
	}
	return keep
}

// zeroFunc is encoding/json's omitzero test for values of t; nil for a
// pointer or an interface with an IsZero method (encoding/json's own tests
// for them guard against nil: such structs take the fallback).
func zeroFunc(t reflect.Type) func(unsafe.Pointer) bool {
	switch {
	case (t.Kind() == reflect.Pointer || t.Kind() == reflect.Interface) && t.Implements(isZeroerType):
		return nil
	case t.Implements(isZeroerType), reflect.PointerTo(t).Implements(isZeroerType):
		// Through the pointer either way: a value method sees the same
		// value, and encoding/json boxes a value it cannot address.
		tab := methodTable(t, isZeroerType)
		return func(p unsafe.Pointer) bool {
			var z interface{ IsZero() bool }
			*(*[2]unsafe.Pointer)(unsafe.Pointer(&z)) = [2]unsafe.Pointer{tab, p}
			return z.IsZero()
		}
	}
	return func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().IsZero() }
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
