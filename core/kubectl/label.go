package kubectl

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
)

var labelFlags = []flagDef{
	{name: "overwrite", isBool: true},
	{name: "selector", short: "l"},
	{name: "all", isBool: true},
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "list", isBool: true},
	{name: "output", short: "o"},
	{name: "filename", short: "f"},
	{name: "resource-version"},
	dryRunFlag,
}

func runLabel(inv *invocation) error    { return inv.labelOrAnnotate("labels", "labeled") }
func runAnnotate(inv *invocation) error { return inv.labelOrAnnotate("annotations", "annotated") }

// labelOrAnnotate is kubectl label / annotate: KEY=VAL sets, KEY- removes,
// sent as a JSON merge patch of metadata.labels (or annotations).
func (inv *invocation) labelOrAnnotate(field, verb string) error {
	var resArgs []string
	set := map[string]string{}
	var setOrder, remove []string
	for _, a := range inv.f.args {
		switch {
		case strings.Contains(a, "="):
			k, v, _ := strings.Cut(a, "=")
			if _, dup := set[k]; !dup {
				setOrder = append(setOrder, k)
			}
			set[k] = v
		case strings.HasSuffix(a, "-") && len(resArgs) > 0:
			remove = append(remove, strings.TrimSuffix(a, "-"))
		default:
			resArgs = append(resArgs, a)
		}
	}
	what := "label"
	if field == "annotations" {
		what = "annotation"
	}
	if len(set) == 0 && len(remove) == 0 && !inv.f.boolean("list") {
		return fmt.Errorf("at least one %s update is required", what)
	}
	for _, k := range remove {
		if _, ok := set[k]; ok {
			return fmt.Errorf("can not both modify and remove the following %s(s) in the same command: %s", what, k)
		}
	}
	objs, errs, err := inv.objects(resArgs, builderOpts{selectors: true, fetch: true, missing: "one or more resources must be specified as <resource> <name> or <resource>/<name>"})
	if err != nil {
		return err
	}
	for _, r := range objs {
		m := r.obj.GetObjectMeta()
		cur := m.Labels
		if field == "annotations" {
			cur = m.Annotations
		}
		if inv.f.boolean("list") {
			keys := make([]string, 0, len(cur))
			for k := range cur {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				fmt.Fprintf(inv.out, "%s=%s\n", k, cur[k])
			}
			continue
		}
		if !inv.f.boolean("overwrite") {
			var bad error
			for _, k := range setOrder {
				if v, ok := cur[k]; ok {
					bad = fmt.Errorf("'%s' already has a value (%s), and --overwrite is false", k, v)
					break
				}
			}
			if bad != nil {
				errs = append(errs, bad)
				continue
			}
		}
		changes := map[string]any{}
		for k, v := range set {
			if old, ok := cur[k]; !ok || old != v {
				changes[k] = v
			}
		}
		for _, k := range remove {
			if _, ok := cur[k]; ok {
				changes[k] = nil
			} else if field == "labels" {
				fmt.Fprintf(inv.out, "label %q not found.\n", k)
			}
		}
		if len(changes) == 0 {
			v := verb
			if field == "labels" {
				v = "not labeled"
			}
			if err := inv.printResult(r.info, r.obj, v); err != nil {
				return err
			}
			continue
		}
		metaPatch := map[string]any{field: changes}
		if rv := inv.f.str("resource-version"); rv != "" {
			metaPatch["resourceVersion"] = rv
		}
		patch, _ := json.Marshal(map[string]any{"metadata": metaPatch})
		obj, err := inv.patch(r.info, m.Namespace, m.Name, mergePatch, patch)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		v := verb
		if field == "labels" && !inv.f.boolean("overwrite") && shrinks(cur, changes) {
			// kubectl's updateDataChangeMsg: the object got shorter.
			v = "unlabeled"
		}
		if err := inv.printResult(r.info, obj, v); err != nil {
			return err
		}
	}
	return aggregate(errs)
}

var scaleFlags = []flagDef{
	{name: "replicas", def: "-1"},
	{name: "current-replicas", def: "-1"},
	{name: "selector", short: "l"},
	{name: "all", isBool: true},
	{name: "filename", short: "f"},
	{name: "output", short: "o"},
	{name: "timeout"},
	{name: "resource-version"},
	dryRunFlag,
}

// runScale is kubectl scale --replicas=N: an update of the scale
// subresource, as a patch of spec.replicas.
func runScale(inv *invocation) error {
	if !inv.f.changed("replicas") {
		return fmt.Errorf("required flag(s) \"replicas\" not set")
	}
	n, err := inv.f.integer("replicas")
	if err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("The --replicas=COUNT flag is required, and COUNT must be greater than or equal to 0")
	}
	objs, errs, err := inv.objects(inv.f.args, builderOpts{selectors: true, fetch: true})
	if err != nil {
		return err
	}
	cur, _ := inv.f.integer("current-replicas")
	for _, r := range objs {
		switch r.info.Resource {
		case "deployments", "replicasets", "statefulsets", "replicationcontrollers":
		default:
			errs = append(errs, fmt.Errorf("cannot scale a %s", strings.ToLower(r.info.Kind)))
			continue
		}
		if cur >= 0 {
			if got := specReplicas(r.obj); got != cur {
				errs = append(errs, fmt.Errorf("Expected replicas to be %d, was %d", cur, got))
				continue
			}
		}
		patch := []byte(fmt.Sprintf(`{"spec":{"replicas":%d}}`, n))
		scaled, err := inv.patch(r.info, r.ns, r.name, mergePatch, patch)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := inv.printResult(r.info, scaled, "scaled"); err != nil {
			return err
		}
	}
	return aggregate(errs)
}

func specReplicas(obj api.Object) int {
	var v struct {
		Spec struct {
			Replicas *int `json:"replicas"`
		} `json:"spec"`
	}
	_ = json.Unmarshal(api.EncodeJSON(obj), &v)
	if v.Spec.Replicas == nil {
		return 1
	}
	return *v.Spec.Replicas
}

// shrinks reports whether applying changes (nil = remove) to cur makes its
// JSON shorter.
func shrinks(cur map[string]string, changes map[string]any) bool {
	next := map[string]string{}
	for k, v := range cur {
		next[k] = v
	}
	for k, v := range changes {
		if v == nil {
			delete(next, k)
		} else {
			next[k] = fmt.Sprint(v)
		}
	}
	a, _ := json.Marshal(cur)
	b, _ := json.Marshal(next)
	return len(b) < len(a)
}
