package api

import (
	"encoding/json"
	"errors"
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
