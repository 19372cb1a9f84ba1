package api

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestACustomObjectRoundTripsThroughJSON(t *testing.T) {
	in := `{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"x","namespace":"default","labels":{"a":"b"}},"spec":{"cronSpec":"* * * * */5","replicas":3,"ratio":1.5,"tags":["a",null]},"status":{"ok":true}}`
	var o CustomObject
	if err := json.Unmarshal([]byte(in), &o); err != nil {
		t.Fatal(err)
	}
	if o.Kind != "CronTab" || o.Name != "x" || o.Labels["a"] != "b" {
		t.Errorf("typed parts: %+v", o)
	}
	if got := o.Content["spec"].(map[string]any)["replicas"]; got != json.Number("3") {
		t.Errorf("numbers stay json.Number: %#v", got)
	}
	out, err := json.Marshal(&o)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"x","namespace":"default","labels":{"a":"b"}},"spec":{"cronSpec":"* * * * */5","ratio":1.5,"replicas":3,"tags":["a",null]},"status":{"ok":true}}`
	if string(out) != want {
		t.Errorf("marshal:\n%s\nwant\n%s", out, want)
	}
	if c := DeepCopyAs(&o); c.Content["spec"].(map[string]any)["cronSpec"] != "* * * * */5" {
		t.Errorf("deep copy lost the content: %+v", c)
	}
}

func TestDecodeCustomIsStrictAboutMetadataOnly(t *testing.T) {
	o, err := DecodeCustom([]byte(`{"apiVersion":"stable.example.com/v1","kind":"CronTab","metadata":{"name":"x","nmae":"y"},"spec":{"anything":1}}`))
	if err == nil || err.Error() != `strict decoding error: unknown field "metadata.nmae"` {
		t.Errorf("got %v", err)
	}
	if o == nil || o.Name != "x" || o.Content["spec"] == nil {
		t.Errorf("the object is decoded all the same: %+v", o)
	}
}

func TestDiscoveryPrefersTheHighestServedVersion(t *testing.T) {
	crd := &CustomResourceDefinition{Spec: CustomResourceDefinitionSpec{Group: "stable.example.com", Scope: "Cluster",
		Names: CustomResourceDefinitionNames{Plural: "crontabs", Kind: "CronTab", ShortNames: []string{"ct"}},
		Versions: []CustomResourceDefinitionVersion{{Name: "v1alpha1", Served: true}, {Name: "v2", Served: false},
			{Name: "v1beta2", Served: true}, {Name: "v1", Served: true, Storage: true}, {Name: "foo", Served: true}}}}
	r := CustomResourceInfo(crd)
	if r.Version != "v1" || r.Singular != "crontab" || r.ListKind != "CronTabList" || r.Namespaced {
		t.Errorf("info: %+v", r)
	}
	if o := r.New(); o.GetTypeMeta().APIVersion != "stable.example.com/v1" || o.GetTypeMeta().Kind != "CronTab" {
		t.Errorf("New: %+v", o.GetTypeMeta())
	}
	// GA before beta before alpha whatever the major version (the CRD versioning docs' order).
	order := []string{"foo", "v1alpha1", "v10", "v1beta2", "v1", "v2beta1", "bar"}
	for i := 0; i < len(order); i++ {
		for j := i + 1; j < len(order); j++ {
			if kubeVersionLess(order[i], order[j]) {
				order[i], order[j] = order[j], order[i]
			}
		}
	}
	if got := strings.Join(order, " "); got != "v10 v1 v2beta1 v1beta2 v1alpha1 bar foo" {
		t.Errorf("priority order %s", got)
	}
	for _, name := range []string{"crontabs", "CronTab", "ct", "crontab.stable.example.com", "ct.v1.stable.example.com"} {
		if !r.Matches(name) {
			t.Errorf("%q should name crontabs", name)
		}
	}
	if r.Matches("crontabs.example.com") || r.Matches("cron") {
		t.Errorf("matched a name it should not")
	}
}
