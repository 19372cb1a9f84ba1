package runtime

import (
	"sort"
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

	// contents are the lines written to files by redirections.
	contents map[string][]string
	// stdin is the input of the command running (a pipe or < file);
	// capture, when set, receives what it prints instead of the log.
	stdin    []string
	capture  *[]string
	quietErr bool  // 2>/dev/null
	errToOut bool  // 2>&1: errors go where the output goes
	status   int32 // $?

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
	case *shIf:
		for i, cond := range n.conds {
			c := sh.run(cond)
			if sh.exited || sh.stopped {
				return c
			}
			if c == 0 {
				return sh.run(n.bodies[i])
			}
		}
		if len(n.bodies) > len(n.conds) {
			return sh.run(n.bodies[len(n.bodies)-1])
		}
		return 0
	case *shPipe:
		saved, savedCap := sh.stdin, sh.capture
		var st int32
		for i, c := range n.cmds {
			var out []string
			if i < len(n.cmds)-1 {
				sh.capture = &out
			} else {
				sh.capture = savedCap
			}
			st = sh.run(c)
			sh.stdin = out
			if sh.exited || sh.stopped {
				break
			}
		}
		sh.stdin, sh.capture = saved, savedCap
		return st
	case *shCmd:
		sh.status = sh.command(n.words)
		return sh.status
	}
	return 0
}

func (sh *shell) print(s string) {
	if sh.capture != nil {
		*sh.capture = append(*sh.capture, strings.Split(s, "\n")...)
		return
	}
	if sh.maxOut <= 0 {
		return
	}
	if len(sh.out) >= sh.maxOut {
		copy(sh.out, sh.out[1:])
		sh.out = sh.out[:len(sh.out)-1]
	}
	sh.out = append(sh.out, LogLine{At: sh.elapsed, Text: s})
}

// eprint prints an error message: to the log (stderr goes there too)
// unless 2>/dev/null discards it.
func (sh *shell) eprint(s string) {
	if sh.quietErr {
		return
	}
	if sh.errToOut {
		sh.print(s)
		return
	}
	c := sh.capture
	sh.capture = nil
	sh.print(s)
	sh.capture = c
}

func (sh *shell) notFound(name string) int32 {
	switch sh.flavour {
	case "dash":
		sh.eprint("sh: 1: " + name + ": not found")
	case "bash":
		sh.eprint("sh: line 1: " + name + ": command not found")
	default:
		sh.eprint("sh: " + name + ": not found")
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
	var redirs [][2]string // operator, target
	for i := 0; i < len(raw); i++ {
		if op := raw[i]; isRedirect(op) {
			target := ""
			if !strings.Contains(op, "&") || op == "&>" {
				if i+1 < len(raw) {
					i++
					target = sh.expand(raw[i])
				}
			}
			redirs = append(redirs, [2]string{op, target})
			continue
		}
		args = append(args, sh.expand(raw[i]))
	}
	if len(redirs) > 0 {
		return sh.redirected(args, redirs)
	}
	return sh.exec(args)
}

func isRedirect(tok string) bool {
	t := strings.TrimLeft(tok, "12&")
	return t != "" && (t[0] == '>' || t[0] == '<') && tok != "&"
}

// redirected runs args with its redirections: > and >> write files, <
// reads one, 2>/dev/null silences errors, 2>&1 keeps them in the output.
func (sh *shell) redirected(args []string, redirs [][2]string) int32 {
	savedIn, savedCap, savedQuiet, savedErr := sh.stdin, sh.capture, sh.quietErr, sh.errToOut
	var out []string
	var outFile string
	appendTo := false
	for _, r := range redirs {
		op, target := r[0], r[1]
		switch {
		case op == "<":
			if !sh.exists(target) {
				sh.eprint("sh: can't open " + target + ": no such file")
				return 1
			}
			sh.stdin = sh.contents[target]
		case op == "2>" && target == "/dev/null":
			sh.quietErr = true
		case op == "2>&1":
			sh.errToOut = true
		case op == "2>":
		case strings.HasSuffix(op, ">") || strings.HasSuffix(op, ">>"):
			outFile, appendTo = target, strings.HasSuffix(op, ">>")
			sh.capture = &out
			if op == "&>" && target == "/dev/null" {
				sh.quietErr = true
			}
		}
	}
	code := sh.exec(args)
	sh.stdin, sh.capture, sh.quietErr, sh.errToOut = savedIn, savedCap, savedQuiet, savedErr
	if outFile != "" && outFile != "/dev/null" && !strings.HasPrefix(outFile, "/proc/") {
		if sh.contents == nil {
			sh.contents = map[string][]string{}
		}
		if appendTo {
			sh.contents[outFile] = append(append([]string(nil), sh.contents[outFile]...), out...)
		} else {
			sh.contents[outFile] = out
		}
		sh.setFile(outFile, true)
	} else if outFile == "/proc/1/fd/1" || outFile == "/dev/stdout" || outFile == "/dev/stderr" {
		for _, l := range out {
			sh.print(l)
		}
	}
	return code
}

func (sh *shell) exists(f string) bool { return sh.files[f] || systemFile(f) }

// exec runs one expanded command.
func (sh *shell) exec(args []string) int32 {
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
		files := operands(args[1:])
		if len(files) == 0 {
			for _, l := range sh.stdin {
				sh.print(l)
			}
		}
		for _, f := range files {
			if !sh.exists(f) {
				sh.noFile("cat", f)
				return 1
			}
			for _, l := range sh.contents[f] {
				sh.print(l)
			}
		}
	case "rev", "sort", "uniq", "wc", "head", "grep":
		return sh.filter(name, args[1:])
	case "awk":
		return sh.awk(args[1:])
	case "seq":
		from, to := 1, 0
		switch len(args) {
		case 2:
			to, _ = strconv.Atoi(args[1])
		case 3, 4:
			from, _ = strconv.Atoi(args[1])
			to, _ = strconv.Atoi(args[len(args)-1])
		}
		for i := from; i <= to && i-from < 10000; i++ {
			sh.print(strconv.Itoa(i))
		}
	case "test", "[", "[[":
		if name != "test" && len(args) > 1 {
			args = args[:len(args)-1] // the closing ] or ]]
		}
		if testExpr(args[1:], sh.exists) {
			return 0
		}
		return 1
	case "date":
		sh.print(sh.start.Add(sh.elapsed).UTC().Format("Mon Jan  2 15:04:05 UTC 2006"))
	case "hostname":
		sh.print(sh.host)
	case "env", "printenv":
		for _, k := range sortedKeys(sh.env) {
			sh.print(k + "=" + sh.env[k])
		}
	case "tail":
		for _, a := range args[1:] {
			if a == "-f" || a == "-F" || a == "--follow" || strings.HasPrefix(a, "--follow=") ||
				strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.ContainsAny(a, "fF") {
				sh.elapsed = sh.limit + 1 // follows forever
				sh.stopped = true
				return 0
			}
		}
		return sh.filter(name, args[1:])
	case "wget", "curl":
		// The cluster's Services answer 200; -O FILE / -o FILE saves the
		// page; wget -S prints the response headers on stderr.
		for _, a := range args {
			if a == "-S" || a == "--server-response" {
				sh.eprint("  HTTP/1.1 200 OK")
			}
		}
		for i, a := range args {
			if (a == "-O" || a == "-o") && i+1 < len(args) && args[i+1] != "-" {
				sh.setFile(args[i+1], true)
			}
		}
	case "wait", "cd", "export", "set", "trap", "nslookup", "ls", "ping", "ps", "whoami", "id", "uname", "nc", "sh", "bash", "chmod", "cp", "mv", "ln", "tr", "sed", "find", "xargs", "dd", "yes":
		// Utilities that succeed quietly here.
	default:
		if sh.lenient {
			return 0
		}
		return sh.notFound(args[0])
	}
	return 0
}

func (sh *shell) noFile(cmd, f string) {
	if sh.flavour == "busybox" {
		sh.eprint(cmd + ": can't open '" + f + "': No such file or directory")
	} else {
		sh.eprint(cmd + ": " + f + ": No such file or directory")
	}
}

// operands drops options (-n, -v...) and returns the file operands.
func operands(args []string) []string {
	var out []string
	for _, a := range args {
		if !strings.HasPrefix(a, "-") || a == "-" {
			out = append(out, a)
		}
	}
	return out
}

// filter runs a text filter on its input: stdin, or the files named.
func (sh *shell) filter(name string, args []string) int32 {
	n, pattern, invert, quiet, count := 10, "", false, false, false
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-n" && i+1 < len(args):
			i++
			n, _ = strconv.Atoi(strings.TrimPrefix(args[i], "+"))
		case len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9':
			n, _ = strconv.Atoi(a[1:])
		case strings.HasPrefix(a, "-n"):
			n, _ = strconv.Atoi(strings.TrimPrefix(a[2:], "+"))
		case strings.HasPrefix(a, "-") && name == "grep":
			invert = invert || strings.Contains(a, "v")
			quiet = quiet || strings.Contains(a, "q")
			count = count || strings.Contains(a, "c")
		case strings.HasPrefix(a, "-"):
		case name == "grep" && pattern == "":
			pattern = a
		default:
			files = append(files, a)
		}
	}
	in := sh.stdin
	if len(files) > 0 {
		in = nil
		for _, f := range files {
			if !sh.exists(f) {
				sh.noFile(name, f)
				return 1
			}
			in = append(in, sh.contents[f]...)
		}
	}
	var out []string
	switch name {
	case "rev":
		for _, l := range in {
			r := []rune(l)
			for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
				r[i], r[j] = r[j], r[i]
			}
			out = append(out, string(r))
		}
	case "sort":
		out = append(out, in...)
		sort.Strings(out)
	case "uniq":
		for i, l := range in {
			if i == 0 || in[i-1] != l {
				out = append(out, l)
			}
		}
	case "wc":
		out = []string{strconv.Itoa(len(in))}
	case "head":
		out = in[:min(n, len(in))]
	case "tail":
		out = in[max(0, len(in)-n):]
	case "grep":
		for _, l := range in {
			if strings.Contains(l, pattern) != invert {
				out = append(out, l)
			}
		}
		found := len(out) > 0
		if count {
			out = []string{strconv.Itoa(len(out))}
		}
		if quiet {
			out = nil
		}
		for _, l := range out {
			sh.print(l)
		}
		if !found {
			return 1
		}
		return 0
	}
	for _, l := range out {
		sh.print(l)
	}
	return 0
}

// awk runs the one-line programs scripts pipe into: [/RE/]{print $N, ...}
// over stdin or files (RE: a substring, ^ anchors it at the start).
func (sh *shell) awk(args []string) int32 {
	if len(args) == 0 {
		sh.eprint("usage: awk [-F sep] 'program' [file ...]")
		return 1
	}
	prog, files := args[0], args[1:]
	pattern := ""
	if strings.HasPrefix(prog, "/") {
		if end := strings.IndexByte(prog[1:], '/'); end >= 0 {
			pattern, prog = prog[1:end+1], strings.TrimSpace(prog[end+2:])
		}
	}
	action := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(prog, "{"), "}"))
	in := sh.stdin
	if len(files) > 0 {
		in = nil
		for _, f := range files {
			in = append(in, sh.contents[f]...)
		}
	}
	for _, line := range in {
		if pattern != "" {
			if p, anchored := strings.CutPrefix(pattern, "^"); anchored && !strings.HasPrefix(line, p) || !anchored && !strings.Contains(line, p) {
				continue
			}
		}
		fields := strings.Fields(line)
		what := strings.TrimSpace(strings.TrimPrefix(action, "print"))
		if what == "" || what == "$0" {
			sh.print(line)
			continue
		}
		var out []string
		for _, f := range strings.Split(what, ",") {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(f), "$"))
			if err == nil && n > 0 && n <= len(fields) {
				out = append(out, fields[n-1])
			} else if err == nil && n == 0 {
				out = append(out, line)
			}
		}
		sh.print(strings.Join(out, " "))
	}
	return 0
}

// testExpr evaluates test / [ ]: -f -e -d -z -n, = != ==, -eq -ne -lt -le
// -gt -ge and !.
func testExpr(a []string, exists func(string) bool) bool {
	if len(a) > 0 && a[0] == "!" {
		return !testExpr(a[1:], exists)
	}
	for i, op := range a {
		if op == "-a" || op == "&&" {
			return testExpr(a[:i], exists) && testExpr(a[i+1:], exists)
		}
		if op == "-o" || op == "||" {
			return testExpr(a[:i], exists) || testExpr(a[i+1:], exists)
		}
	}
	switch len(a) {
	case 0:
		return false
	case 1:
		return a[0] != ""
	case 2:
		switch a[0] {
		case "-f", "-e", "-d", "-s", "-r", "-x":
			return exists(a[1])
		case "-z":
			return a[1] == ""
		case "-n":
			return a[1] != ""
		}
		return false
	}
	x, op, y := a[0], a[1], a[2]
	xi, _ := strconv.Atoi(x)
	yi, _ := strconv.Atoi(y)
	switch op {
	case "=", "==":
		return x == y
	case "!=":
		return x != y
	case "-eq":
		return xi == yi
	case "-ne":
		return xi != yi
	case "-lt":
		return xi < yi
	case "-le":
		return xi <= yi
	case "-gt":
		return xi > yi
	case "-ge":
		return xi >= yi
	}
	return false
}

func (sh *shell) setFile(f string, exists bool) {
	if sh.files[f] == exists {
		return
	}
	sh.files[f] = exists
	if !exists {
		delete(sh.contents, f)
	}
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
		end := matchingParen(s)
		if end < 0 {
			return 0, "$"
		}
		return end + 1, sh.substitute(s[1:end])
	case strings.HasPrefix(s, "?"):
		return 1, strconv.Itoa(int(sh.status))
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

// matchingParen returns the index of the ) closing s[0]'s (, outside quotes.
func matchingParen(s string) int {
	depth, quote := 0, byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// substitute runs $(script) and returns its output, trailing newlines
// removed; an exit inside it ends only the substitution.
func (sh *shell) substitute(script string) string {
	var out []string
	savedCap, savedExited, savedCode, savedStdin := sh.capture, sh.exited, sh.code, sh.stdin
	sh.capture, sh.stdin = &out, nil
	sh.run(parseScript(script))
	sh.capture, sh.exited, sh.code, sh.stdin = savedCap, savedExited, savedCode, savedStdin
	return strings.TrimRight(strings.Join(out, "\n"), "\n")
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
