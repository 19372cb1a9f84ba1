package sh

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// uAwk is awk [-F SEP] [-v NAME=VALUE] 'PROGRAM' [FILE...] for the one-line
// programs docs pipe into: BEGIN/END, /RE/ and expression patterns,
// { print …; printf …; NAME = …; if (…) … else …; next }, $N $NF NF NR,
// strings, numbers, concatenation, arithmetic, comparisons, ~ and !~,
// length() substr() tolower() toupper().
func uAwk(in *Interp, c *Cmd) int {
	args := c.Args[1:]
	sep := ""
	vars := map[string]string{}
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		a := args[0]
		switch {
		case a == "-F" && len(args) > 1:
			sep = args[1]
			args = args[1:]
		case strings.HasPrefix(a, "-F"):
			sep = a[2:]
		case a == "-v" && len(args) > 1:
			k, v, _ := strings.Cut(args[1], "=")
			vars[k] = v
			args = args[1:]
		case a == "--":
		default:
			return usageErr(c, 2, "awk: not an option: %s", a)
		}
		args = args[1:]
	}
	if len(args) == 0 {
		return usageErr(c, 2, "usage: awk [-F fs][-v var=value][prog | -f progfile][file ...]")
	}
	if sep == "\\t" {
		sep = "\t"
	}
	p := &awkParser{src: args[0]}
	prog, err := p.program()
	if err != nil {
		return usageErr(c, 2, "awk: syntax error at source line 1\n context is\n\t%s\nawk: bailing out at source line 1", strings.TrimSpace(args[0]))
	}
	data, ok := in.input(c, args[1:])
	m := &awkMachine{vars: vars, sep: sep, out: &strings.Builder{}}
	m.run(prog, lines(data))
	fmt.Fprint(c.Stdout, m.out.String())
	if m.err != "" {
		return usageErr(c, 2, "awk: %s", m.err)
	}
	if !ok {
		return 2
	}
	return 0
}

type awkNode struct {
	op   string // "num" "str" "re" "field" "var" "call" binary/unary ops, "assign"
	s    string
	kids []*awkNode
	re   *regexp.Regexp
}

type awkStmt struct {
	kind        string // "print" "printf" "expr" "if" "block" "next"
	args        []*awkNode
	cond        *awkNode
	body, else_ []*awkStmt
}

type awkRule struct {
	begin, end bool
	pattern    *awkNode
	action     []*awkStmt // nil: print the line
}

type awkParser struct {
	src   string
	pos   int
	depth int
}

type awkErr struct{}

func (p *awkParser) program() (rules []*awkRule, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(awkErr); !ok {
				panic(r)
			}
			rules, err = nil, fmt.Errorf("syntax error")
		}
	}()
	for {
		p.skipSpace(true)
		if p.pos >= len(p.src) {
			return rules, nil
		}
		r := &awkRule{}
		switch {
		case p.word("BEGIN"):
			r.begin = true
		case p.word("END"):
			r.end = true
		case p.peek() != '{':
			r.pattern = p.expr()
		}
		p.skipSpace(false)
		if p.peek() == '{' {
			r.action = p.block()
		}
		rules = append(rules, r)
	}
}

func (p *awkParser) fail() { panic(awkErr{}) }

func (p *awkParser) peek() byte {
	if p.pos < len(p.src) {
		return p.src[p.pos]
	}
	return 0
}

func (p *awkParser) skipSpace(newlines bool) {
	for p.pos < len(p.src) {
		ch := p.src[p.pos]
		if ch == ' ' || ch == '\t' || newlines && (ch == '\n' || ch == ';') {
			p.pos++
			continue
		}
		return
	}
}

func (p *awkParser) word(w string) bool {
	if strings.HasPrefix(p.src[p.pos:], w) {
		end := p.pos + len(w)
		if end == len(p.src) || !isIdent(p.src[end]) {
			p.pos = end
			return true
		}
	}
	return false
}

func isIdent(ch byte) bool {
	return ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}

func (p *awkParser) lit(s string) bool {
	p.skipSpace(false)
	if strings.HasPrefix(p.src[p.pos:], s) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *awkParser) block() []*awkStmt {
	p.depth++
	if p.depth > 100 {
		p.fail()
	}
	defer func() { p.depth-- }()
	if !p.lit("{") {
		p.fail()
	}
	var stmts []*awkStmt
	for {
		p.skipSpace(true)
		if p.lit("}") {
			return stmts
		}
		if p.pos >= len(p.src) {
			p.fail()
		}
		stmts = append(stmts, p.stmt())
	}
}

func (p *awkParser) stmt() *awkStmt {
	p.skipSpace(false)
	switch {
	case p.peek() == '{':
		return &awkStmt{kind: "block", body: p.block()}
	case p.word("print"):
		return &awkStmt{kind: "print", args: p.exprList()}
	case p.word("printf"):
		return &awkStmt{kind: "printf", args: p.exprList()}
	case p.word("next"):
		return &awkStmt{kind: "next"}
	case p.word("if"):
		if !p.lit("(") {
			p.fail()
		}
		s := &awkStmt{kind: "if", cond: p.expr()}
		if !p.lit(")") {
			p.fail()
		}
		p.skipSpace(true)
		s.body = []*awkStmt{p.stmt()}
		save := p.pos
		p.skipSpace(true)
		if p.word("else") {
			p.skipSpace(true)
			s.else_ = []*awkStmt{p.stmt()}
		} else {
			p.pos = save
		}
		return s
	}
	return &awkStmt{kind: "expr", args: []*awkNode{p.expr()}}
}

func (p *awkParser) exprList() []*awkNode {
	p.skipSpace(false)
	paren := false
	if p.peek() == '(' {
		save := p.pos
		p.pos++
		list := p.exprListInner()
		if p.lit(")") {
			p.skipSpace(false)
			if ch := p.peek(); ch == ';' || ch == '}' || ch == '\n' || ch == 0 {
				return list
			}
		}
		p.pos = save
		paren = true
	}
	_ = paren
	return p.exprListInner()
}

func (p *awkParser) exprListInner() []*awkNode {
	var list []*awkNode
	p.skipSpace(false)
	if ch := p.peek(); ch == ';' || ch == '}' || ch == '\n' || ch == 0 || ch == ')' {
		return nil
	}
	list = append(list, p.expr())
	for p.lit(",") {
		list = append(list, p.expr())
	}
	return list
}

func (p *awkParser) expr() *awkNode {
	p.depth++
	if p.depth > 100 {
		p.fail()
	}
	defer func() { p.depth-- }()
	return p.binary(0)
}

var awkLevels = [][]string{{"||"}, {"&&"}, {"!~", "~"}, {"==", "!=", "<=", ">=", "<", ">"}, {"concat"}, {"+", "-"}, {"*", "/", "%"}}

func (p *awkParser) binary(level int) *awkNode {
	if level == len(awkLevels) {
		return p.unary()
	}
	left := p.binary(level + 1)
	for {
		p.skipSpace(false)
		if awkLevels[level][0] == "concat" {
			ch := p.peek()
			if ch == '$' || ch == '"' || ch == '(' || isIdent(ch) && !p.keywordAhead() {
				right := p.binary(level + 1)
				left = &awkNode{op: "concat", kids: []*awkNode{left, right}}
				continue
			}
			return left
		}
		op := ""
		for _, o := range awkLevels[level] {
			if strings.HasPrefix(p.src[p.pos:], o) && !(o == "=" || (o == "<" || o == ">") && strings.HasPrefix(p.src[p.pos+1:], "=") && len(o) == 1) {
				op = o
				break
			}
		}
		if op == "" {
			return left
		}
		p.pos += len(op)
		right := p.binary(level + 1)
		left = &awkNode{op: op, kids: []*awkNode{left, right}}
	}
}

func (p *awkParser) keywordAhead() bool {
	for _, k := range []string{"in ", "else"} {
		if strings.HasPrefix(p.src[p.pos:], k) {
			return true
		}
	}
	return false
}

func (p *awkParser) unary() *awkNode {
	p.skipSpace(false)
	switch p.peek() {
	case '!':
		p.pos++
		return &awkNode{op: "!", kids: []*awkNode{p.unary()}}
	case '-':
		p.pos++
		return &awkNode{op: "neg", kids: []*awkNode{p.unary()}}
	case '+':
		p.pos++
		return p.unary()
	}
	return p.primary()
}

func (p *awkParser) primary() *awkNode {
	p.skipSpace(false)
	ch := p.peek()
	switch {
	case ch == '$':
		p.pos++
		return &awkNode{op: "field", kids: []*awkNode{p.primary()}}
	case ch == '(':
		p.pos++
		n := p.expr()
		if !p.lit(")") {
			p.fail()
		}
		return n
	case ch == '"':
		p.pos++
		var b strings.Builder
		for p.pos < len(p.src) && p.src[p.pos] != '"' {
			if p.src[p.pos] == '\\' && p.pos+1 < len(p.src) {
				p.pos++
				switch p.src[p.pos] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				default:
					b.WriteByte(p.src[p.pos])
				}
				p.pos++
				continue
			}
			b.WriteByte(p.src[p.pos])
			p.pos++
		}
		if p.pos >= len(p.src) {
			p.fail()
		}
		p.pos++
		return &awkNode{op: "str", s: b.String()}
	case ch == '/':
		p.pos++
		start := p.pos
		for p.pos < len(p.src) && p.src[p.pos] != '/' {
			if p.src[p.pos] == '\\' {
				p.pos++
			}
			p.pos++
		}
		if p.pos >= len(p.src) {
			p.fail()
		}
		re, err := regexp.Compile(p.src[start:p.pos])
		p.pos++
		if err != nil {
			p.fail()
		}
		return &awkNode{op: "re", re: re}
	case ch >= '0' && ch <= '9' || ch == '.':
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] >= '0' && p.src[p.pos] <= '9' || p.src[p.pos] == '.') {
			p.pos++
		}
		return &awkNode{op: "num", s: p.src[start:p.pos]}
	case isIdent(ch):
		start := p.pos
		for p.pos < len(p.src) && isIdent(p.src[p.pos]) {
			p.pos++
		}
		name := p.src[start:p.pos]
		if p.peek() == '(' {
			p.pos++
			args := p.exprListInner()
			if !p.lit(")") {
				p.fail()
			}
			return &awkNode{op: "call", s: name, kids: args}
		}
		v := &awkNode{op: "var", s: name}
		p.skipSpace(false)
		for _, op := range []string{"+=", "-=", "*=", "/="} {
			if p.lit(op) {
				return &awkNode{op: "assign", s: op[:1], kids: []*awkNode{v, p.expr()}}
			}
		}
		if strings.HasPrefix(p.src[p.pos:], "=") && !strings.HasPrefix(p.src[p.pos:], "==") {
			p.pos++
			return &awkNode{op: "assign", kids: []*awkNode{v, p.expr()}}
		}
		if p.lit("++") {
			return &awkNode{op: "assign", s: "+", kids: []*awkNode{v, {op: "num", s: "1"}}}
		}
		if p.lit("--") {
			return &awkNode{op: "assign", s: "-", kids: []*awkNode{v, {op: "num", s: "1"}}}
		}
		return v
	}
	p.fail()
	return nil
}

type awkMachine struct {
	vars   map[string]string
	sep    string
	fields []string
	line   string
	nr     int
	out    *strings.Builder
	err    string
	next   bool
}

func (m *awkMachine) run(prog []*awkRule, ls []string) {
	for _, r := range prog {
		if r.begin {
			m.exec(r.action)
		}
	}
	for _, l := range ls {
		m.nr++
		m.setLine(l)
		m.next = false
		for _, r := range prog {
			if r.begin || r.end {
				continue
			}
			if r.pattern != nil && !m.truth(r.pattern) {
				continue
			}
			if r.action == nil {
				m.out.WriteString(m.line + "\n")
				continue
			}
			m.exec(r.action)
			if m.next || m.err != "" || m.out.Len() > maxOutput {
				break
			}
		}
		if m.err != "" || m.out.Len() > maxOutput {
			return
		}
	}
	for _, r := range prog {
		if r.end {
			m.exec(r.action)
		}
	}
}

func (m *awkMachine) setLine(l string) {
	m.line = l
	switch {
	case m.sep == "" || m.sep == " ":
		m.fields = strings.Fields(l)
	case len(m.sep) == 1:
		m.fields = strings.Split(l, m.sep)
	default:
		if re, err := regexp.Compile(m.sep); err == nil {
			m.fields = re.Split(l, -1)
		} else {
			m.fields = strings.Split(l, m.sep)
		}
	}
}

func (m *awkMachine) exec(stmts []*awkStmt) {
	for _, s := range stmts {
		if m.next || m.err != "" {
			return
		}
		switch s.kind {
		case "block":
			m.exec(s.body)
		case "next":
			m.next = true
		case "if":
			if m.truth(s.cond) {
				m.exec(s.body)
			} else {
				m.exec(s.else_)
			}
		case "expr":
			m.eval(s.args[0])
		case "print":
			if len(s.args) == 0 {
				m.out.WriteString(m.line + "\n")
				continue
			}
			var parts []string
			for _, a := range s.args {
				parts = append(parts, m.eval(a))
			}
			m.out.WriteString(strings.Join(parts, " ") + "\n")
		case "printf":
			if len(s.args) == 0 {
				continue
			}
			var vals []any
			format := m.eval(s.args[0])
			for _, a := range s.args[1:] {
				v := m.eval(a)
				vals = append(vals, v)
			}
			m.out.WriteString(awkSprintf(format, vals))
		}
	}
}

func awkSprintf(format string, vals []any) string {
	var b strings.Builder
	k := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("-+ #0123456789.", format[j]) >= 0 {
			j++
		}
		if j == len(format) {
			b.WriteString(format[i:])
			break
		}
		verb := format[j]
		spec := "%" + clampSpec(format[i+1:j])
		i = j
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		v := ""
		if k < len(vals) {
			v = vals[k].(string)
		}
		k++
		switch verb {
		case 'd', 'i':
			fmt.Fprintf(&b, spec+"d", int64(awkNum(v)))
		case 'f', 'g', 'e':
			fmt.Fprintf(&b, spec+string(verb), awkNum(v))
		case 'c':
			if v != "" {
				b.WriteByte(v[0])
			}
		default:
			fmt.Fprintf(&b, spec+"s", v)
		}
	}
	return b.String()
}

func awkNum(s string) float64 {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' || end == 0 && (s[end] == '-' || s[end] == '+')) {
		end++
	}
	f, _ := strconv.ParseFloat(s[:end], 64)
	return f
}

func awkStr(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e16 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', 6, 64)
}

func looksNumeric(s string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}

func (m *awkMachine) truth(n *awkNode) bool {
	if n.op == "re" {
		return n.re.MatchString(m.line)
	}
	v := m.eval(n)
	if looksNumeric(v) {
		return awkNum(v) != 0
	}
	return v != ""
}

func (m *awkMachine) field(i int) string {
	if i == 0 {
		return m.line
	}
	if i > 0 && i <= len(m.fields) {
		return m.fields[i-1]
	}
	return ""
}

func (m *awkMachine) eval(n *awkNode) string {
	switch n.op {
	case "num":
		return awkStr(awkNum(n.s))
	case "str":
		return n.s
	case "re":
		return awkStr(b2f(n.re.MatchString(m.line)))
	case "field":
		return m.field(int(awkNum(m.eval(n.kids[0]))))
	case "var":
		switch n.s {
		case "NF":
			return strconv.Itoa(len(m.fields))
		case "NR", "FNR":
			return strconv.Itoa(m.nr)
		case "FS":
			return m.sep
		}
		return m.vars[n.s]
	case "assign":
		v := m.eval(n.kids[1])
		name := n.kids[0].s
		if n.s != "" {
			a, b := awkNum(m.vars[name]), awkNum(v)
			switch n.s {
			case "+":
				a += b
			case "-":
				a -= b
			case "*":
				a *= b
			case "/":
				if b == 0 {
					m.err = "division by zero"
					return ""
				}
				a /= b
			}
			v = awkStr(a)
		}
		m.vars[name] = v
		return v
	case "call":
		var args []string
		for _, k := range n.kids {
			args = append(args, m.eval(k))
		}
		arg := func(i int) string {
			if i < len(args) {
				return args[i]
			}
			return ""
		}
		switch n.s {
		case "length":
			if len(args) == 0 {
				return strconv.Itoa(len(m.line))
			}
			return strconv.Itoa(len(arg(0)))
		case "tolower":
			return strings.ToLower(arg(0))
		case "toupper":
			return strings.ToUpper(arg(0))
		case "substr":
			s := arg(0)
			start := int(awkNum(arg(1))) - 1
			end := len(s)
			if len(args) > 2 {
				end = start + int(awkNum(arg(2)))
			}
			start, end = max(start, 0), min(end, len(s))
			if start >= end {
				return ""
			}
			return s[start:end]
		case "int":
			return awkStr(math.Trunc(awkNum(arg(0))))
		}
		m.err = "calling undefined function " + n.s
		return ""
	case "!":
		return awkStr(b2f(!m.truth(n.kids[0])))
	case "neg":
		return awkStr(-awkNum(m.eval(n.kids[0])))
	case "concat":
		return m.eval(n.kids[0]) + m.eval(n.kids[1])
	case "&&":
		return awkStr(b2f(m.truth(n.kids[0]) && m.truth(n.kids[1])))
	case "||":
		return awkStr(b2f(m.truth(n.kids[0]) || m.truth(n.kids[1])))
	case "~", "!~":
		s := m.eval(n.kids[0])
		var re *regexp.Regexp
		if n.kids[1].op == "re" {
			re = n.kids[1].re
		} else {
			var err error
			if re, err = regexp.Compile(m.eval(n.kids[1])); err != nil {
				return "0"
			}
		}
		return awkStr(b2f(re.MatchString(s) == (n.op == "~")))
	}
	a, b := m.eval(n.kids[0]), m.eval(n.kids[1])
	switch n.op {
	case "+", "-", "*", "/", "%":
		x, y := awkNum(a), awkNum(b)
		switch n.op {
		case "+":
			return awkStr(x + y)
		case "-":
			return awkStr(x - y)
		case "*":
			return awkStr(x * y)
		}
		if y == 0 {
			m.err = "division by zero"
			return ""
		}
		if n.op == "/" {
			return awkStr(x / y)
		}
		return awkStr(math.Mod(x, y))
	}
	var c int
	if looksNumeric(a) && looksNumeric(b) {
		x, y := awkNum(a), awkNum(b)
		switch {
		case x < y:
			c = -1
		case x > y:
			c = 1
		}
	} else {
		c = strings.Compare(a, b)
	}
	switch n.op {
	case "==":
		return awkStr(b2f(c == 0))
	case "!=":
		return awkStr(b2f(c != 0))
	case "<":
		return awkStr(b2f(c < 0))
	case "<=":
		return awkStr(b2f(c <= 0))
	case ">":
		return awkStr(b2f(c > 0))
	case ">=":
		return awkStr(b2f(c >= 0))
	}
	return ""
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
