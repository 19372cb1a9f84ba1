package api

import (
	"encoding"
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"kubeplay/core/api/jsontag"
)

// DeepCopy's contract is a JSON round trip: the copy is what decoding the
// object's JSON into a new object gives (omitempty fields that are empty
// come back nil, times come back at their wire precision, quantities
// re-parsed from their canonical string, unexported fields zero). Marshalling
// and decoding a whole object is slow (the browser's cold start spends a
// sixth of its time there), so a plan per type, computed once, copies field
// by field with the same results; a value it cannot vouch for (an interface,
// a type with its own JSON methods other than the ones below, invalid UTF-8,
// a NaN) takes the JSON round trip itself, and an object whose type the
// plan cannot describe exactly (conflicting promoted field names, embedded
// pointers) is round-tripped whole, as before.

// jcKind says how a plan copies.
type jcKind uint8

const (
	jcScalar      jcKind = iota // bool, ints, uints: assignment
	jcFloat                     // assignment unless NaN or ±Inf
	jcString                    // assignment when valid UTF-8
	jcPointer                   // new pointee, copied
	jcSlice                     // new slice of copied elements (nil stays nil)
	jcArray                     // elements copied
	jcMap                       // new map of copied values (nil stays nil)
	jcStruct                    // fields copied
	jcTime                      // Time: whole seconds, UTC
	jcMicroTime                 // MicroTime: whole microseconds, UTC
	jcQuantity                  // re-parsed from its canonical string
	jcIntOrString               // the half that is set
	jcJSON                      // the value's own JSON round trip
)

type jcPlan struct {
	kind   jcKind
	typ    reflect.Type
	flat   bool // struct of scalars only: assignment
	elem   *jcPlan
	key    *jcPlan // map keys
	fields []jcField
	byName map[string]jcMember // structs: JSON members by name (mergepatch.go), built on first use
}

type jcField struct {
	index     int
	plan      *jcPlan
	omitEmpty bool
	omitZero  bool
	isZero    func(reflect.Value) bool // omitzero through an IsZero method
}

var (
	jcMu    sync.Mutex
	jcPlans = map[reflect.Type]*jcPlan{}

	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	isZeroerType      = reflect.TypeFor[interface{ IsZero() bool }]()
)

func jcPlanFor(t reflect.Type) *jcPlan {
	jcMu.Lock()
	defer jcMu.Unlock()
	return jcBuild(t)
}

func hasJSONMethods(t reflect.Type) bool {
	for _, it := range []reflect.Type{jsonMarshalerType, jsonUnmarshalerType, textMarshalerType, textUnmarshalerType} {
		if t.Implements(it) || reflect.PointerTo(t).Implements(it) {
			return true
		}
	}
	return false
}

func jcBuild(t reflect.Type) *jcPlan {
	if p, ok := jcPlans[t]; ok {
		return p
	}
	p := &jcPlan{typ: t}
	jcPlans[t] = p // before recursing: recursive types terminate
	switch t {
	case reflect.TypeFor[Time]():
		p.kind = jcTime
		return p
	case reflect.TypeFor[MicroTime]():
		p.kind = jcMicroTime
		return p
	case reflect.TypeFor[Quantity]():
		p.kind = jcQuantity
		return p
	case reflect.TypeFor[IntOrString]():
		p.kind = jcIntOrString
		return p
	}
	if t.Kind() != reflect.Pointer && hasJSONMethods(t) { // a pointer's methods are its element's (its plan's)
		p.kind = jcJSON
		return p
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		p.kind = jcScalar
	case reflect.Float32, reflect.Float64:
		p.kind = jcFloat
	case reflect.String:
		p.kind = jcString
	case reflect.Pointer:
		p.kind, p.elem = jcPointer, jcBuild(t.Elem())
		if p.elem.kind == jcJSON {
			p.kind = jcJSON // a pointer to a value encoding as null decodes as nil
		}
	case reflect.Slice:
		p.kind, p.elem = jcSlice, jcBuild(t.Elem())
	case reflect.Array:
		p.kind, p.elem = jcArray, jcBuild(t.Elem())
	case reflect.Map:
		p.kind, p.key, p.elem = jcMap, jcBuild(t.Key()), jcBuild(t.Elem())
		switch p.key.kind {
		case jcString, jcScalar:
		default:
			p.kind = jcJSON
		}
	case reflect.Struct:
		p.kind = jcStruct
		if !jcStructFields(p, t) {
			p.kind, p.fields = jcJSON, nil
		}
	default: // interfaces, and what JSON cannot encode
		p.kind = jcJSON
	}
	return p
}

// jcStructFields fills p.fields with the fields encoding/json encodes. It
// reports false for a struct whose encoding it does not model exactly.
func jcStructFields(p *jcPlan, t reflect.Type) bool {
	if !jsontag.Distinct(t) {
		return false
	}
	p.flat = true
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, opts, omitted := jsontag.Of(sf)
		if omitted {
			p.flat = false // left zero
			continue
		}
		if sf.Anonymous {
			if !sf.IsExported() && sf.Type.Kind() != reflect.Struct {
				p.flat = false // ignored by encoding/json: left zero
				continue
			}
			if !sf.IsExported() || sf.Type.Kind() != reflect.Struct {
				return false
			}
			if name == "" {
				// Promoted fields: copied in place (no name conflicts, checked above).
				fp := jcBuild(sf.Type)
				if fp.kind == jcJSON {
					return false
				}
				p.fields = append(p.fields, jcField{index: i, plan: fp})
				p.flat = p.flat && fp.flat
				continue
			}
		} else if !sf.IsExported() {
			p.flat = false // left zero
			continue
		}
		if strings.Contains(","+opts+",", ",string,") {
			return false
		}
		f := jcField{index: i, plan: jcBuild(sf.Type)}
		f.omitEmpty = strings.Contains(","+opts+",", ",omitempty,")
		if strings.Contains(","+opts+",", ",omitzero,") {
			f.omitZero = true
			f.isZero = zeroFunc(sf.Type)
		}
		p.flat = p.flat && f.plan.kind == jcScalar && !f.omitEmpty && !f.omitZero
		p.fields = append(p.fields, f)
	}
	return true
}

// zeroFunc is encoding/json's omitzero test for type t.
func zeroFunc(t reflect.Type) func(reflect.Value) bool {
	switch {
	case t.Kind() == reflect.Interface && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || (v.Elem().Kind() == reflect.Pointer && v.Elem().IsNil()) ||
				v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Kind() == reflect.Pointer && t.Implements(isZeroerType):
		return func(v reflect.Value) bool {
			return v.IsNil() || v.Interface().(interface{ IsZero() bool }).IsZero()
		}
	case t.Implements(isZeroerType):
		return func(v reflect.Value) bool { return v.Interface().(interface{ IsZero() bool }).IsZero() }
	case reflect.PointerTo(t).Implements(isZeroerType):
		return func(v reflect.Value) bool {
			if !v.CanAddr() {
				v2 := reflect.New(v.Type()).Elem()
				v2.Set(v)
				v = v2
			}
			return v.Addr().Interface().(interface{ IsZero() bool }).IsZero()
		}
	}
	return nil
}

// isEmptyJSON is encoding/json's omitempty test.
func isEmptyJSON(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// copy sets dst (settable, zero) to the JSON round trip of src, reporting
// false when it cannot. strict also refuses what a round trip through
// generic JSON (numbers as float64) would change: integers beyond 2^53,
// float32s, values with JSON methods of their own.
func (p *jcPlan) copy(dst, src reflect.Value, strict bool) bool {
	switch p.kind {
	case jcScalar:
		if strict && !exactInFloat64(src) {
			return false
		}
		dst.Set(src)
	case jcFloat:
		if strict && src.Kind() == reflect.Float32 {
			return false
		}
		f := src.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return false
		}
		dst.Set(src)
	case jcString:
		if !utf8.ValidString(src.String()) {
			return false
		}
		dst.Set(src)
	case jcPointer:
		if src.IsNil() || encodesNull(p.elem, src.Elem()) {
			return true // null decodes as a nil pointer
		}
		n := reflect.New(p.typ.Elem())
		if !p.elem.copy(n.Elem(), src.Elem(), strict) {
			return false
		}
		dst.Set(n)
	case jcSlice:
		if src.IsNil() {
			return true
		}
		l := src.Len()
		n := reflect.MakeSlice(p.typ, l, l)
		if !strict && (p.elem.kind == jcScalar || (p.elem.kind == jcStruct && p.elem.flat)) {
			reflect.Copy(n, src)
		} else {
			for i := 0; i < l; i++ {
				if !p.elem.copy(n.Index(i), src.Index(i), strict) {
					return false
				}
			}
		}
		dst.Set(n)
	case jcArray:
		for i := 0; i < src.Len(); i++ {
			if !p.elem.copy(dst.Index(i), src.Index(i), strict) {
				return false
			}
		}
	case jcMap:
		if src.IsNil() {
			return true
		}
		n := reflect.MakeMapWithSize(p.typ, src.Len())
		it := src.MapRange()
		for it.Next() {
			k := it.Key()
			if p.key.kind == jcString && !utf8.ValidString(k.String()) {
				return false
			}
			if strict && p.key.kind == jcScalar && !exactInFloat64(k) {
				return false
			}
			switch p.elem.kind {
			case jcScalar, jcString:
				if strict && p.elem.kind == jcScalar && !exactInFloat64(it.Value()) {
					return false
				}
				if p.elem.kind == jcString && !utf8.ValidString(it.Value().String()) {
					return false
				}
				n.SetMapIndex(k, it.Value())
				continue
			}
			e := reflect.New(p.typ.Elem()).Elem()
			if !p.elem.copy(e, it.Value(), strict) {
				return false
			}
			n.SetMapIndex(k, e)
		}
		dst.Set(n)
	case jcStruct:
		if p.flat && !strict {
			dst.Set(src)
			return true
		}
		for _, f := range p.fields {
			sv := src.Field(f.index)
			switch {
			case f.omitEmpty && isEmptyJSON(sv):
				continue
			case f.omitZero && f.isZero != nil && f.isZero(sv):
				continue
			case f.omitZero && f.isZero == nil && sv.IsZero():
				continue
			}
			if !f.plan.copy(dst.Field(f.index), sv, strict) {
				return false
			}
		}
	case jcTime:
		return copyTime(dst, src, src.Interface().(Time).Time, time.Second, strict)
	case jcMicroTime:
		return copyTime(dst, src, src.Interface().(MicroTime).Time, time.Microsecond, strict)
	case jcQuantity:
		q := src.Interface().(Quantity)
		parsed, err := ParseQuantity(strings.TrimSpace(q.String()))
		if err != nil {
			return false
		}
		dst.Set(reflect.ValueOf(parsed))
	case jcIntOrString:
		is := src.Interface().(IntOrString)
		if is.Type == String {
			if !utf8.ValidString(is.StrVal) {
				return false
			}
			dst.Set(reflect.ValueOf(IntOrString{Type: String, StrVal: is.StrVal}))
		} else {
			dst.Set(reflect.ValueOf(IntOrString{Type: Int, IntVal: is.IntVal}))
		}
	default:
		if strict {
			return false
		}
		return jsonCopy(dst, src)
	}
	return true
}

// exactInFloat64 reports whether the integer v survives a trip through a
// float64 (JSON decoded into interface{}).
func exactInFloat64(v reflect.Value) bool {
	const limit = 1 << 53
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i := v.Int()
		return i >= -limit && i <= limit
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint() <= limit
	}
	return true
}

// encodesNull reports whether v (of plan p) encodes as JSON null.
func encodesNull(p *jcPlan, v reflect.Value) bool {
	switch p.kind {
	case jcPointer, jcSlice, jcMap:
		return v.IsNil()
	case jcTime, jcMicroTime:
		return v.Field(0).Interface().(time.Time).IsZero()
	}
	return false
}

// jsonCopy sets dst to the JSON round trip of src.
func jsonCopy(dst, src reflect.Value) bool {
	b, err := json.Marshal(src.Interface())
	if err != nil {
		return false
	}
	return json.Unmarshal(b, dst.Addr().Interface()) == nil
}

// deepCopyFast is DeepCopy by plan; ok is false when obj needs the whole
// round trip.
func deepCopyFast(obj Object) (Object, bool) {
	v := reflect.ValueOf(obj)
	p := jcPlanFor(v.Type().Elem())
	if p.kind == jcJSON {
		return nil, false
	}
	out := reflect.New(v.Type().Elem())
	if !p.copy(out.Elem(), v.Elem(), false) {
		return nil, false
	}
	return out.Interface().(Object), true
}

// copyTime copies a Time or MicroTime (src, holding t) as its JSON round trip would: in UTC, cut to its
// precision (a second, a microsecond); the zero time stays zero, and a year JSON cannot write goes the JSON way.
func copyTime(dst, src reflect.Value, t time.Time, precision time.Duration, strict bool) bool {
	if t.IsZero() {
		return true
	}
	u := t.UTC()
	if y := u.Year(); y < 0 || y > 9999 {
		return !strict && jsonCopy(dst, src)
	}
	ns := int64(u.Nanosecond()) / int64(precision) * int64(precision)
	dst.Field(0).Set(reflect.ValueOf(time.Unix(u.Unix(), ns).UTC()))
	return true
}
