//go:build !lite

package printers

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// KYAML renders a decoded JSON value as KYAML, kubectl v1.35's -o kyaml
// (sigs.k8s.io/yaml/kyaml's Encoder, the format of KEP-5295): a "---"
// header, flow-style maps and lists, every string value double-quoted,
// keys quoted only when a YAML reader could take them for something else,
// a trailing comma after every entry, lists of maps or lists "cuddled"
// (`[{` ... `}, {` ... `}]`), multi-line strings folded. Keys come sorted,
// as kubectl prints the unstructured objects it got from the server.
func KYAML(v any) string {
	var b strings.Builder
	b.WriteString("---\n")
	kyamlValue(&b, v, 0)
	b.WriteString("\n")
	return b.String()
}

func kyamlIndent(b *strings.Builder, level int) {
	for range level {
		b.WriteString("  ")
	}
}

func kyamlValue(b *strings.Builder, v any, indent int) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case json.Number:
		b.WriteString(x.String())
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
	case string:
		kyamlString(b, x, indent+1)
	case []any:
		kyamlList(b, x, indent)
	case map[string]any:
		kyamlMap(b, x, indent)
	default:
		kyamlString(b, fmt.Sprint(x), indent+1)
	}
}

func kyamlMap(b *strings.Builder, m map[string]any, indent int) {
	if len(m) == 0 {
		b.WriteString("{}")
		return
	}
	b.WriteString("{\n")
	for _, k := range sortedKeys(m) {
		kyamlIndent(b, indent+1)
		if kyamlNeedsQuotes(k) {
			kyamlQuoted(b, k, 0, true)
		} else {
			b.WriteString(k)
		}
		b.WriteString(": ")
		kyamlValue(b, m[k], indent+1)
		b.WriteString(",\n")
	}
	kyamlIndent(b, indent)
	b.WriteString("}")
}

func kyamlList(b *strings.Builder, l []any, indent int) {
	if len(l) == 0 {
		b.WriteString("[]")
		return
	}
	cuddle := true
	for _, e := range l {
		switch e.(type) {
		case map[string]any, []any:
		default:
			cuddle = false
		}
	}
	if cuddle {
		b.WriteString("[")
		for i, e := range l {
			if i > 0 {
				b.WriteString(", ")
			}
			kyamlValue(b, e, indent)
		}
		b.WriteString("]")
		return
	}
	b.WriteString("[\n")
	for _, e := range l {
		kyamlIndent(b, indent+1)
		kyamlValue(b, e, indent+1)
		b.WriteString(",\n")
	}
	kyamlIndent(b, indent)
	b.WriteString("]")
}

// kyamlString writes a string value: always quoted; a multi-line one is
// folded, each line on its own, indented, with `\n\` ending every line.
func kyamlString(b *strings.Builder, s string, indent int) {
	kyamlQuoted(b, s, indent, false)
}

func kyamlQuoted(b *strings.Builder, s string, indent int, compact bool) {
	multi := !compact && strings.Contains(s, "\n")
	var buf []byte
	buf = append(buf, '"')
	if multi {
		buf = append(buf, "\\\n"...)
	}
	for len(s) > 0 {
		r, w := utf8.DecodeRuneInString(s)
		if r == utf8.RuneError && w == 1 {
			buf = append(buf, fmt.Sprintf(`\x%02x`, s[0])...)
			s = s[w:]
			continue
		}
		s = s[w:]
		if buf[len(buf)-1] == '\n' {
			for range indent {
				buf = append(buf, "  "...)
			}
			// Leading whitespace of a folded line is kept by escaping it;
			// other lines get one space, dropped by a YAML reader.
			if unicode.IsSpace(r) && r != '\n' {
				buf = append(buf, '\\')
			} else {
				buf = append(buf, ' ')
			}
		}
		switch {
		case r == '\n' && multi:
			buf = append(buf, "\\n\\\n"...)
		case r == '\n':
			buf = append(buf, `\n`...)
		case r == '\t' && multi:
			buf = append(buf, '\t')
		case r == '\t':
			buf = append(buf, `\t`...)
		case r == '"' || r == '\\':
			buf = append(buf, '\\', byte(r))
		case unicode.IsPrint(r):
			buf = utf8.AppendRune(buf, r)
		default:
			buf = append(buf, kyamlEscape(r)...)
		}
	}
	if multi {
		if buf[len(buf)-1] != '\n' {
			buf = append(buf, "\\\n"...)
		}
		for range indent {
			buf = append(buf, "  "...)
		}
	}
	buf = append(buf, '"')
	b.Write(buf)
}

func kyamlEscape(r rune) string {
	switch r {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\r':
		return `\r`
	case '\v':
		return `\v`
	case 0:
		return `\0`
	case 0x1b:
		return `\e`
	case 0x85:
		return `\N`
	case 0xa0:
		return `\_`
	case 0x2028:
		return `\L`
	case 0x2029:
		return `\P`
	}
	switch {
	case r < ' ' || r == 0x7f:
		return fmt.Sprintf(`\x%02x`, r)
	case r < 0x10000:
		return fmt.Sprintf(`\u%04x`, r)
	}
	return fmt.Sprintf(`\U%08x`, r)
}

// kyamlNeedsQuotes reports whether a key must be quoted: empty, not made
// of letters, digits and "_" (with "-", "." and "/" inside), or readable
// by YAML as another type (null, booleans, numbers, times).
func kyamlNeedsQuotes(s string) bool {
	if s == "" || kyamlAmbiguous(s) {
		return true
	}
	rs := []rune(s)
	for i, r := range rs {
		if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '_' {
			continue
		}
		if i > 0 && i < len(rs)-1 && (r == '-' || r == '.' || r == '/') {
			continue
		}
		return true
	}
	return false
}

var sexagesimal = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[+-]?[1-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?$`)
})

func kyamlAmbiguous(s string) bool {
	switch strings.ToLower(s) {
	case "null", "~", "true", "y", "yes", "on", "false", "n", "no", "off", ".inf", "-.inf", "+.inf", ".nan":
		return true
	}
	if _, err := strconv.ParseBool(s); err == nil {
		return true
	}
	plain := strings.ReplaceAll(s, "_", "")
	if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return true
	}
	if _, err := strconv.ParseFloat(plain, 64); err == nil {
		return true
	}
	if sexagesimal().MatchString(s) {
		return true
	}
	if len(s) > 4 && s[4] == '-' && strings.IndexFunc(s[:4], func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		for _, f := range []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"} {
			if _, err := time.Parse(f, s); err == nil {
				return true
			}
		}
	}
	return false
}
