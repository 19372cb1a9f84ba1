package sh

import (
	"errors"
	"strconv"
	"strings"
)

// Arithmetic expansion $((…)): integers, names (unset or empty is 0),
// + - * / % with C's precedence, comparisons, && || !, parentheses, unary
// minus, and NAME = / += / -= assignment.

type arithParser struct {
	in    *Interp
	s     string
	pos   int
	depth int
}

var errArithSyntax = errors.New("syntax error: operand expected")

func (in *Interp) arith(expr string) (v int64, err error) {
	p := &arithParser{in: in, s: expr}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(arithErr)
			if !ok {
				panic(r)
			}
			err = e.err
		}
	}()
	p.skip()
	if p.pos == len(p.s) {
		return 0, nil
	}
	v = p.expr(0)
	p.skip()
	if p.pos < len(p.s) {
		return 0, errors.New("syntax error: invalid arithmetic operator (error token is \"" + p.s[p.pos:] + "\")")
	}
	return v, nil
}

type arithErr struct{ err error }

func (p *arithParser) skip() {
	for p.pos < len(p.s) && (p.s[p.pos] == ' ' || p.s[p.pos] == '\t' || p.s[p.pos] == '\n') {
		p.pos++
	}
}

var arithLevels = [][]string{
	{"||"}, {"&&"}, {"==", "!="}, {"<=", ">=", "<", ">"}, {"+", "-"}, {"*", "/", "%"},
}

func (p *arithParser) expr(level int) int64 {
	p.depth++
	if p.depth > 200 {
		panic(arithErr{errors.New("expression recursion level exceeded")})
	}
	defer func() { p.depth-- }()
	if level == len(arithLevels) {
		return p.unary()
	}
	v := p.expr(level + 1)
	for {
		p.skip()
		op := ""
		for _, o := range arithLevels[level] {
			if strings.HasPrefix(p.s[p.pos:], o) {
				op = o
				break
			}
		}
		if op == "" {
			return v
		}
		p.pos += len(op)
		w := p.expr(level + 1)
		switch op {
		case "||":
			v = b2i(v != 0 || w != 0)
		case "&&":
			v = b2i(v != 0 && w != 0)
		case "==":
			v = b2i(v == w)
		case "!=":
			v = b2i(v != w)
		case "<=":
			v = b2i(v <= w)
		case ">=":
			v = b2i(v >= w)
		case "<":
			v = b2i(v < w)
		case ">":
			v = b2i(v > w)
		case "+":
			v += w
		case "-":
			v -= w
		case "*":
			v *= w
		case "/", "%":
			if w == 0 {
				panic(arithErr{errors.New("division by 0 (error token is \"" + strconv.FormatInt(w, 10) + "\")")})
			}
			if op == "/" {
				v /= w
			} else {
				v %= w
			}
		}
	}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (p *arithParser) unary() int64 {
	p.skip()
	if p.pos >= len(p.s) {
		panic(arithErr{errArithSyntax})
	}
	switch c := p.s[p.pos]; {
	case c == '-':
		p.pos++
		return -p.unary()
	case c == '+':
		p.pos++
		return p.unary()
	case c == '!':
		p.pos++
		return b2i(p.unary() == 0)
	case c == '(':
		p.pos++
		v := p.expr(0)
		p.skip()
		if p.pos >= len(p.s) || p.s[p.pos] != ')' {
			panic(arithErr{errors.New("missing `)'")})
		}
		p.pos++
		return v
	case c >= '0' && c <= '9':
		start := p.pos
		for p.pos < len(p.s) && (p.s[p.pos] >= '0' && p.s[p.pos] <= '9' || p.s[p.pos] == 'x' || p.s[p.pos] >= 'a' && p.s[p.pos] <= 'f' || p.s[p.pos] >= 'A' && p.s[p.pos] <= 'F') {
			p.pos++
		}
		v, err := strconv.ParseInt(p.s[start:p.pos], 0, 64)
		if err != nil {
			panic(arithErr{errors.New("value too great for base (error token is \"" + p.s[start:p.pos] + "\")")})
		}
		return v
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		start := p.pos
		for p.pos < len(p.s) && (p.s[p.pos] == '_' || p.s[p.pos] >= 'a' && p.s[p.pos] <= 'z' || p.s[p.pos] >= 'A' && p.s[p.pos] <= 'Z' || p.s[p.pos] >= '0' && p.s[p.pos] <= '9') {
			p.pos++
		}
		name := p.s[start:p.pos]
		p.skip()
		rest := p.s[p.pos:]
		for _, op := range []string{"+=", "-=", "="} {
			if strings.HasPrefix(rest, op) && !strings.HasPrefix(rest, "==") {
				p.pos += len(op)
				w := p.expr(0)
				cur := p.value(name)
				switch op {
				case "+=":
					w = cur + w
				case "-=":
					w = cur - w
				}
				p.in.Set(name, strconv.FormatInt(w, 10))
				return w
			}
		}
		if strings.HasPrefix(rest, "++") || strings.HasPrefix(rest, "--") {
			p.pos += 2
			cur := p.value(name)
			d := int64(1)
			if rest[0] == '-' {
				d = -1
			}
			p.in.Set(name, strconv.FormatInt(cur+d, 10))
			return cur
		}
		return p.value(name)
	}
	panic(arithErr{errors.New("syntax error: operand expected (error token is \"" + p.s[p.pos:] + "\")")})
}

func (p *arithParser) value(name string) int64 {
	v := strings.TrimSpace(p.in.Get(name))
	if v == "" {
		return 0
	}
	n, err := strconv.ParseInt(v, 0, 64)
	if err != nil {
		return 0
	}
	return n
}
