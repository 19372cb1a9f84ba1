package api

import (
	"bytes"
	"encoding/json"
)

// JSONSchemaProps is the part of apiextensions.k8s.io/v1 JSONSchemaProps (a CRD version's
// openAPIV3Schema) that kubeplay reads: the structure of a custom resource and the value
// constraints the apiserver checks. Keywords it does not model (allOf, anyOf, oneOf, not, format,
// x-kubernetes-validations, ...) are ignored: the CRD keeps its schema as written.
type JSONSchemaProps struct {
	Description          string                     `json:"description,omitempty"`
	Type                 string                     `json:"type,omitempty"`
	Format               string                     `json:"format,omitempty"`
	Properties           map[string]JSONSchemaProps `json:"properties,omitempty"`
	Required             []string                   `json:"required,omitempty"`
	Items                *JSONSchemaProps           `json:"items,omitempty"`
	AdditionalProperties *JSONSchemaPropsOrBool     `json:"additionalProperties,omitempty"`
	Enum                 []any                      `json:"enum,omitempty"`
	Default              *any                       `json:"default,omitempty"`
	Nullable             bool                       `json:"nullable,omitempty"`
	Minimum              *float64                   `json:"minimum,omitempty"`
	Maximum              *float64                   `json:"maximum,omitempty"`
	ExclusiveMinimum     bool                       `json:"exclusiveMinimum,omitempty"`
	ExclusiveMaximum     bool                       `json:"exclusiveMaximum,omitempty"`
	MultipleOf           *float64                   `json:"multipleOf,omitempty"`
	MinLength            *int64                     `json:"minLength,omitempty"`
	MaxLength            *int64                     `json:"maxLength,omitempty"`
	Pattern              string                     `json:"pattern,omitempty"`
	MinItems             *int64                     `json:"minItems,omitempty"`
	MaxItems             *int64                     `json:"maxItems,omitempty"`
	UniqueItems          bool                       `json:"uniqueItems,omitempty"`
	MinProperties        *int64                     `json:"minProperties,omitempty"`
	MaxProperties        *int64                     `json:"maxProperties,omitempty"`

	XPreserveUnknownFields *bool `json:"x-kubernetes-preserve-unknown-fields,omitempty"`
	XEmbeddedResource      bool  `json:"x-kubernetes-embedded-resource,omitempty"`
	XIntOrString           bool  `json:"x-kubernetes-int-or-string,omitempty"`
}

// PreservesUnknownFields reports x-kubernetes-preserve-unknown-fields: true.
func (s *JSONSchemaProps) PreservesUnknownFields() bool {
	return s != nil && s.XPreserveUnknownFields != nil && *s.XPreserveUnknownFields
}

// JSONSchemaPropsOrBool is additionalProperties: false, true, or the schema of every other member.
type JSONSchemaPropsOrBool struct {
	Allows bool
	Schema *JSONSchemaProps
}

// UnmarshalJSON implements json.Unmarshaler.
func (s *JSONSchemaPropsOrBool) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "true":
		*s = JSONSchemaPropsOrBool{Allows: true}
		return nil
	case "false":
		*s = JSONSchemaPropsOrBool{}
		return nil
	}
	var p JSONSchemaProps
	if err := decodeSchema(b, &p); err != nil {
		return err
	}
	*s = JSONSchemaPropsOrBool{Allows: true, Schema: &p}
	return nil
}

// MarshalJSON implements json.Marshaler.
func (s JSONSchemaPropsOrBool) MarshalJSON() ([]byte, error) {
	if s.Schema != nil {
		return json.Marshal(s.Schema)
	}
	return json.Marshal(s.Allows)
}

// OpenAPISchema parses the version's openAPIV3Schema (nil when it has none).
func (v *CustomResourceDefinitionVersion) OpenAPISchema() (*JSONSchemaProps, error) {
	if v.Schema == nil || len(v.Schema.OpenAPIV3Schema) == 0 {
		return nil, nil
	}
	s := &JSONSchemaProps{}
	if err := decodeSchema(v.Schema.OpenAPIV3Schema, s); err != nil {
		return nil, err
	}
	return s, nil
}

// decodeSchema decodes a schema with numbers (enum, default) kept as json.Number.
func decodeSchema(b []byte, s *JSONSchemaProps) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	return dec.Decode(s)
}
