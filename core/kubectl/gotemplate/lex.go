package gotemplate

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

type itemType int

const (
	itemError itemType = iota
	itemEOF
	itemText
	itemLeft  // {{
	itemRight // }}
	itemSpace
	itemField    // .name
	itemVariable // $name
	itemIdent    // a function name
	itemKeyword  // if, else, end, range, with, ...
	itemString   // "quoted"
	itemRawString
	itemChar
	itemNumber
	itemBool
	itemNil
	itemDot
	itemPipe
	itemLParen
	itemRParen
	itemDeclare // :=
	itemAssign  // =
	itemComma
	itemSymbol // any other printable ASCII character
)

type item struct {
	typ itemType
	pos int
	val string
}

// String is how text/template names a token in its errors.
func (i item) String() string {
	switch {
	case i.typ == itemEOF:
		return "EOF"
	case i.typ == itemError:
		return i.val
	case i.typ == itemKeyword || i.typ == itemDot:
		return "<" + i.val + ">"
	case len(i.val) > 10:
		return fmt.Sprintf("%.10q...", i.val)
	}
	return strconv.Quote(i.val)
}

// keywords of actions, space-separated.
const keywords = " if else end range with define template block break continue "

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// isAlnum: letters, digits and _ (every non-ASCII byte counts as a
// letter, which spares the page Unicode's tables).
func isAlnum(c byte) bool {
	return c == '_' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// lex cuts the whole template into items, ending with itemEOF or, at the
// first mistake, an itemError.
func lex(s string) []item {
	var items []item
	pos, depth := 0, 0
	emit := func(t itemType, start int) {
		items = append(items, item{t, start, s[start:pos]})
	}
	fail := func(msg string) []item {
		return append(items, item{itemError, pos, msg})
	}
	inAction := false
	for {
		start := pos
		if !inAction {
			i := strings.Index(s[pos:], "{{")
			if i < 0 {
				pos = len(s)
				if start < pos {
					emit(itemText, start)
				}
				return append(items, item{itemEOF, pos, ""})
			}
			left := pos + i
			trim := strings.HasPrefix(s[left:], "{{- ") || strings.HasPrefix(s[left:], "{{-\t") ||
				strings.HasPrefix(s[left:], "{{-\n") || strings.HasPrefix(s[left:], "{{-\r")
			pos = left
			if trim {
				pos = start + len(strings.TrimRight(s[start:left], " \t\r\n"))
			}
			if start < pos {
				emit(itemText, start)
			}
			pos = left + 2
			if trim {
				pos += 2
			}
			if strings.HasPrefix(s[pos:], "/*") {
				// A comment is the whole action.
				end := strings.Index(s[pos:], "*/")
				if end < 0 {
					return fail("unclosed comment")
				}
				pos += end + 2
				if strings.HasPrefix(s[pos:], " -}}") {
					pos += 4
					pos = len(s) - len(strings.TrimLeft(s[pos:], " \t\r\n"))
				} else if strings.HasPrefix(s[pos:], "}}") {
					pos += 2
				} else {
					return fail("comment ends before closing delimiter")
				}
				continue
			}
			items = append(items, item{itemLeft, left, "{{"})
			inAction = true
			continue
		}
		if strings.HasPrefix(s[pos:], " -}}") || strings.HasPrefix(s[pos:], "}}") {
			if depth > 0 {
				return fail("unclosed left paren")
			}
			if s[pos] == ' ' {
				pos += 2
				items = append(items, item{itemRight, pos, "}}"})
				pos += 2
				pos = len(s) - len(strings.TrimLeft(s[pos:], " \t\r\n"))
			} else {
				pos += 2
				emit(itemRight, start)
			}
			inAction = false
			continue
		}
		if pos >= len(s) {
			return fail("unclosed action")
		}
		c := s[pos]
		pos++
		t := itemSymbol
		switch {
		case isSpace(c):
			for pos < len(s) && isSpace(s[pos]) && !strings.HasPrefix(s[pos:], " -}}") {
				pos++
			}
			t = itemSpace
		case c == '=':
			t = itemAssign
		case c == ':':
			if pos >= len(s) || s[pos] != '=' {
				return fail("expected :=")
			}
			pos++
			t = itemDeclare
		case c == '|':
			t = itemPipe
		case c == ',':
			t = itemComma
		case c == '(':
			depth++
			t = itemLParen
		case c == ')':
			if depth--; depth < 0 {
				return fail("unexpected right paren")
			}
			t = itemRParen
		case c == '"' || c == '`' || c == '\'':
			t = itemString
			if c == '`' {
				t = itemRawString
			} else if c == '\'' {
				t = itemChar
			}
			for ; pos < len(s) && s[pos] != c && (c == '`' || s[pos] != '\n'); pos++ {
				if s[pos] == '\\' && c != '`' {
					pos++
				}
			}
			if pos >= len(s) || s[pos] != c {
				switch c {
				case '`':
					return fail("unterminated raw quoted string")
				case '\'':
					return fail("unterminated character constant")
				}
				return fail("unterminated quoted string")
			}
			pos++
		case c == '$' || c == '.' && (pos >= len(s) || s[pos] < '0' || s[pos] > '9') || isAlnum(c) && (c < '0' || c > '9'):
			for pos < len(s) && isAlnum(s[pos]) {
				pos++
			}
			if pos < len(s) && !isSpace(s[pos]) && !strings.ContainsRune(".,|:()", rune(s[pos])) && !strings.HasPrefix(s[pos:], "}}") {
				r, _ := utf8.DecodeRuneInString(s[pos:])
				return fail(fmt.Sprintf("bad character %#U", r))
			}
			word := s[start:pos]
			switch {
			case c == '$':
				t = itemVariable
			case word == ".":
				t = itemDot
			case c == '.':
				t = itemField
			case strings.Contains(keywords, " "+word+" "):
				t = itemKeyword
			case word == "true" || word == "false":
				t = itemBool
			case word == "nil":
				t = itemNil
			default:
				t = itemIdent
			}
		case c == '+' || c == '-' || c == '.' || '0' <= c && c <= '9':
			for pos < len(s) && (isAlnum(s[pos]) || strings.ContainsRune(".+-", rune(s[pos])) && !strings.HasPrefix(s[pos:], "-}}")) {
				pos++
			}
			if _, ok := parseNumber(s[start:pos]); !ok {
				return fail(fmt.Sprintf("bad number syntax: %q", s[start:pos]))
			}
			t = itemNumber
		case c >= 0x80 || c < ' ' || c == 0x7f:
			r, _ := utf8.DecodeRuneInString(s[start:])
			return fail(fmt.Sprintf("unrecognized character in action: %#U", r))
		}
		emit(t, start)
	}
}
