package strategicpatch

import (
	"bytes"
	"encoding/json"

	"kubeplay/core/api/jsonenc"
)

// MergePatch applies an RFC 7386 JSON merge patch to a JSON document.
func MergePatch(original, patch []byte) ([]byte, error) {
	var doc, p any
	if len(bytes.TrimSpace(original)) > 0 {
		if err := json.Unmarshal(original, &doc); err != nil {
			return nil, err
		}
	}
	if err := json.Unmarshal(patch, &p); err != nil {
		return nil, err
	}
	return jsonenc.Marshal(mergeValue(doc, p))
}

// mergeValue is RFC 7386 MergePatch(Target, Patch).
func mergeValue(target, patch any) any {
	pm, ok := patch.(map[string]any)
	if !ok {
		return patch
	}
	tm, ok := target.(map[string]any)
	if !ok {
		tm = map[string]any{}
	}
	for k, v := range pm {
		if v == nil {
			delete(tm, k)
			continue
		}
		tm[k] = mergeValue(tm[k], v)
	}
	return tm
}
