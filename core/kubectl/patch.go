package kubectl

import (
	"bytes"
	"encoding/json"
	"fmt"

	"gopkg.in/yaml.v3"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

var patchFlags = []flagDef{
	{name: "patch", short: "p"},
	{name: "type", def: "strategic"},
	{name: "filename", short: "f"},
	{name: "output", short: "o"},
	{name: "subresource"},
	dryRunFlag,
	{name: "local", isBool: true},
}

// runPatch is kubectl patch TYPE NAME -p PATCH [--type strategic|merge|json].
func runPatch(inv *invocation) error {
	var pt string
	switch t := inv.f.str("type"); t {
	case "strategic":
		pt = strategicMergePatch
	case "merge":
		pt = mergePatch
	case "json":
		pt = jsonPatch
	default:
		return fmt.Errorf("--type must be one of [json merge strategic], not %q", t)
	}
	if !inv.f.changed("patch") {
		return fmt.Errorf("must specify -p to patch")
	}
	data, err := patchJSON(inv.f.str("patch"))
	if err != nil {
		return fmt.Errorf("unable to parse %q: %v", inv.f.str("patch"), err)
	}
	objs, errs, err := inv.objects(inv.f.args, builderOpts{fetch: true})
	if err != nil {
		return err
	}
	for _, r := range objs {
		sub := inv.f.str("subresource")
		patched, err := inv.do(&request.Request{Verb: "patch", Group: r.info.Group, Resource: r.info.Resource, Subresource: sub,
			Namespace: nsFor(r.info, r.ns), Name: r.name, Patch: data, PatchType: pt})
		if err != nil {
			if api.ReasonOf(err) == "UnsupportedMediaType" {
				err = fmt.Errorf("%s is not supported by %s: %v", pt, r.info.GroupVersionKind(), err)
			}
			errs = append(errs, err)
			continue
		}
		verb := "patched"
		if bytes.Equal(api.EncodeJSON(patched), api.EncodeJSON(r.obj)) {
			// kubectl's didPatch: the answer equals the object it fetched.
			verb = "patched (no change)"
		}
		if err := inv.printResult(r.info, patched, verb); err != nil {
			return err
		}
	}
	return aggregate(errs)
}

// patchJSON accepts a patch in JSON or YAML, as kubectl does.
func patchJSON(s string) ([]byte, error) {
	if json.Valid([]byte(s)) {
		return []byte(s), nil
	}
	var v any
	if err := yaml.Unmarshal([]byte(s), &v); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(jsonable(v)); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(buf.Bytes()), nil
}
