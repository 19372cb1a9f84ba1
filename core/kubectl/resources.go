package kubectl

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// resolve maps a resource argument (plural, singular, short name, kind,
// "deployments.apps") to its resource, with kubectl's error otherwise.
func resolve(arg string) (*api.ResourceInfo, error) {
	if info, ok := api.ResourceFor(arg); ok {
		return info, nil
	}
	if i := strings.IndexByte(arg, '.'); i > 0 {
		if info, ok := api.ResourceFor(arg[:i]); ok && (info.Group == arg[i+1:] || strings.HasPrefix(arg[i+1:], info.Group+".")) {
			return info, nil
		}
	}
	if info, ok := api.ResourceFor(strings.ToLower(arg)); ok {
		return info, nil
	}
	return nil, fmt.Errorf("the server doesn't have a resource type %q", arg)
}

// kindString is how kubectl names a kind in its output: "pod",
// "deployment.apps".
func kindString(info *api.ResourceInfo) string {
	k := strings.ToLower(info.Kind)
	if info.Group != "" {
		return k + "." + info.Group
	}
	return k
}

// objRef is "deployment.apps/nginx".
func objRef(info *api.ResourceInfo, name string) string { return kindString(info) + "/" + name }

// target is one resource type with the names asked for ("" = all).
type target struct {
	info  *api.ResourceInfo
	names []string
}

// allResources are what "kubectl get all" lists (category "all"), in
// kubectl's order.
var allResources = []string{"pods", "services", "daemonsets", "deployments", "replicasets", "statefulsets", "horizontalpodautoscalers", "cronjobs", "jobs"}

// parseTargets reads kubectl's TYPE[,TYPE...] [NAME...] or TYPE/NAME...
// arguments.
func parseTargets(args []string) ([]target, error) {
	if len(args) == 0 {
		return nil, nil
	}
	if strings.Contains(args[0], "/") {
		var out []target
		for _, a := range args {
			typ, name, ok := strings.Cut(a, "/")
			if !ok || name == "" {
				return nil, fmt.Errorf("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
			}
			info, err := resolve(typ)
			if err != nil {
				return nil, err
			}
			if n := len(out); n > 0 && out[n-1].info == info {
				out[n-1].names = append(out[n-1].names, name)
				continue
			}
			out = append(out, target{info: info, names: []string{name}})
		}
		return out, nil
	}
	for _, a := range args[1:] {
		if strings.Contains(a, "/") {
			return nil, fmt.Errorf("there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'")
		}
	}
	var out []target
	for _, typ := range strings.Split(args[0], ",") {
		if typ == "" {
			continue
		}
		if typ == "all" {
			for _, r := range allResources {
				if info, ok := api.ResourceFor(r); ok {
					out = append(out, target{info: info, names: args[1:]})
				}
			}
			continue
		}
		info, err := resolve(typ)
		if err != nil {
			return nil, err
		}
		out = append(out, target{info: info, names: args[1:]})
	}
	return out, nil
}

// get reads one object.
func (inv *invocation) get(info *api.ResourceInfo, ns, name string) (api.Object, error) {
	return inv.do(&request.Request{Verb: "get", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns), Name: name})
}

// list lists objects of info in ns ("" = all namespaces).
func (inv *invocation) list(info *api.ResourceInfo, ns, labelSel, fieldSel string) (*api.List, error) {
	obj, err := inv.do(&request.Request{Verb: "list", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns), LabelSelector: labelSel, FieldSelector: fieldSel})
	if err != nil {
		return nil, err
	}
	l, ok := obj.(*api.List)
	if !ok {
		return nil, fmt.Errorf("unexpected list response %T", obj)
	}
	return l, nil
}

// patch sends a patch.
func (inv *invocation) patch(info *api.ResourceInfo, ns, name, patchType string, data []byte) (api.Object, error) {
	return inv.do(&request.Request{Verb: "patch", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns), Name: name, Patch: data, PatchType: patchType})
}

// create creates obj.
func (inv *invocation) create(info *api.ResourceInfo, ns string, obj api.Object) (api.Object, error) {
	return inv.do(&request.Request{Verb: "create", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns), Body: obj})
}

func nsFor(info *api.ResourceInfo, ns string) string {
	if !info.Namespaced {
		return ""
	}
	return ns
}

const (
	strategicMergePatch = "application/strategic-merge-patch+json"
	mergePatch          = "application/merge-patch+json"
	jsonPatch           = "application/json-patch+json"
)

// noResources is get's message for an empty result.
func noResources(info *api.ResourceInfo, ns string, allNs bool) string {
	if allNs || (info != nil && !info.Namespaced) || ns == "" {
		return "No resources found"
	}
	return fmt.Sprintf("No resources found in %s namespace.", ns)
}

// selectTargets resolves command arguments to concrete objects: names
// fetched one by one (NotFound errors collected), or every object matching
// the selector when no names are given and all or a selector is set.
func (inv *invocation) selectTargets(args []string, selector string, all bool) (objs []resolved, errs []error, err error) {
	ts, err := parseTargets(args)
	if err != nil {
		return nil, nil, err
	}
	if len(ts) == 0 {
		return nil, nil, fmt.Errorf("you must specify the type of resource to %s. Use \"kubectl api-resources\" for a complete list of supported resources.\n", inv.name)
	}
	for _, t := range ts {
		if len(t.names) == 0 {
			if selector == "" && !all {
				return nil, nil, fmt.Errorf("resource(s) were provided, but no name was specified")
			}
			l, err := inv.list(t.info, inv.scopeNs(t.info), selector, "")
			if err != nil {
				return nil, nil, err
			}
			for _, o := range l.Items {
				objs = append(objs, resolved{info: t.info, obj: o, name: o.GetObjectMeta().Name, ns: o.GetObjectMeta().Namespace})
			}
			continue
		}
		for _, n := range t.names {
			o, err := inv.get(t.info, inv.scopeNs(t.info), n)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			objs = append(objs, resolved{info: t.info, obj: o, name: n, ns: o.GetObjectMeta().Namespace})
		}
	}
	return objs, errs, nil
}

// resolved is one object a command acts on.
type resolved struct {
	info *api.ResourceInfo
	obj  api.Object
	name string
	ns   string
}
