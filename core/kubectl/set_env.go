package kubectl

import (
	"fmt"
	"strings"
)

// runSetEnv is kubectl set env RESOURCE [-c CONTAINERS] KEY=VALUE... KEY-
// (or -e KEY=VALUE): variables are set in place or appended, "KEY-" removes
// them; an object that would not change prints nothing.
func runSetEnv(inv *invocation) error {
	f := inv.f
	if f.boolean("all") && f.changed("selector") {
		return fmt.Errorf("cannot set --all and --selector at the same time")
	}
	var resArgs []string
	type envVar struct{ name, value string }
	var set []envVar
	var remove []string
	envArgs := f.all("env")
	for _, a := range f.args[1:] {
		if strings.Contains(a, "=") || (strings.HasSuffix(a, "-") && !strings.Contains(a, "/")) {
			envArgs = append(envArgs, a)
			continue
		}
		resArgs = append(resArgs, a)
	}
	for _, a := range envArgs {
		if name, value, ok := strings.Cut(a, "="); ok {
			if name == "" || !isEnvVarName(name) {
				return fmt.Errorf("invalid env: %v", a)
			}
			set = append(set, envVar{name, value})
			continue
		}
		if strings.HasSuffix(a, "-") {
			remove = append(remove, strings.TrimSuffix(a, "-"))
			continue
		}
		return fmt.Errorf("environment variables must be of the form key=value and can only contain letters, numbers, and underscores")
	}
	if len(set) == 0 && len(remove) == 0 {
		return fmt.Errorf("at least one environment variable must be provided")
	}
	if f.boolean("list") {
		return fmt.Errorf("--list is not supported by kubeplay")
	}
	selector := f.str("containers")
	return inv.updatePodSpecs(resArgs, "env updated", "failed to patch env update to pod template: %v", func(r resolved, spec map[string]any) error {
		matched := 0
		for _, field := range []string{"initContainers", "containers"} {
			list, _ := spec[field].([]any)
			for _, e := range list {
				c, _ := e.(map[string]any)
				if c == nil || !containerMatches(selector, c) {
					continue
				}
				matched++
				env, _ := c["env"].([]any)
				for _, v := range set {
					replaced := false
					for _, x := range env {
						if m, _ := x.(map[string]any); m != nil && m["name"] == v.name {
							delete(m, "valueFrom")
							m["value"] = v.value
							replaced = true
						}
					}
					if !replaced {
						env = append(env, map[string]any{"name": v.name, "value": v.value})
					}
				}
				kept := env[:0]
				for _, x := range env {
					m, _ := x.(map[string]any)
					drop := false
					for _, r := range remove {
						if m != nil && m["name"] == r {
							drop = true
						}
					}
					if !drop {
						kept = append(kept, x)
					}
				}
				if len(kept) == 0 {
					delete(c, "env")
				} else {
					c["env"] = kept
				}
			}
		}
		if matched == 0 {
			fmt.Fprintf(inv.errOut, "warning: %s/%s does not have any containers matching %q\n", r.info.Kind, r.name, selector)
		}
		return nil
	})
}
