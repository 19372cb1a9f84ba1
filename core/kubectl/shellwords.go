package kubectl

import "fmt"

// SplitLine splits a command line into words as a POSIX shell would for
// simple input: blanks separate words, 'single' and "double" quotes group,
// a backslash escapes the next character outside quotes, and inside double
// quotes only $ ` " \ (elsewhere it stays: "jsonpath={.data.\.key}").
func SplitLine(line string) ([]string, error) {
	var words []string
	var cur []rune
	inWord := false
	var quote rune
	escaped := false
	for _, r := range line {
		switch {
		case escaped:
			if quote == '"' && r != '$' && r != '`' && r != '"' && r != '\\' {
				cur = append(cur, '\\')
			}
			cur = append(cur, r)
			escaped = false
			inWord = true
		case quote == '\'':
			if r == '\'' {
				quote = 0
			} else {
				cur = append(cur, r)
			}
		case quote == '"':
			switch r {
			case '"':
				quote = 0
			case '\\':
				escaped = true
			default:
				cur = append(cur, r)
			}
		case r == '\\':
			escaped = true
		case r == '\'' || r == '"':
			quote = r
			inWord = true
		case r == ' ' || r == '\t' || r == '\n' || r == '\r':
			if inWord {
				words = append(words, string(cur))
				cur = cur[:0]
				inWord = false
			}
		default:
			cur = append(cur, r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote", quote)
	}
	if escaped {
		cur = append(cur, '\\')
	}
	if inWord {
		words = append(words, string(cur))
	}
	return words, nil
}
