package kubectl

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

var nodeFlags = []flagDef{{name: "selector", short: "l"}, dryRunFlag}

var drainFlags = []flagDef{
	{name: "selector", short: "l"},
	{name: "ignore-daemonsets", isBool: true},
	{name: "delete-emptydir-data", isBool: true},
	{name: "delete-local-data", isBool: true},
	{name: "force", isBool: true},
	{name: "grace-period", def: "-1"},
	{name: "timeout"},
	{name: "pod-selector"},
	{name: "disable-eviction", isBool: true},
	dryRunFlag,
}

var taintFlags = []flagDef{{name: "overwrite", isBool: true}, {name: "selector", short: "l"}, {name: "all", isBool: true}, dryRunFlag}

func nodesInfo() *api.ResourceInfo {
	info, _ := api.ResourceFor("nodes")
	return info
}

// nodeTargets resolves the node names of cordon/uncordon/drain.
func (inv *invocation) nodeTargets() ([]*api.Node, error) {
	info := nodesInfo()
	var nodes []*api.Node
	if sel := inv.f.str("selector"); sel != "" {
		l, err := inv.list(info, "", sel, "")
		if err != nil {
			return nil, err
		}
		for _, o := range l.Items {
			nodes = append(nodes, o.(*api.Node))
		}
		return nodes, nil
	}
	if len(inv.f.args) == 0 {
		return nil, fmt.Errorf("USAGE: %s NODE [flags]", inv.name)
	}
	for _, a := range inv.f.args {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "nodes/"), "node/")
		o, err := inv.get(info, "", a)
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, o.(*api.Node))
	}
	return nodes, nil
}

func runCordon(inv *invocation) error   { return inv.cordon(true) }
func runUncordon(inv *invocation) error { return inv.cordon(false) }

func (inv *invocation) cordon(desired bool) error {
	nodes, err := inv.nodeTargets()
	if err != nil {
		return err
	}
	for _, n := range nodes {
		inv.setUnschedulable(n, desired)
	}
	return nil
}

// setUnschedulable patches spec.unschedulable and prints "node/x cordoned"
// (or "already cordoned", "uncordoned").
func (inv *invocation) setUnschedulable(n *api.Node, desired bool) bool {
	verb := "cordon"
	if !desired {
		verb = "uncordon"
	}
	if n.Spec.Unschedulable == desired {
		inv.printOp(nodesInfo(), n.Name, "already "+verb+"ed")
		return true
	}
	patch := `{"spec":{"unschedulable":true}}`
	if !desired {
		patch = `{"spec":{"unschedulable":null}}`
	}
	if _, err := inv.patch(nodesInfo(), "", n.Name, strategicMergePatch, []byte(patch)); err != nil {
		fmt.Fprintf(inv.errOut, "error: unable to %s node %q: %v\n", verb, n.Name, err)
		return false
	}
	inv.printOp(nodesInfo(), n.Name, verb+"ed")
	return true
}

// runDrain cordons the node, then evicts its pods (kubectl drain's filters:
// DaemonSet pods, unmanaged pods, emptyDir pods) and waits for them to go.
func runDrain(inv *invocation) error {
	nodes, err := inv.nodeTargets()
	if err != nil {
		return err
	}
	for _, n := range nodes {
		inv.setUnschedulable(n, true)
	}
	var fatal []string
	var remaining []string
	for _, n := range nodes {
		if err := inv.drainNode(n); err != nil {
			fmt.Fprintf(inv.errOut, "error: unable to drain node %q due to error: %s, continuing command...\n", n.Name, err)
			fatal = append(fatal, err.Error())
			remaining = append(remaining, n.Name)
		} else {
			inv.printOp(nodesInfo(), n.Name, "drained")
		}
		if len(remaining) > 0 {
			fmt.Fprintf(inv.errOut, "There are pending nodes to be drained:\n")
			for _, r := range remaining {
				fmt.Fprintf(inv.errOut, " %s\n", r)
			}
		}
	}
	if len(fatal) > 0 {
		return &exitError{code: 1, msg: strings.Join(fatal, "\n")}
	}
	return nil
}

type drainErr struct{ msgs []string }

func (e *drainErr) Error() string {
	if len(e.msgs) == 1 {
		return e.msgs[0]
	}
	return "[" + strings.Join(e.msgs, ", ") + "]"
}

func (inv *invocation) drainNode(n *api.Node) error {
	l, err := inv.list(podsInfo(), "", inv.f.str("pod-selector"), "spec.nodeName="+n.Name)
	if err != nil {
		return err
	}
	var ds, unmanaged, local, evict []*api.Pod
	for _, o := range l.Items {
		p := o.(*api.Pod)
		if _, mirror := p.Annotations["kubernetes.io/config.mirror"]; mirror {
			continue
		}
		finished := p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed
		ctrl := controllerOf(p.ObjectMeta)
		if ctrl != nil && ctrl.Kind == "DaemonSet" && !finished {
			ds = append(ds, p)
			continue
		}
		if ctrl == nil && !finished {
			unmanaged = append(unmanaged, p)
		}
		if hasEmptyDir(p) && !finished {
			local = append(local, p)
		}
		evict = append(evict, p)
	}
	var errs, warnings []string
	if len(ds) > 0 {
		if inv.f.boolean("ignore-daemonsets") {
			warnings = append(warnings, "ignoring DaemonSet-managed Pods: "+podList(ds))
		} else {
			errs = append(errs, "cannot delete DaemonSet-managed Pods (use --ignore-daemonsets to ignore): "+podList(ds))
		}
	}
	if len(unmanaged) > 0 {
		if inv.f.boolean("force") {
			warnings = append(warnings, "deleting Pods that declare no controller: "+podList(unmanaged))
		} else {
			errs = append(errs, "cannot delete Pods that declare no controller (use --force to override): "+podList(unmanaged))
		}
	}
	if len(local) > 0 {
		if inv.f.boolean("delete-emptydir-data") || inv.f.boolean("delete-local-data") {
			warnings = append(warnings, "deleting Pods with local storage: "+podList(local))
		} else {
			errs = append(errs, "cannot delete Pods with local storage (use --delete-emptydir-data to override): "+podList(local))
		}
	}
	if len(errs) > 0 {
		return &drainErr{msgs: errs}
	}
	for _, w := range warnings {
		fmt.Fprintf(inv.errOut, "Warning: %s\n", w)
	}
	if len(evict) == 0 {
		return nil
	}
	grace, _ := inv.f.integer("grace-period")
	if inv.dry != "" {
		// A dry run evicts nothing and waits for nothing: the client's
		// sends no request, the server's asks for evictions with dryRun.
		for _, p := range evict {
			fmt.Fprintf(inv.out, "evicting pod %s/%s%s\n", p.Namespace, p.Name, inv.dryRunSuffix())
			if inv.dry == "server" {
				req, err := inv.evictionRequest(p, grace)
				if err != nil {
					return err
				}
				if _, err := inv.do(req); err != nil {
					return fmt.Errorf("error when evicting pods/%q -n %q: %v", p.Name, p.Namespace, err)
				}
			}
		}
		return nil
	}
	// Watch the node's pods so each eviction's completion is seen.
	gone := map[string]bool{}
	pending := map[string]*api.Pod{}
	for _, p := range evict {
		pending[string(p.UID)] = p
	}
	stop, err := inv.k.client.WatchRaw(&request.Request{Verb: "watch", Resource: "pods", FieldSelector: "spec.nodeName=" + n.Name,
		ResourceVersion: l.ResourceVersion, Impersonate: inv.impersonate}, func(ev request.WatchEvent) {
		if ev.Type != request.Deleted || ev.Object == nil {
			return
		}
		uid := string(ev.Object.GetObjectMeta().UID)
		if p, ok := pending[uid]; ok && !gone[uid] {
			gone[uid] = true
			fmt.Fprintf(inv.out, "pod/%s evicted\n", p.Name)
		}
	})
	if err != nil {
		return err
	}
	defer stop()
	for _, p := range evict {
		fmt.Fprintf(inv.out, "evicting pod %s/%s\n", p.Namespace, p.Name)
		req, err := inv.evictionRequest(p, grace)
		if err != nil {
			return err
		}
		if err := inv.evictRetrying(req, p); err != nil {
			return err
		}
	}
	timeout, err := inv.parseTimeout(0)
	if err != nil {
		return err
	}
	if timeout <= 0 {
		timeout = maxWait
	}
	inv.sim().RunWhile(timeout, func() bool { return len(gone) < len(evict) })
	if len(gone) < len(evict) {
		return fmt.Errorf("global timeout reached: %v", timeout.Round(time.Second))
	}
	return nil
}

func controllerOf(m api.ObjectMeta) *api.OwnerReference {
	for i := range m.OwnerReferences {
		r := &m.OwnerReferences[i]
		if r.Controller != nil && *r.Controller {
			return r
		}
	}
	return nil
}

func hasEmptyDir(p *api.Pod) bool {
	for _, v := range p.Spec.Volumes {
		if v.EmptyDir != nil {
			return true
		}
	}
	return false
}

func podList(pods []*api.Pod) string {
	names := make([]string, len(pods))
	for i, p := range pods {
		names[i] = p.Namespace + "/" + p.Name
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// runTaint is kubectl taint nodes NAME KEY[=VALUE]:EFFECT[-] ...
func runTaint(inv *invocation) error {
	args := inv.f.args
	if len(args) < 2 {
		return fmt.Errorf("at least one taint update is required")
	}
	typ := args[0]
	rest := args[1:]
	var names []string
	if t, n, ok := strings.Cut(typ, "/"); ok {
		typ, names = t, []string{n}
	} else if !inv.f.boolean("all") && !inv.f.changed("selector") {
		names, rest = []string{rest[0]}, rest[1:]
	}
	if info, err := inv.resolve(typ); err != nil || info.Resource != "nodes" {
		return fmt.Errorf("invalid resource type %s, only node types are supported", typ)
	}
	type taint struct{ key, value, effect string }
	var add, remove []taint
	for _, spec := range rest {
		if strings.HasSuffix(spec, "-") {
			s := strings.TrimSuffix(spec, "-")
			k, eff, _ := strings.Cut(s, ":")
			k, _, _ = strings.Cut(k, "=")
			remove = append(remove, taint{key: k, effect: eff})
			continue
		}
		kv, eff, ok := strings.Cut(spec, ":")
		if !ok || eff == "" {
			return fmt.Errorf("invalid taint spec: %s, unknown taint effect", spec)
		}
		switch eff {
		case "NoSchedule", "PreferNoSchedule", "NoExecute":
		default:
			return fmt.Errorf("invalid taint spec: %s, invalid taint effect: %s, unsupported taint effect", spec, eff)
		}
		k, v, _ := strings.Cut(kv, "=")
		add = append(add, taint{key: k, value: v, effect: eff})
	}
	var nodes []*api.Node
	if len(names) == 0 {
		l, err := inv.list(nodesInfo(), "", inv.f.str("selector"), "")
		if err != nil {
			return err
		}
		for _, o := range l.Items {
			nodes = append(nodes, o.(*api.Node))
		}
	} else {
		o, err := inv.get(nodesInfo(), "", names[0])
		if err != nil {
			return err
		}
		nodes = []*api.Node{o.(*api.Node)}
	}
	for _, n := range nodes {
		taints := append([]api.Taint(nil), n.Spec.Taints...)
		for _, t := range add {
			for _, cur := range taints {
				if cur.Key == t.key && string(cur.Effect) == t.effect && !inv.f.boolean("overwrite") {
					return fmt.Errorf("node %s already has %s taint(s) with same effect(s) and --overwrite is false", n.Name, t.key)
				}
			}
		}
		removed := false
		for _, t := range remove {
			var kept []api.Taint
			found := false
			for _, cur := range taints {
				if cur.Key == t.key && (t.effect == "" || string(cur.Effect) == t.effect) {
					found = true
					continue
				}
				kept = append(kept, cur)
			}
			if !found {
				spec := t.key
				if t.effect != "" {
					spec += ":" + t.effect
				}
				return fmt.Errorf("taint %q not found", spec)
			}
			taints, removed = kept, true
		}
		for _, t := range add {
			replaced := false
			for i, cur := range taints {
				if cur.Key == t.key && string(cur.Effect) == t.effect {
					taints[i].Value = t.value
					replaced = true
				}
			}
			if !replaced {
				taints = append(taints, api.Taint{Key: t.key, Value: t.value, Effect: api.TaintEffect(t.effect)})
			}
		}
		var patch []byte
		if len(taints) == 0 {
			patch = []byte(`{"spec":{"taints":null}}`)
		} else {
			b, _ := json.Marshal(taints)
			patch = []byte(`{"spec":{"taints":` + string(b) + `}}`)
		}
		if _, err := inv.patch(nodesInfo(), "", n.Name, strategicMergePatch, patch); err != nil {
			return err
		}
		verb := "tainted"
		if removed && len(add) == 0 {
			verb = "untainted"
		} else if removed {
			verb = "modified"
		}
		inv.printOp(nodesInfo(), n.Name, verb)
	}
	return nil
}

// evictionRequest is drain's request for one pod: an eviction, or a delete
// with --disable-eviction.
func (inv *invocation) evictionRequest(p *api.Pod, grace int) (*request.Request, error) {
	if inv.f.boolean("disable-eviction") {
		return &request.Request{Verb: "delete", Resource: "pods", Namespace: p.Namespace, Name: p.Name}, nil
	}
	ev := map[string]any{"apiVersion": "policy/v1", "kind": "Eviction", "metadata": map[string]any{"name": p.Name, "namespace": p.Namespace}}
	if grace >= 0 {
		ev["deleteOptions"] = map[string]any{"gracePeriodSeconds": grace}
	}
	b, _ := json.Marshal(ev)
	body, err := api.Decode(b)
	if err != nil {
		return nil, err
	}
	return &request.Request{Verb: "create", Resource: "pods", Subresource: "eviction", Namespace: p.Namespace, Name: p.Name, Body: body}, nil
}
