package strategicpatch

import (
	"encoding/json"

	"kubeplay/core/api"
)

// diffOptions selects which differences a diff reports.
type diffOptions struct {
	// ignoreDeletions leaves out fields present only in the original.
	ignoreDeletions bool
	// ignoreChangesAndAdditions reports only deletions.
	ignoreChangesAndAdditions bool
}

// CreateTwoWayMergePatch returns the strategic merge patch that turns
// original into modified.
func CreateTwoWayMergePatch(original, modified []byte, dataStruct api.Object) ([]byte, error) {
	return schemaFor(dataStruct).twoWay(original, modified)
}

func (s schema) twoWay(original, modified []byte) ([]byte, error) {
	o, err := decodeMap(original, "original")
	if err != nil {
		return nil, err
	}
	m, err := decodeMap(modified, "modified")
	if err != nil {
		return nil, err
	}
	return json.Marshal(s.diffMaps(o, m, nil, diffOptions{}))
}

// CreateTwoWayJSONMergePatch is CreateTwoWayMergePatch for kinds without
// patch strategies (custom resources): an RFC 7386 JSON merge patch.
func CreateTwoWayJSONMergePatch(original, modified []byte) ([]byte, error) {
	return schema{atomicLists: true}.twoWay(original, modified)
}

// CreateThreeWayMergePatch is what kubectl apply sends. original is the
// last-applied configuration, modified the configuration being applied and
// current the live object. The patch
//   - sets every field of modified that differs from current (changes made
//     by others to fields the file sets are overwritten),
//   - deletes every field that was in original but is no longer in modified
//     (a field removed from the file is removed),
//   - leaves alone fields that only current has (set by someone else).
//
// Lists merge per the kind's patch strategy. An empty patch is "{}".
func CreateThreeWayMergePatch(original, modified, current []byte, dataStruct api.Object) ([]byte, error) {
	return schemaFor(dataStruct).threeWay(original, modified, current)
}

// CreateThreeWayJSONMergePatch is CreateThreeWayMergePatch for kinds without patch strategies
// (custom resources, jsonmergepatch in kubectl): every list is replaced whole, so the patch is an
// RFC 7386 JSON merge patch.
func CreateThreeWayJSONMergePatch(original, modified, current []byte) ([]byte, error) {
	return schema{atomicLists: true}.threeWay(original, modified, current)
}

func (s schema) threeWay(original, modified, current []byte) ([]byte, error) {
	o, err := decodeMap(original, "original")
	if err != nil {
		return nil, err
	}
	m, err := decodeMap(modified, "modified")
	if err != nil {
		return nil, err
	}
	c, err := decodeMap(current, "current")
	if err != nil {
		return nil, err
	}
	delta := s.diffMaps(c, m, nil, diffOptions{ignoreDeletions: true})
	deletions := s.diffMaps(o, m, nil, diffOptions{ignoreChangesAndAdditions: true})
	return json.Marshal(s.mergePatches(deletions, delta, nil))
}

// diffMaps returns the patch turning original into modified.
func (s schema) diffMaps(original, modified map[string]any, path []string, opts diffOptions) map[string]any {
	patch := map[string]any{}
	if !opts.ignoreDeletions {
		for k := range original {
			if _, ok := modified[k]; !ok {
				patch[k] = nil
			}
		}
	}
	for k, mv := range modified {
		ov, ok := original[k]
		if !ok {
			if !opts.ignoreChangesAndAdditions {
				patch[k] = mv
			}
			continue
		}
		child := append(append([]string(nil), path...), k)
		om, oIsMap := ov.(map[string]any)
		mm, mIsMap := mv.(map[string]any)
		if oIsMap && mIsMap {
			if sub := s.diffMaps(om, mm, child, opts); len(sub) > 0 {
				patch[k] = sub
			}
			continue
		}
		ol, oIsList := ov.([]any)
		ml, mIsList := mv.([]any)
		if oIsList && mIsList {
			s.diffLists(patch, k, ol, ml, child, opts)
			continue
		}
		if mv == nil && ov != nil {
			if !opts.ignoreDeletions {
				patch[k] = nil
			}
			continue
		}
		if !equal(ov, mv) && !opts.ignoreChangesAndAdditions {
			patch[k] = mv
		}
	}
	return patch
}

// diffLists writes into patch the entries for list field k.
func (s schema) diffLists(patch map[string]any, k string, ol, ml []any, path []string, opts diffOptions) {
	st := s.strategy(path)
	switch {
	case !st.merge:
		if !opts.ignoreChangesAndAdditions && !equal(ol, ml) {
			patch[k] = ml
		}
	case st.key == "":
		if !opts.ignoreChangesAndAdditions {
			var add []any
			for _, v := range ml {
				if indexOfValue(ol, v) < 0 {
					add = append(add, v)
				}
			}
			if len(add) > 0 {
				patch[k] = add
			}
		}
		if !opts.ignoreDeletions {
			var del []any
			for _, v := range ol {
				if indexOfValue(ml, v) < 0 {
					del = append(del, v)
				}
			}
			if len(del) > 0 {
				patch[deleteFromPrimitivePref+k] = del
			}
		}
	default:
		var out []any
		for _, mv := range ml {
			mm, ok := mv.(map[string]any)
			if !ok {
				continue
			}
			kv, hasKey := mm[st.key]
			i := -1
			if hasKey {
				i = indexByKey(ol, st.key, kv)
			}
			if i < 0 {
				if !opts.ignoreChangesAndAdditions {
					out = append(out, mv)
				}
				continue
			}
			om, _ := ol[i].(map[string]any)
			if sub := s.diffMaps(om, mm, path, opts); len(sub) > 0 {
				sub[st.key] = kv
				out = append(out, sub)
			}
		}
		if !opts.ignoreDeletions {
			for _, ov := range ol {
				om, ok := ov.(map[string]any)
				if !ok {
					continue
				}
				kv, hasKey := om[st.key]
				if !hasKey || indexByKey(ml, st.key, kv) >= 0 {
					continue
				}
				out = append(out, map[string]any{st.key: kv, directiveMarker: directiveDelete})
			}
		}
		if len(out) > 0 {
			patch[k] = out
		}
	}
}

// mergePatches combines two patches over the same object (b wins on
// conflicts), merging keyed list patches element by element.
func (s schema) mergePatches(a, b map[string]any, path []string) map[string]any {
	out := make(map[string]any, len(a)+len(b))
	for k, v := range a {
		out[k] = v
	}
	for k, bv := range b {
		av, ok := out[k]
		if !ok {
			out[k] = bv
			continue
		}
		child := append(append([]string(nil), path...), k)
		am, aIsMap := av.(map[string]any)
		bm, bIsMap := bv.(map[string]any)
		if aIsMap && bIsMap {
			out[k] = s.mergePatches(am, bm, child)
			continue
		}
		al, aIsList := av.([]any)
		bl, bIsList := bv.([]any)
		if aIsList && bIsList {
			st := s.strategy(child)
			if st.merge && st.key != "" {
				merged := append([]any(nil), al...)
				for _, e := range bl {
					em, ok := e.(map[string]any)
					if !ok {
						merged = append(merged, e)
						continue
					}
					if i := indexByKey(merged, st.key, em[st.key]); i >= 0 {
						if pm, ok := merged[i].(map[string]any); ok {
							merged[i] = s.mergePatches(pm, em, child)
							continue
						}
					}
					merged = append(merged, e)
				}
				out[k] = merged
				continue
			}
			if st.merge {
				merged := append([]any(nil), al...)
				for _, e := range bl {
					if indexOfValue(merged, e) < 0 {
						merged = append(merged, e)
					}
				}
				out[k] = merged
				continue
			}
		}
		out[k] = bv
	}
	return out
}
