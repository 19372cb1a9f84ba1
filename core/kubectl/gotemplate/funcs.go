package gotemplate

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// funcNames are the functions kubectl's templates know: text/template's
// built-ins and kubectl's exists and base64decode. call, html, js, slice
// and urlquery parse but are refused when run.
const funcNames = " and or not len index print printf println eq ne lt le gt ge exists base64decode call html js slice urlquery "

// call runs the function of command c on its operands (and the previous
// stage's value).
func (s *state) call(dot any, c *node, final any, hasFinal bool) any {
	name, argNodes := c.kids[0].text, c.kids[1:]
	n := len(argNodes)
	if hasFinal {
		n++
	}
	// arg is argument i, evaluated when asked for (and and or stop early).
	arg := func(i int) any {
		if i < len(argNodes) {
			return s.arg(dot, argNodes[i])
		}
		return final
	}
	s.at = c
	atLeast := func(min int) {
		if n < min {
			s.errorf("wrong number of args for %s: want at least %d got %d", name, min, n)
		}
	}
	if name == "and" || name == "or" {
		atLeast(1)
		var v any
		for i := range n {
			if v = arg(i); truth(v) == (name == "or") {
				break
			}
		}
		return v
	}
	args := make([]any, n)
	for i := range args {
		args[i] = arg(i)
	}
	s.at = c
	var raw []any
	// str is argument i, which must be a string.
	str := func(i int) string {
		if v, ok := args[i].(string); ok {
			return v
		}
		if i < len(argNodes) {
			s.at = argNodes[i]
		}
		if raw[i] == missing {
			s.errorf("invalid value; expected string")
		}
		s.errorf("wrong type for value; expected string; got %s", typeName(args[i]))
		return ""
	}
	exactly := func(want int) {
		if n != want {
			s.errorf("wrong number of args for %s: want %d got %d", name, want, n)
		}
	}
	// After len, the functions see a missing value as nil, as an
	// interface argument does.
	var v any
	var err error
	if name == "len" {
		exactly(1)
		v, err = length(args[0])
	}
	raw = append(raw, args...)
	for i, a := range args {
		if a == missing {
			args[i] = nil
		}
	}
	switch name {
	case "len":
	case "not":
		exactly(1)
		return !truth(args[0])
	case "index", "exists":
		atLeast(1)
		v, err = index(args[0], args[1:], name == "exists")
	case "print":
		return fmt.Sprint(args...)
	case "println":
		return fmt.Sprintln(args...)
	case "printf":
		atLeast(1)
		return fmt.Sprintf(str(0), args[1:]...)
	case "eq", "ne", "lt", "le", "gt", "ge":
		if name == "eq" {
			atLeast(1)
			if n == 1 {
				s.errorf("error calling eq: missing argument for comparison")
			}
		} else {
			exactly(2)
		}
		v, err = compare(name, args[0], args[1:])
	case "base64decode":
		exactly(1)
		data, derr := base64.StdEncoding.DecodeString(str(0))
		if derr != nil {
			err = fmt.Errorf("base64 decode failed: %v", derr)
		}
		v = string(data)
	default:
		s.errorf("%s is not supported by kubeplay's go-template", name)
	}
	if err != nil {
		s.errorf("error calling %s: %v", name, err)
	}
	return v
}

func length(v any) (any, error) {
	switch v := v.(type) {
	case missingValue:
		return nil, errors.New("reflect: call of reflect.Value.Type on zero Value")
	case nil:
		return nil, errors.New("len of nil pointer")
	case string:
		return len(v), nil
	case map[string]any:
		return len(v), nil
	case []any:
		return len(v), nil
	}
	return nil, fmt.Errorf("len of type %s", typeName(v))
}

// index is text/template's index, or with exists kubectl's exists: whether
// index could follow the keys and indexes to a value that is not null.
func index(item any, indexes []any, exists bool) (any, error) {
	for _, ix := range indexes {
		var err error
		switch it := item.(type) {
		case map[string]any:
			if key, ok := ix.(string); ok {
				item = it[key]
			} else {
				err = fmt.Errorf("value has type %s; should be string", typeName(ix))
			}
		case []any:
			switch ix.(type) {
			case int, int64, rune:
				if i := toInt64(ix); i >= 0 && i < int64(len(it)) {
					item = it[i]
				} else {
					err = fmt.Errorf("index out of range: %d", i)
				}
			case nil:
				err = errors.New("cannot index slice/array with nil")
			default:
				err = fmt.Errorf("cannot index slice/array with type %s", typeName(ix))
			}
		case nil:
			err = errors.New("index of untyped nil")
		default:
			err = fmt.Errorf("can't index item of type %s", typeName(item))
		}
		if err != nil {
			if exists {
				return false, nil
			}
			return nil, err
		}
	}
	if exists {
		return item != nil, nil
	}
	return item, nil
}

// basic kinds of comparable values.
const (
	badKind = iota
	boolKind
	intKind
	floatKind
	stringKind
	nilKind
)

func kindOf(v any) int {
	switch v.(type) {
	case bool:
		return boolKind
	case int, int64, rune:
		return intKind
	case float64:
		return floatKind
	case string:
		return stringKind
	case nil:
		return nilKind
	}
	return badKind
}

// compare is eq (true when any of others equals a), ne, lt, le, gt, ge.
func compare(op string, a any, others []any) (bool, error) {
	ka := kindOf(a)
	if ka == badKind {
		if op == "eq" || op == "ne" {
			return false, fmt.Errorf("uncomparable type %s: %v", typeName(a), a)
		}
		return false, errors.New("invalid type for comparison")
	}
	for _, b := range others {
		kb := kindOf(b)
		if kb == badKind {
			return false, errors.New("invalid type for comparison")
		}
		if ka != kb {
			if ka == nilKind || kb == nilKind {
				if op == "eq" {
					continue
				}
				if op == "ne" {
					return true, nil
				}
				return false, errors.New("invalid type for comparison")
			}
			return false, fmt.Errorf("incompatible types for comparison: %s and %s", typeName(a), typeName(b))
		}
		var c int
		switch ka {
		case boolKind, nilKind:
			if op != "eq" && op != "ne" {
				return false, errors.New("invalid type for comparison")
			}
			if a != b {
				c = 1
			}
		case intKind:
			c = cmp3(toInt64(a) < toInt64(b), toInt64(a) > toInt64(b))
		case floatKind:
			c = cmp3(a.(float64) < b.(float64), a.(float64) > b.(float64))
		case stringKind:
			c = strings.Compare(a.(string), b.(string))
		}
		switch op {
		case "eq":
			if c == 0 {
				return true, nil
			}
			continue
		case "ne":
			return c != 0, nil
		case "lt":
			return c < 0, nil
		case "le":
			return c <= 0, nil
		case "gt":
			return c > 0, nil
		case "ge":
			return c >= 0, nil
		}
	}
	return false, nil
}

func cmp3(lt, gt bool) int {
	switch {
	case lt:
		return -1
	case gt:
		return 1
	}
	return 0
}

// nodeString writes a node back as text/template's String does.
func nodeString(n *node) string {
	if n == nil {
		return ""
	}
	var parts []string
	for _, k := range n.kids {
		if k.kind == nPipe {
			parts = append(parts, "("+nodeString(k)+")")
		} else {
			parts = append(parts, nodeString(k))
		}
	}
	fields := ""
	if len(n.names) > 0 {
		fields = "." + strings.Join(n.names, ".")
	}
	switch n.kind {
	case nPipe:
		decl := ""
		if len(n.decl) > 0 {
			decl = strings.Join(n.decl, ", ") + " := "
			if n.assign {
				decl = strings.Join(n.decl, ", ") + " = "
			}
		}
		return decl + strings.Join(parts, " | ")
	case nCmd:
		return strings.Join(parts, " ")
	case nField:
		return fields
	case nChain:
		return parts[0] + fields
	case nVar:
		return n.text + fields
	case nConst:
		if r, ok := n.val.(rune); ok {
			return strconv.QuoteRune(r)
		}
	}
	return n.text
}
