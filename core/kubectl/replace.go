package kubectl

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

var replaceFlags = []flagDef{
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	{name: "force", isBool: true},
	{name: "grace-period", def: "-1"},
	{name: "cascade", def: "background"},
	{name: "output", short: "o"},
	dryRunFlag,
	{name: "save-config", isBool: true},
	{name: "validate"},
}

// runReplace is kubectl replace -f: each object is sent whole (PUT),
// "<ref> replaced"; with --force it is deleted, its deletion awaited, then
// created again.
func runReplace(inv *invocation) error {
	if !inv.f.changed("filename") {
		return fmt.Errorf("must specify --filename to replace")
	}
	docs, err := inv.readManifests(inv.f.all("filename"))
	if err != nil {
		return err
	}
	var errs []error
	for _, d := range docs {
		if d.err != nil {
			errs = append(errs, d.err)
			continue
		}
		if err := inv.checkNamespace(d); err != nil {
			errs = append(errs, err)
			continue
		}
		ns := d.namespace(inv)
		raw := api.CopyJSONValue(d.raw).(map[string]any)
		if m, ok := raw["metadata"].(map[string]any); ok && d.info.Namespaced {
			m["namespace"] = ns
		}
		obj, err := decodeTyped(d.info, raw)
		if err != nil {
			errs = append(errs, withSource("replacing", d.source, err))
			continue
		}
		dry := inv.dry != ""
		if inv.f.boolean("force") {
			req := &request.Request{Verb: "delete", Group: d.info.Group, Resource: d.info.Resource, Namespace: ns, Name: d.name()}
			if _, err := inv.do(req); err != nil && !api.IsNotFound(err) {
				errs = append(errs, withSource("deleting", d.source, err))
				continue
			} else if err == nil {
				if d.info.Namespaced {
					fmt.Fprintf(inv.out, "%s %q deleted from %s namespace%s\n", kindString(d.info), d.name(), ns, inv.dryRunSuffix())
				} else {
					fmt.Fprintf(inv.out, "%s %q deleted%s\n", kindString(d.info), d.name(), inv.dryRunSuffix())
				}
				if !dry {
					if _, err := inv.waitFor(d.info, ns, d.name(), maxWait, func(o api.Object) bool { return o == nil }); err != nil {
						errs = append(errs, err)
						continue
					}
				}
			}
			if _, err := inv.do(&request.Request{Verb: "create", Group: d.info.Group, Resource: d.info.Resource, Namespace: ns, Body: obj}); err != nil {
				errs = append(errs, withSource("replacing", d.source, err))
				continue
			}
		} else if _, err := inv.do(&request.Request{Verb: "update", Group: d.info.Group, Resource: d.info.Resource, Namespace: ns, Name: d.name(), Body: obj, FieldValidation: inv.fieldValidation()}); err != nil {
			errs = append(errs, withSource("replacing", d.source, err))
			continue
		}
		if err := inv.printResult(d.info, obj, "replaced"); err != nil {
			return err
		}
	}
	return aggregate(errs)
}
