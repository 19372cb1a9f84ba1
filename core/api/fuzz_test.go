package api

import (
	"strings"
	"testing"
)

func hostileSeeds() []string {
	bomb := "a: &a [x,x,x,x,x,x,x,x,x]\n"
	prev := "a"
	for _, n := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		bomb += n + ": &" + n + " [" + strings.TrimSuffix(strings.Repeat("*"+prev+",", 9), ",") + "]\n"
		prev = n
	}
	return []string{
		nginxDeployment,
		bomb,
		strings.Repeat("[", 10000) + strings.Repeat("]", 10000),
		strings.Repeat("a:\n ", 500) + "b\n",
		"apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  name: y\n",
		"a: " + strings.Repeat("x", MaxManifestBytes+1),
		"apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata: {name: a}\n- 3\n",
		"<<: *undefined\n",
		"a: &x {b: 1}\nc:\n  <<: *x\n  d: 2\n",
		"---\n---\n--- # c\n",
		"apiVersion: v1\nkind: ConfigMap\ndata: {a: yes, b: 0777, c: 1e3, d: ~}\n",
		`{"apiVersion":"v1","kind":"Pod","spec":{"containers":[{"name":"a","resources":{"limits":{"cpu":"1e999"}}}]}}`,
	}
}

func FuzzParseManifests(f *testing.F) {
	for _, s := range hostileSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		ms, err := ParseManifests("fuzz.yaml", []byte(in))
		if err != nil {
			return
		}
		for _, m := range ms {
			_ = m.LineOf("spec.template.spec.containers[0].image")
			if m.Object != nil {
				_ = EncodeYAML(m.Object)
				_ = EncodeJSON(m.Object)
			}
		}
	})
}

func FuzzDecode(f *testing.F) {
	for _, s := range hostileSeeds() {
		f.Add(s)
	}
	f.Add(`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"a","name":"b"},"spec":{"replicas":"x"}}`)
	f.Add(strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000))
	f.Fuzz(func(t *testing.T, in string) {
		obj, _ := Decode([]byte(in))
		if obj != nil {
			_ = EncodeJSON(obj)
		}
	})
}

func FuzzParseQuantity(f *testing.F) {
	for _, s := range []string{"100m", "1.5Gi", "1e3", "-0.5", "9999999999999999999999Ei", "1e-100", "+.5n", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		q, err := ParseQuantity(in)
		if err != nil {
			return
		}
		s := q.String()
		q2, err := ParseQuantity(s)
		if err != nil {
			t.Fatalf("%q printed as %q which does not parse: %v", in, s, err)
		}
		if q.Cmp(q2) != 0 && q.Value() != 9223372036854775807 {
			t.Fatalf("%q -> %q changed value", in, s)
		}
		_ = q.MilliValue()
	})
}
