package labels

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// Operator is selection.Operator.
type Operator string

// The selector operators.
const (
	DoesNotExist Operator = "!"
	Equals       Operator = "="
	DoubleEquals Operator = "=="
	In           Operator = "in"
	NotEquals    Operator = "!="
	NotIn        Operator = "notin"
	Exists       Operator = "exists"
	GreaterThan  Operator = "gt"
	LessThan     Operator = "lt"
)

var binaryOperators = []string{"in", "notin", "=", "==", "!=", "gt", "lt"}

// Set is a map of labels (labels.Set).
type Set map[string]string

// String prints "a=1,b=2" with keys sorted.
func (s Set) String() string {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + s[k]
	}
	return strings.Join(parts, ",")
}

// Has reports whether key is set.
func (s Set) Has(key string) bool { _, ok := s[key]; return ok }

// Get returns the value of key.
func (s Set) Get(key string) string { return s[key] }

// AsSelector returns a selector matching exactly these labels.
func (s Set) AsSelector() Selector { return SelectorFromSet(s) }

// Requirement is one term of a selector.
type Requirement struct {
	Key      string
	Operator Operator
	Values   []string // sorted, deduplicated
}

// Matches reports whether ls satisfies the requirement.
func (r *Requirement) Matches(ls Set) bool {
	v, has := ls[r.Key]
	switch r.Operator {
	case In, Equals, DoubleEquals:
		return has && r.has(v)
	case NotIn, NotEquals:
		return !has || !r.has(v)
	case Exists:
		return has
	case DoesNotExist:
		return !has
	case GreaterThan, LessThan:
		if !has || len(r.Values) != 1 {
			return false
		}
		lv, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return false
		}
		rv, err := strconv.ParseInt(r.Values[0], 10, 64)
		if err != nil {
			return false
		}
		return (r.Operator == GreaterThan && lv > rv) || (r.Operator == LessThan && lv < rv)
	}
	return false
}

func (r *Requirement) has(v string) bool {
	for _, x := range r.Values {
		if x == v {
			return true
		}
	}
	return false
}

// String prints the requirement as Kubernetes does: "app=web", "tier in (a,b)", "!canary".
func (r *Requirement) String() string {
	var b strings.Builder
	if r.Operator == DoesNotExist {
		b.WriteString("!")
	}
	b.WriteString(r.Key)
	switch r.Operator {
	case Equals:
		b.WriteString("=")
	case DoubleEquals:
		b.WriteString("==")
	case NotEquals:
		b.WriteString("!=")
	case In:
		b.WriteString(" in ")
	case NotIn:
		b.WriteString(" notin ")
	case GreaterThan:
		b.WriteString(">")
	case LessThan:
		b.WriteString("<")
	case Exists, DoesNotExist:
		return b.String()
	}
	if r.Operator == In || r.Operator == NotIn {
		b.WriteString("(" + strings.Join(r.Values, ",") + ")")
	} else {
		b.WriteString(strings.Join(r.Values, ","))
	}
	return b.String()
}

// NewRequirement validates and builds a requirement (labels.NewRequirement, same error texts).
func NewRequirement(key string, op Operator, vals []string) (*Requirement, error) {
	var errs field.ErrorList
	if msgs := IsQualifiedName(key); len(msgs) != 0 {
		errs = append(errs, field.Invalid(field.NewPath("key"), key, strings.Join(msgs, "; ")))
	}
	valuePath := field.NewPath("values")
	switch op {
	case In, NotIn:
		if len(vals) == 0 {
			errs = append(errs, field.Invalid(valuePath, vals, "for 'in', 'notin' operators, values set can't be empty"))
		}
	case Equals, DoubleEquals, NotEquals:
		if len(vals) != 1 {
			errs = append(errs, field.Invalid(valuePath, vals, "exact-match compatibility requires one single value"))
		}
	case Exists, DoesNotExist:
		if len(vals) != 0 {
			errs = append(errs, field.Invalid(valuePath, vals, "values set must be empty for exists and does not exist"))
		}
	case GreaterThan, LessThan:
		if len(vals) != 1 {
			errs = append(errs, field.Invalid(valuePath, vals, "for 'Gt', 'Lt' operators, exactly one value is required"))
		}
		for i, v := range vals {
			if _, err := strconv.ParseInt(v, 10, 64); err != nil {
				errs = append(errs, field.Invalid(valuePath.Index(i), v, "for 'Gt', 'Lt' operators, the value must be an integer"))
			}
		}
	default:
		errs = append(errs, field.NotSupported(field.NewPath("operator"), string(op), append(binaryOperators, "!", "exists")))
	}
	for i, v := range vals {
		if msgs := IsValidLabelValue(v); len(msgs) != 0 {
			errs = append(errs, field.Invalid(valuePath.Index(i).Key(key), v, strings.Join(msgs, "; ")))
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	sorted := append([]string(nil), vals...)
	sort.Strings(sorted)
	uniq := sorted[:0]
	for i, v := range sorted {
		if i == 0 || v != sorted[i-1] {
			uniq = append(uniq, v)
		}
	}
	return &Requirement{Key: key, Operator: op, Values: uniq}, nil
}

// Selector matches label sets. The zero-requirement selector matches everything; Nothing() matches
// nothing.
type Selector interface {
	Matches(Set) bool
	Empty() bool
	String() string
	Requirements() []Requirement
	// RequiresExactMatch returns the value key must have, if the selector pins one.
	RequiresExactMatch(key string) (string, bool)
}

type internalSelector []Requirement

func (s internalSelector) Matches(ls Set) bool {
	for i := range s {
		if !s[i].Matches(ls) {
			return false
		}
	}
	return true
}

func (s internalSelector) Empty() bool                 { return len(s) == 0 }
func (s internalSelector) Requirements() []Requirement { return s }

func (s internalSelector) String() string {
	parts := make([]string, len(s))
	for i := range s {
		parts[i] = s[i].String()
	}
	return strings.Join(parts, ",")
}

func (s internalSelector) RequiresExactMatch(key string) (string, bool) {
	for i := range s {
		if s[i].Key == key {
			switch s[i].Operator {
			case Equals, DoubleEquals, In:
				if len(s[i].Values) == 1 {
					return s[i].Values[0], true
				}
			}
			return "", false
		}
	}
	return "", false
}

type nothingSelector struct{}

func (nothingSelector) Matches(Set) bool                         { return false }
func (nothingSelector) Empty() bool                              { return false }
func (nothingSelector) String() string                           { return "" }
func (nothingSelector) Requirements() []Requirement              { return nil }
func (nothingSelector) RequiresExactMatch(string) (string, bool) { return "", false }

// Everything matches all label sets.
func Everything() Selector { return internalSelector{} }

// Nothing matches no label set (a nil metav1.LabelSelector).
func Nothing() Selector { return nothingSelector{} }

// SelectorFromSet returns a selector requiring every label of s (no validation).
func SelectorFromSet(s Set) Selector {
	reqs := make(internalSelector, 0, len(s))
	for k, v := range s {
		reqs = append(reqs, Requirement{Key: k, Operator: Equals, Values: []string{v}})
	}
	sort.Slice(reqs, func(i, j int) bool { return reqs[i].Key < reqs[j].Key })
	return reqs
}

// SelectorFromLabelSelector is metav1.LabelSelectorAsSelector: nil matches nothing, empty matches
// everything.
func SelectorFromLabelSelector(ps *api.LabelSelector) (Selector, error) {
	if ps == nil {
		return Nothing(), nil
	}
	if len(ps.MatchLabels)+len(ps.MatchExpressions) == 0 {
		return Everything(), nil
	}
	var reqs internalSelector
	for k, v := range ps.MatchLabels {
		r, err := NewRequirement(k, Equals, []string{v})
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, *r)
	}
	for _, expr := range ps.MatchExpressions {
		var op Operator
		switch expr.Operator {
		case api.LabelSelectorOpIn:
			op = In
		case api.LabelSelectorOpNotIn:
			op = NotIn
		case api.LabelSelectorOpExists:
			op = Exists
		case api.LabelSelectorOpDoesNotExist:
			op = DoesNotExist
		default:
			return nil, fmt.Errorf("%q is not a valid label selector operator", expr.Operator)
		}
		r, err := NewRequirement(expr.Key, op, append([]string(nil), expr.Values...))
		if err != nil {
			return nil, err
		}
		reqs = append(reqs, *r)
	}
	sort.SliceStable(reqs, func(i, j int) bool { return reqs[i].Key < reqs[j].Key })
	return reqs, nil
}
