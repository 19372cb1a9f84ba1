package validation_test

import (
	"encoding/json"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/validation"
)

// widgetSchema exercises every keyword the validator reads.
const widgetSchema = `{"type":"object","required":["spec"],"properties":{
  "spec":{"type":"object","required":["size"],"properties":{
    "size":{"type":"integer","minimum":1,"maximum":5},
    "ratio":{"type":"number","exclusiveMinimum":true,"minimum":0,"multipleOf":0.5},
    "name":{"type":"string","minLength":2,"maxLength":4,"pattern":"^[a-z]+$"},
    "mode":{"type":"string","enum":["on","off"]},
    "level":{"type":"integer","enum":[1,2]},
    "port":{"x-kubernetes-int-or-string":true},
    "note":{"type":"string","nullable":true},
    "tags":{"type":"array","minItems":1,"maxItems":2,"items":{"type":"string"}},
    "labels":{"type":"object","maxProperties":1,"additionalProperties":{"type":"string"}},
    "enabled":{"type":"boolean"}}}}}`

func widget(t *testing.T, spec string) *api.CustomObject {
	t.Helper()
	obj, err := api.DecodeCustom([]byte(`{"apiVersion":"example.com/v1","kind":"Widget","metadata":{"name":"w","namespace":"default"},"spec":` + spec + `}`))
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

func widgetSchemaProps(t *testing.T) *api.JSONSchemaProps {
	t.Helper()
	v := api.CustomResourceDefinitionVersion{Schema: &api.CustomResourceValidation{OpenAPIV3Schema: json.RawMessage(widgetSchema)}}
	s, err := v.OpenAPISchema()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCustomResourcesAreCheckedAgainstTheirSchema(t *testing.T) {
	gvk := api.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Widget"}
	tests := []struct {
		name, spec string
		want       []string
	}{
		{"a valid object", `{"size":3,"ratio":1.5,"name":"abc","mode":"on","level":2,"port":"http","note":null,"tags":["a"],"labels":{"a":"b"},"enabled":true}`, nil},
		{"an int-or-string takes a number", `{"size":3,"port":8080}`, nil},
		{"an integral float is an integer", `{"size":3.0}`, nil},
		{"a required field", `{}`, []string{"spec.size: Required value"}},
		{"a string for an integer", `{"size":"big"}`,
			[]string{`spec.size: Invalid value: "string": spec.size in body must be of type integer: "string"`}},
		{"a fraction for an integer", `{"size":2.5}`,
			[]string{`spec.size: Invalid value: "number": spec.size in body must be of type integer: "number"`}},
		{"a number for an int-or-string", `{"size":1,"port":true}`,
			[]string{`spec.port: Invalid value: "boolean": spec.port in body must be of type integer,string: "boolean"`}},
		{"below the minimum and above the maximum", `{"size":0,"ratio":0}`, []string{
			`spec.ratio: Invalid value: 0: spec.ratio in body should be greater than 0`,
			`spec.size: Invalid value: 0: spec.size in body should be greater than or equal to 1`}},
		{"above the maximum", `{"size":6}`, []string{`spec.size: Invalid value: 6: spec.size in body should be less than or equal to 5`}},
		{"not a multiple", `{"size":1,"ratio":0.7}`, []string{`spec.ratio: Invalid value: 0.7: spec.ratio in body should be a multiple of 0.5`}},
		{"too long", `{"size":1,"name":"abcde"}`, []string{`spec.name: Too long: may not be more than 4 bytes`}},
		{"too short", `{"size":1,"name":"a"}`, []string{`spec.name: Invalid value: "a": spec.name in body should be at least 2 chars long`}},
		{"a pattern", `{"size":1,"name":"AB"}`, []string{`spec.name: Invalid value: "AB": spec.name in body should match '^[a-z]+$'`}},
		{"an enum of strings", `{"size":1,"mode":"auto"}`, []string{`spec.mode: Unsupported value: "auto": supported values: "on", "off"`}},
		{"an enum of numbers", `{"size":1,"level":3}`, []string{`spec.level: Unsupported value: 3: supported values: "1", "2"`}},
		{"array bounds and item types", `{"size":1,"tags":[1,"b","c"]}`, []string{
			`spec.tags[0]: Invalid value: "integer": spec.tags[0] in body must be of type string: "integer"`,
			`spec.tags: Too many: 3: must have at most 2 items`}},
		{"too few items", `{"size":1,"tags":[]}`, []string{`spec.tags: Invalid value: 0: spec.tags in body should have at least 1 items`}},
		{"map values and size", `{"size":1,"labels":{"a":"b","c":1}}`, []string{
			`spec.labels: Too many: 2: must have at most 1 items`,
			`spec.labels.c: Invalid value: "integer": spec.labels.c in body must be of type string: "integer"`}},
		{"a null where none is allowed", `{"size":1,"enabled":null}`,
			[]string{`spec.enabled: Invalid value: "null": spec.enabled in body must be of type boolean: "null"`}},
	}
	s := widgetSchemaProps(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, e := range validation.ValidateCustomResource(widget(t, tt.spec), nil, gvk, true, s) {
				got = append(got, e.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tt.want, "\n  "))
			}
		})
	}
}

func TestACustomResourceOfTheWrongKindIsRefusedFirst(t *testing.T) {
	gvk := api.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Gadget"}
	errs := validation.ValidateCustomResource(widget(t, `{}`), nil, gvk, true, widgetSchemaProps(t))
	if got := errs.Error(); got != `kind: Invalid value: "Widget": must be Gadget` {
		t.Errorf("got %s", got)
	}
}

func TestCRDSchemasMustBeStructural(t *testing.T) {
	tests := []struct{ name, schema, want string }{
		{"a structural schema", `{"type":"object","properties":{"spec":{"type":"object","properties":{"a":{"type":"array","items":{"type":"string"}},"b":{"x-kubernetes-preserve-unknown-fields":true},"c":{"x-kubernetes-int-or-string":true}}}}}`, ""},
		{"a field without a type", `{"type":"object","properties":{"spec":{"properties":{"replicas":{}}}}}`,
			"The CustomResourceDefinition \"widgets.example.com\" is invalid: \n" +
				"* spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[replicas].type: Required value: must not be empty for specified object fields\n" +
				"* spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields"},
		{"an array without items", `{"type":"object","properties":{"list":{"type":"array"}}}`,
			`The CustomResourceDefinition "widgets.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema.properties[list].items: Required value: must be specified`},
		{"a root that is not an object", `{"type":"string"}`,
			`The CustomResourceDefinition "widgets.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema.type: Invalid value: "string": must be object at the root`},
		{"uniqueItems", `{"type":"object","properties":{"list":{"type":"array","uniqueItems":true,"items":{"type":"string"}}}}`,
			`The CustomResourceDefinition "widgets.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema.properties[list].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`},
		{"metadata beyond name", `{"type":"object","properties":{"metadata":{"type":"object","properties":{"labels":{"type":"object"}}}}}`,
			`The CustomResourceDefinition "widgets.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema.properties[metadata]: Forbidden: must not specify anything other than name and generateName, but metadata is implicitly specified`},
		{"a bad pattern", `{"type":"object","properties":{"a":{"type":"string","pattern":"("}}}`,
			"The CustomResourceDefinition \"widgets.example.com\" is invalid: spec.versions[0].schema.openAPIV3Schema.properties[a].pattern: Invalid value: \"(\": must be a valid regular expression, but isn't: error parsing regexp: missing closing ): `(`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := apply(t, `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.example.com
spec:
  group: example.com
  scope: Namespaced
  names: {plural: widgets, kind: Widget}
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema: `+tt.schema+`
    additionalPrinterColumns:
    - {name: Size, type: integer, jsonPath: .spec.size}
`)
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
