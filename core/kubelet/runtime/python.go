package runtime

import (
	"strconv"
	"strings"
	"time"
)

// A very small Python, enough for the `python3 -c` programs of the
// Kubernetes docs' Job examples: import, print, sys.exit / exit, time.sleep,
// assignments, if / elif / else on expressions over os.environ, int(), str(),
// literals, arithmetic and comparisons. `while True:` runs forever.

// pyResult is what running a program did.
type pyResult struct {
	out     []LogLine
	code    int32
	elapsed time.Duration
	forever bool
}

type pyLine struct {
	indent int
	text   string
}

type pyRun struct {
	env     map[string]string
	vars    map[string]pyVal
	res     pyResult
	done    bool
	lines   []pyLine
	stepCap int
}

type pyVal struct {
	s     string
	n     int
	isNum bool
	none  bool
}

func (v pyVal) truthy() bool {
	switch {
	case v.none:
		return false
	case v.isNum:
		return v.n != 0
	}
	return v.s != ""
}

func (v pyVal) str() string {
	switch {
	case v.none:
		return "None"
	case v.isNum:
		return strconv.Itoa(v.n)
	}
	return v.s
}

func runPython(code string, env map[string]string) pyResult {
	r := &pyRun{env: env, vars: map[string]pyVal{}}
	for _, raw := range strings.Split(code, "\n") {
		t := strings.TrimRight(raw, " \t\r")
		trimmed := strings.TrimLeft(t, " \t")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		// a; b on one line are two statements
		for _, part := range splitTop(trimmed, ';') {
			r.lines = append(r.lines, pyLine{indent: len(t) - len(trimmed), text: strings.TrimSpace(part)})
		}
	}
	r.block(0, len(r.lines))
	return r.res
}

// block runs lines[from:to], which share the indentation of lines[from].
func (r *pyRun) block(from, to int) {
	for i := from; i < to && !r.done; {
		ind := r.lines[i].indent
		end := i + 1
		for end < to && r.lines[end].indent > ind {
			end++
		}
		text := r.lines[i].text
		switch {
		case strings.HasPrefix(text, "if ") && strings.HasSuffix(text, ":"):
			taken := false
			j := i
			for {
				head := r.lines[j].text
				bodyEnd := j + 1
				for bodyEnd < to && r.lines[bodyEnd].indent > ind {
					bodyEnd++
				}
				cond := true
				switch {
				case strings.HasPrefix(head, "if "):
					cond = r.eval(head[3 : len(head)-1]).truthy()
				case strings.HasPrefix(head, "elif "):
					cond = r.eval(head[5 : len(head)-1]).truthy()
				}
				if !taken && cond {
					taken = true
					r.block(j+1, bodyEnd)
				}
				j = bodyEnd
				if j >= to || r.lines[j].indent != ind || !(strings.HasPrefix(r.lines[j].text, "elif ") || r.lines[j].text == "else:") {
					break
				}
			}
			i = j
			continue
		case strings.HasPrefix(text, "while ") && strings.HasSuffix(text, ":"):
			if r.eval(text[6 : len(text)-1]).truthy() {
				r.res.forever, r.done = true, true // a loop that never ends on its own
				return
			}
		case strings.HasPrefix(text, "for ") || strings.HasPrefix(text, "def ") || strings.HasPrefix(text, "try:") ||
			strings.HasPrefix(text, "with ") || text == "pass":
			// bodies of definitions and guarded blocks are not run here
		default:
			r.stmt(text)
		}
		i = end
	}
}

func (r *pyRun) stmt(text string) {
	switch {
	case strings.HasPrefix(text, "import ") || strings.HasPrefix(text, "from "):
	case strings.HasPrefix(text, "raise"):
		r.print("Traceback (most recent call last):")
		r.print("  File \"<string>\", line 1, in <module>")
		r.print(strings.TrimSpace(strings.TrimPrefix(text, "raise")))
		r.exit(1)
	default:
		if name, expr, ok := strings.Cut(text, "="); ok && isName(strings.TrimSpace(name)) && !strings.HasPrefix(expr, "=") {
			r.vars[strings.TrimSpace(name)] = r.eval(expr)
			return
		}
		r.eval(text)
	}
}

func (r *pyRun) print(s string) {
	r.res.out = append(r.res.out, LogLine{At: r.res.elapsed, Text: s})
}

func (r *pyRun) exit(code int32) {
	r.res.code, r.done = code, true
}

// eval evaluates an expression; calls with side effects (print, exit,
// sleep) run when they are evaluated.
func (r *pyRun) eval(e string) pyVal {
	e = strings.TrimSpace(e)
	if e == "" || r.done {
		return pyVal{none: true}
	}
	// lowest precedence first: or, and, not, comparisons, + -, * / %
	for _, op := range []string{" or ", " and "} {
		if i := indexTop(e, op); i >= 0 {
			a := r.eval(e[:i])
			if op == " or " && a.truthy() || op == " and " && !a.truthy() {
				return a
			}
			return r.eval(e[i+len(op):])
		}
	}
	if strings.HasPrefix(e, "not ") {
		return boolVal(!r.eval(e[4:]).truthy())
	}
	for _, op := range []string{"==", "!=", "<=", ">=", "<", ">", " in "} {
		if i := indexTop(e, op); i >= 0 {
			a, b := r.eval(e[:i]), r.eval(e[i+len(op):])
			return compare(a, op, b)
		}
	}
	for _, ops := range []string{"+-", "*/%"} {
		if i := lastIndexTop(e, ops); i > 0 {
			a, b := r.eval(e[:i]), r.eval(e[i+1:])
			return arith(a, e[i], b)
		}
	}
	if e[0] == '(' && e[len(e)-1] == ')' {
		return r.eval(e[1 : len(e)-1])
	}
	if n, err := strconv.Atoi(e); err == nil {
		return pyVal{n: n, isNum: true}
	}
	if (e[0] == '"' || e[0] == '\'') && len(e) >= 2 && e[len(e)-1] == e[0] {
		return pyVal{s: e[1 : len(e)-1]}
	}
	if (e[0] == 'f') && len(e) >= 3 && (e[1] == '"' || e[1] == '\'') {
		return pyVal{s: r.fstring(e[2 : len(e)-1])}
	}
	switch e {
	case "True":
		return pyVal{n: 1, isNum: true}
	case "False":
		return pyVal{isNum: true}
	case "None":
		return pyVal{none: true}
	}
	if strings.HasPrefix(e, "os.environ[") && strings.HasSuffix(e, "]") {
		return r.envVal(r.eval(e[len("os.environ["):len(e)-1]).str(), pyVal{none: true})
	}
	if i := strings.IndexByte(e, '('); i > 0 && e[len(e)-1] == ')' {
		return r.call(e[:i], splitTop(e[i+1:len(e)-1], ','))
	}
	if v, ok := r.vars[e]; ok {
		return v
	}
	return pyVal{none: true}
}

func (r *pyRun) call(fn string, args []string) pyVal {
	arg := func(i int) pyVal {
		if i < len(args) && strings.TrimSpace(args[i]) != "" {
			return r.eval(args[i])
		}
		return pyVal{none: true}
	}
	switch fn {
	case "print":
		var parts []string
		for i, a := range args {
			if strings.Contains(a, "=") && !strings.ContainsAny(a, `"'`) {
				continue // flush=True, end=""
			}
			parts = append(parts, arg(i).str())
		}
		r.print(strings.Join(parts, " "))
	case "sys.exit", "exit", "quit", "os._exit":
		v := arg(0)
		switch {
		case v.none:
			r.exit(0)
		case v.isNum:
			r.exit(int32(v.n & 255))
		default:
			r.print(v.s) // sys.exit("message") prints it and exits 1
			r.exit(1)
		}
	case "time.sleep":
		v := arg(0)
		if d, ok := parseSleep(v.str()); ok {
			r.res.elapsed += d
		}
	case "os.environ.get", "os.getenv":
		return r.envVal(arg(0).str(), arg(1))
	case "int":
		v := arg(0)
		if v.isNum {
			return v
		}
		n, err := strconv.Atoi(strings.TrimSpace(v.s))
		if err != nil {
			r.print("Traceback (most recent call last):")
			r.print("  File \"<string>\", line 1, in <module>")
			if v.none {
				r.print("TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'")
			} else {
				r.print("ValueError: invalid literal for int() with base 10: '" + v.s + "'")
			}
			r.exit(1)
		}
		return pyVal{n: n, isNum: true}
	case "str":
		return pyVal{s: arg(0).str()}
	case "len":
		return pyVal{n: len(arg(0).str()), isNum: true}
	}
	return pyVal{none: true}
}

func (r *pyRun) envVal(name string, def pyVal) pyVal {
	if v, ok := r.env[name]; ok {
		return pyVal{s: v}
	}
	return def
}

// fstring expands {name} and {expr} in an f-string.
func (r *pyRun) fstring(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s, '}')
		if i < 0 || j < i {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(r.eval(s[i+1 : j]).str())
		s = s[j+1:]
	}
}

func boolVal(b bool) pyVal {
	if b {
		return pyVal{n: 1, isNum: true}
	}
	return pyVal{isNum: true}
}

func compare(a pyVal, op string, b pyVal) pyVal {
	if op == " in " {
		return boolVal(strings.Contains(b.str(), a.str()))
	}
	if a.isNum && b.isNum {
		switch op {
		case "==":
			return boolVal(a.n == b.n)
		case "!=":
			return boolVal(a.n != b.n)
		case "<":
			return boolVal(a.n < b.n)
		case ">":
			return boolVal(a.n > b.n)
		case "<=":
			return boolVal(a.n <= b.n)
		case ">=":
			return boolVal(a.n >= b.n)
		}
	}
	eq := a.isNum == b.isNum && a.none == b.none && a.str() == b.str()
	switch op {
	case "==":
		return boolVal(eq)
	case "!=":
		return boolVal(!eq)
	case "<":
		return boolVal(a.str() < b.str())
	case ">":
		return boolVal(a.str() > b.str())
	case "<=":
		return boolVal(a.str() <= b.str())
	}
	return boolVal(a.str() >= b.str())
}

func arith(a pyVal, op byte, b pyVal) pyVal {
	if !a.isNum || !b.isNum {
		if op == '+' {
			return pyVal{s: a.str() + b.str()}
		}
		return pyVal{none: true}
	}
	switch op {
	case '+':
		return pyVal{n: a.n + b.n, isNum: true}
	case '-':
		return pyVal{n: a.n - b.n, isNum: true}
	case '*':
		return pyVal{n: a.n * b.n, isNum: true}
	}
	if b.n == 0 {
		return pyVal{none: true}
	}
	if op == '/' {
		return pyVal{n: a.n / b.n, isNum: true}
	}
	return pyVal{n: ((a.n % b.n) + b.n) % b.n, isNum: true}
}

// eachTop calls visit with each index of e outside quotes and brackets,
// until visit returns false.
func eachTop(e string, visit func(i int) bool) {
	depth, quote := 0, byte(0)
	for i := 0; i < len(e); i++ {
		c := e[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case depth == 0:
			if !visit(i) {
				return
			}
		}
	}
}

// indexTop finds op outside quotes and brackets.
func indexTop(e, op string) int {
	found := -1
	eachTop(e, func(i int) bool {
		if !strings.HasPrefix(e[i:], op) {
			return true
		}
		if (op == "<" || op == ">") && i+1 < len(e) && e[i+1] == '=' {
			return true
		}
		if (op == "==" || op == "!=") && i > 0 && strings.ContainsRune("<>=!", rune(e[i-1])) {
			return true
		}
		found = i
		return false
	})
	return found
}

// lastIndexTop finds the last binary operator of ops outside quotes and
// brackets (left associativity), skipping unary signs.
func lastIndexTop(e, ops string) int {
	found := -1
	eachTop(e, func(i int) bool {
		if strings.IndexByte(ops, e[i]) >= 0 && i > 0 {
			if prev := strings.TrimSpace(e[:i]); prev != "" && !strings.ContainsAny(prev[len(prev)-1:], "+-*/%(=<>,") {
				found = i
			}
		}
		return true
	})
	return found
}

// splitTop splits on sep outside quotes and brackets.
func splitTop(s string, sep byte) []string {
	var out []string
	last := 0
	eachTop(s, func(i int) bool {
		if s[i] == sep {
			out = append(out, s[last:i])
			last = i + 1
		}
		return true
	})
	return append(out, s[last:])
}
