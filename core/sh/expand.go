package sh

import (
	"path"
	"strconv"
	"strings"
)

// Word expansion: quote removal, parameters ($X ${X} ${X:-w} ${#X} $? $$
// $! $# $@ $1), command substitution ($(…) and `…`), arithmetic ($((…)))
// and field splitting of what an unquoted expansion produced (on blanks
// and newlines, bash's default IFS). There is no pathname expansion: a
// pattern stays as typed, as bash leaves a pattern that matches no file.

// arithmetic evaluates $((…)) (arith.go; the lite build stops instead).
var arithmetic func(in *Interp, expr string) (int64, error)

// fields collects the fields of one word.
type fields struct {
	out  []string
	cur  strings.Builder
	have bool
}

func (f *fields) lit(s string) {
	f.cur.WriteString(s)
	f.have = true
}

// split adds the result of an unquoted expansion, splitting it.
func (f *fields) split(s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ' ' || c == '\t' || c == '\n' {
			f.end()
			continue
		}
		f.cur.WriteByte(c)
		f.have = true
	}
}

func (f *fields) end() {
	if f.have {
		f.out = append(f.out, f.cur.String())
	}
	f.cur.Reset()
	f.have = false
}

// expandFields expands a word into fields.
func (in *Interp) expandFields(w string) []string {
	var f fields
	in.expandInto(w, &f, false)
	f.end()
	for _, x := range f.out {
		in.charge(len(x))
	}
	return f.out
}

// expandWords expands each word.
func (in *Interp) expandWords(ws []string) []string {
	var out []string
	for _, w := range ws {
		out = append(out, in.expandFields(w)...)
	}
	return out
}

// expandString expands a word without field splitting (assignments,
// redirection targets, case words).
func (in *Interp) expandString(w string) string {
	var f fields
	in.expandInto(w, &f, true)
	in.charge(f.cur.Len())
	return f.cur.String()
}

// expandInto reads w; noSplit keeps unquoted expansions whole.
func (in *Interp) expandInto(w string, f *fields, noSplit bool) {
	unq := f.split
	if noSplit {
		unq = f.lit
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch c {
		case '\\':
			if i+1 < len(w) {
				i++
				if w[i] != '\n' {
					f.lit(w[i : i+1])
				}
			}
		case '\'':
			j := strings.IndexByte(w[i+1:], '\'')
			if j < 0 {
				j = len(w) - i - 1
			}
			f.lit(w[i+1 : i+1+j])
			i += j + 1
		case '"':
			f.have = true
			j := i + 1
			for j < len(w) && w[j] != '"' {
				switch {
				case w[j] == '\\' && j+1 < len(w):
					if strings.IndexByte("$`\"\\\n", w[j+1]) >= 0 {
						if w[j+1] != '\n' {
							f.lit(w[j+1 : j+2])
						}
					} else {
						f.lit(w[j : j+2])
					}
					j += 2
				case w[j] == '$' || w[j] == '`':
					n, text, _ := in.dollar(w[j:], true)
					if n == 0 {
						f.lit("$")
						j++
						continue
					}
					f.lit(text)
					j += n
				default:
					f.lit(w[j : j+1])
					j++
				}
			}
			i = j
		case '$', '`':
			n, text, many := in.dollar(w[i:], false)
			if n == 0 {
				f.lit("$")
				continue
			}
			if many != nil && !noSplit {
				for k, m := range many {
					if k > 0 {
						f.end()
					}
					f.split(m)
				}
			} else {
				unq(text)
			}
			i += n - 1
		default:
			f.lit(w[i : i+1])
		}
	}
}

// expandHereDoc expands a here-document's body: parameters, substitutions
// and arithmetic; a backslash quotes only $ ` \ and a newline.
func (in *Interp) expandHereDoc(body string) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && i+1 < len(body) && strings.IndexByte("$`\\\n", body[i+1]) >= 0:
			i++
			if body[i] != '\n' {
				b.WriteByte(body[i])
			}
		case c == '$' || c == '`':
			n, text, _ := in.dollar(body[i:], true)
			if n == 0 {
				b.WriteByte('$')
				continue
			}
			b.WriteString(text)
			i += n - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// dollar expands the $… or `…` at the start of s: the bytes consumed (0 if
// it is a lone $), the text, and for an unquoted "$@" its separate words.
func (in *Interp) dollar(s string, quoted bool) (int, string, []string) {
	if s[0] == '`' {
		j := 1
		var inner strings.Builder
		for j < len(s) && s[j] != '`' {
			if s[j] == '\\' && j+1 < len(s) && strings.IndexByte("$`\\", s[j+1]) >= 0 {
				j++
			}
			inner.WriteByte(s[j])
			j++
		}
		return min(j+1, len(s)), in.substitute(inner.String()), nil
	}
	if len(s) < 2 {
		return 0, "", nil
	}
	switch c := s[1]; {
	case strings.HasPrefix(s, "$(("):
		if end := matchClose(s, 1); end > 0 && s[end-1] == ')' {
			expr := in.expandString(s[3 : end-1])
			v, err := arithmetic(in, expr)
			if err != nil {
				in.errorf("%s: %s", strings.TrimSpace(expr), err)
				in.failed = true
				return end + 1, "", nil
			}
			return end + 1, strconv.FormatInt(v, 10), nil
		}
		fallthrough
	case c == '(':
		end := matchClose(s, 1)
		if end < 0 {
			// Not closed (the parser lets none through; a here-document
			// body may hold one): the rest is the command.
			return len(s), in.substitute(s[2:]), nil
		}
		return end + 1, in.substitute(s[2:end]), nil
	case c == '{':
		end := braceEnd(s)
		if end < 0 {
			return len(s), "", nil
		}
		return end + 1, in.braced(s[2:end]), nil
	case c == '?':
		return 2, strconv.Itoa(in.Status), nil
	case c == '$':
		return 2, strconv.Itoa(in.PID), nil
	case c == '!':
		if in.lastBg == 0 {
			return 2, "", nil
		}
		return 2, strconv.Itoa(in.lastBg), nil
	case c == '#':
		return 2, strconv.Itoa(len(in.Args)), nil
	case c == '0':
		return 2, in.Name, nil
	case c >= '1' && c <= '9':
		n := int(c - '0')
		if n <= len(in.Args) {
			return 2, in.Args[n-1], nil
		}
		return 2, "", nil
	case c == '@' || c == '*':
		if c == '@' && !quoted {
			return 2, strings.Join(in.Args, " "), append([]string(nil), in.Args...)
		}
		return 2, strings.Join(in.Args, " "), nil
	}
	n := 1
	for n < len(s) && (s[n] == '_' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || n > 1 && s[n] >= '0' && s[n] <= '9') {
		n++
	}
	if n == 1 {
		return 0, "", nil
	}
	return n, in.Get(s[1:n]), nil
}

// matchClose finds the ) closing the ( at s[open], outside quotes.
func matchClose(s string, open int) int {
	depth := 0
	var q byte
	for i := open; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			} else if c == '\\' && q == '"' {
				i++
			}
		case c == '\\':
			i++
		case c == '\'' || c == '"' || c == '`':
			q = c
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

// braceEnd finds the } closing ${ at s[0:2].
func braceEnd(s string) int {
	depth := 0
	var q byte
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			q = c
		case c == '{':
			depth++
		case c == '}':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// braced expands ${…}: NAME, #NAME, NAME:-W, NAME-W, NAME:=W, NAME:+W,
// NAME:?W, NAME#P, NAME##P, NAME%P, NAME%%P.
func (in *Interp) braced(inner string) string {
	if len(inner) > 1 && inner[0] == '#' {
		return strconv.Itoa(len(in.param(inner[1:])))
	}
	n := 0
	for n < len(inner) && (inner[n] == '_' || inner[n] >= 'a' && inner[n] <= 'z' || inner[n] >= 'A' && inner[n] <= 'Z' || inner[n] >= '0' && inner[n] <= '9') {
		n++
	}
	if n == 0 && len(inner) > 0 && strings.IndexByte("?$!#@*", inner[0]) >= 0 {
		n = 1
	}
	name, rest := inner[:n], inner[n:]
	if name == "" {
		in.errorf("${%s}: bad substitution", inner)
		in.failed = true
		return ""
	}
	val, set := in.lookup(name)
	if rest == "" {
		return val
	}
	colon := strings.HasPrefix(rest, ":")
	op := strings.TrimPrefix(rest, ":")
	if op == "" {
		in.errorf("${%s}: bad substitution", inner)
		in.failed = true
		return ""
	}
	word := op[1:]
	unset := !set || colon && val == ""
	switch op[0] {
	case '-':
		if unset {
			return in.expandString(word)
		}
		return val
	case '=':
		if unset {
			v := in.expandString(word)
			in.Set(name, v)
			return v
		}
		return val
	case '+':
		if unset {
			return ""
		}
		return in.expandString(word)
	case '?':
		if unset {
			msg := in.expandString(word)
			if msg == "" {
				msg = "parameter null or not set"
			}
			in.errorf("%s: %s", name, msg)
			in.failed = true
			return ""
		}
		return val
	}
	if colon {
		in.errorf("${%s}: bad substitution", inner)
		in.failed = true
		return ""
	}
	switch {
	case strings.HasPrefix(rest, "##"):
		return trimPattern(val, in.expandString(rest[2:]), true, true)
	case strings.HasPrefix(rest, "#"):
		return trimPattern(val, in.expandString(rest[1:]), true, false)
	case strings.HasPrefix(rest, "%%"):
		return trimPattern(val, in.expandString(rest[2:]), false, true)
	case strings.HasPrefix(rest, "%"):
		return trimPattern(val, in.expandString(rest[1:]), false, false)
	}
	in.errorf("${%s}: bad substitution", inner)
	in.failed = true
	return ""
}

// trimPattern removes the shortest (or longest) prefix or suffix of v that
// matches the glob pattern p.
func trimPattern(v, p string, prefix, longest bool) string {
	n := len(v)
	for k := 0; k <= n; k++ {
		l := k
		if longest {
			l = n - k
		}
		if prefix {
			if ok, _ := path.Match(p, v[:l]); ok {
				return v[l:]
			}
		} else if ok, _ := path.Match(p, v[n-l:]); ok {
			return v[:n-l]
		}
	}
	return v
}

// param is a special or named parameter's value.
func (in *Interp) param(name string) string {
	v, _ := in.lookup(name)
	return v
}

func (in *Interp) lookup(name string) (string, bool) {
	switch name {
	case "?":
		return strconv.Itoa(in.Status), true
	case "$":
		return strconv.Itoa(in.PID), true
	case "#":
		return strconv.Itoa(len(in.Args)), true
	case "!":
		return strconv.Itoa(in.lastBg), in.lastBg != 0
	case "@", "*":
		return strings.Join(in.Args, " "), true
	}
	if name[0] >= '0' && name[0] <= '9' {
		k, _ := strconv.Atoi(name)
		if k == 0 {
			return in.Name, true
		}
		if k <= len(in.Args) {
			return in.Args[k-1], true
		}
		return "", false
	}
	v, ok := in.Vars[name]
	return v, ok
}

// substitute runs a command substitution in a subshell: its output without
// trailing newlines.
func (in *Interp) substitute(src string) string {
	var out limitedBuffer
	out.max = maxOutput
	sub := in.subshell(&out)
	sub.runSource(src)
	in.Status = sub.Status
	in.steps = sub.steps
	if sub.stopped {
		in.stopped = true
	}
	return strings.TrimRight(out.String(), "\n")
}
