package apiserver

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"kubeplay/core/api"
)

// copyObject is checked against the plain reflect.Value walk it replaced
// (refCopy below), on every kind filled with non-zero values everywhere.

// dcShapes has what no served kind has: arrays, nested pointers, maps of
// non-flat values, interfaces other than api.Object, a recursive type and an
// unexported field, which is copied by assignment.
type dcShapes struct {
	api.TypeMeta   `json:",inline"`
	api.ObjectMeta `json:"metadata"`
	Pointers       [2]*int
	Ints           [3]int
	Pods           map[string]*api.Pod
	Data           map[string][]byte
	Times          map[string]api.Time
	Nested         [][]map[string]string
	PtrPtr         **string
	Any            any
	AnyPtr         *any
	Stringer       fmt.Stringer
	Objects        []api.Object
	Schema         *api.JSONSchemaProps
	hidden         *int
}

func dcObjects(t *testing.T) []api.Object {
	var objs []api.Object
	for _, r := range api.Resources() {
		o, err := api.New(r.APIVersion(), r.Kind)
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o)
	}
	for _, kind := range []string{"Eviction", "TokenRequest"} {
		o, err := api.New(map[string]string{"Eviction": "policy/v1", "TokenRequest": "authentication.k8s.io/v1"}[kind], kind)
		if err != nil {
			t.Fatal(err)
		}
		objs = append(objs, o)
	}
	return append(objs, &api.CustomObject{}, &api.List{}, &dcShapes{})
}

func TestCopyObjectMatchesTheReflectWalkOnEveryKind(t *testing.T) {
	if copyObject(nil) != nil {
		t.Fatal("copyObject(nil) is not nil")
	}
	for _, proto := range dcObjects(t) {
		typ := reflect.TypeOf(proto).Elem()
		for seed := uint64(1); seed <= 6; seed++ {
			f := &dcFiller{rng: rand.New(rand.NewPCG(seed, 7)), empty: seed%2 == 0, onPath: map[reflect.Type]int{}}
			orig := reflect.New(typ)
			f.fill(orig.Elem(), 0)
			hidden := 7
			if s, ok := orig.Interface().(*dcShapes); ok {
				s.hidden = &hidden
			}
			o := orig.Interface().(api.Object)
			name := fmt.Sprintf("%s/seed%d", typ.Name(), seed)
			if reflect.DeepEqual(o, reflect.New(typ).Interface()) {
				t.Fatalf("%s: the filler left the object empty", name)
			}
			want := refCopy(o)
			c := copyObject(o)
			// DeepEqual tells nil from empty slices and maps, and compares
			// unexported fields and the dynamic types behind interfaces.
			if !reflect.DeepEqual(c, o) {
				t.Fatalf("%s: the copy differs from the original", name)
			}
			if !reflect.DeepEqual(c, want) {
				t.Fatalf("%s: the copy differs from the reference copy", name)
			}
			a, errA := json.Marshal(o)
			b, errB := json.Marshal(c)
			if errA != nil || errB != nil || string(a) != string(b) {
				t.Fatalf("%s: JSON differs: %v %v\n%s\n%s", name, errA, errB, a, b)
			}
			if s, ok := c.(*dcShapes); ok && s.hidden != &hidden {
				t.Fatalf("%s: the unexported field was not copied by assignment", name)
			}
			if n := dcMutate(reflect.ValueOf(c)); n == 0 {
				t.Fatalf("%s: nothing to mutate", name)
			}
			if !reflect.DeepEqual(o, want) {
				t.Fatalf("%s: mutating the copy changed the original", name)
			}
			if again, _ := json.Marshal(o); string(again) != string(a) {
				t.Fatalf("%s: mutating the copy changed the original's JSON:\n%s\n%s", name, a, again)
			}
		}
	}
}

func TestShallowCopySharesAllButTheTopLevelStruct(t *testing.T) {
	p := &api.Pod{}
	p.Name, p.Labels = "a", map[string]string{"k": "v"}
	c := shallowCopy(p).(*api.Pod)
	if c == p || !reflect.DeepEqual(c, p) {
		t.Fatal("not a copy")
	}
	c.Name = "b"
	c.Labels["k"] = "w"
	if p.Name != "a" || p.Labels["k"] != "w" {
		t.Fatalf("%q %q", p.Name, p.Labels["k"])
	}
}

// dcFiller sets every exported field it reaches to a non-zero value.
type dcFiller struct {
	rng    *rand.Rand
	empty  bool                 // make some slices and maps empty, not nil
	n      int                  // makes values distinct
	onPath map[reflect.Type]int // bounds recursive types
}

var (
	dcQuantities = []string{"100m", "2Gi", "1.5", "3", "500Mi", "1e3"}
	dcEpoch      = time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	dcKinds      = []func() api.Object{
		func() api.Object { return &api.Pod{} },
		func() api.Object { return &api.ConfigMap{} },
		func() api.Object { return &api.CustomObject{} },
	}
)

func (f *dcFiller) size() int {
	if f.empty && f.rng.IntN(3) == 0 {
		return 0
	}
	return 1 + f.rng.IntN(2)
}

func (f *dcFiller) fill(v reflect.Value, depth int) {
	f.n++
	t := v.Type()
	switch t {
	case reflect.TypeFor[api.Quantity]():
		v.Set(reflect.ValueOf(api.MustParse(dcQuantities[f.rng.IntN(len(dcQuantities))])))
		return
	case reflect.TypeFor[api.IntOrString]():
		is := api.FromInt32(int32(f.n))
		if f.rng.IntN(2) == 0 {
			is = api.FromString(fmt.Sprintf("%d%%", f.n))
		}
		v.Set(reflect.ValueOf(is))
		return
	case reflect.TypeFor[time.Time]():
		v.Set(reflect.ValueOf(dcEpoch.Add(time.Duration(f.n) * time.Second)))
		return
	case reflect.TypeFor[json.RawMessage]():
		v.SetBytes(fmt.Appendf(nil, `{"n":%d}`, f.n))
		return
	case reflect.TypeFor[fmt.Stringer]():
		q := api.MustParse("250m")
		v.Set(reflect.ValueOf(&q))
		return
	case reflect.TypeFor[api.Object]():
		o := dcKinds[f.rng.IntN(len(dcKinds))]()
		f.fill(reflect.ValueOf(o).Elem(), depth+1)
		v.Set(reflect.ValueOf(o))
		return
	case reflect.TypeFor[any]():
		v.Set(reflect.ValueOf(f.jsonValue(depth)))
		return
	}
	if f.onPath[t] >= 2 {
		return // the second level of a recursive type stays zero
	}
	f.onPath[t]++
	defer func() { f.onPath[t]-- }()
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(1 + f.rng.IntN(100)))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(1 + f.rng.IntN(100)))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(f.n) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", f.n))
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		f.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Slice:
		n := f.size()
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			f.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			f.fill(v.Index(i), depth)
		}
	case reflect.Map:
		m := reflect.MakeMap(t)
		for n := f.size(); m.Len() < n; {
			k, e := reflect.New(t.Key()).Elem(), reflect.New(t.Elem()).Elem()
			f.fill(k, depth+1)
			f.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				f.fill(v.Field(i), depth)
			}
		}
	default:
		panic("no filler for " + t.String())
	}
}

// jsonValue returns what a custom resource's content holds.
func (f *dcFiller) jsonValue(depth int) any {
	f.n++
	switch k := f.rng.IntN(6); {
	case depth > 4 || k == 0:
		return fmt.Sprintf("s%d", f.n)
	case k == 1:
		return json.Number(fmt.Sprint(f.n))
	case k == 2:
		return f.n%2 == 0
	case k == 3:
		return float64(f.n) + 0.25
	case k == 4:
		l := make([]any, f.size())
		for i := range l {
			l[i] = f.jsonValue(depth + 1)
		}
		return l
	default:
		m := map[string]any{}
		for n := f.size(); len(m) < n; {
			m[fmt.Sprintf("k%d", f.n)] = f.jsonValue(depth + 1)
		}
		return m
	}
}

// dcMutate changes every value reachable from v through pointers, slices,
// maps and interfaces (and adds an entry to every map), and returns how many
// it changed.
func dcMutate(v reflect.Value) int {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return 0
		}
		if e := v.Elem(); v.Kind() == reflect.Interface && !e.CanSet() {
			switch e.Kind() {
			case reflect.Map, reflect.Slice, reflect.Pointer:
				return dcMutate(e)
			}
			if !v.CanSet() {
				return 0
			}
			v.Set(reflect.ValueOf("mutated"))
			return 1
		}
		return dcMutate(v.Elem())
	case reflect.Slice, reflect.Array:
		n := 0
		for i := 0; i < v.Len(); i++ {
			n += dcMutate(v.Index(i))
		}
		return n
	case reflect.Map:
		if v.IsNil() {
			return 0
		}
		n := 1
		for it := v.MapRange(); it.Next(); {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			n += dcMutate(e)
			v.SetMapIndex(it.Key(), e)
		}
		k := reflect.New(v.Type().Key()).Elem()
		k.SetString("added-to-the-copy")
		v.SetMapIndex(k, reflect.New(v.Type().Elem()).Elem())
		return n
	case reflect.Struct:
		n := 0
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				n += dcMutate(v.Field(i))
			}
		}
		return n
	}
	if !v.CanSet() || !dcBump(v) {
		return 0
	}
	return 1
}

// dcBump changes the settable scalar v (a string keeps its length, so that
// only its bytes tell) and reports whether v is a scalar it can change.
func dcBump(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1)
	case reflect.String:
		s := v.String()
		switch {
		case s == "":
			s = "!"
		case s[len(s)-1] == '!':
			s = s[:len(s)-1] + "?"
		default:
			s = s[:len(s)-1] + "!"
		}
		v.SetString(s)
	default:
		return false
	}
	return true
}

// refCopy is copyObject as a plain walk of reflect.Values, the reference
// the plan-driven copy must agree with.
func refCopy(obj api.Object) api.Object {
	v := reflect.ValueOf(obj)
	n := reflect.New(v.Elem().Type())
	refCopyValue(n.Elem(), v.Elem())
	return n.Interface().(api.Object)
}

func refCopyValue(dst, src reflect.Value) {
	switch src.Kind() {
	case reflect.Pointer:
		if !src.IsNil() {
			n := reflect.New(src.Type().Elem())
			refCopyValue(n.Elem(), src.Elem())
			dst.Set(n)
		}
	case reflect.Slice:
		if !src.IsNil() {
			n := reflect.MakeSlice(src.Type(), src.Len(), src.Len())
			for i := 0; i < src.Len(); i++ {
				refCopyValue(n.Index(i), src.Index(i))
			}
			dst.Set(n)
		}
	case reflect.Map:
		if !src.IsNil() {
			n := reflect.MakeMapWithSize(src.Type(), src.Len())
			for it := src.MapRange(); it.Next(); {
				e := reflect.New(src.Type().Elem()).Elem()
				refCopyValue(e, it.Value())
				n.SetMapIndex(it.Key(), e)
			}
			dst.Set(n)
		}
	case reflect.Interface:
		if !src.IsNil() {
			e := reflect.New(src.Elem().Type()).Elem()
			refCopyValue(e, src.Elem())
			dst.Set(e)
		}
	case reflect.Array:
		for i := 0; i < src.Len(); i++ {
			refCopyValue(dst.Index(i), src.Index(i))
		}
	case reflect.Struct:
		dst.Set(src) // unexported fields by assignment
		for i := 0; i < src.NumField(); i++ {
			if src.Type().Field(i).IsExported() {
				refCopyValue(dst.Field(i), src.Field(i))
			}
		}
	default:
		dst.Set(src)
	}
}

// benchPod is a pod as the apiserver keeps it after a create: the
// scheduler_perf template, defaulted.
func benchPod(b *testing.B) *api.Pod {
	_, srv := newTestServer(b)
	p := pod("default", "bench", map[string]string{"app": "bench"})
	rl := api.ResourceList{api.ResourceCPU: api.MustParse("100m"), api.ResourceMemory: api.MustParse("500Mi")}
	p.Spec.Containers = []api.Container{{Name: "pause", Image: "registry.k8s.io/pause:3.10",
		Ports:     []api.ContainerPort{{ContainerPort: 80}},
		Resources: api.ResourceRequirements{Requests: rl, Limits: rl}}}
	return createPod(b, srv, p)
}

func BenchmarkCopyObjectPod(b *testing.B) {
	p := benchPod(b)
	b.ReportAllocs()
	for b.Loop() {
		copyObject(p)
	}
}

func BenchmarkCopyObjectPodReference(b *testing.B) {
	p := benchPod(b)
	b.ReportAllocs()
	for b.Loop() {
		refCopy(p)
	}
}
