package runtime

import (
	"strconv"
	"strings"
	"time"
)

// A small POSIX-shell subset, enough for the scripts of the Kubernetes docs
// and tutorials: simple commands joined by ; && || and newlines, variable
// assignment, $VAR ${VAR} $((a+1)) $(date) $(hostname) expansion, while /
// until / for loops, and the builtins and busybox applets those scripts use
// (echo, sleep, exit, true, false, touch, rm, cat, date, hostname, env...).
// Scripts run on virtual time: only sleep takes time.

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
		l.items = append(l.items, p.item(stop))
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

var doStop = map[string]bool{"do": true}
var doneStop = map[string]bool{"done": true}

func (p *shParser) item(stop map[string]bool) shNode {
	switch p.peek() {
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
		if t == ";" || t == "&&" || t == "||" || stop[t] {
			break
		}
		c.words = append(c.words, t)
		p.pos++
	}
	return c
}

// shell runs a parsed script on virtual time.
type shell struct {
	flavour string
	env     map[string]string
	files   map[string]bool
	host    string
	start   time.Time

	elapsed time.Duration
	limit   time.Duration // stop once elapsed passes limit
	steps   int
	out     []LogLine
	maxOut  int

	exited  bool
	code    int32
	stopped bool // limit or step budget reached
	fileLog []FileEvent
	// lenient: unknown commands succeed quietly (probe commands that are
	// the image's own tools, such as redis-cli or pg_isready).
	lenient bool
	// tools, when set, answers commands first (kubectl exec's utilities,
	// see exec.go); ok false leaves the command to the switch below.
	tools func(args []string) (code int32, ok bool)
}

const maxShellSteps = 20000

func (sh *shell) run(n shNode) int32 {
	if sh.exited || sh.stopped {
		return sh.code
	}
	sh.steps++
	if sh.steps > maxShellSteps || sh.elapsed > sh.limit {
		sh.stopped = true
		return 0
	}
	switch n := n.(type) {
	case *shList:
		var st int32
		for i, it := range n.items {
			if i > 0 {
				op := n.ops[i-1]
				if (op == "&&" && st != 0) || (op == "||" && st == 0) {
					continue
				}
			}
			st = sh.run(it)
			if sh.exited || sh.stopped {
				return st
			}
		}
		return st
	case *shLoop:
		var st int32
		for {
			c := sh.run(n.cond)
			if sh.exited || sh.stopped {
				return c
			}
			if (c == 0) == n.until {
				return st
			}
			before := sh.steps
			st = sh.run(n.body)
			if sh.exited || sh.stopped {
				return st
			}
			if sh.steps == before {
				return st
			}
		}
	case *shFor:
		var st int32
		var words []string
		for _, w := range n.words {
			words = append(words, strings.Fields(sh.expand(w))...)
		}
		for _, w := range words {
			sh.env[n.name] = w
			st = sh.run(n.body)
			if sh.exited || sh.stopped {
				return st
			}
		}
		return st
	case *shCmd:
		return sh.command(n.words)
	}
	return 0
}

func (sh *shell) print(s string) {
	if sh.maxOut <= 0 {
		return
	}
	if len(sh.out) >= sh.maxOut {
		copy(sh.out, sh.out[1:])
		sh.out = sh.out[:len(sh.out)-1]
	}
	sh.out = append(sh.out, LogLine{At: sh.elapsed, Text: s})
}

func (sh *shell) notFound(name string) int32 {
	switch sh.flavour {
	case "dash":
		sh.print("sh: 1: " + name + ": not found")
	case "bash":
		sh.print("sh: line 1: " + name + ": command not found")
	default:
		sh.print("sh: " + name + ": not found")
	}
	return 127
}

func (sh *shell) command(raw []string) int32 {
	if len(raw) == 0 {
		return 0
	}
	// Leading assignments.
	for len(raw) > 0 {
		name, val, ok := strings.Cut(raw[0], "=")
		if !ok || !isName(name) {
			break
		}
		sh.env[name] = sh.expand(val)
		raw = raw[1:]
	}
	if len(raw) == 0 {
		return 0
	}
	var args []string
	for _, w := range raw {
		args = append(args, sh.expand(w))
	}
	name := args[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 && strings.HasPrefix(name, "/") {
		name = name[i+1:]
	}
	if sh.tools != nil {
		if code, ok := sh.tools(append([]string{name}, args[1:]...)); ok {
			return code
		}
	}
	switch name {
	case "echo":
		a := args[1:]
		if len(a) > 0 && a[0] == "-n" {
			a = a[1:]
		}
		sh.print(strings.Join(a, " "))
	case "printf":
		if len(args) > 1 {
			sh.print(strings.TrimSuffix(strings.ReplaceAll(args[1], `\n`, "\n"), "\n"))
		}
	case "sleep":
		if len(args) < 2 {
			sh.print("sleep: missing operand")
			return 1
		}
		d, ok := parseSleep(args[1])
		if !ok {
			sh.print("sleep: invalid number '" + args[1] + "'")
			return 1
		}
		sh.elapsed += d
		if d >= foreverLimit || sh.elapsed > sh.limit {
			sh.stopped = true
		}
	case "exit":
		sh.exited = true
		sh.code = 0
		if len(args) > 1 {
			n, _ := strconv.Atoi(args[1])
			sh.code = int32(n & 255)
		}
		return sh.code
	case "true", ":":
	case "false":
		return 1
	case "touch", "mkdir":
		for _, f := range args[1:] {
			if !strings.HasPrefix(f, "-") {
				sh.setFile(f, true)
			}
		}
	case "rm":
		for _, f := range args[1:] {
			if !strings.HasPrefix(f, "-") {
				sh.setFile(f, false)
			}
		}
	case "cat":
		for _, f := range args[1:] {
			if !sh.files[f] && !systemFile(f) {
				if sh.flavour == "busybox" {
					sh.print("cat: can't open '" + f + "': No such file or directory")
				} else {
					sh.print("cat: " + f + ": No such file or directory")
				}
				return 1
			}
		}
	case "date":
		sh.print(sh.start.Add(sh.elapsed).UTC().Format("Mon Jan  2 15:04:05 UTC 2006"))
	case "hostname":
		sh.print(sh.host)
	case "env", "printenv":
		for _, k := range sortedKeys(sh.env) {
			sh.print(k + "=" + sh.env[k])
		}
	case "tail":
		if len(args) > 1 && (args[1] == "-f" || args[1] == "-F") {
			sh.elapsed = sh.limit + 1
			sh.stopped = true
		}
	case "wait", "cd", "export", "set", "trap", "nslookup", "wget", "curl", "ls", "test", "[", "ping", "ps", "whoami", "id", "uname", "nc", "grep", "sh", "bash":
		// Utilities that succeed quietly here.
	default:
		if sh.lenient {
			return 0
		}
		return sh.notFound(args[0])
	}
	return 0
}

func (sh *shell) setFile(f string, exists bool) {
	if sh.files[f] == exists {
		return
	}
	sh.files[f] = exists
	sh.fileLog = append(sh.fileLog, FileEvent{At: sh.elapsed, Path: f, Exists: exists})
}

func systemFile(f string) bool {
	return strings.HasPrefix(f, "/etc/") || strings.HasPrefix(f, "/proc/") || strings.HasPrefix(f, "/dev/") || strings.HasPrefix(f, "/var/run/secrets/")
}

func parseSleep(s string) (time.Duration, bool) {
	if s == "infinity" || s == "inf" {
		return 1<<62 - 1, true
	}
	mul := time.Second
	switch {
	case strings.HasSuffix(s, "s"):
		s = s[:len(s)-1]
	case strings.HasSuffix(s, "m"):
		s, mul = s[:len(s)-1], time.Minute
	case strings.HasSuffix(s, "h"):
		s, mul = s[:len(s)-1], time.Hour
	case strings.HasSuffix(s, "d"):
		s, mul = s[:len(s)-1], 24*time.Hour
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, false
	}
	return time.Duration(f * float64(mul)), true
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

// expand performs quote removal and $ expansion on one word.
func (sh *shell) expand(w string) string {
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote == c:
			quote = 0
		case quote == '\'':
			b.WriteByte(c)
		case c == '\\' && i+1 < len(w):
			i++
			b.WriteByte(w[i])
		case c == '$' && i+1 < len(w):
			n, text := sh.dollar(w[i+1:])
			b.WriteString(text)
			i += n
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// dollar expands what follows a '$'; it returns how many bytes it consumed.
func (sh *shell) dollar(s string) (int, string) {
	switch {
	case strings.HasPrefix(s, "(("):
		end := strings.Index(s, "))")
		if end < 0 {
			return 0, "$"
		}
		return end + 2, strconv.Itoa(sh.arith(s[2:end]))
	case strings.HasPrefix(s, "("):
		end := strings.LastIndexByte(s, ')')
		if end < 0 {
			return 0, "$"
		}
		switch strings.TrimSpace(s[1:end]) {
		case "date":
			return end + 1, sh.start.Add(sh.elapsed).UTC().Format("Mon Jan  2 15:04:05 UTC 2006")
		case "hostname":
			return end + 1, sh.host
		}
		return end + 1, ""
	case strings.HasPrefix(s, "{"):
		end := strings.IndexByte(s, '}')
		if end < 0 {
			return 0, "$"
		}
		return end + 1, sh.env[s[1:end]]
	}
	n := 0
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 0 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	if n == 0 {
		return 0, "$"
	}
	return n, sh.env[s[:n]]
}

// arith evaluates "i+1", "$i + 1", "i-1", "n*2".
func (sh *shell) arith(e string) int {
	e = strings.ReplaceAll(strings.ReplaceAll(e, " ", ""), "$", "")
	val := func(t string) int {
		if n, err := strconv.Atoi(t); err == nil {
			return n
		}
		n, _ := strconv.Atoi(sh.env[t])
		return n
	}
	for _, op := range []byte{'+', '-', '*', '/'} {
		if i := strings.LastIndexByte(e, op); i > 0 {
			a, b := sh.arith(e[:i]), val(e[i+1:])
			switch op {
			case '+':
				return a + b
			case '-':
				return a - b
			case '*':
				return a * b
			default:
				if b == 0 {
					return 0
				}
				return a / b
			}
		}
	}
	return val(e)
}
