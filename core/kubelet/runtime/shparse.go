package runtime

import (
	"strings"
)

// The shell's parser: words and quotes, lists, pipelines, loops and conditionals.

// shNode is a parsed script fragment.
type shNode interface{}

type shCmd struct{ words []string } // raw words, quotes kept for expansion

type shList struct {
	items []shNode
	ops   []string // ops[i] joins items[i] and items[i+1]: ";", "&&", "||"
}

type shLoop struct {
	until bool
	cond  shNode
	body  shNode
}

// shPipe is a pipeline: each command's output is the next one's input.
type shPipe struct{ cmds []shNode }

// shIf is if/elif/else: conds[i] guards bodies[i]; a last body without a
// condition is the else branch.
type shIf struct {
	conds  []shNode
	bodies []shNode
}

type shFor struct {
	name  string
	words []string
	body  shNode
}

// tokenize splits a script into words and operators, keeping quotes inside
// words (expansion removes them).
func tokenize(s string) []string {
	var toks []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			toks = append(toks, cur.String())
			cur.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(s) && s[j] != c {
				if c == '"' && s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) {
				j = len(s) - 1
			}
			cur.WriteString(s[i : j+1])
			i = j
		case c == '$' && i+1 < len(s) && s[i+1] == '(':
			depth, j := 0, i+1
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				j = len(s) - 1
			}
			cur.WriteString(s[i : j+1])
			i = j
		case c == '(' && strings.HasSuffix(cur.String(), "=") && isName(strings.TrimSuffix(cur.String(), "=")):
			// bash's array assignment: name=(a b c) is one word.
			j := i + 1
			for quote := byte(0); j < len(s) && (quote != 0 || s[j] != ')'); j++ {
				switch {
				case quote == 0 && (s[j] == '\'' || s[j] == '"'):
					quote = s[j]
				case quote == s[j]:
					quote = 0
				}
			}
			j = min(j, len(s)-1)
			cur.WriteString(s[i : j+1])
			i = j
		case c == ' ' || c == '\t':
			flush()
		case c == '\n' || c == ';':
			flush()
			toks = append(toks, ";")
		case c == '&' && i+1 < len(s) && s[i+1] == '&':
			flush()
			toks = append(toks, "&&")
			i++
		case c == '|' && i+1 < len(s) && s[i+1] == '|':
			flush()
			toks = append(toks, "||")
			i++
		case c == '|':
			flush()
			toks = append(toks, "|")
		case c == '&' && i+1 < len(s) && s[i+1] == '>':
			flush()
			toks = append(toks, "&>")
			i++
		case c == '&':
			flush() // a background job runs here in order: enough for the docs' scripts
			toks = append(toks, ";")
		case c == '>' || c == '<':
			// A redirection operator, with its file descriptor (2>) and a
			// duplication (2>&1) kept in one token.
			op := ""
			if cur.Len() == 1 && (cur.String() == "1" || cur.String() == "2") {
				op = cur.String()
				cur.Reset()
			}
			flush()
			op += string(c)
			if c == '>' && i+1 < len(s) && s[i+1] == '>' {
				op += ">"
				i++
			}
			if i+2 < len(s) && s[i+1] == '&' && s[i+2] >= '0' && s[i+2] <= '9' {
				op += s[i+1 : i+3]
				i += 2
			}
			toks = append(toks, op)
		case c == '#' && cur.Len() == 0:
			for i < len(s) && s[i] != '\n' {
				i++
			}
			i--
		default:
			cur.WriteByte(c)
		}
	}
	flush()
	return toks
}

type shParser struct {
	toks []string
	pos  int
}

func parseScript(script string) shNode {
	p := &shParser{toks: tokenize(script)}
	return p.list(nil)
}

func (p *shParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *shParser) skipSemis() {
	for p.peek() == ";" {
		p.pos++
	}
}

// list parses items until one of the stop keywords (not consumed).
func (p *shParser) list(stop map[string]bool) *shList {
	l := &shList{}
	p.skipSemis()
	for p.pos < len(p.toks) && !stop[p.peek()] {
		l.items = append(l.items, p.pipeline(stop))
		op := p.peek()
		switch op {
		case ";", "&&", "||":
			p.pos++
			if op == ";" {
				p.skipSemis()
			}
			if p.pos >= len(p.toks) || stop[p.peek()] {
				return l
			}
			l.ops = append(l.ops, op)
		default:
			if p.pos < len(p.toks) && !stop[op] {
				l.ops = append(l.ops, ";")
			}
		}
	}
	return l
}

// pipeline parses item | item | ...
func (p *shParser) pipeline(stop map[string]bool) shNode {
	first := p.item(stop)
	if p.peek() != "|" {
		return first
	}
	pipe := &shPipe{cmds: []shNode{first}}
	for p.peek() == "|" {
		p.pos++
		pipe.cmds = append(pipe.cmds, p.item(stop))
	}
	return pipe
}

var (
	thenStop = map[string]bool{"then": true}
	elseStop = map[string]bool{"elif": true, "else": true, "fi": true}
	fiStop   = map[string]bool{"fi": true}
)

var doStop = map[string]bool{"do": true}
var doneStop = map[string]bool{"done": true}

func (p *shParser) item(stop map[string]bool) shNode {
	switch p.peek() {
	case "if":
		n := &shIf{}
		for p.peek() == "if" || p.peek() == "elif" {
			p.pos++
			n.conds = append(n.conds, p.list(thenStop))
			p.pos++ // then
			n.bodies = append(n.bodies, p.list(elseStop))
		}
		if p.peek() == "else" {
			p.pos++
			n.bodies = append(n.bodies, p.list(fiStop))
		}
		p.pos++ // fi
		return n
	case "while", "until":
		until := p.peek() == "until"
		p.pos++
		cond := p.list(doStop)
		p.pos++ // do
		body := p.list(doneStop)
		p.pos++ // done
		return &shLoop{until: until, cond: cond, body: body}
	case "for":
		p.pos++
		f := &shFor{name: p.peek()}
		p.pos++
		if p.peek() == "in" {
			p.pos++
			for p.pos < len(p.toks) && p.peek() != ";" && p.peek() != "do" {
				f.words = append(f.words, p.peek())
				p.pos++
			}
		}
		p.skipSemis()
		if p.peek() == "do" {
			p.pos++
		}
		f.body = p.list(doneStop)
		p.pos++
		return f
	}
	c := &shCmd{}
	for p.pos < len(p.toks) {
		t := p.peek()
		if t == ";" || t == "&&" || t == "||" || t == "|" || stop[t] {
			break
		}
		c.words = append(c.words, t)
		p.pos++
	}
	return c
}
