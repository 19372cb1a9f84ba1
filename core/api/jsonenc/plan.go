package jsonenc

import (
	"bytes"
	"cmp"
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unsafe"
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
	opFloat32
	opFloat64
	opString
	opStruct
	opPointer
	opSlice
	opBytes // []byte: base64
	opArray
	opMap
	opInterface
	opFallback // encoding/json encodes the value itself
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
	keyInt bool   // map keys are integers (opString keys otherwise)
	typ    reflect.Type
	// The method tables of *typ as a json.Marshaler and as an
	// encoding.TextMarshaler: with a pointer to the value, they make the
	// interface value whose method the encoder calls (a pointer reaches
	// value methods too, and encoding/json calls them through the pointer
	// when it can: there is no difference to the method).
	jsonTab, textTab unsafe.Pointer
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
		p.jsonTab = methodTable[json.Marshaler](t)
	}
	if p.text != methNone {
		p.textTab = methodTable[encoding.TextMarshaler](t)
	}
	switch t.Kind() {
	case reflect.Bool:
		p.op = opBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.op = sized(opInt8, t.Size())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.op = sized(opUint8, t.Size())
	case reflect.Float32:
		p.op = opFloat32
	case reflect.Float64:
		p.op = opFloat64
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
		switch k := t.Key(); k.Kind() {
		case reflect.String: // used as they are, even with a MarshalText
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			p.keyInt = true
			if k.Implements(textMarshalerType) {
				p.op = opFallback
			}
		default: // keys with MarshalText, or an error
			p.op = opFallback
		}
		p.elem = build(t.Elem())
		p.strMap = !p.keyInt && p.elem.op == opString && p.elem.json != methAlways && p.elem.text != methAlways
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

// methodTable returns the method table of *t as an I: the first word of an
// interface value of type I holding a *t.
func methodTable[I any](t reflect.Type) unsafe.Pointer {
	i := reflect.Zero(reflect.PointerTo(t)).Interface().(I)
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&i))[0]
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

// jsonField is a struct member as encoding/json's typeFields finds it.
type jsonField struct {
	name      string
	tag       bool
	index     []int
	typ       reflect.Type
	omitEmpty bool
	omitZero  bool
	quoted    bool
}

// structFields fills p.fields with the members encoding/json writes for t,
// reporting false for what the plan does not model (a member reached
// through an embedded pointer, the ",string" option): such structs take the
// fallback.
func structFields(p *plan, t reflect.Type) bool {
	for _, f := range typeFields(t) {
		if f.quoted {
			return false
		}
		var off uintptr
		ft := t
		for _, i := range f.index {
			if ft.Kind() == reflect.Pointer {
				return false
			}
			sf := ft.Field(i)
			off, ft = off+sf.Offset, sf.Type
		}
		var name bytes.Buffer
		json.HTMLEscape(&name, []byte(f.name))
		fp := build(ft)
		pf := field{name: `,"` + name.String() + `":`, off: off, plan: fp, op: fp.op}
		if fp.json != methNone || fp.text != methNone {
			pf.op = opFallback
		}
		if f.omitEmpty {
			pf.omit = omitRule(ft)
		}
		if f.omitZero {
			empty, zero := pf, zeroFunc(ft)
			pf.omit, pf.zero = omitFunc, zero
			if empty.omit != keep { // both: either test omits
				pf.zero = func(p unsafe.Pointer) bool { return empty.omitted(p) || zero(p) }
			}
		}
		p.fields = append(p.fields, pf)
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

// zeroFunc is encoding/json's omitzero test for values of t.
func zeroFunc(t reflect.Type) func(unsafe.Pointer) bool {
	type isZeroer = interface{ IsZero() bool }
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() || (v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) || v.Interface().(isZeroer).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(p unsafe.Pointer) bool {
			v := reflect.NewAt(t, p).Elem()
			return v.IsNil() || v.Interface().(isZeroer).IsZero()
		}
	case t.Implements(isZeroerType), reflect.PointerTo(t).Implements(isZeroerType):
		// Through the pointer either way: a value method sees the same
		// value, and encoding/json boxes a value it cannot address.
		tab := methodTable[isZeroer](t)
		return func(p unsafe.Pointer) bool {
			var z isZeroer
			*(*[2]unsafe.Pointer)(unsafe.Pointer(&z)) = [2]unsafe.Pointer{tab, p}
			return z.IsZero()
		}
	}
	return func(p unsafe.Pointer) bool { return reflect.NewAt(t, p).Elem().IsZero() }
}

// typeFields is encoding/json's typeFields (Go 1.26) without what encoding
// does not use: the members of struct t, embedded structs' promoted ones
// included, after Go's visibility rules amended by JSON tags, in index order.
func typeFields(t reflect.Type) []jsonField {
	current := []jsonField{}
	next := []jsonField{{typ: t}}
	var count, nextCount map[reflect.Type]int
	visited := map[reflect.Type]bool{}
	var fields []jsonField
	for len(next) > 0 {
		current, next = next, current[:0]
		count, nextCount = nextCount, map[reflect.Type]int{}
		for _, f := range current {
			if visited[f.typ] {
				continue
			}
			visited[f.typ] = true
			for i := 0; i < f.typ.NumField(); i++ {
				sf := f.typ.Field(i)
				if sf.Anonymous {
					t := sf.Type
					if t.Kind() == reflect.Pointer {
						t = t.Elem()
					}
					if !sf.IsExported() && t.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !isValidTag(name) {
					name = ""
				}
				index := append(slices.Clip(f.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				quoted := false
				if hasOption(opts, "string") {
					switch ft.Kind() {
					case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
						reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
						reflect.Float32, reflect.Float64, reflect.String:
						quoted = true
					}
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					tagged := name != ""
					if name == "" {
						name = sf.Name
					}
					fields = append(fields, jsonField{name: name, tag: tagged, index: index, typ: ft,
						omitEmpty: hasOption(opts, "omitempty"), omitZero: hasOption(opts, "omitzero"), quoted: quoted})
					if count[f.typ] > 1 {
						// Two embeddings of one type at this depth: a duplicate,
						// so that the name is dropped below.
						fields = append(fields, fields[len(fields)-1])
					}
					continue
				}
				nextCount[ft]++
				if nextCount[ft] == 1 {
					next = append(next, jsonField{name: ft.Name(), index: index, typ: ft})
				}
			}
		}
	}
	slices.SortFunc(fields, func(a, b jsonField) int {
		if c := strings.Compare(a.name, b.name); c != 0 {
			return c
		}
		if c := cmp.Compare(len(a.index), len(b.index)); c != 0 {
			return c
		}
		if a.tag != b.tag {
			if a.tag {
				return -1
			}
			return +1
		}
		return slices.Compare(a.index, b.index)
	})
	// Of the fields of one name, the shallowest (a tagged one first) wins,
	// unless two tie: then none is written.
	out := fields[:0]
	for advance, i := 0, 0; i < len(fields); i += advance {
		fi := fields[i]
		for advance = 1; i+advance < len(fields); advance++ {
			if fields[i+advance].name != fi.name {
				break
			}
		}
		if advance > 1 && len(fi.index) == len(fields[i+1].index) && fi.tag == fields[i+1].tag {
			continue
		}
		out = append(out, fi)
	}
	slices.SortFunc(out, func(a, b jsonField) int { return slices.Compare(a.index, b.index) })
	return out
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

// isValidTag is encoding/json's rule for a usable tag name.
func isValidTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}
