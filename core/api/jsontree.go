package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// jnode is an ordered JSON value: manifests keep their key order (kubectl sends them that way), and
// strict decoding reports unknown fields in document order.
type jnode struct {
	kind byte // 'o' object, 'a' array, 's' scalar (raw JSON text in raw)
	keys []string
	vals []*jnode
	raw  []byte
	line int // 1-based source line for YAML-born nodes (0 when unknown)
}

func (n *jnode) get(key string) *jnode {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// str returns the value of a string scalar, or "".
func (n *jnode) str() string {
	if n == nil || n.kind != 's' || len(n.raw) == 0 || n.raw[0] != '"' {
		return ""
	}
	var s string
	_ = json.Unmarshal(n.raw, &s)
	return s
}

func (n *jnode) appendJSON(b []byte) []byte {
	switch n.kind {
	case 'o':
		b = append(b, '{')
		for i, k := range n.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendQuote(b, k)
			b = append(b, ':')
			b = n.vals[i].appendJSON(b)
		}
		return append(b, '}')
	case 'a':
		b = append(b, '[')
		for i, v := range n.vals {
			if i > 0 {
				b = append(b, ',')
			}
			b = v.appendJSON(b)
		}
		return append(b, ']')
	}
	return append(b, n.raw...)
}

// marshal returns compact JSON (keys in order). Strings are re-encoded by encoding/json rules.
func (n *jnode) marshal() []byte {
	var buf bytes.Buffer
	raw := n.appendJSON(nil)
	if err := json.Compact(&buf, raw); err != nil {
		return raw
	}
	return buf.Bytes()
}

const maxJSONDepth = 100

// parseJSONTree reads one JSON value in order, reporting duplicate keys (as paths) separately.
func parseJSONTree(data []byte) (*jnode, []string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var dups []string
	var read func(path string, depth int) (*jnode, error)
	read = func(path string, depth int) (*jnode, error) {
		if depth > maxJSONDepth {
			return nil, fmt.Errorf("json: exceeded max depth of %d", maxJSONDepth)
		}
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				n := &jnode{kind: 'o'}
				seen := map[string]bool{}
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return nil, err
					}
					k := kt.(string)
					v, err := read(joinPath(path, k), depth+1)
					if err != nil {
						return nil, err
					}
					if seen[k] {
						dups = append(dups, joinPath(path, k))
						for i := range n.keys {
							if n.keys[i] == k {
								n.vals[i] = v
							}
						}
						continue
					}
					seen[k] = true
					n.keys = append(n.keys, k)
					n.vals = append(n.vals, v)
				}
				_, err := dec.Token()
				return n, err
			case '[':
				n := &jnode{kind: 'a'}
				for i := 0; dec.More(); i++ {
					v, err := read(fmt.Sprintf("%s[%d]", path, i), depth+1)
					if err != nil {
						return nil, err
					}
					n.vals = append(n.vals, v)
				}
				_, err := dec.Token()
				return n, err
			}
		case string:
			b, _ := json.Marshal(t)
			return &jnode{kind: 's', raw: b}, nil
		case json.Number:
			return &jnode{kind: 's', raw: []byte(t.String())}, nil
		case bool:
			return &jnode{kind: 's', raw: []byte(strconv.FormatBool(t))}, nil
		case nil:
			return &jnode{kind: 's', raw: []byte("null")}, nil
		}
		return nil, fmt.Errorf("json: unexpected token %v", tok)
	}
	n, err := read("", 0)
	if err != nil {
		return nil, nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, nil, fmt.Errorf("json: unexpected data after top-level value")
	}
	return n, dups, nil
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}
