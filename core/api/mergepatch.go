package api

import (
	"bytes"
	"encoding/json"
	"reflect"

	"kubeplay/core/api/jsontag"
)

// MergePatchObject applies an RFC 7386 JSON merge patch to obj without
// going through JSON text: the result is the object that decoding
// MergePatch(json(obj), patch) into a new object of obj's type (unknown
// fields disallowed) gives, the way kube-apiserver patches. The untouched
// parts are obj's JSON round trip (DeepCopy); each patched member is merged
// into its field, or decoded from the patch's own JSON into the zero field.
// ok is false whenever the result could differ from the text route's
// (unknown or case-folded names, a value that does not decode, numbers a
// float64 would round, types with their own JSON methods): the caller then
// takes that route, which also words any error.
func MergePatchObject(obj Object, patch []byte) (Object, bool) {
	var p any
	if err := json.Unmarshal(patch, &p); err != nil {
		return nil, false
	}
	pm, isMap := p.(map[string]any)
	if !isMap {
		return nil, false
	}
	v := reflect.ValueOf(obj)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, false
	}
	plan := jcPlanFor(v.Type().Elem())
	if plan.kind != jcStruct {
		return nil, false
	}
	out := reflect.New(v.Type().Elem())
	if !plan.copy(out.Elem(), v.Elem(), true) {
		return nil, false
	}
	if !mergeInto(plan, out.Elem(), pm) {
		return nil, false
	}
	return out.Interface().(Object), true
}

// jcMember is a JSON member of a struct: the index path of its field
// (promoted fields have longer paths) and the field's plan.
type jcMember struct {
	index []int
	plan  *jcPlan
}

// members lists the JSON members of the struct plan p by name.
func (p *jcPlan) members() map[string]jcMember {
	jcMu.Lock()
	defer jcMu.Unlock()
	if p.byName == nil {
		p.byName = map[string]jcMember{}
		addMembers(p, nil, p.byName)
	}
	return p.byName
}

func addMembers(p *jcPlan, prefix []int, into map[string]jcMember) {
	for i := 0; i < p.typ.NumField(); i++ {
		sf := p.typ.Field(i)
		name, _, omitted := jsontag.Of(sf)
		if omitted || (!sf.IsExported() && !sf.Anonymous) {
			continue
		}
		index := append(append([]int(nil), prefix...), i)
		if sf.Anonymous && name == "" && sf.Type.Kind() == reflect.Struct {
			addMembers(jcBuild(sf.Type), index, into)
			continue
		}
		if !sf.IsExported() {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		into[name] = jcMember{index: index, plan: jcBuild(sf.Type)}
	}
}

// mergeInto merges the patch object pm into dst, a struct of plan p holding
// the decoded original.
func mergeInto(p *jcPlan, dst reflect.Value, pm map[string]any) bool {
	members := p.members()
	for k, pv := range pm {
		m, found := members[k]
		if !found {
			return false
		}
		f := dst.FieldByIndex(m.index)
		if !mergeValueInto(m.plan, f, pv) {
			return false
		}
	}
	return true
}

// mergeValueInto sets f (a field of plan p, holding the decoded original)
// to the decoding of MergePatch(original, pv).
func mergeValueInto(p *jcPlan, f reflect.Value, pv any) bool {
	if pv == nil {
		f.SetZero() // the member is deleted
		return true
	}
	sub, isMap := pv.(map[string]any)
	if !isMap {
		return decodeInto(f, pv) // arrays and scalars replace the member
	}
	switch p.kind {
	case jcStruct:
		return mergeInto(p, f, sub)
	case jcPointer:
		if p.elem.kind != jcStruct {
			return false
		}
		if f.IsNil() {
			f.Set(reflect.New(p.typ.Elem()))
		}
		return mergeInto(p.elem, f.Elem(), sub)
	case jcMap:
		if p.key.kind != jcString {
			return false
		}
		if f.IsNil() {
			f.Set(reflect.MakeMapWithSize(p.typ, len(sub)))
		}
		for k, ev := range sub {
			key := reflect.ValueOf(k).Convert(p.typ.Key())
			if ev == nil {
				f.SetMapIndex(key, reflect.Value{})
				continue
			}
			e := reflect.New(p.typ.Elem()).Elem()
			if old := f.MapIndex(key); old.IsValid() {
				e.Set(old)
			}
			if _, evMap := ev.(map[string]any); evMap {
				if !mergeValueInto(p.elem, e, ev) {
					return false
				}
			} else {
				e.SetZero()
				if !decodeInto(e, ev) {
					return false
				}
			}
			f.SetMapIndex(key, e)
		}
		return true
	}
	return false
}

// decodeInto decodes the JSON of pv into the zeroed f, as a member of the
// merged document would decode.
func decodeInto(f reflect.Value, pv any) bool {
	b, err := json.Marshal(pv)
	if err != nil {
		return false
	}
	f.SetZero()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(f.Addr().Interface()) == nil
}
