package shell

import (
	"fmt"
	"strings"
)

// Command substitution, as tutorials type it:
//
//	kubectl exec -it $(kubectl get pods -l app=web -o name | head -1) -- sh
//
// $(…) and `…` outside single quotes run their command line first; its
// standard output, without trailing newlines, takes their place (words split
// on blanks unless inside double quotes). Errors reach the terminal.

// substitute expands the command substitutions of line; ok is false when
// one is not closed (bash waits for more input; the terminal says why).
func (s *Shell) substitute(line string) (string, bool) {
	if !strings.Contains(line, "$(") && !strings.Contains(line, "`") {
		return line, true
	}
	var b strings.Builder
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case c == '\\' && i+1 < len(line):
			b.WriteByte(c)
			i++
			c = line[i]
		case c == '\'' && quote == 0, c == '"' && quote == 0:
			quote = c
		case c == '"' && quote == '"':
			quote = 0
		case c == '$' && i+1 < len(line) && line[i+1] == '(', c == '`':
			inner, end := closing(line, i)
			if end < 0 {
				fmt.Fprintln(s.out, "syntax error: unexpected end of file (a $( or ` is not closed)")
				return "", false
			}
			var out strings.Builder
			s.runTo(strings.TrimSpace(inner), &out)
			text := strings.TrimRight(out.String(), "\n")
			if quote != '"' {
				text = strings.Join(strings.Fields(text), " ")
			}
			b.WriteString(text)
			i = end
			continue
		}
		b.WriteByte(c)
	}
	return b.String(), true
}

// closing finds the command inside the substitution starting at line[i]
// and the index of its last byte, or -1 when it is not closed.
func closing(line string, i int) (string, int) {
	if line[i] == '`' {
		j := strings.IndexByte(line[i+1:], '`')
		if j < 0 {
			return "", -1
		}
		return line[i+1 : i+1+j], i + 1 + j
	}
	depth := 0
	var quote byte
	for j := i + 2; j < len(line); j++ {
		c := line[j]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				j++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			j++
		case c == '(':
			depth++
		case c == ')':
			if depth == 0 {
				return line[i+2 : j], j
			}
			depth--
		}
	}
	return "", -1
}
