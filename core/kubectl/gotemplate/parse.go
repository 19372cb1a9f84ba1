package gotemplate

import (
	"fmt"
	"strconv"
	"strings"
)

// A node of a parsed template. One struct serves every kind, which keeps
// the code the page downloads small.
type node struct {
	kind   nodeKind
	pos    int
	text   string   // text; a function's or variable's name; a constant as written
	names  []string // the fields of a field, variable or chain
	val    any      // a constant: bool, string, int, float64 or rune
	decl   []string // a pipeline's variables ($x, or $i, $e)
	assign bool     // they are set with = rather than declared with :=
	kids   []*node  // a pipeline's commands, a command's operands, a chain's pipeline
	pipe   *node    // an action's or branch's pipeline
	list   []*node  // a branch's body
	els    []*node  // its else part
}

type nodeKind uint8

const (
	nText nodeKind = iota
	nAction
	nIf
	nWith
	nRange
	nPipe
	nCmd
	nField
	nVar
	nChain // (pipeline).field
	nDot
	nNil
	nFunc
	nConst
)

type parser struct {
	text  string
	items []item
	i     int
	vars  []string
}

type parseError struct{ err error }

func (p *parser) errorf(format string, args ...any) {
	line := 1 + strings.Count(p.text[:p.items[max(p.i-1, 0)].pos], "\n")
	panic(parseError{fmt.Errorf("template: output:%d: "+format, append([]any{line}, args...)...)})
}

func (p *parser) next() item {
	it := p.items[p.i]
	if it.typ == itemError {
		p.i++
		p.errorf("%s", it.val)
	}
	p.i++
	return it
}

func (p *parser) backup() { p.i-- }

func (p *parser) peek() item {
	it := p.next()
	p.backup()
	return it
}

// nextNonSpace skips spaces.
func (p *parser) nextNonSpace() item {
	for {
		if it := p.next(); it.typ != itemSpace {
			return it
		}
	}
}

func (p *parser) peekNonSpace() item {
	it := p.nextNonSpace()
	p.backup()
	return it
}

func (p *parser) unexpected(it item, context string) {
	if it.typ == itemError {
		p.errorf("%s", it.val)
	}
	p.errorf("unexpected %s in %s", it, context)
}

// Parse reads a template as template.New("output").Parse does.
func Parse(text string) (t *Template, err error) {
	p := &parser{text: text, items: lex(text), vars: []string{"$"}}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseError)
			if !ok {
				panic(r)
			}
			t, err = nil, pe.err
		}
	}()
	list, end := p.list()
	if end != "" {
		p.errorf("unexpected {{%s}}", end)
	}
	return &Template{text: text, root: list}, nil
}

// list reads nodes up to EOF ("") or an {{end}} / {{else}} it returns.
func (p *parser) list() ([]*node, string) {
	var out []*node
	for {
		it := p.next()
		switch it.typ {
		case itemEOF:
			p.backup()
			return out, ""
		case itemText:
			out = append(out, &node{kind: nText, text: it.val})
		case itemLeft:
			kw := p.peekNonSpace()
			if kw.typ == itemKeyword && (kw.val == "end" || kw.val == "else") {
				p.nextNonSpace()
				if kw.val == "end" {
					p.expectRight("end")
				}
				return out, kw.val
			}
			out = append(out, p.action())
		}
	}
}

func (p *parser) expectRight(context string) {
	if it := p.nextNonSpace(); it.typ != itemRight {
		p.unexpected(it, context)
	}
}

func (p *parser) action() *node {
	it := p.nextNonSpace()
	if it.typ == itemKeyword {
		switch it.val {
		case "if":
			return p.branch(nIf, it)
		case "with":
			return p.branch(nWith, it)
		case "range":
			return p.branch(nRange, it)
		}
		p.errorf("{{%s}} is not supported by kubeplay's go-template", it.val)
	}
	p.backup()
	return &node{kind: nAction, pos: it.pos, pipe: p.pipeline("command", itemRight)}
}

// branch reads if/with/range after its keyword, through its {{end}}.
func (p *parser) branch(kind nodeKind, kw item) *node {
	mark := len(p.vars)
	defer func() { p.vars = p.vars[:mark] }()
	b := &node{kind: kind, pos: kw.pos, pipe: p.pipeline(kw.val, itemRight)}
	var end string
	b.list, end = p.list()
	if end == "else" {
		if next := p.peekNonSpace(); kind != nRange && next.typ == itemKeyword && next.val == kw.val {
			// else if / else with: a nested branch that shares our {{end}}.
			b.els = []*node{p.branch(kind, p.nextNonSpace())}
			return b
		}
		p.expectRight("else")
		if b.els, end = p.list(); end == "else" {
			p.errorf("expected end; found {{else}}")
		}
	}
	if end == "" {
		p.errorf("unexpected EOF")
	}
	return b
}

// pipeline reads [declarations] command | command ... up to end.
func (p *parser) pipeline(context string, end itemType) *node {
	pipe := &node{kind: nPipe, pos: p.peekNonSpace().pos}
	if v := p.peekNonSpace(); v.typ == itemVariable {
		save := p.i
		p.nextNonSpace()
		switch next := p.nextNonSpace(); {
		case next.typ == itemDeclare || next.typ == itemAssign:
			pipe.decl, pipe.assign = []string{v.val}, next.typ == itemAssign
		case next.typ == itemComma && context == "range":
			v2 := p.nextNonSpace()
			if v2.typ != itemVariable {
				p.errorf("range can only initialize variables")
			}
			d := p.nextNonSpace()
			if d.typ != itemDeclare && d.typ != itemAssign {
				p.unexpected(d, context)
			}
			pipe.decl, pipe.assign = []string{v.val, v2.val}, d.typ == itemAssign
		default:
			p.i = save
		}
		for _, name := range pipe.decl {
			if pipe.assign {
				p.useVar(name)
			} else {
				p.vars = append(p.vars, name)
			}
		}
	}
	for {
		it := p.nextNonSpace()
		switch it.typ {
		case end:
			if len(pipe.kids) == 0 {
				p.errorf("missing value for %s", context)
			}
			for i, c := range pipe.kids[1:] {
				if k := c.kids[0].kind; k == nConst || k == nDot || k == nNil {
					p.errorf("non executable command in pipeline stage %d", i+2)
				}
			}
			return pipe
		case itemBool, itemChar, itemDot, itemField, itemIdent, itemNumber, itemNil, itemRawString, itemString, itemVariable, itemLParen:
			p.backup()
			pipe.kids = append(pipe.kids, p.command())
		default:
			p.unexpected(it, context)
		}
	}
}

func (p *parser) useVar(name string) {
	for _, v := range p.vars {
		if v == name {
			return
		}
	}
	p.errorf("undefined variable %q", name)
}

// command reads operands up to | (consumed), }} or ) (left for the caller).
func (p *parser) command() *node {
	cmd := &node{kind: nCmd, pos: p.peekNonSpace().pos}
	for {
		p.peekNonSpace()
		if n := p.operand(); n != nil {
			cmd.kids = append(cmd.kids, n)
		}
		it := p.next()
		if it.typ == itemSpace {
			continue
		}
		if it.typ == itemRight || it.typ == itemRParen {
			p.backup()
		} else if it.typ != itemPipe {
			p.unexpected(it, "operand")
		}
		break
	}
	if len(cmd.kids) == 0 {
		p.errorf("empty command")
	}
	return cmd
}

// operand reads a term and the fields chained to it, or nothing.
func (p *parser) operand() *node {
	it := p.next()
	n := &node{pos: it.pos, text: it.val}
	var err error
	switch it.typ {
	case itemField:
		n.kind, n.names = nField, strings.Split(it.val[1:], ".")
	case itemVariable:
		p.useVar(it.val)
		n.kind = nVar
	case itemDot:
		n.kind = nDot
	case itemNil:
		n.kind = nNil
	case itemBool:
		n.kind, n.val = nConst, it.val == "true"
	case itemString, itemRawString:
		n.kind = nConst
		n.val, err = strconv.Unquote(it.val)
	case itemChar:
		n.kind = nConst
		var tail string
		if n.val, _, tail, err = strconv.UnquoteChar(it.val[1:], '\''); err == nil && tail != "'" {
			p.errorf("malformed character constant: %s", it.val)
		}
	case itemNumber:
		n.kind = nConst
		n.val, _ = parseNumber(it.val)
	case itemIdent:
		if !strings.Contains(funcNames, " "+it.val+" ") {
			p.errorf("function %q not defined", it.val)
		}
		n.kind = nFunc
	case itemLParen:
		n = p.pipeline("parenthesized pipeline", itemRParen)
	default:
		p.backup()
		return nil
	}
	if err != nil {
		p.errorf("%s", err)
	}
	f := p.peek()
	if f.typ != itemField {
		return n
	}
	var names []string
	for p.peek().typ == itemField {
		names = append(names, strings.Split(p.next().val[1:], ".")...)
	}
	switch n.kind {
	case nField, nVar:
		// The chain is placed where its first added field starts.
		n.pos, n.names = f.pos, append(n.names, names...)
		return n
	case nPipe:
		return &node{kind: nChain, pos: f.pos, kids: []*node{n}, names: names}
	case nDot:
		p.errorf("unexpected . after term %q", ".")
	}
	p.errorf("unexpected . after term %q", it.val)
	return nil
}

// parseNumber reads a number literal: an int when it is whole and fits,
// else a float64.
func parseNumber(s string) (any, bool) {
	if n, err := strconv.ParseInt(s, 0, 64); err == nil {
		return int(n), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && !strings.ContainsAny(s, "xX") {
		return f, true
	}
	return nil, false
}
