package kubectl

import (
	"kubeplay/core/api"
	"kubeplay/core/kubectl/explaindoc"
)

// customSchema is the schema kube-apiserver publishes for a custom resource: its CRD version's
// openAPIV3Schema, with apiVersion, kind and metadata as every kind has them.
func customSchema(doc *explaindoc.Doc, info *api.ResourceInfo) *explaindoc.Schema {
	s, err := info.Custom.OpenAPISchema()
	if err != nil || s == nil {
		s = &api.JSONSchemaProps{Type: "object"}
	}
	root := fromJSONSchema(s)
	if root.Properties == nil {
		root.Properties = map[string]*explaindoc.Schema{}
	}
	for name, f := range doc.ObjectFields() {
		if _, ok := root.Properties[name]; !ok && f != nil {
			root.Properties[name] = f
		}
	}
	return root
}

func fromJSONSchema(s *api.JSONSchemaProps) *explaindoc.Schema {
	out := &explaindoc.Schema{Description: s.Description, Type: s.Type, Required: s.Required, Enum: s.Enum}
	if len(s.Properties) > 0 {
		out.Properties = map[string]*explaindoc.Schema{}
		for name, p := range s.Properties {
			out.Properties[name] = fromJSONSchema(&p)
		}
	}
	if s.Items != nil {
		out.Items = fromJSONSchema(s.Items)
	}
	if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil {
		out.AdditionalProperties = fromJSONSchema(ap.Schema)
	}
	return out
}
