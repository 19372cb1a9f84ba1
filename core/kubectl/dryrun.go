package kubectl

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/api/strategicpatch"
)

// dryRunFlag is kubectl's --dry-run (cmdutil.AddDryRunFlag): "none" by
// default, "unchanged" (a client dry run) when given without a value.
var dryRunFlag = flagDef{name: "dry-run", def: "none", noOpt: "unchanged"}

// dryRunStrategy is cmdutil.GetDryRunStrategy: "" (none), "client" or
// "server"; a boolean is read as kubectl reads it (true = client).
func dryRunStrategy(f *flags) (string, error) {
	if _, ok := f.def("dry-run"); !ok {
		return "", nil
	}
	switch v := f.str("dry-run"); v {
	case "client", "unchanged", "true", "1", "t", "T", "TRUE", "True":
		return "client", nil
	case "server":
		return "server", nil
	case "none", "", "false", "0", "f", "F", "FALSE", "False":
		return "", nil
	default:
		return "", fmt.Errorf(`Invalid dry-run value (%v). Must be "none", "server", or "client".`, v)
	}
}

// dryRunSuffix is what kubectl's PrintFlagsWithDryRunStrategy adds to an
// operation: " (dry run)" or " (server dry run)".
func (inv *invocation) dryRunSuffix() string {
	switch inv.dry {
	case "client":
		return " (dry run)"
	case "server":
		return " (server dry run)"
	}
	return ""
}

// writes are the verbs a dry run must not persist.
func isWrite(verb string) bool {
	switch verb {
	case "create", "update", "patch", "delete", "deletecollection":
		return true
	}
	return false
}

// clientDryRun answers a write of a client dry run without sending it: the
// object kubectl would have sent (create, update), the live object with
// the patch applied locally (patch), or the live object (delete). Reads
// still go to the server, as kubectl's builder fetches its objects.
func (inv *invocation) clientDryRun(req *request.Request) (api.Object, error) {
	switch req.Verb {
	case "create", "update":
		if req.Body == nil {
			return nil, nil
		}
		return api.DeepCopy(req.Body), nil
	case "deletecollection":
		return inv.do(&request.Request{Verb: "list", Group: req.Group, Resource: req.Resource, Namespace: req.Namespace, LabelSelector: req.LabelSelector, FieldSelector: req.FieldSelector})
	}
	cur, err := inv.do(&request.Request{Verb: "get", Group: req.Group, Resource: req.Resource, Namespace: req.Namespace, Name: req.Name})
	if err != nil || req.Verb == "delete" {
		return cur, err
	}
	var b []byte
	switch req.PatchType {
	case mergePatch:
		b, err = strategicpatch.MergePatch(api.EncodeJSON(cur), req.Patch)
	case jsonPatch:
		b, err = strategicpatch.JSONPatch(api.EncodeJSON(cur), req.Patch)
	default:
		b, err = strategicpatch.StrategicMergePatch(api.EncodeJSON(cur), req.Patch, cur)
	}
	if err != nil {
		return nil, err
	}
	if _, custom := cur.(*api.CustomObject); custom {
		return api.DecodeCustom(b)
	}
	return api.Decode(b)
}

// printOp prints "<kind>/<name> <operation>", with the dry run's suffix.
func (inv *invocation) printOp(info *api.ResourceInfo, name, op string) {
	fmt.Fprintf(inv.out, "%s %s%s\n", objRef(info, name), op, inv.dryRunSuffix())
}
