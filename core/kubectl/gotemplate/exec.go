package gotemplate

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Template is a parsed template, named "output" as kubectl names it.
type Template struct {
	text string
	root []*node
	// MissingKeyError is --allow-missing-template-keys=false: a missing map
	// key is an error instead of "<no value>".
	MissingKeyError bool
}

// Text is the template as it was given.
func (t *Template) Text() string { return t.text }

// missingValue is what a missing map key evaluates to (text/template's
// invalid reflect.Value): it prints "<no value>" and is false.
type missingValue struct{}

var missing any = missingValue{}

type variable struct {
	name string
	val  any
}

type state struct {
	t    *Template
	w    io.Writer
	vars []variable
	at   *node // the node being evaluated, for error messages
}

type execError struct{ err error }

func (s *state) errorf(format string, args ...any) {
	pos, text := 0, s.t.text
	if s.at != nil {
		pos = s.at.pos
	}
	line := 1 + strings.Count(text[:pos], "\n")
	col := pos - strings.LastIndex(text[:pos], "\n") - 1
	panic(execError{fmt.Errorf("template: output:%d:%d: executing \"output\" at <%s>: %s", line, col, nodeString(s.at), fmt.Sprintf(format, args...))})
}

// Execute runs the template on data, writing to w.
func (t *Template) Execute(w io.Writer, data any) (err error) {
	s := &state{t: t, w: w, vars: []variable{{"$", data}}}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(execError)
			if !ok {
				panic(r)
			}
			err = e.err
		}
	}()
	s.walk(data, t.root)
	return nil
}

func (s *state) walk(dot any, list []*node) {
	for _, n := range list {
		switch n.kind {
		case nText:
			io.WriteString(s.w, n.text)
		case nAction:
			v := s.pipeline(dot, n.pipe)
			if len(n.pipe.decl) == 0 {
				if v == missing {
					v = "<no value>"
				}
				fmt.Fprint(s.w, v)
			}
		default:
			s.branch(dot, n)
		}
	}
}

func (s *state) branch(dot any, b *node) {
	mark := len(s.vars)
	defer func() { s.vars = s.vars[:mark] }()
	if b.kind != nRange {
		v := s.pipeline(dot, b.pipe)
		switch {
		case !truth(v):
			s.walk(dot, b.els)
		case b.kind == nWith:
			s.walk(v, b.list)
		default:
			s.walk(dot, b.list)
		}
		return
	}
	// range: the declarations take each index and element.
	decl := b.pipe.decl
	b.pipe.decl = nil
	v := s.pipeline(dot, b.pipe)
	b.pipe.decl = decl
	n := 0
	one := func(index, elem any) {
		n++
		if len(decl) == 2 {
			s.setVar(decl[0], index, b.pipe.assign)
		}
		if len(decl) > 0 {
			s.setVar(decl[len(decl)-1], elem, b.pipe.assign)
		}
		s.walk(elem, b.list)
		if !b.pipe.assign {
			s.vars = s.vars[:mark+len(decl)]
		}
	}
	switch v := v.(type) {
	case []any:
		for i, e := range v {
			one(i, e)
		}
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			one(k, v[k])
		}
	case int, int64:
		if len(decl) > 1 {
			s.errorf("can't use %v to iterate over more than one variable", v)
		}
		for i := range toInt64(v) {
			one(i, i)
		}
	case missingValue, nil:
	default:
		s.errorf("range can't iterate over %v", v)
	}
	if n == 0 {
		s.walk(dot, b.els)
	}
}

// setVar declares name (or, with assign, sets the nearest name).
func (s *state) setVar(name string, v any, assign bool) {
	for i := len(s.vars) - 1; assign && i >= 0; i-- {
		if s.vars[i].name == name {
			s.vars[i].val = v
			return
		}
	}
	s.vars = append(s.vars, variable{name, v})
}

func (s *state) pipeline(dot any, p *node) any {
	var v any = missing
	for i, c := range p.kids {
		// A null coming out of a stage is no value, as for a missing key.
		if v = s.command(dot, c, v, i > 0); v == nil {
			v = missing
		}
	}
	for _, name := range p.decl {
		s.setVar(name, v, p.assign)
	}
	return v
}

// command evaluates one stage; final is the previous stage's value, which
// a function takes as its last argument.
func (s *state) command(dot any, c *node, final any, hasFinal bool) any {
	first := c.kids[0]
	if first.kind == nFunc {
		return s.call(dot, c, final, hasFinal)
	}
	s.at = first
	if len(c.kids) > 1 || hasFinal {
		if first.kind == nField {
			s.errorf("%s is not a method but has arguments", first.names[len(first.names)-1])
		}
		s.errorf("can't give argument to non-function %s", nodeString(first))
	}
	if first.kind == nNil {
		s.errorf("nil is not a command")
	}
	return s.arg(dot, first)
}

// arg evaluates an operand.
func (s *state) arg(dot any, n *node) any {
	s.at = n
	switch n.kind {
	case nField:
		return s.fields(dot, n)
	case nVar:
		for i := len(s.vars) - 1; i >= 0; i-- {
			if s.vars[i].name == n.text {
				return s.fields(s.vars[i].val, n)
			}
		}
		s.errorf("undefined variable: %s", n.text)
	case nChain:
		return s.fields(s.arg(dot, n.kids[0]), n)
	case nPipe:
		mark := len(s.vars)
		defer func() { s.vars = s.vars[:mark] }()
		return s.pipeline(dot, n)
	case nDot:
		return dot
	case nConst:
		return n.val
	case nFunc:
		return s.call(dot, &node{kind: nCmd, pos: n.pos, kids: []*node{n}}, nil, false)
	}
	return nil
}

// fields follows .a.b from v as text/template does on JSON maps.
func (s *state) fields(v any, at *node) any {
	s.at = at
	for _, name := range at.names {
		switch m := v.(type) {
		case missingValue:
			if s.t.MissingKeyError {
				s.errorf("nil data; no entry for key %q", name)
			}
			return missing
		case nil:
			s.errorf("nil pointer evaluating interface {}.%s", name)
		case map[string]any:
			e, ok := m[name]
			if !ok {
				if s.t.MissingKeyError {
					s.errorf("map has no entry for key %q", name)
				}
				return missing
			}
			v = e
		default:
			s.errorf("can't evaluate field %s in type interface {}", name)
		}
	}
	return v
}

// truth is text/template's notion of true.
func truth(v any) bool {
	switch v := v.(type) {
	case missingValue, nil:
		return false
	case bool:
		return v
	case string:
		return v != ""
	case int, int64, rune:
		return toInt64(v) != 0
	case float64:
		return v != 0
	case map[string]any:
		return len(v) > 0
	case []any:
		return len(v) > 0
	}
	return true
}

func toInt64(v any) int64 {
	switch v := v.(type) {
	case int:
		return int64(v)
	case int64:
		return v
	case rune:
		return int64(v)
	}
	return 0
}

// typeName is the Go type text/template names in errors.
func typeName(v any) string {
	switch v.(type) {
	case map[string]any:
		return "map[string]interface {}"
	case []any:
		return "[]interface {}"
	case nil, missingValue:
		return "interface {}"
	}
	return fmt.Sprintf("%T", v)
}

// DecodeJSON reads an object's JSON as kubectl hands it to a template
// (k8s.io/apimachinery/pkg/util/json): whole numbers as int64, other
// numbers as float64.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return numbers(v), nil
}

func numbers(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = numbers(e)
		}
	case []any:
		for i, e := range v {
			v[i] = numbers(e)
		}
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return n
		}
		f, _ := v.Float64()
		return f
	}
	return v
}
