package kubectl

import (
	"encoding/json"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/strategicpatch"
)

var setFlags = []flagDef{
	{name: "selector", short: "l"},
	{name: "all", isBool: true},
	{name: "filename", short: "f"},
	{name: "output", short: "o"},
	dryRunFlag,
	{name: "containers", short: "c", def: "*"},
	{name: "limits"},
	{name: "requests"},
	{name: "local", isBool: true},
	{name: "env", short: "e"},
	{name: "list", isBool: true},
	{name: "overwrite", isBool: true, def: "true"},
	{name: "field-manager"},
}

// runSet dispatches kubectl set image|resources|env.
func runSet(inv *invocation) error {
	args := inv.f.args
	sub := ""
	if len(args) > 0 {
		sub = args[0]
	}
	switch sub {
	case "image":
		return runSetImage(inv)
	case "resources":
		return runSetResources(inv)
	case "env":
		return full("set env")(inv)
	}
	return fmt.Errorf("unknown command %q for %q", sub, "kubectl set")
}

// runSetImage is kubectl set image RESOURCE CONTAINER=IMAGE...
func runSetImage(inv *invocation) error {
	args := inv.f.args
	var resArgs []string
	images := map[string]string{}
	var order []string
	for _, a := range args[1:] {
		if c, img, ok := strings.Cut(a, "="); ok {
			images[c] = img
			order = append(order, c)
			continue
		}
		resArgs = append(resArgs, a)
	}
	if len(images) == 0 {
		return fmt.Errorf("at least one image update is required")
	}
	objs, errs, err := inv.objects(resArgs, builderOpts{selectors: true, fetch: true})
	if err != nil {
		return err
	}
	for _, r := range objs {
		before := api.EncodeJSON(r.obj)
		var doc map[string]any
		if err := json.Unmarshal(before, &doc); err != nil {
			return err
		}
		spec := podSpecOf(doc)
		if spec == nil {
			errs = append(errs, fmt.Errorf("%s is not a workload with a pod template", objRef(r.info, r.name)))
			continue
		}
		var missing []string
		for _, c := range order {
			found := false
			for _, field := range []string{"initContainers", "containers"} {
				list, _ := spec[field].([]any)
				for _, e := range list {
					m, _ := e.(map[string]any)
					if m != nil && (c == "*" || m["name"] == c) {
						m["image"] = images[c]
						found = true
					}
				}
			}
			if !found {
				missing = append(missing, c)
			}
		}
		if len(missing) > 0 {
			errs = append(errs, fmt.Errorf("unable to find container named %q", missing[0]))
			continue
		}
		after, _ := json.Marshal(doc)
		patch, err := strategicpatch.CreateTwoWayMergePatch(before, after, r.info.New())
		if err != nil {
			return err
		}
		if string(patch) == "{}" {
			// kubectl set image skips an object whose images are already
			// those asked for, printing nothing (set_image.go: "no changes").
			continue
		}
		patched, err := inv.patch(r.info, r.ns, r.name, strategicMergePatch, patch)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to patch image update to pod template: %v", err))
			continue
		}
		if err := inv.printResult(r.info, patched, "image updated"); err != nil {
			return err
		}
	}
	return aggregate(errs)
}

// podSpecOf returns the pod spec inside a decoded object: a Pod's spec or a
// workload's spec.template.spec.
func podSpecOf(doc map[string]any) map[string]any {
	spec, _ := doc["spec"].(map[string]any)
	if spec == nil {
		return nil
	}
	if doc["kind"] == "Pod" {
		return spec
	}
	if jt, ok := spec["jobTemplate"].(map[string]any); ok {
		spec, _ = jt["spec"].(map[string]any)
	}
	t, _ := spec["template"].(map[string]any)
	if t == nil {
		return nil
	}
	ps, _ := t["spec"].(map[string]any)
	return ps
}
