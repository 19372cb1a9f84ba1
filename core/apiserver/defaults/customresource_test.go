package defaults_test

import (
	"encoding/json"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/defaults"
)

func schema(t *testing.T, s string) *api.JSONSchemaProps {
	t.Helper()
	v := api.CustomResourceDefinitionVersion{Schema: &api.CustomResourceValidation{OpenAPIV3Schema: json.RawMessage(s)}}
	p, err := v.OpenAPISchema()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func content(t *testing.T, s string) map[string]any {
	t.Helper()
	v, err := api.DecodeJSONValue([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.(map[string]any)
}

func TestPruningKeepsWhatTheSchemaSpecifies(t *testing.T) {
	s := schema(t, `{"type":"object","properties":{
	  "spec":{"type":"object","properties":{
	    "a":{"type":"string"},
	    "list":{"type":"array","items":{"type":"object","properties":{"x":{"type":"integer"}}}},
	    "json":{"type":"object","x-kubernetes-preserve-unknown-fields":true,"properties":{"spec":{"type":"object","properties":{"foo":{"type":"string"}}}}},
	    "labels":{"type":"object","additionalProperties":{"type":"string"}},
	    "gone":{"type":"string"}}}}}`)
	c := content(t, `{"spec":{"a":"x","b":1,"list":[{"x":1,"y":2}],
	  "json":{"spec":{"foo":"abc","something":"x"},"status":{"something":"x"}},
	  "labels":{"k":"v"},"gone":null},"extra":true}`)
	unknown := defaults.PruneCustomResource(c, s)
	if got, want := strings.Join(unknown, ","), "extra,spec.b,spec.json.spec.something,spec.list[0].y"; got != want {
		t.Errorf("unknown fields %s, want %s", got, want)
	}
	got, _ := json.Marshal(c)
	want := `{"spec":{"a":"x","json":{"spec":{"foo":"abc"},"status":{"something":"x"}},"labels":{"k":"v"},"list":[{"x":1}]}}`
	if string(got) != want {
		t.Errorf("pruned to\n%s\nwant\n%s", got, want)
	}
}

func TestDefaultsFillWhatIsMissing(t *testing.T) {
	s := schema(t, `{"type":"object","properties":{
	  "spec":{"type":"object","default":{},"properties":{
	    "replicas":{"type":"integer","default":1},
	    "cronSpec":{"type":"string","default":"5 0 * * *"},
	    "ports":{"type":"array","items":{"type":"object","properties":{"protocol":{"type":"string","default":"TCP"}}}},
	    "note":{"type":"string","nullable":true,"default":"n"}}}}}`)
	c := content(t, `{}`)
	defaults.DefaultCustomResource(c, s)
	got, _ := json.Marshal(c)
	if want := `{"spec":{"cronSpec":"5 0 * * *","note":"n","replicas":1}}`; string(got) != want {
		t.Errorf("defaulted to %s, want %s", got, want)
	}
	c = content(t, `{"spec":{"replicas":3,"note":null,"ports":[{"port":80}]}}`)
	defaults.DefaultCustomResource(c, s)
	got, _ = json.Marshal(c)
	if want := `{"spec":{"cronSpec":"5 0 * * *","note":null,"ports":[{"port":80,"protocol":"TCP"}],"replicas":3}}`; string(got) != want {
		t.Errorf("defaulted to %s, want %s", got, want)
	}
}
