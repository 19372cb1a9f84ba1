package kubectl

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

var deleteFlags = []flagDef{
	{name: "filename", short: "f"},
	{name: "recursive", short: "R", isBool: true},
	{name: "selector", short: "l"},
	{name: "field-selector"},
	{name: "all", isBool: true},
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "grace-period", def: "-1"},
	{name: "now", isBool: true},
	{name: "force", isBool: true},
	{name: "cascade", def: "background", noOpt: "background"},
	{name: "wait", isBool: true, def: "true"},
	{name: "timeout"},
	{name: "ignore-not-found", isBool: true},
	{name: "output", short: "o"},
	dryRunFlag,
}

func runDelete(inv *invocation) error {
	f := inv.f
	grace, err := f.integer("grace-period")
	if err != nil {
		return err
	}
	if f.boolean("now") {
		if grace != -1 {
			return fmt.Errorf("--now and --grace-period cannot be specified together")
		}
		grace = 1
	}
	if grace == 0 && !f.boolean("force") {
		grace = 1
	}
	if f.boolean("force") && grace < 0 {
		grace = 0
	}
	if o := f.str("output"); o != "" && o != "name" {
		return fmt.Errorf("unexpected -o output mode: %v. We only support '-o name'", o)
	}
	if f.boolean("all") && f.changed("selector") {
		return fmt.Errorf("cannot set --all and --selector at the same time")
	}
	switch {
	case grace == 0 && f.boolean("force"):
		fmt.Fprintln(inv.errOut, "Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.")
	case grace > 0 && f.boolean("force"):
		return fmt.Errorf("--force and --grace-period greater than 0 cannot be specified together")
	}
	policy, err := cascadingPolicy(inv.errOut, f.str("cascade"))
	if err != nil {
		return err
	}
	ignoreNotFound := f.boolean("ignore-not-found")
	if !f.changed("ignore-not-found") && (f.boolean("all") || f.changed("selector") || f.changed("field-selector")) {
		ignoreNotFound = true
	}

	targets, errs, err := inv.objects(f.args, builderOpts{selectors: true})
	if err != nil {
		return err
	}
	type deleted struct {
		info *api.ResourceInfo
		ns   string
		name string
	}
	var done []deleted
	for _, it := range targets {
		req := &request.Request{Verb: "delete", Group: it.info.Group, Resource: it.info.Resource, Namespace: it.ns, Name: it.name, PropagationPolicy: policy}
		if grace >= 0 {
			g := int64(grace)
			req.GracePeriodSeconds = &g
		}
		if _, err := inv.do(req); err != nil {
			if ignoreNotFound && api.IsNotFound(err) {
				continue
			}
			errs = append(errs, withSource("deleting", it.source, err))
			continue
		}
		op := "deleted"
		if grace == 0 {
			op = "force deleted"
		}
		if it.info.Namespaced {
			op += " from " + it.ns + " namespace"
		}
		op += inv.dryRunSuffix()
		if f.str("output") == "name" {
			fmt.Fprintf(inv.out, "%s/%s\n", kindString(it.info), it.name)
		} else {
			fmt.Fprintf(inv.out, "%s %q %s\n", kindString(it.info), it.name, op)
		}
		done = append(done, deleted{info: it.info, ns: it.ns, name: it.name})
	}
	if len(targets) == 0 && len(errs) == 0 {
		fmt.Fprintln(inv.out, "No resources found")
		return nil
	}
	if f.boolean("wait") && inv.dry == "" {
		timeout, err := inv.parseTimeout(0)
		if err != nil {
			return err
		}
		for _, d := range done {
			met, err := inv.waitFor(d.info, d.ns, d.name, timeout, func(obj api.Object) bool { return obj == nil })
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if !met && f.changed("timeout") {
				errs = append(errs, fmt.Errorf("timed out waiting for the condition on %s/%s", strings.ToLower(d.info.Resource), d.name))
			}
		}
	}
	return aggregate(errs)
}

// cascadingPolicy is kubectl's parseCascadingFlag (cmd/delete/
// delete_flags.go): background, foreground or orphan; a boolean is read
// with a deprecation warning.
func cascadingPolicy(errOut io.Writer, c string) (string, error) {
	switch c {
	case "background":
		return string(api.DeletePropagationBackground), nil
	case "foreground":
		return string(api.DeletePropagationForeground), nil
	case "orphan":
		return string(api.DeletePropagationOrphan), nil
	}
	b, err := strconv.ParseBool(c)
	if err != nil {
		return "", fmt.Errorf("invalid cascade value (%v). Must be \"background\", \"foreground\", or \"orphan\"", c)
	}
	if b {
		fmt.Fprintf(errOut, "warning: --cascade=%v is deprecated (boolean value) and can be replaced with --cascade=%s.\n", c, "background")
		return string(api.DeletePropagationBackground), nil
	}
	fmt.Fprintf(errOut, "warning: --cascade=%v is deprecated (boolean value) and can be replaced with --cascade=%s.\n", c, "orphan")
	return string(api.DeletePropagationOrphan), nil
}
