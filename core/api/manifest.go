package api

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// MaxManifestBytes is the largest file or object kubeplay accepts (the apiserver's 3 MiB request limit).
const MaxManifestBytes = 3 << 20

// Manifest is one object of a manifest file, as `kubectl apply -f` sees it.
type Manifest struct {
	// Object is the decoded object; nil when Err is a *NoKindMatchError, a *MissingKindError or a JSON
	// type error. With a *StrictDecodingError it holds the object minus the unknown fields.
	Object Object
	// Line is the 1-based line in the file where the document (or the List item) starts.
	Line int
	// Node is the document's (or List item's) YAML node, with lines relative to its document.
	Node *yaml.Node
	// JSON is the object as JSON with the file's key order, unknown fields included (what kubectl sends).
	JSON []byte
	// GVK, Name and Namespace are as written in the document, even when Object is nil.
	GVK             GroupVersionKind
	Name, Namespace string
	// Err is this object's problem, which kubectl reports per object (the other objects still apply).
	Err error

	lineOffset int // add to Node lines to get file lines
}

// LineOf returns the file line of a field path such as "spec.template.spec.containers[0].image" or
// "metadata.labels[app]" (field.Path syntax), or of its nearest ancestor present in the document.
func (m *Manifest) LineOf(fieldPath string) int {
	n := m.Node
	if n == nil {
		return m.Line
	}
	line := n.Line
	segs := splitFieldPath(fieldPath)
	for i := 0; i < len(segs); i++ {
		for n.Kind == yaml.AliasNode && n.Alias != nil {
			n = n.Alias
		}
		seg := segs[i]
		switch n.Kind {
		case yaml.MappingNode:
			found := false
			// A key may itself contain dots ("app.kubernetes.io/name"): try the longest match first.
			for j := len(segs); j > i && !found; j-- {
				key := strings.Join(segs[i:j], ".")
				for k := 0; k+1 < len(n.Content); k += 2 {
					if n.Content[k].Value == key {
						line, n, found = n.Content[k].Line, n.Content[k+1], true
						i = j - 1
						break
					}
				}
			}
			if !found {
				return line + m.lineOffset
			}
		case yaml.SequenceNode:
			idx, err := strconv.Atoi(seg)
			if err != nil || idx < 0 || idx >= len(n.Content) {
				return line + m.lineOffset
			}
			n = n.Content[idx]
			line = n.Line
		default:
			return line + m.lineOffset
		}
	}
	return line + m.lineOffset
}

// splitFieldPath splits "a.b[0].c[key]" into a, b, 0, c, key.
func splitFieldPath(p string) []string {
	var segs []string
	for p != "" {
		switch p[0] {
		case '.':
			p = p[1:]
		case '[':
			end := strings.IndexByte(p, ']')
			if end < 0 {
				return append(segs, p[1:])
			}
			segs = append(segs, p[1:end])
			p = p[end+1:]
		default:
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				return append(segs, p)
			}
			segs = append(segs, p[:end])
			p = p[end:]
		}
	}
	return segs
}

// ParseError is a file-level error: kubectl prints "error: " + Error() and applies nothing.
type ParseError struct {
	File string
	Err  error
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("error parsing %s: %v", e.File, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }

// ParseManifests reads a manifest file the way `kubectl apply -f` does: documents split on "---" lines
// (empty documents skipped), YAML converted to JSON with YAML 1.1 scalars as sigs.k8s.io/yaml does
// (`yes` is a bool, `0755` an octal int), `kind: List` (and <Kind>List) expanded into its items.
//
// File-level problems return a *ParseError and no manifests:
//   - YAML syntax: `error parsing f.yaml: error converting YAML to JSON: yaml: line 3: mapping values are
//     not allowed in this context` (lines counted from the start of that document, as kubectl does,
//     and where the scanner notes two places, the later one, as go-yaml v2 does: KubectlYAMLError);
//   - duplicate keys: `... error converting YAML to JSON: yaml: unmarshal errors:\n  line 9: key "image"
//     already set in map` (❓ sigs.k8s.io/yaml's strict wording);
//   - a file over MaxManifestBytes, nesting deeper than 100, or alias expansion past a budget.
//
// Per-object problems (unknown kind, unknown fields, wrong types) go into Manifest.Err.
func ParseManifests(filename string, data []byte) ([]*Manifest, error) {
	if len(data) > MaxManifestBytes {
		return nil, &ParseError{filename, fmt.Errorf("the file is too large: %d bytes (limit %d)", len(data), MaxManifestBytes)}
	}
	docs, err := splitDocuments(data)
	if err != nil {
		return nil, &ParseError{filename, err}
	}
	var out []*Manifest
	for _, d := range docs {
		if len(bytes.TrimSpace(d.data)) == 0 {
			continue
		}
		var root yaml.Node
		if err := yaml.Unmarshal(d.data, &root); err != nil {
			return nil, &ParseError{filename, fmt.Errorf("error converting YAML to JSON: %v", KubectlYAMLError(err, d.data))}
		}
		if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
			continue
		}
		node := root.Content[0]
		tree, err := yamlToTree(node)
		if err != nil {
			return nil, &ParseError{filename, fmt.Errorf("error converting YAML to JSON: %v", err)}
		}
		if tree.kind == 's' && string(tree.raw) == "null" {
			continue
		}
		m := newManifest(tree, node, d.line)
		if items := tree.get("items"); items != nil && items.kind == 'a' && strings.HasSuffix(m.GVK.Kind, "List") {
			itemNodes := mappingValue(node, "items")
			for i, it := range items.vals {
				var in *yaml.Node
				if itemNodes != nil && i < len(itemNodes.Content) {
					in = itemNodes.Content[i]
				}
				out = append(out, newManifest(it, in, d.line))
			}
			continue
		}
		out = append(out, m)
	}
	return out, nil
}

func mappingValue(n *yaml.Node, key string) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for k := 0; k+1 < len(n.Content); k += 2 {
		if n.Content[k].Value == key {
			v := n.Content[k+1]
			for v.Kind == yaml.AliasNode && v.Alias != nil {
				v = v.Alias
			}
			return v
		}
	}
	return nil
}

func newManifest(tree *jnode, node *yaml.Node, offset int) *Manifest {
	m := &Manifest{Node: node, lineOffset: offset, JSON: tree.marshal()}
	m.Line = offset + 1
	if node != nil {
		m.Line = node.Line + offset
	}
	g, v := ParseAPIVersion(tree.get("apiVersion").str())
	m.GVK = GroupVersionKind{g, v, tree.get("kind").str()}
	md := tree.get("metadata")
	m.Name, m.Namespace = md.get("name").str(), md.get("namespace").str()
	obj, err := decodeNode(tree, nil, m.JSON)
	m.Object, m.Err = obj, err
	var se *StrictDecodingError
	if err != nil && !errors.As(err, &se) {
		m.Object = nil
	}
	return m
}

type document struct {
	data []byte
	line int // lines before the document in the file
}

// splitDocuments splits on lines starting with "---" (followed only by spaces or a comment), like
// apimachinery's YAMLReader.
func splitDocuments(data []byte) ([]document, error) {
	var docs []document
	var cur bytes.Buffer
	start, lineNo := 0, 0
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		lineNo++
		if bytes.HasPrefix(line, []byte("---")) {
			rest := strings.TrimSpace(string(line[3:]))
			if rest != "" && rest[0] != '#' {
				return nil, fmt.Errorf("invalid Yaml document separator: %s", rest)
			}
			docs = append(docs, document{append([]byte(nil), cur.Bytes()...), start})
			cur.Reset()
			start = lineNo
			continue
		}
		cur.Write(line)
	}
	docs = append(docs, document{cur.Bytes(), start})
	return docs, nil
}
