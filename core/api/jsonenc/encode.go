// Package jsonenc encodes values exactly as encoding/json's Marshal does,
// byte for byte, errors included, only faster.
//
// The apiserver writes every object to etcd as JSON, and under Go's wasm
// encoding/json's reflection (a reflect.Value per field, an encoder function
// value per field, a map range through reflect) took 15% of SchedulingBasic's
// time. Here a plan per type, computed once, holds each struct's members in
// order with their offsets, their `"name":` bytes and their omitempty and
// omitzero tests, and the encoder walks the value's memory with them. Types
// with their own MarshalJSON or MarshalText are asked as encoding/json asks
// them (with its rules on addressable values), their output compacted and
// HTML-escaped as it does. What objects seldom hold is handed to
// encoding/json, which keeps the package small in the wasm: floats,
// json.Number, maps without string keys, strings with characters to escape
// or non-ASCII, structs with a JSON name twice, members promoted through
// embedded pointers or ",string", interfaces with marshalling methods. So is
// the whole value when anything fails (an error, a NaN, a nesting deeper
// than encoding/json's cycle check starts at), so results never differ.
package jsonenc

import (
	"encoding"
	"encoding/base64"
	"encoding/json"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"sync"
	"unicode/utf8"
	"unsafe"
)

// maxDepth is how deep pointers, slices, maps and interfaces nest before the
// encoder gives the value to encoding/json, which then finds a cycle or not.
const maxDepth = 1000

// Marshal returns what json.Marshal(v) returns.
func Marshal(v any) ([]byte, error) {
	e := encoders.Get().(*encoder)
	b := e.top(e.scratch[:0], v)
	var out []byte
	ok := !e.failed
	if ok {
		out = slices.Clone(b) // exactly sized: callers keep it
	}
	e.scratch = b[:0]
	e.reset()
	encoders.Put(e)
	if !ok {
		return json.Marshal(v)
	}
	return out, nil
}

// Append appends json.Marshal(v)'s output to dst; on its error it returns
// dst unchanged and the error.
func Append(dst []byte, v any) ([]byte, error) {
	e := encoders.Get().(*encoder)
	b := e.top(dst, v)
	ok := !e.failed
	e.reset()
	encoders.Put(e)
	if ok {
		return b, nil
	}
	out, err := json.Marshal(v)
	if err != nil {
		return dst, err
	}
	return append(dst, out...), nil
}

var encoders = sync.Pool{New: func() any { return new(encoder) }}

// encoder is the state of one encoding. The output is passed from call to
// call rather than kept here: a slice header written to the heap costs a
// write barrier at every append while the GC marks.
type encoder struct {
	scratch []byte          // Marshal's output buffer, kept between calls
	vals    []byte          // a map's encoded values, in the map's order, while its keys are sorted
	ents    []entry         // the entries of the maps being encoded, innermost last
	spare   []reflect.Value // settable values for maps' keys and elements, kept for reuse
	depth   int
	failed  bool // the value is left to encoding/json
	// The plans of the types last met at the top or in an interface: the
	// apiserver encodes a few kinds in turn (pods, bindings, events).
	recent [4]struct {
		typ  reflect.Type
		plan *plan
	}
	next int // the entry of recent to replace
}

// entry is one key of a map being encoded with the span of its value's
// encoding in vals.
type entry struct {
	key        string
	start, end int
}

func (e *encoder) reset() {
	if e.failed { // maps left unfinished: drop the references to their strings
		clear(e.ents[:cap(e.ents)])
	}
	e.ents, e.depth, e.failed = e.ents[:0], 0, false
}

// fail gives the value to encoding/json.
func (e *encoder) fail(b []byte) []byte {
	e.failed = true
	return b
}

// top encodes v as the argument of json.Marshal: a pointer's element is
// addressable, a value itself is not.
func (e *encoder) top(b []byte, v any) []byte {
	if v == nil {
		return append(b, "null"...)
	}
	rv := reflect.ValueOf(v)
	p := e.planFor(rv.Type())
	if p.op == opPointer {
		ptr := rv.UnsafePointer()
		if ptr == nil {
			return append(b, "null"...)
		}
		return e.value(b, p.elem, ptr, true)
	}
	n := reflect.New(rv.Type())
	n.Elem().Set(rv)
	return e.value(b, p, n.UnsafePointer(), false)
}

// planFor is planFor, from recent when it can.
func (e *encoder) planFor(t reflect.Type) *plan {
	for i := range e.recent {
		if e.recent[i].typ == t {
			return e.recent[i].plan
		}
	}
	r := &e.recent[e.next]
	e.next = (e.next + 1) % len(e.recent)
	r.typ, r.plan = t, planFor(t)
	return r.plan
}

// value appends the JSON of the value of plan p at ptr; addr says whether
// encoding/json would see it as addressable.
func (e *encoder) value(b []byte, p *plan, ptr unsafe.Pointer, addr bool) []byte {
	if p.json == methAlways || p.json == methAddr && addr {
		return e.marshalJSON(b, p, ptr)
	}
	if p.text == methAlways || p.text == methAddr && addr {
		return e.marshalText(b, p, ptr)
	}
	switch p.op {
	case opBool:
		return strconv.AppendBool(b, *(*bool)(ptr))
	case opInt8, opInt16, opInt32, opInt64:
		var i int64
		switch p.op {
		case opInt8:
			i = int64(*(*int8)(ptr))
		case opInt16:
			i = int64(*(*int16)(ptr))
		case opInt32:
			i = int64(*(*int32)(ptr))
		default:
			i = *(*int64)(ptr)
		}
		return strconv.AppendInt(b, i, 10)
	case opUint8, opUint16, opUint32, opUint64:
		var u uint64
		switch p.op {
		case opUint8:
			u = uint64(*(*uint8)(ptr))
		case opUint16:
			u = uint64(*(*uint16)(ptr))
		case opUint32:
			u = uint64(*(*uint32)(ptr))
		default:
			u = *(*uint64)(ptr)
		}
		return strconv.AppendUint(b, u, 10)
	case opString:
		return appendString(b, *(*string)(ptr))
	case opStruct:
		return e.structure(b, p, ptr, addr)
	case opPointer:
		q := *(*unsafe.Pointer)(ptr)
		if q == nil {
			return append(b, "null"...)
		}
		if e.depth >= maxDepth {
			return e.fail(b)
		}
		e.depth++
		b = e.value(b, p.elem, q, true)
		e.depth--
		return b
	case opSlice:
		s := *(*[]byte)(ptr) // its data pointer and length: the element size is the plan's
		if s == nil {
			return append(b, "null"...)
		}
		if e.depth >= maxDepth {
			return e.fail(b)
		}
		e.depth++
		b = e.array(b, p.elem, unsafe.Pointer(unsafe.SliceData(s)), len(s), true)
		e.depth--
		return b
	case opBytes:
		s := *(*[]byte)(ptr)
		if s == nil {
			return append(b, "null"...)
		}
		b = append(b, '"')
		b = base64.StdEncoding.AppendEncode(b, s)
		return append(b, '"')
	case opArray:
		return e.array(b, p.elem, ptr, p.len, addr)
	case opMap:
		return e.mapValue(b, p, ptr)
	case opInterface:
		return e.iface(b, p, ptr)
	}
	return e.fallback(b, p, ptr, addr)
}

// structure writes a struct's members; the common leaves are written here
// rather than through value (calls cost under wasm).
func (e *encoder) structure(b []byte, p *plan, ptr unsafe.Pointer, addr bool) []byte {
	b = append(b, '{')
	skip := 1 // the comma before the first member written
	for i := range p.fields {
		f := &p.fields[i]
		fp := unsafe.Add(ptr, f.off)
		switch f.omit {
		case keep:
		case omitLen: // the commonest tests inline
			if len(*(*string)(fp)) == 0 {
				continue
			}
		case omitZero8:
			if *(*uint64)(fp) == 0 {
				continue
			}
		default:
			if f.omitted(fp) {
				continue
			}
		}
		b = append(b, f.name[skip:]...)
		skip = 0
		switch f.op {
		case opString:
			b = appendString(b, *(*string)(fp))
		case opBool:
			b = strconv.AppendBool(b, *(*bool)(fp))
		case opInt32:
			b = strconv.AppendInt(b, int64(*(*int32)(fp)), 10)
		case opInt64:
			b = strconv.AppendInt(b, *(*int64)(fp), 10)
		default:
			b = e.value(b, f.plan, fp, addr)
		}
	}
	return append(b, '}')
}

// omitted is encoding/json's omitempty and omitzero tests.
func (f *field) omitted(p unsafe.Pointer) bool {
	switch f.omit {
	case omitLen: // a slice's header starts as a string's: data, length
		return len(*(*string)(p)) == 0
	case omitMap:
		// len of a map reads its count whatever its key and element types.
		return len(*(*map[string]struct{})(p)) == 0
	case omitAll:
		return true
	case omitZero1:
		return *(*uint8)(p) == 0
	case omitZero2:
		return *(*uint16)(p) == 0
	case omitZero4:
		return *(*uint32)(p) == 0
	case omitZero8:
		return *(*uint64)(p) == 0
	}
	return f.zero(p)
}

// array writes n elements of plan p from ptr on.
func (e *encoder) array(b []byte, p *plan, ptr unsafe.Pointer, n int, addr bool) []byte {
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = e.value(b, p, unsafe.Add(ptr, uintptr(i)*p.size), addr)
	}
	return append(b, ']')
}

// mapValue writes a map with string keys, sorted as encoding/json sorts
// them.
func (e *encoder) mapValue(b []byte, p *plan, ptr unsafe.Pointer) []byte {
	if *(*unsafe.Pointer)(ptr) == nil {
		return append(b, "null"...)
	}
	if e.depth >= maxDepth {
		return e.fail(b)
	}
	e.depth++
	// Values are encoded in the map's order after b, then moved to vals once
	// the nested maps (which use vals too) are done, and written from there
	// in the keys' order.
	base, start := len(e.ents), len(b)
	if p.strMap {
		// Keys and elements of any string kind: ranged as a
		// map[string]string, which lays its entries out alike.
		for k, v := range *(*map[string]string)(ptr) {
			en := entry{key: k, start: len(b) - start}
			b = appendString(b, v)
			en.end = len(b) - start
			e.ents = append(e.ents, en)
		}
	} else {
		k, v := e.temp(p.typ.Key()), e.temp(p.typ.Elem())
		var it reflect.MapIter
		it.Reset(reflect.NewAt(p.typ, ptr).Elem())
		for it.Next() {
			k.SetIterKey(&it)
			en := entry{key: k.String(), start: len(b) - start}
			v.SetIterValue(&it)
			b = e.value(b, p.elem, unsafe.Pointer(v.UnsafeAddr()), false)
			en.end = len(b) - start
			e.ents = append(e.ents, en)
		}
		e.release(k)
		e.release(v)
	}
	e.vals = append(e.vals[:0], b[start:]...)
	b = b[:start]
	ents := e.ents[base:]
	if len(ents) <= 12 {
		for i := 1; i < len(ents); i++ {
			for j := i; j > 0 && ents[j].key < ents[j-1].key; j-- {
				ents[j], ents[j-1] = ents[j-1], ents[j]
			}
		}
	} else {
		sort.Slice(ents, func(i, j int) bool { return ents[i].key < ents[j].key })
	}
	b = append(b, '{')
	for i := range ents {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, ents[i].key)
		b = append(b, ':')
		b = append(b, e.vals[ents[i].start:ents[i].end]...)
	}
	clear(ents)
	e.ents = e.ents[:base]
	e.depth--
	return append(b, '}')
}

// temp returns a settable value of type t, one of the spares if it can.
func (e *encoder) temp(t reflect.Type) reflect.Value {
	for i := len(e.spare) - 1; i >= 0; i-- {
		if v := e.spare[i]; v.Type() == t {
			e.spare[i] = e.spare[len(e.spare)-1]
			e.spare = e.spare[:len(e.spare)-1]
			return v
		}
	}
	return reflect.New(t).Elem()
}

// release keeps v, zeroed, for reuse.
func (e *encoder) release(v reflect.Value) {
	if len(e.spare) < 8 {
		v.SetZero()
		e.spare = append(e.spare, v)
	}
}

// iface writes the value an interface holds, not addressable.
func (e *encoder) iface(b []byte, p *plan, ptr unsafe.Pointer) []byte {
	var v any
	if p.typ.NumMethod() == 0 {
		v = *(*any)(ptr)
	} else {
		v = reflect.NewAt(p.typ, ptr).Elem().Interface()
	}
	if v == nil {
		return append(b, "null"...)
	}
	if e.depth >= maxDepth {
		return e.fail(b)
	}
	e.depth++
	t := reflect.TypeOf(v)
	q := e.planFor(t)
	// An interface holds a pointer or a map as its data word, and any other
	// value behind it, but for a struct or array of one pointer.
	data := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
	switch t.Kind() {
	case reflect.Pointer:
		if data == nil {
			b = append(b, "null"...)
		} else {
			b = e.value(b, q.elem, data, true)
		}
	case reflect.Map:
		b = e.value(b, q, unsafe.Pointer(&data), false)
	case reflect.Struct, reflect.Array, reflect.Chan, reflect.Func, reflect.UnsafePointer:
		n := reflect.New(t)
		n.Elem().Set(reflect.ValueOf(v))
		b = e.value(b, q, n.UnsafePointer(), false)
	default:
		b = e.value(b, q, data, false)
	}
	e.depth--
	return b
}

// fallback has encoding/json encode the value, as addressable as it is here
// (an interface's own methods do not depend on it).
func (e *encoder) fallback(b []byte, p *plan, ptr unsafe.Pointer, addr bool) []byte {
	v := reflect.NewAt(p.typ, ptr)
	if !addr && p.typ.Kind() != reflect.Interface {
		v = v.Elem()
	}
	out, err := json.Marshal(v.Interface())
	if err != nil {
		return e.fail(b)
	}
	return append(b, out...)
}

// Appender is a json.Marshaler whose MarshalJSON returns what AppendJSON
// appends, output that encoding/json's compaction and HTML escaping leave as
// it is
// (api.Time and api.Quantity, in every object): the encoder has the value
// append itself rather than allocate for MarshalJSON. The value method
// must be AppendJSON itself, on the type that has MarshalJSON.
type Appender interface {
	AppendJSON(b []byte) []byte
}

func (e *encoder) marshalJSON(b []byte, p *plan, ptr unsafe.Pointer) []byte {
	if p.appendTab != nil {
		var a Appender
		*(*[2]unsafe.Pointer)(unsafe.Pointer(&a)) = [2]unsafe.Pointer{p.appendTab, ptr}
		return a.AppendJSON(b)
	}
	var m json.Marshaler
	*(*[2]unsafe.Pointer)(unsafe.Pointer(&m)) = [2]unsafe.Pointer{p.jsonTab, ptr}
	out, err := m.MarshalJSON()
	switch {
	case err != nil:
		return e.fail(b)
	case plainJSON(out):
		return append(b, out...)
	case len(out) == 0: // an error to encoding/json (json.RawMessage(nil) would say null)
		return e.fail(b)
	}
	// encoding/json compacts and HTML-escapes a RawMessage as it does any
	// MarshalJSON's output.
	out, err = json.Marshal(json.RawMessage(out))
	if err != nil {
		return e.fail(b)
	}
	return append(b, out...)
}

// plainJSON reports whether b is JSON that encoding/json's compaction
// leaves as it is: a literal, an integer, or a string of characters that
// need no escape.
func plainJSON(b []byte) bool {
	switch string(b) {
	case "null", "true", "false":
		return true
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		for _, c := range b[1 : len(b)-1] {
			// 0xE2 starts U+2028 and U+2029, which are escaped.
			if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c == 0xE2 {
				return false
			}
		}
		return true
	}
	d := b
	if len(d) > 0 && d[0] == '-' {
		d = d[1:]
	}
	if len(d) == 0 || d[0] == '0' && len(d) > 1 {
		return false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

func (e *encoder) marshalText(b []byte, p *plan, ptr unsafe.Pointer) []byte {
	var m encoding.TextMarshaler
	*(*[2]unsafe.Pointer)(unsafe.Pointer(&m)) = [2]unsafe.Pointer{p.textTab, ptr}
	out, err := m.MarshalText()
	if err != nil {
		return e.fail(b)
	}
	return appendString(b, string(out))
}

// safe holds the ASCII bytes a string holds as they are.
var safe = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendString appends s as a JSON string. A string with something to
// escape (a quote, a control character, <, > or &) or with non-ASCII (where
// U+2028, U+2029 and invalid UTF-8 are escaped) is rare in objects and is
// left to encoding/json.
func appendString(b []byte, s string) []byte {
	i := 0
	for i < len(s) && safe[s[i]] {
		i++
	}
	if i < len(s) {
		out, _ := json.Marshal(s) // a string cannot fail
		return append(b, out...)
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
