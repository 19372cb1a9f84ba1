package apiserver

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/api/strategicpatch"
)

// Patch types a request may carry (the Content-Type of a PATCH).
const (
	JSONPatchType           = "application/json-patch+json"
	MergePatchType          = "application/merge-patch+json"
	StrategicMergePatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          = "application/apply-patch+yaml"
)

// StrategicMergePatch applies a strategic merge patch. It is a variable so a
// test (or a build without the strategic patch package) can swap it.
var StrategicMergePatch = strategicpatch.StrategicMergePatch

// applyPatch returns original with the patch applied, as JSON.
func applyPatch(patchType string, original, patch []byte, obj api.Object) ([]byte, error) {
	switch patchType {
	case MergePatchType:
		return MergePatch(original, patch)
	case StrategicMergePatchType, "":
		return StrategicMergePatch(original, patch, obj)
	case JSONPatchType:
		return JSONPatch(original, patch)
	}
	return nil, &api.StatusError{ErrStatus: api.Status{
		TypeMeta: api.TypeMeta{Kind: "Status", APIVersion: "v1"}, Status: "Failure", Code: 415,
		Reason:  "UnsupportedMediaType",
		Message: fmt.Sprintf("the body of the request was in an unknown format - accepted media types include: %s, %s, %s, %s", JSONPatchType, MergePatchType, ApplyPatchType, StrategicMergePatchType),
	}}
}

// MergePatch applies an RFC 7386 JSON merge patch to a JSON document (kubectl
// uses the same function for run --overrides).
func MergePatch(original, patch []byte) ([]byte, error) {
	return strategicpatch.MergePatch(original, patch)
}

// JSONPatch applies an RFC 6902 JSON patch (core/api/strategicpatch holds
// it, for kubectl's client dry runs too).
var JSONPatch = strategicpatch.JSONPatch
