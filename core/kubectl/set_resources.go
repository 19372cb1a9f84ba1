package kubectl

import (
	"encoding/json"
	"fmt"
	"path"

	"kubeplay/core/api"
	"kubeplay/core/api/strategicpatch"
)

// runSetResources is kubectl set resources RESOURCE [-c CONTAINERS]
// --requests=cpu=100m,memory=64Mi --limits=...: the quantities are merged
// into every selected container (init containers too) and sent as one
// strategic merge patch. An object that would not change prints nothing.
func runSetResources(inv *invocation) error {
	f := inv.f
	if f.boolean("all") && f.changed("selector") {
		return fmt.Errorf("cannot set --all and --selector at the same time")
	}
	limitsSpec, requestsSpec := f.str("limits"), f.str("requests")
	if limitsSpec == "" && requestsSpec == "" {
		return fmt.Errorf("you must specify an update to requests or limits (in the form of --requests/--limits)")
	}
	limits, err := resourceList(limitsSpec)
	if err != nil {
		return err
	}
	requests, err := resourceList(requestsSpec)
	if err != nil {
		return err
	}
	selector := f.str("containers")
	return inv.updatePodSpecs(inv.f.args[1:], "resource requirements updated", "failed to patch resources update to pod template %v", func(_ resolved, spec map[string]any) error {
		matched := 0
		for _, field := range []string{"containers", "initContainers"} {
			list, _ := spec[field].([]any)
			for _, e := range list {
				c, _ := e.(map[string]any)
				if c == nil || !containerMatches(selector, c) {
					continue
				}
				matched++
				res, _ := c["resources"].(map[string]any)
				if res == nil {
					res = map[string]any{}
					c["resources"] = res
				}
				mergeQuantities(res, "limits", limits)
				mergeQuantities(res, "requests", requests)
			}
		}
		if matched == 0 {
			return fmt.Errorf("error: unable to find container named %s", selector)
		}
		return nil
	})
}

func mergeQuantities(res map[string]any, key string, add map[string]any) {
	if len(add) == 0 {
		return
	}
	m, _ := res[key].(map[string]any)
	if m == nil {
		m = map[string]any{}
		res[key] = m
	}
	for k, v := range add {
		m[k] = v
	}
}

// containerMatches is selectContainers: a shell pattern on the name.
func containerMatches(pattern string, c map[string]any) bool {
	name, _ := c["name"].(string)
	ok, _ := path.Match(pattern, name)
	return ok
}

// updatePodSpecs runs mutate on the pod spec of every object named by args
// (or --selector/--all), patches those that changed and prints "<ref>
// <verb>". mutate's errors are collected; patch failures are wrapped with
// failFormat (one %v).
func (inv *invocation) updatePodSpecs(args []string, verb, failFormat string, mutate func(r resolved, spec map[string]any) error) error {
	objs, errs, err := inv.objects(args, builderOpts{selectors: true, fetch: true})
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
		if err := mutate(r, spec); err != nil {
			errs = append(errs, err)
			continue
		}
		after, _ := json.Marshal(doc)
		patch, err := strategicpatch.CreateTwoWayMergePatch(before, after, r.info.New())
		if err != nil {
			return err
		}
		if (string(patch) == "{}" || len(patch) == 0) && verb != "serviceaccount updated" {
			// set image, resources and env skip an object nothing changes;
			// set serviceaccount sends its patch all the same.
			continue
		}
		if inv.f.boolean("local") {
			fmt.Fprintf(inv.out, "%s %s (dry run)\n", objRef(r.info, r.name), verb)
			continue
		}
		patched, err := inv.patch(r.info, r.ns, r.name, strategicMergePatch, patch)
		if err != nil {
			errs = append(errs, fmt.Errorf(failFormat, err))
			continue
		}
		if err := inv.printResult(r.info, patched, verb); err != nil {
			return err
		}
	}
	return aggregate(errs)
}
