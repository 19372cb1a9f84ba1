package apiserver

import (
	"fmt"
	"kubeplay/core/api"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

// deepEqual is checked against reflect.DeepEqual on every kind filled with
// values everywhere: a copy is equal; changing any one value, or turning any
// one nil slice, map or pointer into an empty one (or the reverse), makes it
// unequal, and both must say so alike.
func TestDeepEqualAgreesWithReflectDeepEqual(t *testing.T) {
	for _, proto := range dcObjects(t) {
		typ := reflect.TypeOf(proto).Elem()
		plan := eqPlanFor(typ)
		for seed := uint64(1); seed <= 4; seed++ {
			f := &dcFiller{rng: rand.New(rand.NewPCG(seed, 11)), empty: seed%2 == 0, onPath: map[reflect.Type]int{}}
			orig := reflect.New(typ)
			f.fill(orig.Elem(), 0)
			a := orig.Interface()
			check := func(what string, b any) {
				t.Helper()
				want := reflect.DeepEqual(a, b)
				got := plan.equal(reflect.ValueOf(a).UnsafePointer(), reflect.ValueOf(b).UnsafePointer())
				if got != want {
					t.Fatalf("%s/seed%d, %s: deepEqual says %v, reflect.DeepEqual %v", typ.Name(), seed, what, got, want)
				}
			}
			check("a copy", refCopy(a.(api.Object)))
			// Count the places a change can be made, then make one at each
			// of up to 120 of them, picked at random.
			n := math.MaxInt
			eqChange(reflect.ValueOf(refCopy(a.(api.Object))).Elem(), &n)
			n = math.MaxInt - n
			if n == 0 {
				t.Fatalf("%s: nothing to change", typ.Name())
			}
			for i := 0; i < min(n, 120); i++ {
				k := f.rng.IntN(n)
				if n <= 120 {
					k = i
				}
				at := k
				b := refCopy(a.(api.Object))
				what, ok := eqChange(reflect.ValueOf(b).Elem(), &k)
				if !ok {
					t.Fatalf("%s: change %d of %d not found", typ.Name(), at, n)
				}
				if reflect.DeepEqual(a, b) {
					continue // a change DeepEqual cannot see (a nil pointer set to a zero value is not one)
				}
				check(fmt.Sprintf("change %d (%s)", at, what), b)
			}
		}
	}
}

// eqChange makes the *k-th change it can find under v (counting *k down)
// and reports what it changed; false when there are fewer than *k+1.
func eqChange(v reflect.Value, k *int) (string, bool) {
	hit := func() bool {
		if *k == 0 {
			return true
		}
		*k--
		return false
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.CanSet() && hit() {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
				return "nil pointer set", true
			}
			v.Set(reflect.Zero(v.Type()))
			return "pointer cleared", true
		}
		if v.IsNil() {
			return "", false
		}
		return eqChange(v.Elem(), k)
	case reflect.Slice, reflect.Map:
		if v.CanSet() && hit() {
			switch {
			case v.IsNil() && v.Kind() == reflect.Slice:
				v.Set(reflect.MakeSlice(v.Type(), 0, 0))
			case v.IsNil():
				v.Set(reflect.MakeMap(v.Type()))
			case v.Len() == 0:
				v.Set(reflect.Zero(v.Type()))
			case v.Kind() == reflect.Slice:
				v.Set(v.Slice(0, v.Len()-1))
			default:
				v.Set(reflect.Zero(v.Type()))
			}
			return v.Kind().String() + " nil/empty/shortened", true
		}
		if v.Kind() == reflect.Map {
			return "", false // entries: reflect.DeepEqual answers for maps
		}
		for i := 0; i < v.Len(); i++ {
			if what, ok := eqChange(v.Index(i), k); ok {
				return what, true
			}
		}
		return "", false
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if what, ok := eqChange(v.Index(i), k); ok {
				return what, true
			}
		}
		return "", false
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if !v.Type().Field(i).IsExported() {
				continue
			}
			if what, ok := eqChange(v.Field(i), k); ok {
				return v.Type().Field(i).Name + "." + what, true
			}
		}
		return "", false
	case reflect.Interface:
		return "", false
	}
	if !v.CanSet() || !isScalar(v) || !hit() {
		return "", false
	}
	dcBump(v)
	return v.Kind().String(), true
}

// isScalar reports whether dcBump can change v.
func isScalar(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	}
	return false
}
