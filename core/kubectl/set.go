package kubectl

import (
	"fmt"
	"strings"
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
	case "serviceaccount", "sa":
		return runSetServiceAccount(inv)
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
	return inv.updatePodSpecs(resArgs, "image updated", "failed to patch image update to pod template: %v", func(_ resolved, spec map[string]any) error {
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
			return fmt.Errorf("unable to find container named %q", missing[0])
		}
		return nil
	})
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

// runSetServiceAccount is kubectl set serviceaccount (sa) TYPE NAME
// SERVICE_ACCOUNT: a strategic merge patch of the pod template's
// serviceAccountName, printed as "<ref> serviceaccount updated" even when
// nothing changed (set_serviceaccount.go sends every patch).
func runSetServiceAccount(inv *invocation) error {
	args := inv.f.args[1:]
	if len(args) == 0 {
		return fmt.Errorf("serviceaccount is required")
	}
	sa := args[len(args)-1]
	return inv.updatePodSpecs(args[:len(args)-1], "serviceaccount updated", "failed to patch ServiceAccountName %v", func(_ resolved, spec map[string]any) error {
		spec["serviceAccountName"] = sa
		return nil
	})
}
