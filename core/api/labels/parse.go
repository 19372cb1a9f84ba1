package labels

import (
	"fmt"
	"sort"
	"strings"
)

type token int

const (
	tokError token = iota
	tokEnd
	tokClosePar
	tokComma
	tokNot
	tokDoubleEquals
	tokEquals
	tokGreater
	tokIdent
	tokIn
	tokLess
	tokNotEquals
	tokNotIn
	tokOpenPar
)

var symbols = map[string]token{
	")": tokClosePar, ",": tokComma, "!": tokNot, "==": tokDoubleEquals, "=": tokEquals, ">": tokGreater,
	"in": tokIn, "<": tokLess, "!=": tokNotEquals, "notin": tokNotIn, "(": tokOpenPar,
}

type item struct {
	tok token
	lit string
}

func isSpace(c byte) bool  { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }
func isSymbol(c byte) bool { return strings.IndexByte("=!(),><", c) >= 0 }

// lex splits a selector into tokens the way apimachinery's lexer does (longest symbol match).
func lex(s string) []item {
	var out []item
	i := 0
	for {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			return append(out, item{tokEnd, ""})
		}
		if isSymbol(s[i]) {
			var last item
			j := i
			for j < len(s) && isSymbol(s[j]) {
				if t, ok := symbols[s[i:j+1]]; ok {
					last = item{t, s[i : j+1]}
				} else if last.tok != tokError {
					break
				}
				j++
			}
			if last.tok == tokError {
				out = append(out, item{tokError, fmt.Sprintf("error expected: keyword found '%s'", s[i:j])})
				i = j
				continue
			}
			out = append(out, last)
			i += len(last.lit)
			continue
		}
		j := i
		for j < len(s) && !isSymbol(s[j]) && !isSpace(s[j]) {
			j++
		}
		w := s[i:j]
		if t, ok := symbols[w]; ok {
			out = append(out, item{t, w})
		} else {
			out = append(out, item{tokIdent, w})
		}
		i = j
	}
}

type parser struct {
	items []item
	pos   int
}

// peek/next in "values" context read the keywords in and notin as identifiers.
func (p *parser) peek(values bool) (token, string) {
	it := p.items[p.pos]
	if values && (it.tok == tokIn || it.tok == tokNotIn) {
		return tokIdent, it.lit
	}
	return it.tok, it.lit
}

func (p *parser) next(values bool) (token, string) {
	t, l := p.peek(values)
	if p.pos < len(p.items)-1 {
		p.pos++
	}
	return t, l
}

// Parse parses a label selector ("app=web,tier in (a,b),!canary,version"). Its errors are
// apimachinery's: "unable to parse requirement: found ”, expected: ...", "found ',', expected:
// identifier after ','", and validation errors of keys and values.
func Parse(selector string) (Selector, error) {
	p := &parser{items: lex(selector)}
	var reqs internalSelector
	for {
		tok, lit := p.peek(true)
		switch tok {
		case tokIdent, tokNot:
			r, err := p.requirement()
			if err != nil {
				return nil, fmt.Errorf("unable to parse requirement: %v", err)
			}
			reqs = append(reqs, *r)
			t, l := p.next(true)
			switch t {
			case tokEnd:
				sort.SliceStable(reqs, func(i, j int) bool { return reqs[i].Key < reqs[j].Key })
				return reqs, nil
			case tokComma:
				if t2, l2 := p.peek(true); t2 != tokIdent && t2 != tokNot {
					return nil, fmt.Errorf("found '%s', expected: identifier after ','", l2)
				}
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or 'end of string'", l)
			}
		case tokEnd:
			sort.SliceStable(reqs, func(i, j int) bool { return reqs[i].Key < reqs[j].Key })
			return reqs, nil
		default:
			return nil, fmt.Errorf("found '%s', expected: !, identifier, or 'end of string'", lit)
		}
	}
}

func (p *parser) requirement() (*Requirement, error) {
	var op Operator
	tok, key := p.next(true)
	if tok == tokNot {
		op = DoesNotExist
		tok, key = p.next(true)
	}
	if tok != tokIdent {
		return nil, fmt.Errorf("found '%s', expected: identifier", key)
	}
	if msgs := IsQualifiedName(key); len(msgs) != 0 {
		return nil, fmt.Errorf("%s: Invalid value: %q: %s", "<nil>", key, strings.Join(msgs, "; "))
	}
	if t, _ := p.peek(true); t == tokEnd || t == tokComma {
		if op != DoesNotExist {
			op = Exists
		}
	}
	if op == Exists || op == DoesNotExist {
		return NewRequirement(key, op, nil)
	}
	tok, lit := p.next(false)
	switch tok {
	case tokIn:
		op = In
	case tokEquals:
		op = Equals
	case tokDoubleEquals:
		op = DoubleEquals
	case tokGreater:
		op = GreaterThan
	case tokLess:
		op = LessThan
	case tokNotIn:
		op = NotIn
	case tokNotEquals:
		op = NotEquals
	default:
		return nil, fmt.Errorf("found '%s', expected: %v", lit, strings.Join(binaryOperators, ", "))
	}
	var vals []string
	var err error
	if op == In || op == NotIn {
		vals, err = p.values()
	} else {
		vals, err = p.exactValue()
	}
	if err != nil {
		return nil, err
	}
	return NewRequirement(key, op, vals)
}

func (p *parser) values() ([]string, error) {
	if tok, lit := p.next(true); tok != tokOpenPar {
		return nil, fmt.Errorf("found '%s' expected: '('", lit)
	}
	tok, lit := p.peek(true)
	switch tok {
	case tokIdent, tokComma:
		s, err := p.identifiers()
		if err != nil {
			return nil, err
		}
		if t, _ := p.next(true); t != tokClosePar {
			return nil, fmt.Errorf("found '%s', expected: ')'", lit)
		}
		return s, nil
	case tokClosePar:
		p.next(true)
		return []string{""}, nil
	}
	return nil, fmt.Errorf("found '%s', expected: ',', ')' or identifier", lit)
}

func (p *parser) identifiers() ([]string, error) {
	set := map[string]bool{}
	list := func() []string {
		out := make([]string, 0, len(set))
		for k := range set {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	for {
		tok, lit := p.next(true)
		switch tok {
		case tokIdent:
			set[lit] = true
			switch t2, l2 := p.peek(true); t2 {
			case tokComma:
				continue
			case tokClosePar:
				return list(), nil
			default:
				return nil, fmt.Errorf("found '%s', expected: ',' or ')'", l2)
			}
		case tokComma:
			if len(set) == 0 {
				set[""] = true
			}
			t2, _ := p.peek(true)
			if t2 == tokClosePar || t2 == tokComma {
				set[""] = true
			}
			if t2 == tokClosePar {
				return list(), nil
			}
		default:
			return list(), fmt.Errorf("found '%s', expected: ',', or identifier", lit)
		}
	}
}

func (p *parser) exactValue() ([]string, error) {
	if t, _ := p.peek(true); t == tokEnd || t == tokComma {
		return []string{""}, nil
	}
	tok, lit := p.next(true)
	if tok == tokIdent {
		return []string{lit}, nil
	}
	return nil, fmt.Errorf("found '%s', expected: identifier", lit)
}
