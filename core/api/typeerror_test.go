package api

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// TestTypeErrorsNameKubernetesGoTypes: a wrong JSON type is reported with
// the apiserver's Go type names (v1.ContainerPort).
func TestTypeErrorsNameKubernetesGoTypes(t *testing.T) {
	cases := map[string]string{
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"spec":{"containers":[{"name":"c","image":"x","ports":80}]}}`: "json: cannot unmarshal number into Go struct field Container.spec.containers.ports of type []v1.ContainerPort",
		`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"d"},"spec":{"replicas":"2"}}`:                         "json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32",
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","labels":["a"]}}`:                                              "json: cannot unmarshal array into Go struct field ObjectMeta.metadata.labels of type map[string]string",
	}
	for in, want := range cases {
		_, err := Decode([]byte(in))
		var te *json.UnmarshalTypeError
		if err == nil || err.Error() != want || !errors.As(err, &te) {
			t.Errorf("Decode(%s):\n got %v\nwant %s", in, err, want)
		}
	}
}

// TestDiscardedFieldsDecodeAsStringsAndAreNeverKept: metadata.selfLink and a
// Pod's status.resize are accepted as strings (no strict-decoding error),
// refused as anything else with the type error naming the Kubernetes type,
// kept nowhere and never encoded; and, being zero-size, they keep a Pod in
// the 1,152-byte malloc size class (1,144 bytes and Go's 8-byte header).
func TestDiscardedFieldsDecodeAsStringsAndAreNeverKept(t *testing.T) {
	obj, err := Decode([]byte(`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","selfLink":"/api/v1/namespaces/default/pods/p"},"status":{"resize":"InProgress","phase":"Pending"}}`))
	if err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"kind":"Pod","apiVersion":"v1","metadata":{"name":"p"},"spec":{"containers":null},"status":{"phase":"Pending"}}`; string(out) != want {
		t.Errorf("encoded %s\nwant    %s", out, want)
	}
	for in, want := range map[string]string{
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","selfLink":5}}`:           "json: cannot unmarshal number into Go struct field ObjectMeta.metadata.selfLink of type string",
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"},"status":{"resize":{}}}`: "json: cannot unmarshal object into Go struct field PodStatus.status.resize of type v1.PodResizeStatus",
	} {
		if _, err := Decode([]byte(in)); err == nil || err.Error() != want {
			t.Errorf("Decode(%s):\n got %v\nwant %s", in, err, want)
		}
	}
	if size := reflect.TypeFor[Pod]().Size(); size > 1144 {
		t.Errorf("a Pod is %d bytes: more than 1,144 puts it in the 1,280-byte size class", size)
	}
}
