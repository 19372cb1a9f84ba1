package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

var (
	errExcessiveAliasing = errors.New("yaml: document contains excessive aliasing")
	errTooDeep           = fmt.Errorf("yaml: exceeded max depth of %d", maxJSONDepth)
)

// yamlConv turns a yaml.v3 node tree into an ordered JSON tree the way sigs.k8s.io/yaml's YAMLToJSON
// does (goyaml.v2 scalar rules), with limits: depth, and an alias-expansion budget proportional to the
// document's own size (a "billion laughs" document stops early instead of exploding).
type yamlConv struct {
	budget int
	dups   []string
}

func yamlToTree(n *yaml.Node) (*jnode, error) {
	c := &yamlConv{budget: 10*countNodes(n, 0) + 10000}
	t, err := c.conv(n, 0)
	if err != nil {
		return nil, err
	}
	if len(c.dups) > 0 {
		return nil, fmt.Errorf("yaml: unmarshal errors:\n  %s", strings.Join(c.dups, "\n  "))
	}
	return t, nil
}

func countNodes(n *yaml.Node, depth int) int {
	if depth > maxJSONDepth {
		return 1
	}
	c := 1
	for _, ch := range n.Content {
		c += countNodes(ch, depth+1)
	}
	return c
}

func (c *yamlConv) conv(n *yaml.Node, depth int) (*jnode, error) {
	if depth > maxJSONDepth {
		return nil, errTooDeep
	}
	c.budget--
	if c.budget < 0 {
		return nil, errExcessiveAliasing
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return &jnode{kind: 's', raw: []byte("null")}, nil
		}
		return c.conv(n.Content[0], depth)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, fmt.Errorf("yaml: line %d: unknown anchor referenced", n.Line)
		}
		return c.conv(n.Alias, depth)
	case yaml.SequenceNode:
		out := &jnode{kind: 'a', line: n.Line}
		for _, ch := range n.Content {
			v, err := c.conv(ch, depth+1)
			if err != nil {
				return nil, err
			}
			out.vals = append(out.vals, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := &jnode{kind: 'o', line: n.Line}
		seen := map[string]bool{}
		var merges []*yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn, vn := n.Content[i], n.Content[i+1]
			if kn.Kind == yaml.ScalarNode && kn.Value == "<<" && kn.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 {
				merges = append(merges, vn)
				continue
			}
			key, err := c.keyString(kn, depth)
			if err != nil {
				return nil, err
			}
			if seen[key] {
				c.dups = append(c.dups, fmt.Sprintf("line %d: key %q already set in map", vn.Line, key))
				continue
			}
			v, err := c.conv(vn, depth+1)
			if err != nil {
				return nil, err
			}
			seen[key] = true
			out.keys = append(out.keys, key)
			out.vals = append(out.vals, v)
		}
		// Merge keys: explicit keys win, earlier merged maps win over later ones.
		for _, m := range merges {
			srcs := []*yaml.Node{m}
			if r := resolveAlias(m); r.Kind == yaml.SequenceNode {
				srcs = r.Content
			}
			for _, s := range srcs {
				t, err := c.conv(s, depth+1)
				if err != nil {
					return nil, err
				}
				if t.kind != 'o' {
					return nil, fmt.Errorf("yaml: map merge requires map or sequence of maps as the value")
				}
				for j, k := range t.keys {
					if !seen[k] {
						seen[k] = true
						out.keys = append(out.keys, k)
						out.vals = append(out.vals, t.vals[j])
					}
				}
			}
		}
		return out, nil
	case yaml.ScalarNode:
		return &jnode{kind: 's', raw: scalarJSON(n), line: n.Line}, nil
	}
	return nil, fmt.Errorf("yaml: line %d: unsupported node", n.Line)
}

func resolveAlias(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// keyString renders a mapping key as sigs.k8s.io/yaml does: scalars by their value (true, 1, 1.5),
// anything else is an error.
func (c *yamlConv) keyString(kn *yaml.Node, depth int) (string, error) {
	kn = resolveAlias(kn)
	if kn.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("yaml: line %d: invalid map key: only scalar keys are supported", kn.Line)
	}
	raw := scalarJSON(kn)
	if len(raw) > 0 && raw[0] == '"' {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s, nil
	}
	return string(raw), nil
}

var yamlFloatRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)
})

// scalarJSON resolves a scalar with goyaml.v2's YAML 1.1 rules and renders it as JSON.
func scalarJSON(n *yaml.Node) []byte {
	str := func(s string) []byte { b, _ := json.Marshal(s); return b }
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return str(n.Value)
	}
	if n.Style&yaml.TaggedStyle != 0 {
		switch n.Tag {
		case "!!str", "!!binary", "!!timestamp":
			return str(n.Value)
		case "!!null":
			return []byte("null")
		}
	}
	v := n.Value
	switch v {
	case "", "~", "null", "Null", "NULL":
		return []byte("null")
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return []byte("true")
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return []byte("false")
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
		// JSON has no infinities: sigs.k8s.io/yaml fails on them; keep the text as a string.
		return str(v)
	}
	if c := v[0]; c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9') {
		plain := strings.ReplaceAll(v, "_", "")
		if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return strconv.AppendInt(nil, i, 10)
		}
		if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return strconv.AppendUint(nil, u, 10)
		}
		if yamlFloatRE().MatchString(plain) {
			if f, err := strconv.ParseFloat(plain, 64); err == nil && !math.IsInf(f, 0) {
				b, _ := json.Marshal(f)
				return b
			}
		}
		if strings.HasPrefix(plain, "0b") || strings.HasPrefix(plain, "-0b") {
			neg := plain[0] == '-'
			if i, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimPrefix(plain, "-"), "0b"), 2, 64); err == nil {
				if neg {
					i = -i
				}
				return strconv.AppendInt(nil, i, 10)
			}
		}
	}
	return str(v)
}
