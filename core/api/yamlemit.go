package api

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// MarshalYAML renders a JSON-shaped value (map[string]any, []any, string, json.Number, float64, bool,
// nil) the way sigs.k8s.io/yaml.JSONToYAML does with goyaml.v2's emitter.
func MarshalYAML(v any) []byte {
	e := &yamlEmitter{}
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			e.buf = append(e.buf, "{}\n"...)
		} else {
			e.mapping(t, 0, false)
		}
	case []any:
		if len(t) == 0 {
			e.buf = append(e.buf, "[]\n"...)
		} else {
			e.sequence(t, 0, false)
		}
	default:
		e.scalar(v, 2)
		e.newline()
	}
	return e.buf
}

const yamlBestWidth = 80

type yamlEmitter struct {
	buf    []byte
	column int
}

func (e *yamlEmitter) put(s string) {
	e.buf = append(e.buf, s...)
	e.column += utf8.RuneCountInString(s)
}

func (e *yamlEmitter) newline() {
	e.buf = append(e.buf, '\n')
	e.column = 0
}

func (e *yamlEmitter) indentTo(n int) {
	for e.column < n {
		e.buf = append(e.buf, ' ')
		e.column++
	}
}

// mapping writes a block mapping whose keys sit at column indent. inline means the cursor is already
// placed after "- " for the first key.
func (e *yamlEmitter) mapping(m map[string]any, indent int, inline bool) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// Sort plainly first so that the result does not depend on map order even where goyaml's order is
	// not a strict weak ordering.
	sort.Strings(keys)
	sort.SliceStable(keys, func(i, j int) bool { return yamlKeyLess(keys[i], keys[j]) })
	for i, k := range keys {
		if i > 0 || !inline {
			e.indentTo(indent)
		}
		e.key(k)
		e.put(":")
		e.value(m[k], indent, true)
	}
}

// value writes what follows "key:" or "- ".
func (e *yamlEmitter) value(v any, indent int, inMapping bool) {
	switch t := v.(type) {
	case map[string]any:
		if len(t) == 0 {
			e.put(sep(inMapping) + "{}")
			e.newline()
			return
		}
		if inMapping {
			e.newline()
			e.mapping(t, indent+2, false)
		} else {
			e.mapping(t, indent+2, true)
		}
	case []any:
		if len(t) == 0 {
			e.put(sep(inMapping) + "[]")
			e.newline()
			return
		}
		if inMapping {
			e.newline()
			e.sequence(t, indent, false) // goyaml.v2: sequences in mappings are not indented
		} else {
			e.sequence(t, indent+2, true)
		}
	default:
		if inMapping {
			e.put(" ")
		}
		e.scalar(v, indent+2)
		e.newline()
	}
}

func sep(inMapping bool) string {
	if inMapping {
		return " "
	}
	return ""
}

func (e *yamlEmitter) sequence(s []any, indent int, inline bool) {
	for i, item := range s {
		if i > 0 || !inline {
			e.indentTo(indent)
		}
		e.put("- ")
		e.value(item, indent, false)
	}
}

func (e *yamlEmitter) key(k string) {
	style := scalarStyle(k, true)
	e.writeString(k, style, 0, false)
}

func (e *yamlEmitter) scalar(v any, indent int) {
	switch t := v.(type) {
	case nil:
		e.put("null")
	case bool:
		e.put(strconv.FormatBool(t))
	case json.Number:
		s := t.String()
		if strings.ContainsAny(s, ".eE") {
			if f, err := t.Float64(); err == nil {
				s = strconv.FormatFloat(f, 'g', -1, 64)
			}
		}
		e.put(s)
	case float64:
		e.put(strconv.FormatFloat(t, 'g', -1, 64))
	case int64:
		e.put(strconv.FormatInt(t, 10))
	case int:
		e.put(strconv.Itoa(t))
	case string:
		e.writeString(t, scalarStyle(t, false), indent, true)
	default:
		b, _ := json.Marshal(t)
		e.put(string(b))
	}
}

type yStyle int

const (
	yPlain yStyle = iota
	ySingle
	yDouble
	yLiteral
)

// scalarStyle picks goyaml.v2's style for a string: plain unless it would read as another type
// (then double-quoted), literal for multi-line text, then the emitter's own downgrades.
func scalarStyle(s string, simpleKey bool) yStyle {
	a := analyzeScalar(s)
	var style yStyle
	switch {
	case strings.Contains(s, "\n"):
		style = yLiteral
	case yamlResolvesToString(s):
		style = yPlain
	default:
		style = yDouble
	}
	if style == yPlain {
		if !a.blockPlain {
			style = ySingle
		}
		if s == "" && simpleKey {
			style = ySingle
		}
	}
	if style == ySingle && !a.singleQuoted {
		style = yDouble
	}
	if style == yLiteral && (!a.block || simpleKey) {
		style = yDouble
	}
	return style
}

// yamlResolvesToString reports whether a plain scalar s would be read back as a string by goyaml.v2.
func yamlResolvesToString(s string) bool {
	if s == "" || isBase60Float(s) || isYAMLTimestamp(s) {
		return false
	}
	raw := scalarJSON(&yaml.Node{Kind: yaml.ScalarNode, Value: s})
	return raw[0] == '"' && !isSpecialFloat(s)
}

func isSpecialFloat(s string) bool {
	switch s {
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF", ".nan", ".NaN", ".NAN":
		return true
	}
	return false
}

func isBase60Float(s string) bool {
	// ^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	if i >= len(s) || !isDigit(s[i]) {
		return false
	}
	for i < len(s) && (isDigit(s[i]) || s[i] == '_') {
		i++
	}
	groups := 0
	for i < len(s) && s[i] == ':' {
		i++
		j := i
		for i < len(s) && isDigit(s[i]) && i-j < 2 {
			i++
		}
		if i == j || (i-j == 2 && s[j] > '5') {
			return false
		}
		groups++
	}
	if groups == 0 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && (isDigit(s[i]) || s[i] == '_') {
			i++
		}
	}
	return i == len(s)
}

// isYAMLTimestamp reports whether goyaml.v2 would resolve s as a timestamp.
func isYAMLTimestamp(s string) bool {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, layout := range []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

type scalarAnalysis struct{ blockPlain, singleQuoted, block bool }

func isYAMLPrintable(r rune) bool {
	return r == 0x0A || (r >= 0x20 && r <= 0x7E) || r == 0x85 || (r >= 0xA0 && r <= 0xD7FF) ||
		(r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF) || (r >= 0x10000 && r <= 0x10FFFF)
}

func isYAMLBreak(r rune) bool {
	return r == '\r' || r == '\n' || r == 0x85 || r == 0x2028 || r == 0x2029
}

// analyzeScalar is goyaml's yaml_emitter_analyze_scalar, reduced to block context.
func analyzeScalar(s string) scalarAnalysis {
	if s == "" {
		return scalarAnalysis{blockPlain: true, singleQuoted: true, block: false}
	}
	var blockIndicators, specialChars, lineBreaks, leadingSpace, leadingBreak, trailingSpace, trailingBreak,
		breakSpace, spaceBreak, prevSpace, prevBreak bool
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		blockIndicators = true
	}
	precededByWS := true
	for i, r := range s {
		w := utf8.RuneLen(r)
		next, _ := utf8.DecodeRuneInString(s[i+w:])
		followedByWS := i+w >= len(s) || next == ' ' || next == '\t' || isYAMLBreak(next)
		if i == 0 {
			switch r {
			case '#', ',', '[', ']', '{', '}', '&', '*', '!', '|', '>', '\'', '"', '%', '@', '`':
				blockIndicators = true
			case '?', ':', '-':
				if followedByWS {
					blockIndicators = true
				}
			}
		} else {
			switch r {
			case ':':
				if followedByWS {
					blockIndicators = true
				}
			case '#':
				if precededByWS {
					blockIndicators = true
				}
			}
		}
		if !isYAMLPrintable(r) || r == 0xFEFF {
			specialChars = true
		}
		switch {
		case r == ' ':
			if i == 0 {
				leadingSpace = true
			}
			if i+w == len(s) {
				trailingSpace = true
			}
			if prevBreak {
				breakSpace = true
			}
			prevSpace, prevBreak = true, false
		case isYAMLBreak(r):
			lineBreaks = true
			if i == 0 {
				leadingBreak = true
			}
			if i+w == len(s) {
				trailingBreak = true
			}
			if prevSpace {
				spaceBreak = true
			}
			prevSpace, prevBreak = false, true
		default:
			prevSpace, prevBreak = false, false
		}
		precededByWS = r == ' ' || r == '\t' || isYAMLBreak(r)
	}
	a := scalarAnalysis{blockPlain: true, singleQuoted: true, block: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.blockPlain = false
	}
	if trailingSpace {
		a.block = false
	}
	if breakSpace {
		a.blockPlain, a.singleQuoted = false, false
	}
	if spaceBreak || specialChars {
		a.blockPlain, a.singleQuoted, a.block = false, false, false
	}
	if lineBreaks || blockIndicators {
		a.blockPlain = false
	}
	return a
}

// writeString writes s in style; indent is where folded continuation lines start.
func (e *yamlEmitter) writeString(s string, style yStyle, indent int, allowBreaks bool) {
	switch style {
	case yPlain:
		e.writeFolded(s, indent, allowBreaks, false)
	case ySingle:
		e.put("'")
		e.writeFolded(s, indent, allowBreaks, true)
		e.put("'")
	case yDouble:
		e.writeDouble(s, indent, allowBreaks)
	case yLiteral:
		e.writeLiteral(s, indent)
	}
}

func (e *yamlEmitter) breakTo(indent int) {
	e.newline()
	e.indentTo(indent)
}

func (e *yamlEmitter) writeFolded(s string, indent int, allowBreaks, single bool) {
	spaces := false
	for i, r := range s {
		if r == ' ' {
			nextSpace := i+1 < len(s) && s[i+1] == ' '
			if allowBreaks && !spaces && e.column > yamlBestWidth && !nextSpace && (!single || (i > 0 && i < len(s)-1)) {
				e.breakTo(indent)
			} else {
				e.put(" ")
			}
			spaces = true
			continue
		}
		if single && r == '\'' {
			e.put("'")
		}
		e.put(string(r))
		spaces = false
	}
}

func (e *yamlEmitter) writeDouble(s string, indent int, allowBreaks bool) {
	e.put(`"`)
	spaces := false
	for i, r := range s {
		if !isYAMLPrintable(r) || r == 0xFEFF || isYAMLBreak(r) || r == '"' || r == '\\' {
			e.put(`\`)
			switch r {
			case 0:
				e.put("0")
			case 0x7:
				e.put("a")
			case 0x8:
				e.put("b")
			case 0x9:
				e.put("t")
			case 0xA:
				e.put("n")
			case 0xB:
				e.put("v")
			case 0xC:
				e.put("f")
			case 0xD:
				e.put("r")
			case 0x1B:
				e.put("e")
			case '"':
				e.put(`"`)
			case '\\':
				e.put(`\`)
			case 0x85:
				e.put("N")
			case 0xA0:
				e.put("_")
			case 0x2028:
				e.put("L")
			case 0x2029:
				e.put("P")
			default:
				switch {
				case r <= 0xFF:
					e.put("x" + strings.ToUpper(pad(strconv.FormatInt(int64(r), 16), 2)))
				case r <= 0xFFFF:
					e.put("u" + strings.ToUpper(pad(strconv.FormatInt(int64(r), 16), 4)))
				default:
					e.put("U" + strings.ToUpper(pad(strconv.FormatInt(int64(r), 16), 8)))
				}
			}
			spaces = false
			continue
		}
		if r == ' ' {
			if allowBreaks && !spaces && e.column > yamlBestWidth && i != 0 && i != len(s)-1 {
				e.breakTo(indent)
				if i+1 < len(s) && s[i+1] == ' ' {
					e.put(`\`)
				}
			} else {
				e.put(" ")
			}
			spaces = true
			continue
		}
		e.put(string(r))
		spaces = false
	}
	e.put(`"`)
}

func pad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

func (e *yamlEmitter) writeLiteral(s string, indent int) {
	e.put("|")
	if first, _ := utf8.DecodeRuneInString(s); first == ' ' || isYAMLBreak(first) {
		e.put("2")
	}
	last, lw := utf8.DecodeLastRuneInString(s)
	switch {
	case !isYAMLBreak(last):
		e.put("-")
	case len(s) == lw:
		e.put("+")
	default:
		prev, _ := utf8.DecodeLastRuneInString(s[:len(s)-lw])
		if isYAMLBreak(prev) {
			e.put("+")
		}
	}
	e.newline()
	breaks := true
	for _, r := range s {
		if isYAMLBreak(r) {
			e.newline()
			breaks = true
			continue
		}
		if breaks {
			e.indentTo(indent)
		}
		e.put(string(r))
		breaks = false
	}
	// The caller writes the final newline; a literal already ends with its own break when chomped
	// with clip/keep, so drop one to avoid a blank line.
	if isYAMLBreak(last) && len(e.buf) > 0 && e.buf[len(e.buf)-1] == '\n' {
		e.buf = e.buf[:len(e.buf)-1]
	}
}

// yamlKeyLess is goyaml.v2's key order: letters compare as runes, non-letters sort before letters,
// and runs of digits compare as numbers ("a2" < "a10").
func yamlKeyLess(a, b string) bool {
	ar, br := []rune(a), []rune(b)
	for i := 0; i < len(ar) && i < len(br); i++ {
		if ar[i] == br[i] {
			continue
		}
		al, bl := unicode.IsLetter(ar[i]), unicode.IsLetter(br[i])
		if al && bl {
			return ar[i] < br[i]
		}
		if al || bl {
			return bl
		}
		var ai, bi int
		var an, bn int64
		if ar[i] == '0' || br[i] == '0' {
			for j := i - 1; j >= 0 && unicode.IsDigit(ar[j]); j-- {
				if ar[j] != '0' {
					an, bn = 1, 1
					break
				}
			}
		}
		for ai = i; ai < len(ar) && unicode.IsDigit(ar[ai]); ai++ {
			an = an*10 + int64(ar[ai]-'0')
		}
		for bi = i; bi < len(br) && unicode.IsDigit(br[bi]); bi++ {
			bn = bn*10 + int64(br[bi]-'0')
		}
		if an != bn {
			return an < bn
		}
		if ai != bi {
			return ai < bi
		}
		return ar[i] < br[i]
	}
	return len(ar) < len(br)
}
