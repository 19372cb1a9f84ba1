package printers

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// client-go's jsonpath, the subset kubectl's -o jsonpath, -o custom-columns
// and the custom resources' printer columns use.

// FormatValue prints one JSONPath result as kubectl's jsonpath printer
// does: strings and numbers bare, null empty, objects and lists as JSON.
func FormatValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case json.Number:
		return x.String()
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(x)
	}
	bs, _ := json.Marshal(v)
	return string(bs)
}

// GoFormat is how kubectl's custom-columns printer writes a value
// (cli-runtime customcolumn.go: fmt.Sprintf("%v") of the unstructured
// value): maps as "map[k:v ...]" with sorted keys, lists as "[a b]",
// strings bare, null as "<nil>".
func GoFormat(v any) string {
	var b strings.Builder
	goFormat(&b, v)
	return b.String()
}

func goFormat(b *strings.Builder, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("<nil>")
	case map[string]any:
		b.WriteString("map[")
		for i, k := range sortedKeys(x) {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(k)
			b.WriteByte(':')
			goFormat(b, x[k])
		}
		b.WriteByte(']')
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(' ')
			}
			goFormat(b, e)
		}
		b.WriteByte(']')
	default:
		b.WriteString(FormatValue(x))
	}
}

// EvalPath evaluates a JSONPath expression (".a.b[*].c", "$.a",
// ".items[?(@.type==\"Ready\")]") against cur, root being what "$" means.
func EvalPath(expr string, cur, root any) ([]any, error) {
	expr = strings.TrimSpace(expr)
	vals := []any{cur}
	if strings.HasPrefix(expr, "$") {
		vals = []any{root}
		expr = expr[1:]
	}
	for len(expr) > 0 {
		switch expr[0] {
		case '.':
			expr = expr[1:]
			// A field ends at the next . or [; "\." is a dot inside it
			// ({.data.\.dockerconfigjson}, {.metadata.labels.app\.kubernetes\.io/name}).
			var name strings.Builder
			k := 0
			for ; k < len(expr) && expr[k] != '.' && expr[k] != '['; k++ {
				if expr[k] == '\\' && k+1 < len(expr) && expr[k+1] == '.' {
					k++
				}
				name.WriteByte(expr[k])
			}
			field := name.String()
			expr = expr[k:]
			if field == "" {
				continue
			}
			vals = step(vals, func(v any) []any {
				if m, ok := v.(map[string]any); ok {
					if x, ok := m[field]; ok {
						return []any{x}
					}
				}
				return nil
			})
		case '[':
			k := strings.IndexByte(expr, ']')
			if k < 0 {
				return nil, fmt.Errorf("unterminated array")
			}
			sel := expr[1:k]
			expr = expr[k+1:]
			switch {
			case sel == "*":
				vals = step(vals, func(v any) []any {
					switch x := v.(type) {
					case []any:
						return x
					case map[string]any:
						var out []any
						for _, k := range sortedKeys(x) {
							out = append(out, x[k])
						}
						return out
					}
					return nil
				})
			case strings.HasPrefix(sel, "'") || strings.HasPrefix(sel, `"`):
				key := strings.Trim(sel, `'"`)
				vals = step(vals, func(v any) []any {
					if m, ok := v.(map[string]any); ok {
						if x, ok := m[key]; ok {
							return []any{x}
						}
					}
					return nil
				})
			case strings.HasPrefix(sel, "?"):
				f, err := parseFilter(sel[1:])
				if err != nil {
					return nil, err
				}
				vals = step(vals, func(v any) []any {
					l, _ := v.([]any)
					var out []any
					for _, e := range l {
						got, err := EvalPath(f.path, e, root)
						if err == nil && len(got) == 1 && FormatValue(got[0]) == f.value {
							out = append(out, e)
						}
					}
					return out
				})
			default:
				idx, err := strconv.Atoi(sel)
				if err != nil {
					return nil, fmt.Errorf("invalid array index %s", sel)
				}
				vals = step(vals, func(v any) []any {
					l, ok := v.([]any)
					if !ok {
						return nil
					}
					i := idx
					if i < 0 {
						i += len(l)
					}
					if i < 0 || i >= len(l) {
						return nil
					}
					return []any{l[i]}
				})
			}
		default:
			// a bare field name: "metadata.name" without the leading dot
			expr = "." + expr
		}
	}
	return vals, nil
}

type filter struct{ path, value string }

// parseFilter reads (@.type=="Ready").
func parseFilter(s string) (filter, error) {
	s = strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(s, "("), ")"))
	l, r, ok := strings.Cut(s, "==")
	if !ok {
		return filter{}, fmt.Errorf("unsupported filter %s", s)
	}
	l = strings.TrimPrefix(strings.TrimSpace(l), "@")
	return filter{path: l, value: strings.Trim(strings.TrimSpace(r), `"'`)}, nil
}

func step(vals []any, f func(any) []any) []any {
	var out []any
	for _, v := range vals {
		out = append(out, f(v)...)
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
