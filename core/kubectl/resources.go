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
