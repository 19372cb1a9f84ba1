package kubectl

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
)

var waitFlags = []flagDef{
	{name: "for"},
	{name: "timeout", def: "30s"},
	{name: "selector", short: "l"},
	{name: "all", isBool: true},
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "filename", short: "f"},
	{name: "output", short: "o"},
}

// runWait is kubectl wait --for=condition=X|delete|jsonpath={...}=V,
// advancing virtual time until the condition holds or --timeout passes.
func runWait(inv *invocation) error {
	forArg := inv.f.str("for")
	if forArg == "" {
		return fmt.Errorf("--for must be set")
	}
	cond, err := waitCondition(forArg)
	if err != nil {
		return err
	}
	timeout, err := inv.parseTimeout(30 * time.Second)
	if err != nil {
		return err
	}
	if timeout == 0 {
		timeout = maxWait
	}
	objs, errs, err := inv.objects(inv.f.args, builderOpts{selectors: true, fetch: true})
	if err != nil {
		return err
	}
	if forArg == "delete" {
		errs = filterNotFound(errs)
	}
	if len(objs) == 0 && len(errs) == 0 {
		return fmt.Errorf("no matching resources found")
	}
	deadline := inv.sim().Now().Add(timeout)
	for _, r := range objs {
		left := deadline.Sub(inv.sim().Now())
		met := false
		if left > 0 {
			met, err = inv.waitFor(r.info, r.ns, r.name, left, cond)
			if err != nil {
				errs = append(errs, err)
				continue
			}
		}
		if !met {
			errs = append(errs, fmt.Errorf("timed out waiting for the condition on %s/%s", r.info.Resource, r.name))
			continue
		}
		fmt.Fprintf(inv.out, "%s condition met\n", objRef(r.info, r.name))
	}
	return aggregate(errs)
}

func filterNotFound(errs []error) []error {
	var out []error
	for _, e := range errs {
		if !api.IsNotFound(e) {
			out = append(out, e)
		}
	}
	return out
}

// waitCondition parses --for.
func waitCondition(forArg string) (func(api.Object) bool, error) {
	switch {
	case forArg == "delete":
		return func(obj api.Object) bool { return obj == nil }, nil
	case forArg == "create":
		return func(obj api.Object) bool { return obj != nil }, nil
	case strings.HasPrefix(forArg, "condition="):
		spec := strings.TrimPrefix(forArg, "condition=")
		name, want, ok := strings.Cut(spec, "=")
		if !ok {
			want = "True"
		}
		return func(obj api.Object) bool {
			if obj == nil {
				return false
			}
			// kubectl matches the condition's type and status
			// case-insensitively (condition=available works).
			var o struct {
				Status struct {
					Conditions []struct{ Type, Status string }
				}
			}
			if json.Unmarshal(api.EncodeJSON(obj), &o) != nil {
				return false
			}
			for _, c := range o.Status.Conditions {
				if strings.EqualFold(c.Type, name) {
					return strings.EqualFold(c.Status, want)
				}
			}
			return false
		}, nil
	case strings.HasPrefix(forArg, "jsonpath="):
		spec := strings.TrimPrefix(forArg, "jsonpath=")
		expr, want, hasValue := spec, "", false
		if i := strings.LastIndex(spec, "}="); i >= 0 {
			expr, want, hasValue = spec[:i+1], strings.Trim(spec[i+2:], `'"`), true
		} else if !strings.HasPrefix(spec, "{") {
			if e, v, ok := strings.Cut(spec, "="); ok {
				expr, want, hasValue = "{"+e+"}", strings.Trim(v, `'"`), true
			}
		}
		if !strings.HasPrefix(expr, "{") {
			expr = "{" + expr + "}"
		}
		return func(obj api.Object) bool {
			if obj == nil {
				return false
			}
			out, err := evalJSONPath(expr, api.EncodeJSON(obj))
			if err != nil {
				return false
			}
			if !hasValue {
				return out != ""
			}
			return out == want
		}, nil
	}
	return nil, fmt.Errorf("unrecognized condition: %q", forArg)
}
