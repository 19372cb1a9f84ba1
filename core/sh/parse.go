package sh

import (
	"errors"
	"fmt"
	"strings"
)

// The parser: a script's text to its syntax tree. Words keep their quoting
// (expand.go reads it when the command runs); operators, reserved words,
// redirections and here-documents are resolved here.

// ErrIncomplete is Parse's error for input that stops inside a construct
// (an open quote, `if` without `fi`, a trailing `|`, a here-document without
// its terminator): an interactive shell prompts for more (PS2).
var ErrIncomplete = errors.New("incomplete input")

// SyntaxError is bash's complaint about a token where it cannot stand.
type SyntaxError struct{ Token string }

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("syntax error near unexpected token `%s'", e.Token)
}

// Script is a parsed script: the commands of its complete lines.
type Script struct{ List *List }

// List is commands run in turn: each item an and-or list, in the
// background when its Bg is set.
type List struct{ Items []*AndOr }

// AndOr is pipelines joined by && and ||: Ops[i] joins Pipes[i] and Pipes[i+1].
type AndOr struct {
	Pipes []*Pipeline
	Ops   []string
	Bg    bool
	// Text is the source of the item, as jobs prints it.
	Text string
}

// Pipeline is commands whose output feeds the next one; Bang negates its status.
type Pipeline struct {
	Cmds []Command
	Bang bool
}

// Command is one of Simple, If, Loop, For, Case, Group.
type Command interface{ redirs() []*Redir }

// Redir is a redirection: N>word, N>>word, N<word, N>&M, &>word, N<<delim.
type Redir struct {
	Fd   int    // the descriptor redirected (1 for >, 0 for <)
	Op   string // ">", ">>", "<", ">&", "<&", "&>", "&>>", "<<"
	Word string // the target, raw
	Doc  *HereDoc
}

// HereDoc is a here-document's body; Quoted bodies are not expanded.
type HereDoc struct {
	Delim  string
	Quoted bool
	Strip  bool // <<-: leading tabs removed
	Body   string
	done   bool
}

// Simple is a simple command: assignments, words, redirections.
type Simple struct {
	Assigns []string // NAME=raw
	Words   []string // raw words
	Redirs  []*Redir
}

// If is if/elif/else: Conds[i] guards Bodies[i]; a last body without a
// condition is the else branch.
type If struct {
	Conds, Bodies []*List
	Redirs        []*Redir
}

// Loop is while (or until) COND; do BODY; done.
type Loop struct {
	Until      bool
	Cond, Body *List
	Redirs     []*Redir
}

// For is for NAME [in WORDS]; do BODY; done.
type For struct {
	Name   string
	Words  []string
	In     bool
	Body   *List
	Redirs []*Redir
}

// Case is case WORD in PATTERN) LIST;; ... esac.
type Case struct {
	Word   string
	Arms   []CaseArm
	Redirs []*Redir
}

// CaseArm is one arm of a case.
type CaseArm struct {
	Patterns []string
	Body     *List
}

// Group is { LIST; } or, Sub set, ( LIST ) run in a subshell.
type Group struct {
	Sub    bool
	Body   *List
	Redirs []*Redir
}

func (c *Simple) redirs() []*Redir { return c.Redirs }
func (c *If) redirs() []*Redir     { return c.Redirs }
func (c *Loop) redirs() []*Redir   { return c.Redirs }
func (c *For) redirs() []*Redir    { return c.Redirs }
func (c *Case) redirs() []*Redir   { return c.Redirs }
func (c *Group) redirs() []*Redir  { return c.Redirs }

// Limits of what the parser accepts, so no input exhausts it.
const (
	maxScript = 1 << 20
	maxDepth  = 200
)

type tokKind int

const (
	tWord tokKind = iota
	tOp
	tNewline
	tEOF
)

type token struct {
	kind tokKind
	val  string
	fd   int // a redirection's explicit descriptor, -1 if none
	doc  *HereDoc
	pos  int
}

type parser struct {
	src     string
	pos     int
	tok     token
	peeked  bool
	pending []*HereDoc
	wantDoc *Redir // the next word is this here-document's delimiter
	depth   int
}

// Parse reads a script. The error is ErrIncomplete when it stops inside a
// construct, or a *SyntaxError.
func Parse(src string) (s *Script, err error) {
	if len(src) > maxScript {
		return nil, &SyntaxError{Token: "newline"}
	}
	p := &parser{src: src}
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(parseErr)
			if !ok {
				panic(r)
			}
			s, err = nil, pe.err
		}
	}()
	l := p.list(nil)
	if t := p.next(); t.kind != tEOF {
		p.fail(t)
	}
	if len(p.pending) > 0 {
		panic(parseErr{ErrIncomplete})
	}
	return &Script{List: l}, nil
}

type parseErr struct{ err error }

func (p *parser) incomplete() { panic(parseErr{ErrIncomplete}) }

func (p *parser) fail(t token) {
	switch t.kind {
	case tEOF:
		p.incomplete()
	case tNewline:
		panic(parseErr{&SyntaxError{Token: "newline"}})
	}
	panic(parseErr{&SyntaxError{Token: t.val}})
}

func (p *parser) peek() token {
	if !p.peeked {
		p.tok = p.lex()
		p.peeked = true
	}
	return p.tok
}

func (p *parser) next() token {
	t := p.peek()
	p.peeked = false
	return t
}

func isMeta(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == ';' || c == '&' || c == '|' || c == '<' || c == '>' || c == '(' || c == ')'
}

// lex reads the next token.
func (p *parser) lex() token {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			p.pos++
		case c == '\\' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '\n':
			p.pos += 2
			if p.pos == len(p.src) {
				p.incomplete()
			}
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			goto tok
		}
	}
	return token{kind: tEOF, pos: p.pos}
tok:
	start := p.pos
	c := p.src[p.pos]
	if c == '\n' {
		p.pos++
		p.readDocs()
		return token{kind: tNewline, val: "\n", pos: start}
	}
	// A redirection with its descriptor: 2>, 2>>, 2>&1.
	fd := -1
	if c >= '0' && c <= '9' {
		j := p.pos
		for j < len(p.src) && p.src[j] >= '0' && p.src[j] <= '9' {
			j++
		}
		if j < len(p.src) && (p.src[j] == '>' || p.src[j] == '<') && j-p.pos < 3 {
			fd = 0
			for _, d := range p.src[p.pos:j] {
				fd = fd*10 + int(d-'0')
			}
			p.pos = j
			c = p.src[p.pos]
		}
	}
	for _, op := range []string{"&&", "||", ";;", "<<<", "<<-", "<<", ">>", "&>>", "&>", ">&", "<&", ">|", "|", "&", ";", "<", ">", "(", ")"} {
		if strings.HasPrefix(p.src[p.pos:], op) {
			if fd >= 0 && op[0] != '<' && op[0] != '>' {
				break
			}
			p.pos += len(op)
			if op == ">|" {
				op = ">"
			}
			return token{kind: tOp, val: op, fd: fd, pos: start}
		}
	}
	if fd >= 0 {
		p.pos = start
	}
	p.scanWord()
	w := p.src[start:p.pos]
	return token{kind: tWord, val: w, fd: -1, pos: start}
}

// scanWord advances over one word, its quotes and substitutions.
func (p *parser) scanWord() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		if isMeta(c) {
			return
		}
		p.scanUnit(false)
	}
}

// scanUnit advances over one character of a word or one quoted or
// substituted part of it.
func (p *parser) scanUnit(inDQ bool) {
	s := p.src
	c := s[p.pos]
	switch {
	case c == '\\':
		p.pos += 2
		if p.pos > len(s) {
			p.incomplete()
		}
	case c == '\'' && !inDQ:
		j := strings.IndexByte(s[p.pos+1:], '\'')
		if j < 0 {
			p.incomplete()
		}
		p.pos += j + 2
	case c == '"' && !inDQ:
		p.pos++
		for {
			if p.pos >= len(s) {
				p.incomplete()
			}
			if s[p.pos] == '"' {
				p.pos++
				return
			}
			p.scanUnit(true)
		}
	case c == '`':
		p.pos++
		for {
			if p.pos >= len(s) {
				p.incomplete()
			}
			if s[p.pos] == '\\' {
				p.pos += 2
				continue
			}
			if s[p.pos] == '`' {
				p.pos++
				return
			}
			p.pos++
		}
	case c == '$' && p.pos+1 < len(s) && s[p.pos+1] == '{':
		p.pos += 2
		for {
			if p.pos >= len(s) {
				p.incomplete()
			}
			if s[p.pos] == '}' {
				p.pos++
				return
			}
			p.scanUnit(true)
		}
	case c == '$' && p.pos+1 < len(s) && s[p.pos+1] == '(':
		p.pos += 2
		p.depth++
		if p.depth > maxDepth {
			panic(parseErr{&SyntaxError{Token: "("}})
		}
		depth := 1
		for depth > 0 {
			if p.pos >= len(s) {
				p.incomplete()
			}
			switch s[p.pos] {
			case '(':
				depth++
				p.pos++
			case ')':
				depth--
				p.pos++
			case ' ', '\t', '\n', ';', '&', '|', '<', '>':
				p.pos++
			case '#':
				if p.pos > 0 && (s[p.pos-1] == ' ' || s[p.pos-1] == '\n') {
					for p.pos < len(s) && s[p.pos] != '\n' {
						p.pos++
					}
				} else {
					p.pos++
				}
			default:
				p.scanUnit(false)
			}
		}
		p.depth--
	default:
		p.pos++
	}
}

// readDocs reads the bodies of the here-documents begun on the line just
// ended.
func (p *parser) readDocs() {
	for _, d := range p.pending {
		var body strings.Builder
		for {
			if p.pos >= len(p.src) {
				p.incomplete()
			}
			end := strings.IndexByte(p.src[p.pos:], '\n')
			line := p.src[p.pos:]
			if end >= 0 {
				line = p.src[p.pos : p.pos+end]
				p.pos += end + 1
			} else {
				p.pos = len(p.src)
			}
			if d.Strip {
				line = strings.TrimLeft(line, "\t")
			}
			if strings.TrimSpace(line) == d.Delim {
				break
			}
			if end < 0 {
				// The last line without a newline is not yet the end.
				p.incomplete()
			}
			body.WriteString(line + "\n")
		}
		d.Body, d.done = body.String(), true
	}
	p.pending = nil
}

func (p *parser) skipNewlines() {
	for p.peek().kind == tNewline {
		p.next()
	}
}

// isReserved reports a reserved word where a command starts.
func (p *parser) isWord(val string) bool {
	t := p.peek()
	return t.kind == tWord && t.val == val
}

// list parses and-or lists until one of the stop words (not consumed), a
// `)` or the end.
func (p *parser) list(stop map[string]bool) *List {
	p.depth++
	if p.depth > maxDepth {
		panic(parseErr{&SyntaxError{Token: "("}})
	}
	defer func() { p.depth-- }()
	l := &List{}
	for {
		p.skipNewlines()
		t := p.peek()
		if t.kind == tEOF || t.kind == tOp && (t.val == ")" || t.val == ";;") || t.kind == tWord && stop[t.val] {
			return l
		}
		start := t.pos
		ao := p.andOr(stop)
		l.Items = append(l.Items, ao)
		t = p.peek()
		end := t.pos
		switch {
		case t.kind == tOp && (t.val == ";" || t.val == "&"):
			p.next()
			ao.Bg = t.val == "&"
		case t.kind == tNewline:
			p.next()
		case t.kind == tEOF || t.kind == tOp && (t.val == ")" || t.val == ";;") || t.kind == tWord && stop[t.val]:
		default:
			p.fail(t)
		}
		ao.Text = strings.TrimSpace(p.src[start:min(end, len(p.src))])
	}
}

func (p *parser) andOr(stop map[string]bool) *AndOr {
	ao := &AndOr{Pipes: []*Pipeline{p.pipeline(stop)}}
	for {
		t := p.peek()
		if t.kind != tOp || (t.val != "&&" && t.val != "||") {
			return ao
		}
		p.next()
		p.skipNewlines()
		ao.Ops = append(ao.Ops, t.val)
		ao.Pipes = append(ao.Pipes, p.pipeline(stop))
	}
}

func (p *parser) pipeline(stop map[string]bool) *Pipeline {
	pl := &Pipeline{}
	if p.isWord("!") {
		p.next()
		pl.Bang = true
	}
	pl.Cmds = append(pl.Cmds, p.command(stop))
	for {
		t := p.peek()
		if t.kind != tOp || t.val != "|" {
			return pl
		}
		p.next()
		p.skipNewlines()
		pl.Cmds = append(pl.Cmds, p.command(stop))
	}
}

var (
	stopThen  = map[string]bool{"then": true}
	stopElse  = map[string]bool{"elif": true, "else": true, "fi": true}
	stopFi    = map[string]bool{"fi": true}
	stopDo    = map[string]bool{"do": true}
	stopDone  = map[string]bool{"done": true}
	stopBrace = map[string]bool{"}": true}
	stopEsac  = map[string]bool{"esac": true}
	reserved  = map[string]bool{"then": true, "elif": true, "else": true, "fi": true, "do": true, "done": true, "}": true, "esac": true, "in": false}
)

func (p *parser) expect(word string) {
	t := p.next()
	if t.kind != tWord || t.val != word {
		p.fail(t)
	}
}

func (p *parser) command(stop map[string]bool) Command {
	t := p.peek()
	var c Command
	if t.kind == tOp && t.val == "(" {
		p.next()
		body := p.list(nil)
		if n := p.next(); n.kind != tOp || n.val != ")" {
			p.fail(n)
		}
		c = &Group{Sub: true, Body: body}
	} else if t.kind == tWord {
		switch t.val {
		case "if":
			p.next()
			n := &If{}
			for {
				n.Conds = append(n.Conds, p.nonEmpty(p.list(stopThen)))
				p.expect("then")
				n.Bodies = append(n.Bodies, p.nonEmpty(p.list(stopElse)))
				k := p.next()
				if k.val == "elif" {
					continue
				}
				if k.val == "else" {
					n.Bodies = append(n.Bodies, p.nonEmpty(p.list(stopFi)))
					p.expect("fi")
				}
				break
			}
			c = n
		case "while", "until":
			p.next()
			n := &Loop{Until: t.val == "until"}
			n.Cond = p.nonEmpty(p.list(stopDo))
			p.expect("do")
			n.Body = p.nonEmpty(p.list(stopDone))
			p.expect("done")
			c = n
		case "for":
			p.next()
			name := p.next()
			if name.kind != tWord || !isName(name.val) {
				p.fail(name)
			}
			n := &For{Name: name.val}
			for p.peek().kind == tNewline {
				p.next()
			}
			if p.isWord("in") {
				p.next()
				n.In = true
				for p.peek().kind == tWord {
					n.Words = append(n.Words, p.next().val)
				}
				if t := p.peek(); t.kind == tOp && t.val == ";" || t.kind == tNewline {
					p.next()
				} else {
					p.fail(t)
				}
			} else if t := p.peek(); t.kind == tOp && t.val == ";" {
				p.next()
			}
			p.skipNewlines()
			p.expect("do")
			n.Body = p.nonEmpty(p.list(stopDone))
			p.expect("done")
			c = n
		case "case":
			p.next()
			w := p.next()
			if w.kind != tWord {
				p.fail(w)
			}
			n := &Case{Word: w.val}
			p.skipNewlines()
			p.expect("in")
			for {
				p.skipNewlines()
				if p.isWord("esac") {
					p.next()
					break
				}
				if t := p.peek(); t.kind == tOp && t.val == "(" {
					p.next()
				}
				var arm CaseArm
				for {
					pt := p.next()
					if pt.kind != tWord {
						p.fail(pt)
					}
					arm.Patterns = append(arm.Patterns, pt.val)
					sep := p.next()
					if sep.kind == tOp && sep.val == "|" {
						continue
					}
					if sep.kind == tOp && sep.val == ")" {
						break
					}
					p.fail(sep)
				}
				arm.Body = p.list(stopEsac)
				n.Arms = append(n.Arms, arm)
				if t := p.peek(); t.kind == tOp && t.val == ";;" {
					p.next()
					continue
				}
				p.skipNewlines()
				p.expect("esac")
				break
			}
			c = n
		case "{":
			p.next()
			body := p.nonEmpty(p.list(stopBrace))
			p.expect("}")
			c = &Group{Body: body}
		default:
			if reserved[t.val] {
				p.fail(t)
			}
		}
	}
	if c != nil {
		p.redirections(c)
		return c
	}
	return p.simple()
}

// nonEmpty refuses an empty body as bash does (`then fi`).
func (p *parser) nonEmpty(l *List) *List {
	if len(l.Items) == 0 {
		p.fail(p.peek())
	}
	return l
}

// redirections reads the redirections after a compound command.
func (p *parser) redirections(c Command) {
	for {
		t := p.peek()
		if t.kind != tOp || !isRedirOp(t.val) {
			return
		}
		r := p.redirect()
		switch n := c.(type) {
		case *If:
			n.Redirs = append(n.Redirs, r)
		case *Loop:
			n.Redirs = append(n.Redirs, r)
		case *For:
			n.Redirs = append(n.Redirs, r)
		case *Case:
			n.Redirs = append(n.Redirs, r)
		case *Group:
			n.Redirs = append(n.Redirs, r)
		}
	}
}

func isRedirOp(op string) bool {
	switch op {
	case "<", ">", ">>", "<<", "<<-", "<<<", "&>", "&>>", ">&", "<&":
		return true
	}
	return false
}

func (p *parser) redirect() *Redir {
	t := p.next()
	r := &Redir{Fd: t.fd, Op: t.val}
	if r.Fd < 0 {
		r.Fd = 1
		if t.val[0] == '<' {
			r.Fd = 0
		}
	}
	w := p.next()
	if w.kind != tWord {
		p.fail(w)
	}
	r.Word = w.val
	if t.val == "<<" || t.val == "<<-" {
		d := &HereDoc{Strip: t.val == "<<-"}
		d.Quoted = strings.ContainsAny(w.val, `'"\`)
		d.Delim = unquote(w.val)
		r.Op = "<<"
		r.Doc = d
		p.pending = append(p.pending, d)
	}
	return r
}

func (p *parser) simple() Command {
	c := &Simple{}
	for {
		t := p.peek()
		switch {
		case t.kind == tOp && isRedirOp(t.val):
			c.Redirs = append(c.Redirs, p.redirect())
			continue
		case t.kind == tWord:
			if len(c.Words) == 0 && isAssign(t.val) {
				c.Assigns = append(c.Assigns, t.val)
			} else {
				c.Words = append(c.Words, t.val)
			}
			p.next()
			continue
		case t.kind == tOp && t.val == "(" && len(c.Words) == 1 && len(c.Assigns) == 0:
			// NAME() { ...; }: functions are not supported.
			p.fail(t)
		}
		break
	}
	if len(c.Words) == 0 && len(c.Assigns) == 0 && len(c.Redirs) == 0 {
		p.fail(p.peek())
	}
	return c
}

func isAssign(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	return ok && isName(name)
}

func isName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// unquote removes a word's quotes without expanding it (a here-document's
// delimiter).
func unquote(w string) string {
	var b strings.Builder
	var q byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		case q != 0 && c == q:
			q = 0
		case c == '\\' && q != '\'' && i+1 < len(w):
			i++
			b.WriteByte(w[i])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
