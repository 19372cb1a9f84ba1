package kubectl

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// printObject prints one object with -o yaml|json|name|jsonpath=...
func printObject(w io.Writer, obj api.Object, output string) error {
	if strings.HasPrefix(output, "jsonpath=") {
		out, err := evalJSONPath(strings.TrimPrefix(output, "jsonpath="), api.EncodeJSON(obj))
		if err != nil {
			return err
		}
		fmt.Fprint(w, out)
		return nil
	}
	return printers.PrintObject(w, obj, output)
}

// evalJSONPath evaluates kubectl's JSONPath template subset: {.a.b},
// {.items[*].metadata.name}, {.a[0]}, {.a['k.with.dots']}, {range
// .items[*]}...{end}, {"\n"} literals and plain text between expressions.
func evalJSONPath(tmpl string, data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var root any
	if err := dec.Decode(&root); err != nil {
		return "", err
	}
	nodes, err := parseTemplate(tmpl)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := execNodes(&b, nodes, []any{root}, root); err != nil {
		return "", err
	}
	return b.String(), nil
}

type tnode struct {
	text  string  // literal text
	expr  string  // a path expression
	rng   string  // a range expression
	body  []tnode // range body
	isLit bool
}

func parseTemplate(t string) ([]tnode, error) {
	var stack [][]tnode
	var ranges []string
	cur := []tnode{}
	for len(t) > 0 {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			cur = append(cur, tnode{text: t, isLit: true})
			break
		}
		if i > 0 {
			cur = append(cur, tnode{text: t[:i], isLit: true})
		}
		j := strings.IndexByte(t[i:], '}')
		if j < 0 {
			return nil, fmt.Errorf("error parsing jsonpath %s, unclosed action", t)
		}
		inner := strings.TrimSpace(t[i+1 : i+j])
		t = t[i+j+1:]
		switch {
		case strings.HasPrefix(inner, "range "):
			stack = append(stack, cur)
			ranges = append(ranges, strings.TrimSpace(strings.TrimPrefix(inner, "range ")))
			cur = []tnode{}
		case inner == "end":
			if len(stack) == 0 {
				return nil, fmt.Errorf("not in range, nothing to end")
			}
			n := tnode{rng: ranges[len(ranges)-1], body: cur}
			cur = append(stack[len(stack)-1], n)
			stack, ranges = stack[:len(stack)-1], ranges[:len(ranges)-1]
		case strings.HasPrefix(inner, `"`) || strings.HasPrefix(inner, `'`):
			s, err := strconv.Unquote(`"` + strings.Trim(inner, `"'`) + `"`)
			if err != nil {
				s = strings.Trim(inner, `"'`)
			}
			cur = append(cur, tnode{text: s, isLit: true})
		default:
			cur = append(cur, tnode{expr: inner})
		}
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("error parsing jsonpath, unclosed range")
	}
	return cur, nil
}

func execNodes(b *strings.Builder, nodes []tnode, cur []any, root any) error {
	for _, n := range nodes {
		switch {
		case n.isLit:
			b.WriteString(n.text)
		case n.rng != "":
			for _, c := range cur {
				vals, err := evalPath(n.rng, c, root)
				if err != nil {
					return err
				}
				for _, v := range vals {
					if err := execNodes(b, n.body, []any{v}, root); err != nil {
						return err
					}
				}
			}
		default:
			for _, c := range cur {
				vals, err := evalPath(n.expr, c, root)
				if err != nil {
					return err
				}
				for i, v := range vals {
					if i > 0 {
						b.WriteByte(' ')
					}
					b.WriteString(formatValue(v))
				}
			}
		}
	}
	return nil
}

func formatValue(v any) string {
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

// evalPath evaluates ".a.b[*].c" or "$.a" against cur.
func evalPath(expr string, cur, root any) ([]any, error) {
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
			k := 0
			for k < len(expr) && expr[k] != '.' && expr[k] != '[' {
				k++
			}
			field := expr[:k]
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
						got, err := evalPath(f.path, e, root)
						if err == nil && len(got) == 1 && formatValue(got[0]) == f.value {
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

// printCustomColumns is -o custom-columns=NAME:.metadata.name,...
func printCustomColumns(w io.Writer, spec string, objs []api.Object, noHeaders bool) error {
	type col struct{ header, path string }
	var cols []col
	for _, part := range strings.Split(spec, ",") {
		h, p, ok := strings.Cut(part, ":")
		if !ok {
			return fmt.Errorf("unexpected custom-columns spec: %s, expected <header>:<json-path-expr>", part)
		}
		cols = append(cols, col{h, strings.Trim(p, "{}")})
	}
	tw := printers.NewTabWriter(w)
	if !noHeaders {
		var hs []string
		for _, c := range cols {
			hs = append(hs, c.header)
		}
		fmt.Fprintln(tw, strings.Join(hs, "\t"))
	}
	for _, o := range objs {
		dec := json.NewDecoder(bytes.NewReader(api.EncodeJSON(o)))
		dec.UseNumber()
		var root any
		if err := dec.Decode(&root); err != nil {
			return err
		}
		var cells []string
		for _, c := range cols {
			vals, err := evalPath(c.path, root, root)
			if err != nil {
				return err
			}
			var ss []string
			for _, v := range vals {
				ss = append(ss, formatValue(v))
			}
			cell := strings.Join(ss, ",")
			if len(vals) == 0 {
				cell = "<none>"
			}
			cells = append(cells, cell)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}
