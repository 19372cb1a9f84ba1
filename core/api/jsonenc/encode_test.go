package jsonenc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
	"unsafe"

	"kubeplay/core/api"
)

// The encoder is held to encoding/json on values filled field by field with
// what tends to break an encoder: every kind of the api registry and their
// lists, and types made to exercise encoding/json's rules one by one.

// same fails t unless jsonenc encodes v as json.Marshal does: the same bytes,
// or an error both times; through Append onto a non-empty slice as well.
func same(t *testing.T, what string, v any) {
	t.Helper()
	want, werr := json.Marshal(v)
	got, gerr := Marshal(v)
	if (werr != nil) != (gerr != nil) {
		t.Fatalf("%s: error %v, encoding/json's %v", what, gerr, werr)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: differs from encoding/json at byte %d:\n got %s\nwant %s", what, diffAt(got, want), clip(got), clip(want))
	}
	prefix := []byte("x,")
	app, aerr := Append(prefix, v)
	if (aerr != nil) != (werr != nil) || werr == nil && !bytes.Equal(app, append(prefix, want...)) || werr != nil && !bytes.Equal(app, prefix) {
		t.Fatalf("%s: Append gave %s (error %v)", what, clip(app), aerr)
	}
}

// direct fails t unless the plans encode v without handing it to
// encoding/json whole (which would make same pass whatever the plans do).
func direct(t *testing.T, what string, v any) {
	t.Helper()
	e := &encoder{}
	if e.top(nil, v); e.failed {
		t.Fatalf("%s: encoded by encoding/json, not by the plans", what)
	}
}

// noFallback fails t if a plan reachable from t's hands a type other than
// json.Number or a float to encoding/json, or has a marshalling method on
// its pointer only (a value would then encode differently addressable or
// not, which the apiserver's specEqual relies on not happening).
func noFallback(t *testing.T, typ reflect.Type) {
	t.Helper()
	seen := map[*plan]bool{}
	var walk func(p *plan)
	walk = func(p *plan) {
		if seen[p] {
			return
		}
		seen[p] = true
		if k := p.typ.Kind(); p.op == opFallback && p.typ != numberType && k != reflect.Float32 && k != reflect.Float64 {
			t.Errorf("%s: %s is left to encoding/json", typ, p.typ)
		}
		if p.json == methAddr || p.text == methAddr {
			t.Errorf("%s: %s marshals itself through its pointer only", typ, p.typ)
		}
		if p.elem != nil {
			walk(p.elem)
		}
		for _, f := range p.fields {
			walk(f.plan)
		}
	}
	walk(planFor(typ))
}

func diffAt(a, b []byte) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

func clip(b []byte) string {
	if len(b) > 3000 {
		return string(b[:3000]) + "..."
	}
	return string(b)
}

var (
	strs = []string{"", "a", "nginx", "<script>a && b</script>", `quote " and \ backslash`, "ctl \x00\x01\x08\x0c\n\r\t\x1f\x7f",
		"héllo, 日本語 🙂", "bad \xff\xfe utf8", "cut \xe2\x80", "sep \u2028 and \u2029", "Z", "_", "B", "b", "é",
		strings.Repeat("long <&> ", 40)}
	ints   = []int64{0, 1, -1, 42, -7, 255, 256, 65535, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64}
	floats = []float64{0, math.Copysign(0, -1), 1, 1.5, -3.25, 0.1, 1e20, 1e21, 1e-6, 1e-7, 123456.789, 5e-324,
		math.MaxFloat64, -1e100, float64(float32(0.3)), 1e-300}
	quantities = []string{"0", "100m", "1Gi", "-5", "1.5", "1e3", "500Mi", "1k", "0.001", "12345678901234567890", "4", "110"}
	times      = []time.Time{{}, time.Date(2024, 1, 2, 3, 4, 5, 123456789, time.UTC),
		time.Date(2026, 7, 8, 23, 59, 59, 0, time.FixedZone("JST", 9*3600)), time.Date(1, 1, 1, 0, 0, 1, 0, time.UTC),
		time.Date(12000, 1, 1, 0, 0, 0, 0, time.UTC)}
	raws = []string{`{"a": 1, "b" : [true, null]}`, ` [ 1 , 2 ] `, `"x<y>&z \u2028"`, `null`, `-12.5e3`, `"a\"b"`}
)

// filler fills values from a seeded source; depth bounds the nesting.
type filler struct {
	r       *rand.Rand
	hostile bool // NaNs, infinities, invalid raw JSON and json.Numbers: encoding errors
}

func (f *filler) pick(n int) int { return f.r.IntN(n) }

func (f *filler) fill(v reflect.Value, depth int) {
	t := v.Type()
	switch t {
	case reflect.TypeFor[api.Quantity]():
		if f.pick(6) > 0 {
			v.Set(reflect.ValueOf(api.MustParse(quantities[f.pick(len(quantities))])))
		}
		return
	case reflect.TypeFor[api.Time]():
		v.Set(reflect.ValueOf(api.Time{Time: times[f.pick(len(times))]}))
		return
	case reflect.TypeFor[api.MicroTime]():
		v.Set(reflect.ValueOf(api.MicroTime{Time: times[f.pick(len(times))]}))
		return
	case reflect.TypeFor[json.RawMessage]():
		switch {
		case f.hostile && f.pick(4) == 0:
			v.SetBytes([]byte(`{"a":`))
		case f.pick(4) > 0:
			v.SetBytes([]byte(raws[f.pick(len(raws))]))
		}
		return
	case reflect.TypeFor[json.Number]():
		n := []string{"0", "1.50", "-2e10", ""}
		if f.hostile {
			n = append(n, "abc", "01")
		}
		v.SetString(n[f.pick(len(n))])
		return
	}
	switch t.Kind() {
	case reflect.Bool:
		v.SetBool(f.pick(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(ints[f.pick(len(ints))])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(ints[f.pick(len(ints))]))
	case reflect.Float32, reflect.Float64:
		x := floats[f.pick(len(floats))]
		if f.hostile && f.pick(3) == 0 {
			x = []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[f.pick(3)]
		}
		v.SetFloat(x)
	case reflect.String:
		v.SetString(strs[f.pick(len(strs))])
	case reflect.Pointer:
		if depth > 0 && f.pick(4) > 0 {
			n := reflect.New(t.Elem())
			f.fill(n.Elem(), depth-1)
			v.Set(n)
		}
	case reflect.Slice:
		switch c := f.pick(4); {
		case c == 0 || depth <= 0:
		case c == 1:
			v.Set(reflect.MakeSlice(t, 0, 0))
		default:
			n := 1 + f.pick(3)
			s := reflect.MakeSlice(t, n, n)
			for i := 0; i < n; i++ {
				f.fill(s.Index(i), depth-1)
			}
			v.Set(s)
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			f.fill(v.Index(i), depth-1)
		}
	case reflect.Map:
		switch c := f.pick(4); {
		case c == 0 || depth <= 0:
		case c == 1:
			v.Set(reflect.MakeMap(t))
		default:
			m := reflect.MakeMap(t)
			for i, n := 0, 1+f.pick(5); i < n; i++ {
				k := reflect.New(t.Key()).Elem()
				f.fill(k, depth-1)
				e := reflect.New(t.Elem()).Elem()
				f.fill(e, depth-1)
				m.SetMapIndex(k, e)
			}
			v.Set(m)
		}
	case reflect.Interface:
		if depth > 0 {
			if c := f.candidate(t, depth-1); c.IsValid() {
				v.Set(c)
			}
		}
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			sf := t.Field(i)
			if !sf.IsExported() && !(sf.Anonymous && sf.Type.Kind() == reflect.Struct) {
				continue
			}
			// Through its address: an unexported embedded struct's promoted
			// fields are encoded too.
			fv := reflect.NewAt(sf.Type, unsafe.Pointer(v.Field(i).UnsafeAddr())).Elem()
			f.fill(fv, depth)
		}
	}
}

// candidate is a value for an interface of type t, or none.
func (f *filler) candidate(t reflect.Type, depth int) reflect.Value {
	if t == reflect.TypeFor[api.Object]() {
		if f.pick(5) == 0 {
			return reflect.Value{}
		}
		return reflect.ValueOf(f.object(depth))
	}
	var cs []any
	for _, c := range []any{nil, "str <&>", 1.5, -0.0, true, json.Number("3.25"), int64(-3), uint8(7), []string{"b", "a"},
		map[string]any{"b": 1.0, "a": "x", "é": nil}, []any{"<", 2.0, map[string]any{}}, map[string]int{"z": 1, "y": 2},
		valueM{S: "v"}, &valueM{S: "p"}, ptrM{N: 1}, &ptrM{N: 2}, valT(3), &ptrT{N: 4}, ptrT{N: 5}, (*ptrM)(nil), nameStr("n")} {
		if c == nil || reflect.TypeOf(c).Implements(t) {
			cs = append(cs, c)
		}
	}
	c := cs[f.pick(len(cs))]
	if c == nil {
		return reflect.Value{}
	}
	if m, ok := c.(map[string]any); ok && depth > 0 && f.pick(2) == 0 {
		m = map[string]any{"nested": f.candidate(t, depth-1).Interface(), "<k>": strs[f.pick(len(strs))]}
		c = m
	}
	return reflect.ValueOf(c)
}

// object is an object of a random kind of the registry, filled.
func (f *filler) object(depth int) api.Object {
	rs := api.Resources()
	r := rs[f.pick(len(rs))]
	o := r.New()
	f.fill(reflect.ValueOf(o).Elem(), depth)
	return o
}

// kinds are a new object of every kind New knows, with the typed lists.
func kinds(t *testing.T) []func() any {
	var out []func() any
	for _, r := range api.Resources() {
		out = append(out, func() any { return r.New() })
	}
	for _, gvk := range [][2]string{{"policy/v1", "Eviction"}, {"authentication.k8s.io/v1", "TokenRequest"}} {
		if _, err := api.New(gvk[0], gvk[1]); err != nil {
			t.Fatal(err)
		}
		out = append(out, func() any { o, _ := api.New(gvk[0], gvk[1]); return o })
	}
	for _, l := range []any{api.DeploymentList{}, api.ReplicaSetList{}, api.DaemonSetList{}, api.StatefulSetList{}, api.JobList{},
		api.CronJobList{}, api.LeaseList{}, api.EndpointsList{}, api.NamespaceList{}, api.EventList{}, api.ServiceAccountList{},
		api.ConfigMapList{}, api.SecretList{}, api.ResourceQuotaList{}, api.LimitRangeList{}, api.NodeList{}, api.PodList{},
		api.ServiceList{}, api.PersistentVolumeList{}, api.PersistentVolumeClaimList{}, api.StorageClassList{},
		api.EndpointSliceList{}, api.List{}, api.IngressList{}, api.PodDisruptionBudgetList{}, api.RoleList{},
		api.ClusterRoleList{}, api.RoleBindingList{}, api.ClusterRoleBindingList{}, api.PriorityClassList{},
		api.JSONSchemaProps{}, api.CustomObject{}, api.Status{}} {
		lt := reflect.TypeOf(l)
		out = append(out, func() any { return reflect.New(lt).Interface() })
	}
	return out
}

func TestEveryKindEncodesAsEncodingJSONDoes(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 3
	}
	for _, mk := range kinds(t) {
		name := reflect.TypeOf(mk()).Elem().Name()
		noFallback(t, reflect.TypeOf(mk()))
		same(t, name+" (zero)", mk())
		direct(t, name+" (zero)", mk())
		for seed := 1; seed <= seeds; seed++ {
			f := &filler{r: rand.New(rand.NewPCG(uint64(seed), 7)), hostile: seed%4 == 0}
			v := mk()
			f.fill(reflect.ValueOf(v).Elem(), 4)
			what := fmt.Sprintf("%s (seed %d)", name, seed)
			same(t, what, v)
			same(t, what+" as a value", reflect.ValueOf(v).Elem().Interface())
			if !f.hostile {
				direct(t, what, v)
			}
		}
	}
}

// Types for encoding/json's rules.

type valueM struct{ S string }

// MarshalJSON writes JSON for encoding/json to compact and escape.
func (v valueM) MarshalJSON() ([]byte, error) {
	return []byte(" { \"s\" : " + strconv.Quote(v.S) + " , \"h\":\"<&> \u2028\" } "), nil
}

type ptrM struct{ N int }

// MarshalJSON is called on a nil *ptrM too, held by an interface with the method.
func (p *ptrM) MarshalJSON() ([]byte, error) {
	if p == nil {
		return []byte(`"nil"`), nil
	}
	return []byte(strconv.Itoa(p.N * 10)), nil
}

type ptrT struct{ N int }

func (p *ptrT) MarshalText() ([]byte, error) {
	return []byte("text<" + strconv.Itoa(p.N) + ">\xff"), nil
}

type valT int

func (v valT) MarshalText() ([]byte, error) { return []byte(fmt.Sprintf("t%d", int(v))), nil }
func (v valT) String() string               { return "valT" }

type nameStr string

func (n nameStr) String() string { return string(n) }

type errM struct{ Fail bool }

func (e errM) MarshalJSON() ([]byte, error) {
	if e.Fail {
		return nil, errors.New("refused")
	}
	return []byte(`"ok"`), nil
}

type badM struct{ Kind int }

func (b badM) MarshalJSON() ([]byte, error) {
	switch b.Kind % 4 {
	case 0:
		return []byte(`{"bad":`), nil
	case 1:
		return nil, nil
	case 2:
		return []byte(`12 13`), nil
	}
	return []byte("\"ctl\x01\""), nil
}

type zeroV struct{ A int }

func (z zeroV) IsZero() bool { return z.A == 42 }

type zeroP struct{ A int }

func (z *zeroP) IsZero() bool { return z.A == 42 }

type textKey string

func (k textKey) MarshalText() ([]byte, error) { return []byte("never"), nil }

type intTextKey int

func (k intTextKey) MarshalText() ([]byte, error) { return []byte("k" + strconv.Itoa(int(k))), nil }

type Inner struct {
	A  string `json:"a"`
	B  int    `json:"b,omitempty"`
	X  string
	Y2 string `json:"Y"`
}

type inner2 struct{ Q int }

// Other's X ties with Inner's (neither is written where both are
// embedded); its Y loses to Inner's tagged one.
type Other struct {
	X string
	Y string
}

type Name string

type node struct {
	Name string           `json:"name"`
	Kids []node           `json:"kids,omitempty"`
	Next *node            `json:"next,omitempty"`
	M    map[string]node  `json:"m,omitempty"`
	P    map[string]*node `json:"p"`
}

type edges struct {
	Inner
	inner2
	Name
	Other `json:"other"`
	Dup   struct {
		Inner
		Other
	}
	Tagged struct {
		Inner
		Z string `json:"X"`
	}
	S         string              `json:"s,omitempty"`
	Amp       string              `json:"a<b>&c"`
	Bad       string              `json:"bad\"name"`
	Dash      string              `json:"-,"`
	Skip      string              `json:"-"`
	I8        int8                `json:",omitempty"`
	I16       int16               `json:"i16,omitempty"`
	U         uint                `json:"u,omitempty"`
	U16       uint16              `json:"u16"`
	Up        uintptr             `json:"up"`
	F32       float32             `json:"f32,omitempty"`
	F64       float64             `json:"f64,omitempty"`
	Arr       [3]int              `json:"arr"`
	Arr0      [0]int              `json:"arr0,omitempty"`
	Bytes     []byte              `json:"bytes,omitempty"`
	ByteArr   [4]byte             `json:"byteArr"`
	Any       any                 `json:"any,omitempty"`
	Stringer  fmt.Stringer        `json:"stringer"`
	Marshaler json.Marshaler      `json:"marshaler"`
	Num       json.Number         `json:"num"`
	VM        valueM              `json:"vm"`
	VMp       *valueM             `json:"vmp"`
	PM        ptrM                `json:"pm"`
	PMp       *ptrM               `json:"pmp,omitempty"`
	PMs       []ptrM              `json:"pms"`
	PMa       [2]ptrM             `json:"pma"`
	PMm       map[string]ptrM     `json:"pmm"`
	PMpm      map[string]*ptrM    `json:"pmpm"`
	PT        ptrT                `json:"pt"`
	VT        valT                `json:"vt"`
	VTm       map[valT]int        `json:"vtm"`
	TK        map[textKey]int     `json:"tk"`
	ITK       map[intTextKey]int  `json:"itk"`
	IK        map[int16]string    `json:"ik"`
	UK        map[uint64]bool     `json:"uk"`
	ZV        zeroV               `json:"zv,omitzero"`
	ZP        zeroP               `json:"zp,omitzero"`
	ZPp       *zeroP              `json:"zpp,omitzero"`
	ZS        Inner               `json:"zs,omitzero"`
	ZF        float64             `json:"zf,omitzero"`
	ZBoth     []int               `json:"zboth,omitempty,omitzero"`
	ZI        fmt.Stringer        `json:"zi,omitzero"`
	Tree      *node               `json:"tree"`
	Str       int64               `json:"str,string"`
	PP        **int               `json:"pp"`
	MS        map[string][]string `json:"ms,omitempty"`
	MSN       map[Name]Name       `json:"msn"`
}

type withEmbeddedPointer struct {
	*Inner
	N int `json:"n"`
}

func TestEncodingJSONRulesHold(t *testing.T) {
	for seed := 0; seed <= 60; seed++ {
		f := &filler{r: rand.New(rand.NewPCG(uint64(seed), 9)), hostile: seed%5 == 4}
		for _, mk := range []func() any{func() any { return new(edges) }, func() any { return new(withEmbeddedPointer) },
			func() any { return new(node) }, func() any { return new(map[string]edges) }, func() any { return new([]any) }} {
			v := mk()
			if seed > 0 {
				f.fill(reflect.ValueOf(v).Elem(), 5)
			}
			what := fmt.Sprintf("%T (seed %d)", v, seed)
			same(t, what, v)
			same(t, what+" as a value", reflect.ValueOf(v).Elem().Interface())
		}
	}
	for i := range 4 {
		same(t, "bad MarshalJSON output", badM{Kind: i})
		same(t, "bad MarshalJSON output in a struct", &struct{ B badM }{badM{Kind: i}})
	}
	same(t, "MarshalJSON error", map[string]errM{"a": {}, "b": {Fail: true}})
	same(t, "MarshalJSON", []errM{{}})
	same(t, "nil", nil)
	same(t, "nil pointer", (*edges)(nil))
	same(t, "top-level pointer-receiver marshaler, not addressable", ptrM{N: 3})
	same(t, "top-level pointer-receiver marshaler, addressable", &ptrM{N: 3})
	same(t, "pointer to pointer", func() any { p := &ptrM{N: 4}; return &p }())
	same(t, "channel", struct{ C chan int }{})
	same(t, "function", map[string]any{"f": func() {}})
	same(t, "complex", []complex128{1})
	same(t, "NaN", []float64{math.NaN()})
	same(t, "float32 cut-offs", []float32{1e-6, 9.999999e-7, 1e21, 9.9999e20, -0.0000011})
	same(t, "float64 exponent", []float64{1e-7, 1e-10, 1.5e-100, 1e21, 1.234e25})
	same(t, "empty vs nil", struct {
		A, B []int
		C, D map[string]int
		E, F []byte
	}{A: []int{}, C: map[string]int{}, E: []byte{}})
}

func TestCyclesAndDeepNesting(t *testing.T) {
	deep := &node{Name: "0"}
	for i, n := 1, deep; i < 1500; i++ {
		n.Next = &node{Name: strconv.Itoa(i)}
		n = n.Next
	}
	same(t, "1500 nested pointers", deep)
	cyc := &node{Name: "c"}
	cyc.Next = cyc
	same(t, "a pointer cycle", cyc)
	m := map[string]any{}
	m["m"] = m
	same(t, "a map cycle", m)
	s := []any{nil}
	s[0] = s
	same(t, "a slice cycle", s)
}

// Same is same for the tests of package jsonenc_test.
var Same = same

// boundPod is a SchedulingBasic pod as etcd holds it once bound.
const boundPod = `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"pod-00001","namespace":"default","uid":"8e2551ea-a648-416f-8594-d20aaeb40492","generation":1,"creationTimestamp":"2026-01-05T09:00:00Z"},"spec":{"volumes":[{"name":"kube-api-access-sbxg7","projected":{"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},{"configMap":{"name":"kube-root-ca.crt","items":[{"key":"ca.crt","path":"ca.crt"}]}},{"downwardAPI":{"items":[{"path":"namespace","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"}}]}}],"defaultMode":420}}],"containers":[{"name":"pause","image":"registry.k8s.io/pause:3.10","ports":[{"containerPort":80,"protocol":"TCP"}],"resources":{"limits":{"cpu":"100m","memory":"500Mi"},"requests":{"cpu":"100m","memory":"500Mi"}},"volumeMounts":[{"name":"kube-api-access-sbxg7","readOnly":true,"mountPath":"/var/run/secrets/kubernetes.io/serviceaccount"}],"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","serviceAccountName":"default","nodeName":"scheduler-perf-00042","securityContext":{},"schedulerName":"default-scheduler","tolerations":[{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}],"priority":0,"enableServiceLinks":true,"preemptionPolicy":"PreemptLowerPriority"},"status":{"phase":"Pending","conditions":[{"type":"PodScheduled","status":"True","lastProbeTime":null,"lastTransitionTime":"2026-01-05T09:00:01Z"}],"qosClass":"Guaranteed"}}`

func benchPod(b *testing.B, marshal func(any) ([]byte, error)) {
	var p api.Pod
	if err := json.Unmarshal([]byte(boundPod), &p); err != nil {
		b.Fatal(err)
	}
	if out, _ := marshal(&p); string(out) != boundPod {
		b.Fatalf("encodes as %s", out)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := marshal(&p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBoundPod(b *testing.B)             { benchPod(b, Marshal) }
func BenchmarkBoundPodEncodingJSON(b *testing.B) { benchPod(b, json.Marshal) }
