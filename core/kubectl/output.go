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
				vals, err := printers.EvalPath(n.rng, c, root)
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
				vals, err := printers.EvalPath(n.expr, c, root)
				if err != nil {
					return err
				}
				for i, v := range vals {
					if i > 0 {
						b.WriteByte(' ')
					}
					b.WriteString(printers.FormatValue(v))
				}
			}
		}
	}
	return nil
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
			vals, err := printers.EvalPath(c.path, root, root)
			if err != nil {
				return err
			}
			var ss []string
			for _, v := range vals {
				ss = append(ss, printers.GoFormat(v))
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
