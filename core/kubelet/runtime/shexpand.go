package runtime

import (
	"strconv"
	"strings"
	"time"
)

// Expansion: $VAR, ${VAR}, $((arithmetic)), $(command substitution), and sleep's durations.

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
		return end + 1, sh.braced(s[1:end])
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

// braced expands ${NAME}, ${#NAME} and bash's array references
// ${NAME[i]} (i an arithmetic expression, negative from the end),
// ${NAME[@]}, ${#NAME[@]}.
func (sh *shell) braced(inner string) string {
	length := strings.HasPrefix(inner, "#") && len(inner) > 1
	if length {
		inner = inner[1:]
	}
	measure := func(v string) string {
		if length {
			return strconv.Itoa(len(v))
		}
		return v
	}
	name, sub, isArray := strings.Cut(inner, "[")
	if !isArray || !strings.HasSuffix(sub, "]") {
		return measure(sh.env[inner])
	}
	sub = strings.TrimSuffix(sub, "]")
	elems, ok := sh.arrays[name]
	if v, set := sh.env[name]; !ok && set {
		elems = []string{v}
	}
	if sub == "@" || sub == "*" {
		if length {
			return strconv.Itoa(len(elems))
		}
		return strings.Join(elems, " ")
	}
	i := sh.arith(sub)
	if i < 0 {
		i += len(elems)
	}
	if i < 0 || i >= len(elems) {
		return measure("")
	}
	return measure(elems[i])
}

// assignArray runs name=(words): bash keeps the expanded words as an array
// ($name is its first element); the POSIX shells of busybox and Debian
// refuse the syntax. ok is false when the script stops there.
func (sh *shell) assignArray(name, words string) (code int32, ok bool) {
	if sh.flavour != "bash" {
		if sh.flavour == "dash" {
			sh.eprint(`sh: 1: Syntax error: "(" unexpected`)
		} else {
			sh.eprint(`sh: syntax error: unexpected "("`)
		}
		sh.exited, sh.code = true, 2
		return 2, false
	}
	var elems []string
	for _, w := range tokenize(words) {
		if w != ";" {
			elems = append(elems, sh.expand(w))
		}
	}
	if sh.arrays == nil {
		sh.arrays = map[string][]string{}
	}
	sh.arrays[name] = elems
	sh.env[name] = ""
	if len(elems) > 0 {
		sh.env[name] = elems[0]
	}
	return 0, true
}
