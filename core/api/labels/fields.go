package labels

import (
	"fmt"
	"sort"
	"strings"
)

// FieldTerm is one term of a field selector: Field = Value, or Field != Value when Negate.
type FieldTerm struct {
	Field, Value string
	Negate       bool
}

// FieldSelector is fields.Selector: terms joined by commas, all must hold.
type FieldSelector struct{ Terms []FieldTerm }

// ParseFieldSelector parses "status.phase=Running,spec.nodeName!=n1" (operators "=", "==", "!=";
// "\," escapes a comma). Bad terms fail with `invalid selector: '<sel>'; can't understand '<term>'`.
func ParseFieldSelector(selector string) (FieldSelector, error) {
	parts := splitTerms(selector)
	sort.Strings(parts)
	var fs FieldSelector
	for _, part := range parts {
		if part == "" {
			continue
		}
		lhs, op, rhs, ok := splitTerm(part)
		if !ok {
			return FieldSelector{}, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", selector, part)
		}
		v, err := unescapeValue(rhs)
		if err != nil {
			return FieldSelector{}, err
		}
		fs.Terms = append(fs.Terms, FieldTerm{Field: lhs, Value: v, Negate: op == "!="})
	}
	return fs, nil
}

// Matches reports whether every term holds; get returns a field's value and whether the field is known.
// An unknown field never matches (the apiserver rejects such selectors before listing).
func (s FieldSelector) Matches(get func(field string) (string, bool)) bool {
	for _, t := range s.Terms {
		v, ok := get(t.Field)
		if !ok || (v == t.Value) == t.Negate {
			return false
		}
	}
	return true
}

func splitTerms(s string) []string {
	if s == "" {
		return nil
	}
	var terms []string
	start, inSlash := 0, false
	for i, c := range s {
		switch {
		case inSlash:
			inSlash = false
		case c == '\\':
			inSlash = true
		case c == ',':
			terms = append(terms, s[start:i])
			start = i + 1
		}
	}
	return append(terms, s[start:])
}

func splitTerm(term string) (lhs, op, rhs string, ok bool) {
	for i := range term {
		for _, op := range []string{"!=", "==", "="} {
			if strings.HasPrefix(term[i:], op) {
				return term[:i], op, term[i+len(op):], true
			}
		}
	}
	return "", "", "", false
}

func unescapeValue(s string) (string, error) {
	if !strings.ContainsAny(s, `\,=`) {
		return s, nil
	}
	var b strings.Builder
	inSlash := false
	for _, c := range s {
		if inSlash {
			switch c {
			case '\\', ',', '=':
				b.WriteRune(c)
			default:
				return "", fmt.Errorf("invalid field selector: invalid escape sequence: \\%c", c)
			}
			inSlash = false
			continue
		}
		switch c {
		case '\\':
			inSlash = true
		case ',', '=':
			return "", fmt.Errorf("invalid field selector: unescaped character in value: %v", c)
		default:
			b.WriteRune(c)
		}
	}
	if inSlash {
		return "", fmt.Errorf("invalid field selector: invalid escape sequence: \\")
	}
	return b.String(), nil
}
