package kubectl

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
)

// metaFields are the fields every object has: a custom resource's are
// explained from kubeplay's types like a built-in kind's.
var metaFields = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

// explainCustom is kubectl explain of a custom resource, from the
// openAPIV3Schema of its CRD version (what the apiserver publishes for it),
// in the layout of the built-in kinds, with the schema's descriptions.
func (inv *invocation) explainCustom(info *api.ResourceInfo, path []string) error {
	s, err := info.Custom.OpenAPISchema()
	if err != nil || s == nil {
		s = &api.JSONSchemaProps{Type: "object"}
	}
	var b strings.Builder
	explainHeader(&b, info)
	for i, p := range path {
		for s.Items != nil {
			s = s.Items
		}
		child, ok := s.Properties[p]
		if !ok {
			return fmt.Errorf("field %q does not exist", p)
		}
		s = &child
		if i == len(path)-1 {
			fmt.Fprintf(&b, "FIELD: %s <%s>\n\n", p, schemaTypeName(s))
		}
	}
	desc := s.Description
	if desc == "" {
		desc = "<empty>"
	}
	b.WriteString("DESCRIPTION:\n    " + strings.ReplaceAll(desc, "\n", "\n    ") + "\n")
	var extra []string
	if len(path) == 0 {
		extra = []string{"apiVersion\t<string>", "kind\t<string>", "metadata\t<ObjectMeta>"}
	}
	writeSchemaFields(&b, s, extra, 1, inv.f.boolean("recursive"))
	b.WriteString("\n")
	fmt.Fprint(inv.out, b.String())
	return nil
}

// writeSchemaFields lists the fields of an object schema (of its items for an
// array, of its values for a map), sorted, with their types and -required-;
// extra are more "name\t<type>" lines to sort in.
func writeSchemaFields(b *strings.Builder, s *api.JSONSchemaProps, extra []string, depth int, recursive bool) {
	for s.Items != nil {
		s = s.Items
	}
	if ap := s.AdditionalProperties; ap != nil && ap.Schema != nil && len(s.Properties) == 0 {
		s = ap.Schema
	}
	type line struct {
		name, text string
		sub        *api.JSONSchemaProps
	}
	var lines []line
	for _, e := range extra {
		name, _, _ := strings.Cut(e, "\t")
		lines = append(lines, line{name: name, text: e})
	}
	for name, p := range s.Properties {
		if depth == 1 && len(extra) > 0 && metaFields[name] {
			continue
		}
		text := fmt.Sprintf("%s\t<%s>", name, schemaTypeName(&p))
		for _, r := range s.Required {
			if r == name {
				text += " -required-"
			}
		}
		lines = append(lines, line{name, text, &p})
	}
	if len(lines) == 0 {
		return
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].name < lines[j].name })
	if depth == 1 {
		b.WriteString("FIELDS:\n")
	}
	for _, l := range lines {
		b.WriteString(strings.Repeat("  ", depth) + l.text + "\n")
		if recursive && l.sub != nil {
			writeSchemaFields(b, l.sub, nil, depth+1, true)
		}
	}
}

// schemaTypeName is explain's type of a schema node (its typeGuess): []T for
// arrays, map[string]T for maps, Object for objects and untyped nodes.
func schemaTypeName(s *api.JSONSchemaProps) string {
	switch {
	case s.Items != nil:
		return "[]" + schemaTypeName(s.Items)
	case s.AdditionalProperties != nil && s.AdditionalProperties.Schema != nil:
		return "map[string]" + schemaTypeName(s.AdditionalProperties.Schema)
	case s.Type == "" || s.Type == "object":
		return "Object"
	}
	return s.Type
}
