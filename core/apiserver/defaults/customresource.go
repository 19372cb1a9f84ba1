package defaults

import (
	"sort"
	"strconv"

	"kubeplay/core/api"
)

// What apiextensions-apiserver's decoder does to a custom resource before admission and
// validation see it: structural pruning (pkg/apiserver/schema/pruning), then structural
// defaulting (pkg/apiserver/schema/defaulting). content is the object without apiVersion, kind
// and metadata, which are always kept.

// PruneCustomResource removes from content every field its schema s does not specify, except
// under x-kubernetes-preserve-unknown-fields, and the null values of non-nullable fields without
// a default. It returns the removed fields' paths, sorted ("spec.someRandomField",
// "spec.items[0].x"): a request with fieldValidation=Strict is refused with them as unknown fields.
func PruneCustomResource(content map[string]any, s *api.JSONSchemaProps) []string {
	var unknown []string
	prune(content, s, "", &unknown)
	dropNulls(content, s)
	sort.Strings(unknown)
	return unknown
}

func childPath(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func prune(x any, s *api.JSONSchemaProps, path string, unknown *[]string) {
	if s.PreservesUnknownFields() {
		skipPrune(x, s, path, unknown)
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			p := childPath(path, k)
			if s != nil {
				if prop, ok := s.Properties[k]; ok {
					prune(v, &prop, p, unknown)
					continue
				}
				if ap := s.AdditionalProperties; ap != nil {
					prune(v, ap.Schema, p, unknown)
					continue
				}
			}
			*unknown = append(*unknown, p)
			delete(x, k)
		}
	case []any:
		var items *api.JSONSchemaProps
		if s != nil {
			items = s.Items
		}
		for i, v := range x {
			prune(v, items, path+"["+strconv.Itoa(i)+"]", unknown)
		}
	}
}

// skipPrune keeps every field of x but prunes inside the ones its schema specifies.
func skipPrune(x any, s *api.JSONSchemaProps, path string, unknown *[]string) {
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			if prop, ok := s.Properties[k]; ok {
				prune(v, &prop, childPath(path, k), unknown)
			} else if ap := s.AdditionalProperties; ap != nil {
				prune(v, ap.Schema, childPath(path, k), unknown)
			}
		}
	case []any:
		if s.Items != nil {
			for i, v := range x {
				skipPrune(v, s.Items, path+"["+strconv.Itoa(i)+"]", unknown)
			}
		}
	}
}

// dropNulls is PruneNonNullableNullsWithoutDefaults.
func dropNulls(x any, s *api.JSONSchemaProps) {
	if s == nil {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for k, v := range x {
			prop, ok := s.Properties[k]
			if !ok && s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil {
				prop, ok = *s.AdditionalProperties.Schema, true
			}
			if !ok {
				continue
			}
			if v == nil && !prop.Nullable && prop.Default == nil {
				delete(x, k)
				continue
			}
			dropNulls(v, &prop)
		}
	case []any:
		for _, v := range x {
			dropNulls(v, s.Items)
		}
	}
}

// DefaultCustomResource sets the schema's defaults on content: a default fills a missing field
// (or a null one the schema does not allow to be null), and the fields it brings get theirs.
func DefaultCustomResource(content map[string]any, s *api.JSONSchemaProps) {
	applyDefaults(content, s)
}

func applyDefaults(x any, s *api.JSONSchemaProps) {
	if s == nil {
		return
	}
	switch x := x.(type) {
	case map[string]any:
		for k, prop := range s.Properties {
			if v, found := x[k]; prop.Default != nil && (!found || v == nil && !prop.Nullable) {
				x[k] = api.CopyJSONValue(*prop.Default)
			}
		}
		for k, v := range x {
			if prop, ok := s.Properties[k]; ok {
				applyDefaults(v, &prop)
			} else if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil {
				if v == nil && ap.Schema.Default != nil && !ap.Schema.Nullable {
					v = api.CopyJSONValue(*ap.Schema.Default)
					x[k] = v
				}
				applyDefaults(v, ap.Schema)
			}
		}
	case []any:
		for i, v := range x {
			if it := s.Items; it != nil && v == nil && it.Default != nil && !it.Nullable {
				v = api.CopyJSONValue(*it.Default)
				x[i] = v
			}
			applyDefaults(v, s.Items)
		}
	}
}
