package strategicpatch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
)

// Directives understood in patches.
const (
	directiveMarker         = "$patch"
	directiveDelete         = "delete"
	directiveReplace        = "replace"
	deleteFromPrimitivePref = "$deleteFromPrimitiveList/"
	setElementOrderPref     = "$setElementOrder/"
	retainKeysDirective     = "$retainKeys"
)

// StrategicMergePatch applies a strategic merge patch to the JSON document
// original and returns the patched JSON. dataStruct names the kind (its
// TypeMeta.Kind, or its Go type name) whose list strategies apply.
func StrategicMergePatch(original, patch []byte, dataStruct api.Object) ([]byte, error) {
	orig, err := decodeMap(original, "original")
	if err != nil {
		return nil, err
	}
	p, err := decodeMap(patch, "patch")
	if err != nil {
		return nil, err
	}
	out, err := StrategicMergeMapPatch(orig, p, dataStruct)
	if err != nil {
		return nil, err
	}
	return jsonenc.Marshal(out)
}

// StrategicMergeMapPatch is StrategicMergePatch on decoded JSON maps. The
// inputs are not modified.
func StrategicMergeMapPatch(original, patch map[string]any, dataStruct api.Object) (map[string]any, error) {
	s := schemaFor(dataStruct)
	out, err := s.mergeMap(original, patch, nil)
	if err != nil {
		return nil, err
	}
	if out == nil {
		out = map[string]any{}
	}
	return out, nil
}

func decodeMap(data []byte, what string) (map[string]any, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return map[string]any{}, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("invalid JSON in %s: %v", what, err)
	}
	if v == nil {
		return map[string]any{}, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("invalid JSON in %s: expected a JSON object", what)
	}
	return m, nil
}

// mergeMap merges patch into original (both may be nil) and returns a new
// map; nil means the map itself is deleted ("$patch": "delete").
func (s schema) mergeMap(original, patch map[string]any, path []string) (map[string]any, error) {
	if d, ok := patch[directiveMarker]; ok {
		switch d {
		case directiveReplace:
			out := make(map[string]any, len(patch))
			for k, v := range patch {
				if k != directiveMarker {
					out[k] = v
				}
			}
			return s.mergeMap(nil, out, path)
		case directiveDelete:
			return nil, nil
		default:
			return nil, fmt.Errorf("unknown patch type: %v found in map: %s", d, join(path))
		}
	}
	out := make(map[string]any, len(original)+len(patch))
	for k, v := range original {
		out[k] = v
	}
	var retain []any
	var hasRetain bool
	orders := map[string][]any{}
	for k, pv := range patch {
		switch {
		case k == retainKeysDirective:
			l, ok := pv.([]any)
			if !ok {
				return nil, fmt.Errorf("invalid $retainKeys in %s", join(path))
			}
			retain, hasRetain = l, true
			continue
		case strings.HasPrefix(k, setElementOrderPref):
			l, ok := pv.([]any)
			if !ok {
				return nil, fmt.Errorf("invalid %s in %s", k, join(path))
			}
			orders[strings.TrimPrefix(k, setElementOrderPref)] = l
			continue
		case strings.HasPrefix(k, deleteFromPrimitivePref):
			field := strings.TrimPrefix(k, deleteFromPrimitivePref)
			l, ok := pv.([]any)
			if !ok {
				return nil, fmt.Errorf("invalid %s in %s", k, join(path))
			}
			if cur, ok := out[field].([]any); ok {
				out[field] = removeValues(cur, l)
			}
			continue
		}
		if pv == nil {
			delete(out, k)
			continue
		}
		child := append(append([]string(nil), path...), k)
		merged, keep, err := s.mergeValue(out[k], pv, child)
		if err != nil {
			return nil, err
		}
		if keep {
			out[k] = merged
		} else {
			delete(out, k)
		}
	}
	for field, order := range orders {
		if cur, ok := out[field].([]any); ok {
			out[field] = s.reorder(cur, order, append(append([]string(nil), path...), field))
		}
	}
	if hasRetain {
		keep := map[string]bool{}
		for _, k := range retain {
			if ks, ok := k.(string); ok {
				keep[ks] = true
			}
		}
		for k := range out {
			if !keep[k] {
				if _, inPatch := patch[k]; !inPatch {
					delete(out, k)
				}
			}
		}
	}
	return out, nil
}

// mergeValue merges one patch value into one original value (nil when
// absent). keep=false means the field is removed.
func (s schema) mergeValue(orig, pv any, path []string) (any, bool, error) {
	switch p := pv.(type) {
	case map[string]any:
		om, _ := orig.(map[string]any)
		m, err := s.mergeMap(om, p, path)
		if err != nil {
			return nil, false, err
		}
		if m == nil {
			return nil, false, nil
		}
		return m, true, nil
	case []any:
		ol, _ := orig.([]any)
		l, err := s.mergeList(ol, p, path)
		return l, true, err
	default:
		return pv, true, nil
	}
}

// mergeList merges a patch list into an original list per the field's
// strategy: atomic lists are replaced, keyed lists merge element by element.
func (s schema) mergeList(orig, patch []any, path []string) ([]any, error) {
	st := s.strategy(path)
	if !st.merge {
		return s.cleanList(patch, path)
	}
	if st.key == "" {
		out := append([]any(nil), orig...)
		for _, v := range patch {
			if m, ok := v.(map[string]any); ok && m[directiveMarker] == directiveReplace {
				return removeDirectiveElements(patch), nil
			}
			if indexOfValue(out, v) < 0 {
				out = append(out, v)
			}
		}
		return out, nil
	}
	for _, v := range patch {
		if m, ok := v.(map[string]any); ok && m[directiveMarker] == directiveReplace {
			return s.cleanList(removeDirectiveElements(patch), path)
		}
	}
	out := append([]any(nil), orig...)
	for _, v := range patch {
		pm, ok := v.(map[string]any)
		if !ok {
			out = append(out, v)
			continue
		}
		kv, hasKey := pm[st.key]
		if !hasKey {
			return nil, fmt.Errorf("map: %v does not contain declared merge key: %s", compact(pm), st.key)
		}
		i := indexByKey(out, st.key, kv)
		if pm[directiveMarker] == directiveDelete {
			for i >= 0 {
				out = append(out[:i], out[i+1:]...)
				i = indexByKey(out, st.key, kv)
			}
			continue
		}
		if i >= 0 {
			om, _ := out[i].(map[string]any)
			m, err := s.mergeMap(om, pm, path)
			if err != nil {
				return nil, err
			}
			out[i] = m
			continue
		}
		m, err := s.mergeMap(nil, pm, path)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// cleanList strips directives and nulls from a list that replaces another.
func (s schema) cleanList(l []any, path []string) ([]any, error) {
	out := make([]any, 0, len(l))
	for _, v := range l {
		if m, ok := v.(map[string]any); ok {
			c, err := s.mergeMap(nil, m, path)
			if err != nil {
				return nil, err
			}
			if c != nil {
				out = append(out, c)
			}
			continue
		}
		out = append(out, v)
	}
	return out, nil
}

// reorder sorts cur so that the elements named in order come first, in that
// order; the others keep their relative order after them.
func (s schema) reorder(cur, order []any, path []string) []any {
	st := s.strategy(path)
	pos := func(v any) int {
		for i, o := range order {
			if st.key != "" {
				om, ok1 := o.(map[string]any)
				vm, ok2 := v.(map[string]any)
				if ok1 && ok2 && equal(om[st.key], vm[st.key]) {
					return i
				}
			} else if equal(o, v) {
				return i
			}
		}
		return -1
	}
	var in, rest []any
	for _, v := range cur {
		if pos(v) >= 0 {
			in = append(in, v)
		} else {
			rest = append(rest, v)
		}
	}
	// insertion sort keeps it stable and simple (lists are short)
	for i := 1; i < len(in); i++ {
		for j := i; j > 0 && pos(in[j]) < pos(in[j-1]); j-- {
			in[j], in[j-1] = in[j-1], in[j]
		}
	}
	return append(in, rest...)
}

func removeDirectiveElements(l []any) []any {
	out := make([]any, 0, len(l))
	for _, v := range l {
		if m, ok := v.(map[string]any); ok {
			if _, d := m[directiveMarker]; d {
				continue
			}
		}
		out = append(out, v)
	}
	return out
}

func removeValues(cur, remove []any) []any {
	out := make([]any, 0, len(cur))
	for _, v := range cur {
		if indexOfValue(remove, v) < 0 {
			out = append(out, v)
		}
	}
	return out
}

func indexOfValue(l []any, v any) int {
	for i, x := range l {
		if equal(x, v) {
			return i
		}
	}
	return -1
}

func indexByKey(l []any, key string, kv any) int {
	for i, x := range l {
		if m, ok := x.(map[string]any); ok && equal(m[key], kv) {
			return i
		}
	}
	return -1
}

// equal compares decoded JSON values; numbers compare by value.
func equal(a, b any) bool {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok || len(av) != len(bv) {
			return false
		}
		for k, x := range av {
			y, ok := bv[k]
			if !ok || !equal(x, y) {
				return false
			}
		}
		return true
	case []any:
		bv, ok := b.([]any)
		if !ok || len(av) != len(bv) {
			return false
		}
		for i := range av {
			if !equal(av[i], bv[i]) {
				return false
			}
		}
		return true
	case json.Number, float64, int, int64:
		x, ok1 := number(a)
		y, ok2 := number(b)
		return ok1 && ok2 && x == y
	default:
		return a == b
	}
}

func number(v any) (string, bool) {
	switch n := v.(type) {
	case json.Number:
		if f, err := n.Float64(); err == nil {
			return fmt.Sprint(f), true
		}
		return n.String(), true
	case float64:
		return fmt.Sprint(n), true
	case int:
		return fmt.Sprint(float64(n)), true
	case int64:
		return fmt.Sprint(float64(n)), true
	}
	return "", false
}

func compact(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
