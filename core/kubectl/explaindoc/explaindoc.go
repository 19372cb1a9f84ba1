// Package explaindoc is what kubectl explain reads from the apiserver's OpenAPI v3 documents: for every kind
// kubeplay serves, Kubernetes v1.35's published schemas (openapi.json, made by ./gen from the
// k8s.io/kubernetes module's api/openapi-spec/v3, Apache-2.0), and their rendering in kubectl explain's
// plaintext layout (render.go).
//
// Natively the document is compiled in. The browser's wasm leaves it out of the first download: the page
// fetches openapi.json the first time a command mentions explain and hands it over with Provide.
package explaindoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
)

// Schema is the part of an OpenAPI v3 schema that explain shows.
type Schema struct {
	Description string             `json:"description,omitempty"`
	Type        string             `json:"type,omitempty"`
	Ref         string             `json:"$ref,omitempty"`
	AllOf       []*Schema          `json:"allOf,omitempty"`
	Items       *Schema            `json:"items,omitempty"`
	Properties  map[string]*Schema `json:"properties,omitempty"`
	Required    []string           `json:"required,omitempty"`
	Enum        []any              `json:"enum,omitempty"`
	// AdditionalProperties is the schema of a map's values (nil when absent or a boolean).
	AdditionalProperties *Schema `json:"-"`
}

// UnmarshalJSON reads additionalProperties as a schema, ignoring its boolean form as explain does.
func (s *Schema) UnmarshalJSON(b []byte) error {
	type plain Schema
	var aux struct {
		*plain
		AP json.RawMessage `json:"additionalProperties"`
	}
	aux.plain = (*plain)(s)
	if err := json.Unmarshal(b, &aux); err != nil {
		return err
	}
	if ap := bytes.TrimSpace(aux.AP); len(ap) > 0 && ap[0] == '{' {
		s.AdditionalProperties = &Schema{}
		return json.Unmarshal(ap, s.AdditionalProperties)
	}
	return nil
}

// Doc is the served kinds' schemas: Kinds maps "apps/v1/Deployment" to its schema's name.
type Doc struct {
	Kinds   map[string]string  `json:"kinds"`
	Schemas map[string]*Schema `json:"schemas"`
}

const refPrefix = "#/components/schemas/"

// resolve returns the schema s refers to, or s itself.
func (d *Doc) resolve(s *Schema) *Schema {
	if s.Ref != "" {
		if r := d.Schemas[strings.TrimPrefix(s.Ref, refPrefix)]; r != nil {
			return r
		}
	}
	return s
}

var (
	loaded  *Doc
	loadErr error
)

// ErrNotLoaded: the browser has not provided the document yet.
var ErrNotLoaded = errors.New("the OpenAPI document is not loaded")

// Get returns the document, decoded on first use.
func Get() (*Doc, error) {
	if loaded != nil || loadErr != nil {
		return loaded, loadErr
	}
	data := source()
	if data == nil {
		return nil, ErrNotLoaded
	}
	var d Doc
	if err := json.Unmarshal(data, &d); err != nil {
		loadErr = err
		return nil, err
	}
	loaded = &d
	return loaded, nil
}
