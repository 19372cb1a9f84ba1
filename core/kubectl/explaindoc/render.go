package explaindoc

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
)

// Explain renders kubectl explain's plaintext output for group/version/kind and a field path: GROUP, KIND
// and VERSION; then FIELD (the last path element, with its ENUM), DESCRIPTION (the field's and its type's,
// wrapped at 76 columns) and FIELDS, each with its type, -required-, its first four enum values and its
// description, or with --recursive the field tree without descriptions.
func (d *Doc) Explain(group, version, kind string, path []string, recursive bool) (string, error) {
	av := version
	if group != "" {
		av = group + "/" + version
	}
	name, ok := d.Kinds[av+"/"+kind]
	root := d.Schemas[name]
	if !ok || root == nil {
		return "", fmt.Errorf("GVK %s, Kind=%s not found in OpenAPI schema", av, kind)
	}
	return d.Render(group, version, kind, root, path, recursive)
}

// Render is Explain for a kind whose schema is root (a custom resource's, made from its CRD); its
// references resolve in d.
func (d *Doc) Render(group, version, kind string, root *Schema, path []string, recursive bool) (string, error) {
	var b strings.Builder
	if group != "" {
		fmt.Fprintf(&b, "GROUP:      %s\n", group)
	}
	fmt.Fprintf(&b, "KIND:       %s\nVERSION:    %s\n\n", kind, version)
	out := d.output(root, path, nil, recursive)
	if out == "" {
		return "", fmt.Errorf("field %q does not exist", path[len(path)-1])
	}
	b.WriteString(out)
	b.WriteString("\n")
	return b.String(), nil
}

// ObjectFields are the apiVersion, kind and metadata properties every kind's schema has (kube-apiserver
// adds them to a custom resource's published schema with the same descriptions).
func (d *Doc) ObjectFields() map[string]*Schema {
	out := map[string]*Schema{}
	if cm := d.Schemas[d.Kinds["v1/ConfigMap"]]; cm != nil {
		for _, f := range []string{"apiVersion", "kind", "metadata"} {
			out[f] = cm.Properties[f]
		}
	}
	return out
}

// with returns a copy of history that also holds ref.
func with(history map[string]bool, ref string) map[string]bool {
	h := make(map[string]bool, len(history)+1)
	for k := range history {
		h[k] = true
	}
	h[ref] = true
	return h
}

// output follows path from s; at its end it writes the description and the field list. It returns "" when
// the path does not lead anywhere (or runs into a reference already on it).
func (d *Doc) output(s *Schema, path []string, history map[string]bool, recursive bool) string {
	next := with(history, s.Ref)
	res := d.resolve(s)
	var b strings.Builder
	switch {
	case len(path) == 0:
		desc := d.description(res)
		if desc == "" {
			desc = "<empty>"
		}
		b.WriteString("DESCRIPTION:\n" + indent(4, wrap(76, desc)) + "\n")
		if fl := d.fieldList(res, 1, nil, recursive); fl != "" {
			b.WriteString("FIELDS:\n" + fl)
		}
	case s.Ref != "" && history[s.Ref]:
		// a cycle
	case res.Properties[path[0]] != nil && !empty(res.Properties[path[0]]):
		sub := res.Properties[path[0]]
		if len(path) == 1 {
			fmt.Fprintf(&b, "FIELD: %s <%s>\n%s\n\n", path[0], d.typeGuess(sub), enumList(sub, true, -1, 0))
		}
		rest := d.output(sub, path[1:], map[string]bool{}, recursive)
		if rest == "" {
			return ""
		}
		b.WriteString(rest)
	case res.Items != nil:
		return d.output(res.Items, path, next, recursive)
	case res.AdditionalProperties != nil:
		return d.output(res.AdditionalProperties, path, next, recursive)
	default:
		for _, a := range res.AllOf {
			if o := d.output(a, path, next, recursive); o != "" {
				return o
			}
		}
	}
	return b.String()
}

// empty reports a schema with nothing explain could show (a template treats it as absent).
func empty(s *Schema) bool {
	return s.Description == "" && s.Type == "" && s.Ref == "" && len(s.AllOf) == 0 && s.Items == nil &&
		len(s.Properties) == 0 && len(s.Required) == 0 && len(s.Enum) == 0 && s.AdditionalProperties == nil
}

// description is the schema's own description, then those of what it is made of (allOf, items, a map's
// values), each ending in a newline.
func (d *Doc) description(s *Schema) string {
	res := d.resolve(s)
	var b strings.Builder
	if res.Description != "" {
		b.WriteString(res.Description + "\n")
	}
	for _, a := range res.AllOf {
		b.WriteString(d.description(a))
	}
	if res.Items != nil {
		b.WriteString(d.description(res.Items))
	}
	if res.AdditionalProperties != nil {
		b.WriteString(d.description(res.AdditionalProperties))
	}
	return b.String()
}

// fieldList lists the fields of s (of what it is made of, too) sorted by name, at level (two spaces each);
// recursive lists their fields below them instead of descriptions, stopping at a type already on the path.
func (d *Doc) fieldList(s *Schema, level int, history map[string]bool, recursive bool) string {
	if s.Ref != "" && history[s.Ref] {
		return ""
	}
	next := with(history, s.Ref)
	res := d.resolve(s)
	names := make([]string, 0, len(res.Properties))
	for n := range res.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(d.fieldDetail(n, res, level, recursive))
		if recursive {
			b.WriteString(d.fieldList(res.Properties[n], level+1, next, recursive))
		}
	}
	for _, a := range res.AllOf {
		b.WriteString(d.fieldList(a, level, next, recursive))
	}
	if res.Items != nil {
		b.WriteString(d.fieldList(res.Items, level, next, recursive))
	}
	if res.AdditionalProperties != nil {
		b.WriteString(d.fieldList(res.AdditionalProperties, level, next, recursive))
	}
	return b.String()
}

// fieldDetail is one field of parent: name, type, -required-, enum; unless short, its description and a
// blank line.
func (d *Doc) fieldDetail(name string, parent *Schema, level int, short bool) string {
	n := level * 2
	f := parent.Properties[name]
	var b strings.Builder
	b.WriteString(strings.Repeat(" ", n) + name + "\t<" + d.typeGuess(f) + ">")
	for _, r := range parent.Required {
		if r == name {
			b.WriteString(" -required-")
			break
		}
	}
	b.WriteString(enumList(f, false, 4, n) + "\n")
	if !short {
		desc := f.Description
		if desc == "" {
			desc = "<no description>"
		}
		b.WriteString(indent(n+2, wrap(78-n, desc)) + "\n\n")
	}
	return b.String()
}

// typeGuess is explain's type column: []T, map[string]T, a referenced object type's name, or the type.
func (d *Doc) typeGuess(s *Schema) string {
	switch {
	case s.Items != nil:
		return "[]" + d.typeGuess(s.Items)
	case s.AdditionalProperties != nil:
		return "map[string]" + d.typeGuess(s.AdditionalProperties)
	case len(s.AllOf) == 1 && len(s.Properties) == 0:
		return d.typeGuess(s.AllOf[0])
	case s.Ref != "":
		r := d.Schemas[strings.TrimPrefix(s.Ref, refPrefix)]
		if r == nil || r.Type == "" || r.Type == "object" {
			parts := strings.Split(s.Ref, "/")
			name := parts[len(parts)-1]
			if i := strings.LastIndexByte(name, '.'); i >= 0 {
				name = name[i+1:]
			}
			if name == "" {
				return "Object"
			}
			return name
		}
		return r.Type
	case s.Type == "object" || s.Type == "":
		return "Object"
	}
	return s.Type
}

// enumList writes a schema's enum: under a FIELD line every value, one a line ("ENUM:"); in a field list
// the first limit values on one line ("enum: a, b, ...."), indented by n.
func enumList(s *Schema, long bool, limit, n int) string {
	if len(s.Enum) == 0 {
		return ""
	}
	var b strings.Builder
	if long {
		b.WriteString("ENUM:")
	} else {
		b.WriteString("\n" + strings.Repeat(" ", n) + "enum: ")
	}
	for i, v := range s.Enum {
		if limit > -1 && i >= limit {
			b.WriteString(", ....")
			break
		}
		if long {
			b.WriteString("\n    ")
		} else if i > 0 {
			b.WriteString(", ")
		}
		if str, ok := v.(string); ok && str == "" {
			b.WriteString(`""`)
		} else {
			fmt.Fprint(&b, v)
		}
	}
	return b.String()
}

// indent prefixes every line of s (the empty ones too) with n spaces.
func indent(n int, s string) string {
	pad := strings.Repeat(" ", n)
	return pad + strings.ReplaceAll(s, "\n", "\n"+pad)
}

// wrap breaks s at white space so that lines stay within width where they can, as kubectl's word-wrapping
// writer does: a line is broken before the word that would overflow it (the spaces at the break are
// dropped), a word as long as the width is never broken, and the text's own line breaks stay.
func wrap(width int, s string) string {
	var out, word, space strings.Builder
	col, wordLen, spaceLen := 0, 0, 0
	flush := func() {
		col += spaceLen + wordLen
		out.WriteString(space.String())
		out.WriteString(word.String())
		space.Reset()
		word.Reset()
		spaceLen, wordLen = 0, 0
	}
	for _, r := range s {
		switch {
		case r == '\n':
			if word.Len() == 0 && col+spaceLen > width {
				space.Reset()
				spaceLen = 0
			}
			flush()
			out.WriteRune(r)
			col = 0
		case unicode.IsSpace(r) && r != 0xA0:
			if space.Len() == 0 || word.Len() > 0 {
				flush()
			}
			space.WriteRune(r)
			spaceLen++
		default:
			word.WriteRune(r)
			wordLen++
			if col+wordLen+spaceLen > width && wordLen < width {
				out.WriteRune('\n')
				col = 0
				space.Reset()
				spaceLen = 0
			}
		}
	}
	if word.Len() > 0 || col+spaceLen <= width {
		out.WriteString(space.String())
	}
	out.WriteString(word.String())
	return out.String()
}
