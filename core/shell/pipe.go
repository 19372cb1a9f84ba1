package shell

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The terminal's pipes: a kubectl line may be followed by `| grep`, `| head`,
// `| tail`, `| wc`, `| sort`, `| cut` (cut.go) and `| base64` (base64.go),
// chained (tools.go runs the stages), as learners type them. Only the command's standard output goes
// through the pipe; its errors reach the terminal directly, as in a real
// shell.

// filter is one stage after a pipe.
type filter func(lines []string) []string

// splitPipes splits a line at the `|` outside quotes. A `||` is not a pipe.
func splitPipes(line string) []string {
	var parts []string
	start := 0
	at := unquoted(line, '|')
	for k := 0; k < len(at); k++ {
		i := at[k]
		if k+1 < len(at) && at[k+1] == i+1 {
			k++ // ||
			continue
		}
		parts = append(parts, strings.TrimSpace(line[start:i]))
		start = i + 1
	}
	return append(parts, strings.TrimSpace(line[start:]))
}

// unquoted lists where c stands in line as an operator (outside).
func unquoted(line string, c byte) []int {
	var at []int
	outside(line, func(i int) {
		if line[i] == c {
			at = append(at, i)
		}
	})
	return at
}

// outside calls visit with the index of each byte of line a shell reads as
// itself, not as part of a word's quoting: outside '…', "…" and `…`, not
// escaped by a backslash, and not inside $(…). Pipes, redirections and
// lists (list.go) find their operators with it.
func outside(line string, visit func(i int)) {
	var quote byte
	depth := 0
	for i := 0; i < len(line); i++ {
		switch c := line[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"' || c == '`':
			quote = c
		case c == '\\':
			i++
		case c == '$' && i+1 < len(line) && line[i+1] == '(':
			depth++
			i++
		case c == '(' && depth > 0:
			depth++
		case c == ')' && depth > 0:
			depth--
		case depth == 0:
			visit(i)
		}
	}
}

// pipeWords splits a filter's arguments, honouring quotes.
func pipeWords(s string) []string {
	var out []string
	var cur strings.Builder
	var quote byte
	in := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// parseFilter reads one pipe stage, with the words of the tool's usage
// errors.
func parseFilter(stage string) (filter, error) {
	w := pipeWords(stage)
	if len(w) == 0 {
		return nil, fmt.Errorf("syntax error near unexpected token `|'")
	}
	switch w[0] {
	case "grep":
		return grepFilter(w[1:])
	case "head", "tail":
		return headTailFilter(w[0], w[1:])
	case "sort":
		return sortFilter(w[1:])
	case "cut":
		return cutFilter(w[1:])
	}
	return nil, fmt.Errorf("%s: command not found (after a pipe: grep, head, tail, wc, sort, cut, base64)", w[0])
}

func grepFilter(args []string) (filter, error) {
	var ignoreCase, invert, extended, count, word, fixed bool
	var pattern string
	havePattern := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") || a == "-" {
			if havePattern {
				return nil, fmt.Errorf("grep: %s: No such file or directory", a)
			}
			pattern, havePattern = a, true
			continue
		}
		if a == "-e" && i+1 < len(args) {
			i++
			pattern, havePattern = args[i], true
			continue
		}
		for _, c := range a[1:] {
			switch c {
			case 'i':
				ignoreCase = true
			case 'v':
				invert = true
			case 'E':
				extended = true
			case 'c':
				count = true
			case 'w':
				word = true
			case 'F':
				fixed = true
			default:
				return nil, fmt.Errorf("grep: invalid option -- '%c'\nUsage: grep [OPTION]... PATTERNS [FILE]...", c)
			}
		}
	}
	if !havePattern {
		return nil, fmt.Errorf("Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.")
	}
	expr := pattern
	switch {
	case fixed:
		expr = regexp.QuoteMeta(pattern)
	case !extended:
		expr = basicToExtended(pattern)
	}
	if word {
		expr = `\b(?:` + expr + `)\b`
	}
	if ignoreCase {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, fmt.Errorf("grep: Unmatched ( or \\(")
	}
	return func(lines []string) []string {
		var out []string
		for _, l := range lines {
			if re.MatchString(l) != invert {
				out = append(out, l)
			}
		}
		if count {
			return []string{strconv.Itoa(len(out))}
		}
		return out
	}, nil
}

// basicToExtended turns a POSIX basic regular expression into Go's syntax:
// + ? ( ) { } | are literal unless escaped.
func basicToExtended(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '\\' && i+1 < len(p) {
			n := p[i+1]
			i++
			if strings.IndexByte("+?(){}|", n) >= 0 {
				b.WriteByte(n)
			} else {
				b.WriteByte('\\')
				b.WriteByte(n)
			}
			continue
		}
		if strings.IndexByte("+?(){}|", c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

func headTailFilter(tool string, args []string) (filter, error) {
	n, fromStart := 10, false
	for i := 0; i < len(args); i++ {
		a := args[i]
		val := ""
		switch {
		case a == "-n" && i+1 < len(args):
			i++
			val = args[i]
		case strings.HasPrefix(a, "-n"):
			val = a[2:]
		case strings.HasPrefix(a, "--lines="):
			val = a[len("--lines="):]
		case len(a) > 1 && a[0] == '-':
			val = a[1:]
		default:
			return nil, fmt.Errorf("%s: cannot open '%s' for reading: No such file or directory", tool, a)
		}
		if tool == "tail" && strings.HasPrefix(val, "+") {
			fromStart, val = true, val[1:]
		}
		v, err := strconv.Atoi(val)
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%s: invalid number of lines: '%s'", tool, val)
		}
		n = v
	}
	return func(lines []string) []string {
		switch {
		case tool == "head":
			if n < len(lines) {
				return lines[:n]
			}
		case fromStart:
			if n <= 1 {
				return lines
			}
			if n-1 < len(lines) {
				return lines[n-1:]
			}
			return nil
		default:
			if n < len(lines) {
				return lines[len(lines)-n:]
			}
		}
		return lines
	}, nil
}

// wcTool is coreutils' wc over the bytes it reads: -l counts newlines (a
// last line without one is not counted), -c bytes, -w words.
func wcTool(args []string) (func(string) (string, error), error) {
	mode := ""
	for _, a := range args {
		switch a {
		case "-l", "--lines":
			mode = "l"
		case "-w", "--words":
			mode = "w"
		case "-c", "--bytes":
			mode = "c"
		default:
			return nil, fmt.Errorf("wc: %s: No such file or directory", a)
		}
	}
	return func(in string) (string, error) {
		lines, words := strings.Count(in, "\n"), len(strings.Fields(in))
		switch mode {
		case "l":
			return strconv.Itoa(lines) + "\n", nil
		case "w":
			return strconv.Itoa(words) + "\n", nil
		case "c":
			return strconv.Itoa(len(in)) + "\n", nil
		}
		return fmt.Sprintf("%7d %7d %7d\n", lines, words, len(in)), nil
	}, nil
}

func sortFilter(args []string) (filter, error) {
	var reverse, numeric, unique bool
	key := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-k" || strings.HasPrefix(a, "-k") || strings.HasPrefix(a, "--key=") {
			v := strings.TrimPrefix(strings.TrimPrefix(a, "--key="), "-k")
			if v == "" && i+1 < len(args) {
				i++
				v = args[i]
			}
			field, _, _ := strings.Cut(v, ",")
			if strings.HasSuffix(field, "n") {
				numeric, field = true, strings.TrimSuffix(field, "n")
			}
			k, err := strconv.Atoi(field)
			if err != nil || k < 1 {
				return nil, fmt.Errorf("sort: invalid number at field start: invalid count at start of '%s'", v)
			}
			key = k
			continue
		}
		if !strings.HasPrefix(a, "-") {
			return nil, fmt.Errorf("sort: cannot read: %s: No such file or directory", a)
		}
		for _, c := range a[1:] {
			switch c {
			case 'r':
				reverse = true
			case 'n':
				numeric = true
			case 'u':
				unique = true
			default:
				return nil, fmt.Errorf("sort: invalid option -- '%c'", c)
			}
		}
	}
	keyOf := func(l string) string {
		if key == 0 {
			return l
		}
		f := strings.Fields(l)
		if key > len(f) {
			return ""
		}
		return strings.Join(f[key-1:], " ")
	}
	less := func(a, b string) int {
		ka, kb := keyOf(a), keyOf(b)
		if numeric {
			na, nb := leadingNumber(ka), leadingNumber(kb)
			if na != nb {
				if na < nb {
					return -1
				}
				return 1
			}
		} else if ka != kb {
			return strings.Compare(ka, kb)
		}
		return strings.Compare(a, b) // sort's last-resort comparison
	}
	return func(lines []string) []string {
		out := append([]string(nil), lines...)
		sort.SliceStable(out, func(i, j int) bool {
			c := less(out[i], out[j])
			if reverse {
				return c > 0
			}
			return c < 0
		})
		if unique {
			var u []string
			for i, l := range out {
				if i == 0 || keyOf(l) != keyOf(out[i-1]) {
					u = append(u, l)
				}
			}
			out = u
		}
		return out
	}, nil
}

// leadingNumber is sort -n's reading of a key: its leading number, 0 if none.
func leadingNumber(s string) float64 {
	s = strings.TrimSpace(s)
	end := 0
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '.' || end == 0 && s[end] == '-') {
		end++
	}
	v, _ := strconv.ParseFloat(s[:end], 64)
	return v
}

// applyFilters runs the output through each stage.
func applyFilters(out string, filters []filter) string {
	if out == "" && len(filters) == 0 {
		return ""
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	for _, f := range filters {
		lines = f(lines)
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}
