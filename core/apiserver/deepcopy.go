package apiserver

import (
	"maps"
	"reflect"
	"sync"
	"unsafe"

	"kubeplay/core/api"
)

// The apiserver hands every client its own copy of an object, as a real
// client decodes its own copy off the wire; the copies it keeps (the watch
// cache) are shared and immutable. api.DeepCopy round-trips JSON; this
// reflective copy, driven by a per-type plan computed once, is an order of
// magnitude faster, which matters on the write path: every request body and
// every response goes through it.
//
// The copy is made in two steps: the whole value is assigned (a shallow copy
// that shares every pointer, slice, map and interface), then the plan walks
// the new memory with unsafe.Pointer, field offsets and element sizes,
// replacing each shared reference with a fresh copy made the same way.
// Walking raw memory instead of reflect.Values (Field, Index and Set each
// check flags and build a Value) halves the time of a copy, natively and in
// wasm.
//
// Every store of memory holding pointers goes through a typed assignment or
// the runtime's typedmemmove and typedslicecopy, so the garbage collector's
// write barriers see it. Those two, and the allocators unsafe_New and
// unsafe_NewArray, are reflect's own runtime hooks; the runtime keeps them
// reachable by //go:linkname for packages outside the standard library. With
// them, copying a typed value or allocating a slice's array costs no
// reflect.Value and no extra allocation (reflect.MakeSlice allocates the slice
// header too).

//go:linkname typedmemmove reflect.typedmemmove
func typedmemmove(t, dst, src unsafe.Pointer)

//go:linkname typedslicecopy reflect.typedslicecopy
func typedslicecopy(t unsafe.Pointer, dst, src sliceHeader) int

//go:linkname unsafeNew reflect.unsafe_New
func unsafeNew(t unsafe.Pointer) unsafe.Pointer

//go:linkname unsafeNewArray reflect.unsafe_NewArray
func unsafeNewArray(t unsafe.Pointer, n int) unsafe.Pointer

// sliceHeader is the memory layout of a slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// runtimeType returns t's runtime type descriptor, which the linknamed
// functions take: a reflect.Type is a *reflect.rtype, which is that
// descriptor.
func runtimeType(t reflect.Type) unsafe.Pointer {
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&t))[1]
}

// copyObject returns a deep copy of obj with the same concrete type.
func copyObject(obj api.Object) api.Object {
	if obj == nil {
		return nil
	}
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return obj
	}
	p := planFor(v.Type().Elem())
	n := reflect.New(p.typ)
	typedmemmove(p.rtype, n.UnsafePointer(), v.UnsafePointer())
	if !p.flat {
		p.deepen(n.UnsafePointer())
	}
	return n.Interface().(api.Object)
}

// shallowCopy returns a new object whose top-level struct is a copy of obj's
// (maps, slices and pointers stay shared). It is used to restamp a shared,
// immutable object with another resourceVersion.
func shallowCopy(obj api.Object) api.Object {
	v := reflect.ValueOf(obj)
	t := v.Type().Elem()
	n := reflect.New(t)
	typedmemmove(runtimeType(t), n.UnsafePointer(), v.UnsafePointer())
	return n.Interface().(api.Object)
}

// copyPlan says how to deep-copy values of one type.
type copyPlan struct {
	typ    reflect.Type
	rtype  unsafe.Pointer // runtimeType(typ)
	size   uintptr
	kind   reflect.Kind
	flat   bool // assignment is a deep copy
	elem   *copyPlan
	len    int                  // of an array
	fields []fieldPlan          // struct fields that need more than assignment
	clone  func(unsafe.Pointer) // a typed clone of a map whose values are flat
}

type fieldPlan struct {
	offset uintptr
	plan   *copyPlan
}

// plans holds the copy plan of each type met.
var plans planCache[copyPlan]

// planCache memoizes a plan per type, for the copy plans here and the
// comparison plans of equal.go. A plan is entered before build fills it, so
// that recursive types terminate: build reaches the plans of other types
// through lookup, under the cache's lock.
type planCache[P any] struct {
	mu sync.Mutex
	m  map[reflect.Type]*P
}

// get returns t's plan, built by build (with the plans it needs) on first use.
func (c *planCache[P]) get(t reflect.Type, build func(*P, reflect.Type)) *P {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lookup(t, build)
}

// lookup is get with the lock held.
func (c *planCache[P]) lookup(t reflect.Type, build func(*P, reflect.Type)) *P {
	if p, ok := c.m[t]; ok {
		return p
	}
	if c.m == nil {
		c.m = map[reflect.Type]*P{}
	}
	p := new(P)
	c.m[t] = p
	build(p, t)
	return p
}

// cloneStrings and cloneResources copy the common maps of flat values
// (labels, annotations, selectors, resource lists) with maps.Clone, which
// copies the map's table wholesale instead of inserting entry by entry
// through reflect.
func cloneStrings(p unsafe.Pointer) {
	m := (*map[string]string)(p)
	*m = maps.Clone(*m)
}

func cloneResources(p unsafe.Pointer) {
	m := (*api.ResourceList)(p)
	*m = maps.Clone(*m)
}

func planFor(t reflect.Type) *copyPlan { return plans.get(t, fillPlan) }

// fillPlan builds the copy plan p of t.
func fillPlan(p *copyPlan, t reflect.Type) {
	*p = copyPlan{typ: t, rtype: runtimeType(t), size: t.Size(), kind: t.Kind()}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		p.elem = plans.lookup(t.Elem(), fillPlan)
	case reflect.Array:
		p.elem = plans.lookup(t.Elem(), fillPlan)
		p.len = t.Len()
		p.flat = p.elem.flat
	case reflect.Map:
		p.elem = plans.lookup(t.Elem(), fillPlan)
		switch t {
		case reflect.TypeFor[map[string]string]():
			p.clone = cloneStrings
		case reflect.TypeFor[api.ResourceList]():
			p.clone = cloneResources
		}
	case reflect.Interface:
	case reflect.Struct:
		p.flat = true
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue // copied by assignment; such types treat them as immutable
			}
			fp := plans.lookup(f.Type, fillPlan)
			if !fp.flat {
				p.flat = false
				p.fields = append(p.fields, fieldPlan{f.Offset, fp})
			}
		}
	default:
		p.flat = true
	}
}

// deepen makes the value at ptr, of the plan's type and not flat, a deep
// copy: the value is a shallow copy of the original, and deepen replaces the
// pointers, slices, maps and interfaces it shares with fresh copies.
func (p *copyPlan) deepen(ptr unsafe.Pointer) {
	switch p.kind {
	case reflect.Pointer:
		src := *(*unsafe.Pointer)(ptr)
		if src == nil {
			return
		}
		e := p.elem
		n := unsafeNew(e.rtype)
		typedmemmove(e.rtype, n, src)
		if !e.flat {
			e.deepen(n)
		}
		*(*unsafe.Pointer)(ptr) = n
	case reflect.Slice:
		s := (*sliceHeader)(ptr)
		if s.data == nil {
			return
		}
		e := p.elem
		n := sliceHeader{unsafeNewArray(e.rtype, s.len), s.len, s.len}
		typedslicecopy(e.rtype, n, *s)
		if !e.flat {
			for i := 0; i < n.len; i++ {
				e.deepen(unsafe.Add(n.data, uintptr(i)*e.size))
			}
		}
		*s = n
	case reflect.Array:
		for i := 0; i < p.len; i++ {
			p.elem.deepen(unsafe.Add(ptr, uintptr(i)*p.elem.size))
		}
	case reflect.Struct:
		for _, f := range p.fields {
			f.plan.deepen(unsafe.Add(ptr, f.offset))
		}
	case reflect.Map:
		if p.clone != nil {
			p.clone(ptr)
			return
		}
		m := reflect.NewAt(p.typ, ptr).Elem()
		if m.IsNil() {
			return
		}
		n := reflect.MakeMapWithSize(p.typ, m.Len())
		k := reflect.New(p.typ.Key()).Elem()
		v := reflect.New(p.typ.Elem()).Elem() // SetMapIndex copies it
		for it := m.MapRange(); it.Next(); {
			k.SetIterKey(it)
			v.SetIterValue(it)
			if !p.elem.flat {
				p.elem.deepen(v.Addr().UnsafePointer())
			}
			n.SetMapIndex(k, v)
		}
		m.Set(n)
	case reflect.Interface:
		x := reflect.NewAt(p.typ, ptr).Elem()
		if x.IsNil() {
			return
		}
		e := x.Elem()
		ep := planFor(e.Type())
		if ep.flat {
			return // the boxed value cannot change: sharing it is a copy
		}
		c := reflect.New(ep.typ).Elem()
		c.Set(e)
		ep.deepen(c.Addr().UnsafePointer())
		x.Set(c)
	}
}
