package apiserver

import (
	"reflect"
	"sync"

	"kubeplay/core/api"
)

// The apiserver hands every client its own copy of an object, as a real
// client decodes its own copy off the wire; the copies it keeps (the watch
// cache) are shared and immutable. api.DeepCopy round-trips JSON; this
// reflective copy, driven by a per-type plan computed once, is an order of
// magnitude faster, which matters on the write path.

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
	n := reflect.New(v.Elem().Type())
	p.copy(n.Elem(), v.Elem())
	return n.Interface().(api.Object)
}

// shallowCopy returns a new object whose top-level struct is a copy of obj's
// (maps, slices and pointers stay shared). It is used to restamp a shared,
// immutable object with another resourceVersion.
func shallowCopy(obj api.Object) api.Object {
	v := reflect.ValueOf(obj)
	n := reflect.New(v.Elem().Type())
	n.Elem().Set(v.Elem())
	return n.Interface().(api.Object)
}

// copyPlan says how to deep-copy values of one type.
type copyPlan struct {
	kind   reflect.Kind
	typ    reflect.Type
	flat   bool // assignment is a deep copy
	elem   *copyPlan
	fields []fieldPlan // struct fields that need more than assignment
}

type fieldPlan struct {
	index int
	plan  *copyPlan
}

var (
	plansMu sync.Mutex
	plans   = map[reflect.Type]*copyPlan{}
)

func planFor(t reflect.Type) *copyPlan {
	plansMu.Lock()
	defer plansMu.Unlock()
	return buildPlan(t)
}

func buildPlan(t reflect.Type) *copyPlan {
	if p, ok := plans[t]; ok {
		return p
	}
	p := &copyPlan{kind: t.Kind(), typ: t}
	plans[t] = p // before recursing: recursive types terminate
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		p.elem = buildPlan(t.Elem())
		p.flat = t.Kind() == reflect.Array && p.elem.flat
	case reflect.Map:
		p.elem = buildPlan(t.Elem())
	case reflect.Interface:
	case reflect.Struct:
		p.flat = true
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue // copied by assignment; such types treat them as immutable
			}
			fp := buildPlan(f.Type)
			if !fp.flat {
				p.flat = false
				p.fields = append(p.fields, fieldPlan{i, fp})
			}
		}
	default:
		p.flat = true
	}
	return p
}

// copy copies src into dst (settable values of the plan's type).
func (p *copyPlan) copy(dst, src reflect.Value) {
	if p.flat {
		dst.Set(src)
		return
	}
	switch p.kind {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		n := reflect.New(p.typ.Elem())
		p.elem.copy(n.Elem(), src.Elem())
		dst.Set(n)
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		l := src.Len()
		n := reflect.MakeSlice(p.typ, l, l)
		if p.elem.flat {
			reflect.Copy(n, src)
		} else {
			for i := 0; i < l; i++ {
				p.elem.copy(n.Index(i), src.Index(i))
			}
		}
		dst.Set(n)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		n := reflect.MakeMapWithSize(p.typ, src.Len())
		it := src.MapRange()
		for it.Next() {
			if p.elem.flat {
				n.SetMapIndex(it.Key(), it.Value())
				continue
			}
			e := reflect.New(p.typ.Elem()).Elem()
			p.elem.copy(e, it.Value())
			n.SetMapIndex(it.Key(), e)
		}
		dst.Set(n)
	case reflect.Interface:
		if src.IsNil() {
			return
		}
		e := src.Elem()
		c := reflect.New(e.Type()).Elem()
		planFor(e.Type()).copy(c, e)
		dst.Set(c)
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			p.elem.copy(dst.Index(i), src.Index(i))
		}
	case reflect.Struct:
		dst.Set(src)
		for _, f := range p.fields {
			f.plan.copy(dst.Field(f.index), src.Field(f.index))
		}
	default:
		dst.Set(src)
	}
}
