package kubectl

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"sync"

	"gopkg.in/yaml.v3"

	"kubeplay/core/api"
)

// doc is one document of a manifest file, as kubectl's resource builder
// sees it.
type doc struct {
	source string // the file name ("STDIN" for -f -)
	line   int    // first line of the document in the file
	node   *yaml.Node
	raw    map[string]any // the document as JSON-shaped data (numbers as json.Number)
	info   *api.ResourceInfo
	err    error // a per-document error (no such kind)
}

func (d *doc) name() string {
	if m, ok := d.raw["metadata"].(map[string]any); ok {
		if n, ok := m["name"].(string); ok {
			return n
		}
	}
	return ""
}

func (d *doc) rawNamespace() string {
	if m, ok := d.raw["metadata"].(map[string]any); ok {
		if n, ok := m["namespace"].(string); ok {
			return n
		}
	}
	return ""
}

// namespace is the document's namespace, else the command's.
func (d *doc) namespace(inv *invocation) string {
	if d.info != nil && !d.info.Namespaced {
		return ""
	}
	if ns := d.rawNamespace(); ns != "" {
		return ns
	}
	return inv.ns
}

// kindMapper maps a manifest's apiVersion and kind to its resource (Kubectl.kindFor).
type kindMapper func(apiVersion, kind string) (*api.ResourceInfo, error)

// parseDocs splits a file into its documents, resolving each kind.
func parseDocs(source string, data []byte, kindFor kindMapper) ([]*doc, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var docs []*doc
	for {
		var n yaml.Node
		err := dec.Decode(&n)
		if errors.Is(err, io.EOF) {
			return docs, nil
		}
		if err != nil {
			// kubectl reads each document on its own: the error's lines
			// count from the failing document's start.
			if _, doc, derr := failingDoc(data); derr != nil {
				err = api.KubectlYAMLError(derr, doc)
			}
			return docs, fmt.Errorf("error parsing %s: error converting YAML to JSON: %v", source, err)
		}
		if len(n.Content) == 0 || n.Content[0].Kind == yaml.ScalarNode && n.Content[0].Tag == "!!null" {
			continue
		}
		var v any
		if err := n.Decode(&v); err != nil {
			return docs, fmt.Errorf("error parsing %s: error converting YAML to JSON: %v", source, err)
		}
		raw, err := toJSONMap(v)
		if err != nil {
			return docs, fmt.Errorf("error parsing %s: error converting YAML to JSON: %v", source, err)
		}
		d := &doc{source: source, line: n.Content[0].Line, node: n.Content[0], raw: raw}
		if raw == nil {
			return docs, fmt.Errorf("error parsing %s: error unmarshaling JSON: json: cannot unmarshal into Go value of type map[string]interface {}", source)
		}
		if items, ok := listItems(raw); ok {
			docs = append(docs, listDocs(source, n.Content[0], items, kindFor)...)
			continue
		}
		classifyDoc(d, source, kindFor)
		docs = append(docs, d)
	}
}

// toJSONMap converts decoded YAML to JSON-shaped data (maps with string
// keys, numbers as json.Number) by a JSON round trip.
func toJSONMap(v any) (map[string]any, error) {
	b, err := json.Marshal(jsonable(v))
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return nil, err
	}
	m, _ := out.(map[string]any)
	return m, nil
}

func jsonable(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = jsonable(e)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[fmt.Sprint(k)] = jsonable(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = jsonable(e)
		}
		return out
	}
	return v
}

// decodeTyped turns JSON-shaped data into a typed object; an unknown field
// gets the apiserver's strict decoding error (400 BadRequest). A custom
// resource's own fields are the apiserver's to check against its schema.
func decodeTyped(info *api.ResourceInfo, raw map[string]any) (api.Object, error) {
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	var obj api.Object
	if info.Custom != nil {
		co, cerr := api.DecodeCustom(b)
		obj, err = co, cerr
	} else {
		obj, err = api.Decode(b)
	}
	if err != nil {
		return nil, api.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %s", info.Kind, info.Version, info.Kind, err.Error()))
	}
	return obj, nil
}

var fieldPathElem = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`([^.\[\]]+)|\[(\d+)\]`) })

// lineOf finds the line of a field path (spec.template.spec.containers[0].image)
// in a document; it falls back to the deepest part found, then the
// document's first line.
func lineOf(n *yaml.Node, fieldPath string) int {
	if n == nil {
		return 0
	}
	cur := n
	line := n.Line
	for _, m := range fieldPathElem().FindAllStringSubmatch(fieldPath, -1) {
		switch {
		case m[1] != "" && cur.Kind == yaml.MappingNode:
			found := false
			for i := 0; i+1 < len(cur.Content); i += 2 {
				if cur.Content[i].Value == m[1] {
					line = cur.Content[i].Line
					cur = cur.Content[i+1]
					found = true
					break
				}
			}
			if !found {
				return line
			}
		case m[2] != "" && cur.Kind == yaml.SequenceNode:
			i, _ := strconv.Atoi(m[2])
			if i >= len(cur.Content) {
				return line
			}
			cur = cur.Content[i]
			line = cur.Line
		default:
			return line
		}
	}
	return line
}

// classifyDoc resolves a document's kind, or records kubectl's error for it.
func classifyDoc(d *doc, source string, kindFor kindMapper) {
	if d.raw != nil {
		// autoscaling/v1 HorizontalPodAutoscaler: the server converts it to
		// the stored autoscaling/v2.
		d.raw, _ = api.ConvertToServedVersion(d.raw)
	}
	raw := d.raw
	apiVersion, _ := raw["apiVersion"].(string)
	kind, _ := raw["kind"].(string)
	// kubectl's pkg/validation getObjectKind: a document that is no object
	// is "invalid object to validate"; otherwise each missing field is
	// named, several as an aggregate "[a, b]".
	switch {
	case raw == nil:
		d.err = fmt.Errorf("error validating %q: error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false", source)
	case kind == "" && apiVersion == "":
		d.err = fmt.Errorf("error validating %q: error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false", source)
	case kind == "":
		d.err = fmt.Errorf("error validating %q: error validating data: kind not set; if you choose to ignore these errors, turn validation off with --validate=false", source)
	case apiVersion == "":
		d.err = fmt.Errorf("error validating %q: error validating data: apiVersion not set; if you choose to ignore these errors, turn validation off with --validate=false", source)
	default:
		info, err := kindFor(apiVersion, kind)
		if err != nil {
			ns := ""
			if m, ok := raw["metadata"].(map[string]any); ok {
				ns, _ = m["namespace"].(string)
			}
			d.err = fmt.Errorf("resource mapping not found for name: %q namespace: %q from %q: %v\nensure CRDs are installed first", d.name(), ns, source, err)
		}
		d.info = info
	}
}
