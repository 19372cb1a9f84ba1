package kubectl

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// listItems returns the items of a `kind: List` (or any <Kind>List)
// document, which kubectl's resource builder flattens client-side.
func listItems(raw map[string]any) ([]any, bool) {
	kind, _ := raw["kind"].(string)
	if !strings.HasSuffix(kind, "List") {
		return nil, false
	}
	items, ok := raw["items"].([]any)
	return items, ok
}

// listDocs makes one document of each List item, with its own line.
func listDocs(source string, list *yaml.Node, items []any, kindFor kindMapper) []*doc {
	var seq *yaml.Node
	if list.Kind == yaml.MappingNode {
		for k := 0; k+1 < len(list.Content); k += 2 {
			if list.Content[k].Value == "items" {
				seq = list.Content[k+1]
			}
		}
	}
	var out []*doc
	for i, it := range items {
		raw, _ := it.(map[string]any)
		if raw == nil {
			continue
		}
		d := &doc{source: source, line: list.Line, node: list, raw: raw}
		if seq != nil && i < len(seq.Content) {
			d.node, d.line = seq.Content[i], seq.Content[i].Line
		}
		classifyDoc(d, source, kindFor)
		out = append(out, d)
	}
	return out
}
