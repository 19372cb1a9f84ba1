package strategicpatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// JSONPatch applies an RFC 6902 JSON patch (add, remove, replace, move,
// copy, test) to a JSON document.
func JSONPatch(original, patch []byte) ([]byte, error) {
	var doc any
	if err := json.Unmarshal(original, &doc); err != nil {
		return nil, err
	}
	var ops []struct {
		Op    string          `json:"op"`
		Path  string          `json:"path"`
		From  string          `json:"from"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(patch, &ops); err != nil {
		return nil, err
	}
	for _, op := range ops {
		var val any
		if len(op.Value) > 0 {
			if err := json.Unmarshal(op.Value, &val); err != nil {
				return nil, err
			}
		}
		var err error
		switch op.Op {
		case "add":
			doc, err = jsonPointerSet(doc, op.Path, val, true)
		case "replace":
			if _, err = jsonPointerGet(doc, op.Path); err == nil {
				doc, err = jsonPointerSet(doc, op.Path, val, false)
			}
		case "remove":
			doc, err = jsonPointerRemove(doc, op.Path)
		case "move", "copy":
			var v any
			if v, err = jsonPointerGet(doc, op.From); err == nil {
				if op.Op == "move" {
					doc, err = jsonPointerRemove(doc, op.From)
				}
				if err == nil {
					doc, err = jsonPointerSet(doc, op.Path, v, true)
				}
			}
		case "test":
			var v any
			if v, err = jsonPointerGet(doc, op.Path); err == nil {
				a, _ := json.Marshal(v)
				b, _ := json.Marshal(val)
				if !bytes.Equal(a, b) {
					err = fmt.Errorf("testing value %s failed", op.Path)
				}
			}
		default:
			err = fmt.Errorf("Unexpected kind: %s", op.Op)
		}
		if err != nil {
			return nil, err
		}
	}
	return json.Marshal(doc)
}

func splitPointer(path string) ([]string, error) {
	if path == "" {
		return nil, nil
	}
	if !strings.HasPrefix(path, "/") {
		return nil, fmt.Errorf("JSON pointer must start with /: %q", path)
	}
	parts := strings.Split(path[1:], "/")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	return parts, nil
}

func jsonPointerGet(doc any, path string) (any, error) {
	parts, err := splitPointer(path)
	if err != nil {
		return nil, err
	}
	cur := doc
	for _, p := range parts {
		switch c := cur.(type) {
		case map[string]any:
			v, ok := c[p]
			if !ok {
				return nil, fmt.Errorf("doc is missing path: %q", path)
			}
			cur = v
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(c) {
				return nil, fmt.Errorf("doc is missing path: %q", path)
			}
			cur = c[i]
		default:
			return nil, fmt.Errorf("doc is missing path: %q", path)
		}
	}
	return cur, nil
}

// jsonPointerSet sets (or, for arrays with insert, inserts) val at path and
// returns the possibly new root.
func jsonPointerSet(doc any, path string, val any, insert bool) (any, error) {
	parts, err := splitPointer(path)
	if err != nil {
		return nil, err
	}
	if len(parts) == 0 {
		return val, nil
	}
	parent, err := jsonPointerGet(doc, "/"+joinPointer(parts[:len(parts)-1]))
	if len(parts) == 1 {
		parent, err = doc, nil
	}
	if err != nil {
		return nil, err
	}
	last := parts[len(parts)-1]
	switch p := parent.(type) {
	case map[string]any:
		p[last] = val
		return doc, nil
	case []any:
		var i int
		if last == "-" {
			i = len(p)
		} else if i, err = strconv.Atoi(last); err != nil || i < 0 || i > len(p) || (!insert && i == len(p)) {
			return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q", path)
		}
		var n []any
		if insert {
			n = append(append(append([]any{}, p[:i]...), val), p[i:]...)
		} else {
			p[i] = val
			n = p
		}
		if len(parts) == 1 {
			return n, nil
		}
		return jsonPointerSet(doc, "/"+joinPointer(parts[:len(parts)-1]), n, false)
	}
	return nil, fmt.Errorf("add operation does not apply: doc is missing path: %q", path)
}

func jsonPointerRemove(doc any, path string) (any, error) {
	parts, err := splitPointer(path)
	if err != nil || len(parts) == 0 {
		return nil, fmt.Errorf("unable to remove nonexistent key: %s", path)
	}
	parentPath := "/" + joinPointer(parts[:len(parts)-1])
	parent := doc
	if len(parts) > 1 {
		if parent, err = jsonPointerGet(doc, parentPath); err != nil {
			return nil, err
		}
	}
	last := parts[len(parts)-1]
	switch p := parent.(type) {
	case map[string]any:
		if _, ok := p[last]; !ok {
			return nil, fmt.Errorf("unable to remove nonexistent key: %s: missing value", last)
		}
		delete(p, last)
		return doc, nil
	case []any:
		i, err := strconv.Atoi(last)
		if err != nil || i < 0 || i >= len(p) {
			return nil, fmt.Errorf("Unable to remove nonexistent key: %s", path)
		}
		n := append(append([]any{}, p[:i]...), p[i+1:]...)
		if len(parts) == 1 {
			return n, nil
		}
		return jsonPointerSet(doc, parentPath, n, false)
	}
	return nil, fmt.Errorf("unable to remove nonexistent key: %s", path)
}

func joinPointer(parts []string) string {
	esc := make([]string, len(parts))
	for i, p := range parts {
		esc[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1")
	}
	return strings.Join(esc, "/")
}
