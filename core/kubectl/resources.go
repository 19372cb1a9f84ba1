package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// resolve maps a resource argument (plural, singular, short name, kind,
// "deployments.apps") to its resource, with kubectl's error otherwise.
func (inv *invocation) resolve(arg string) (*api.ResourceInfo, error) { return inv.k.resolve(arg) }

// resolve is kubectl's RESTMapper: the built-in kinds, then the custom
// resources of the cached discovery, asked again when it does not know arg.
func (k *Kubectl) resolve(arg string) (*api.ResourceInfo, error) {
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
	if info := k.discover(func(r *api.ResourceInfo) bool { return r.Matches(arg) }); info != nil {
		return info, nil
	}
	return nil, fmt.Errorf("the server doesn't have a resource type %q", arg)
}

// kindFor maps a manifest's apiVersion and kind to its resource, or
// apimachinery's *api.NoKindMatchError.
func (k *Kubectl) kindFor(apiVersion, kind string) (*api.ResourceInfo, error) {
	info, err := api.ResourceForKind(apiVersion, kind)
	if err == nil {
		return info, nil
	}
	if info := k.discover(func(r *api.ResourceInfo) bool { return r.Kind == kind && r.APIVersion() == apiVersion }); info != nil {
		return info, nil
	}
	return nil, err
}

// discover finds a custom resource in kubectl's discovery cache
// (~/.kube/cache/discovery): it asks the server (again) when the cache is
// empty or knows no match, as the deferred RESTMapper resets itself. A
// resource the cache knows but the server no longer serves (its CRD deleted)
// is still used: the server answers 404.
func (k *Kubectl) discover(match func(*api.ResourceInfo) bool) *api.ResourceInfo {
	for attempt := 0; attempt < 2; attempt++ {
		if k.discovery == nil || attempt > 0 {
			k.refreshDiscovery()
		}
		for _, r := range k.discovery {
			if r.Custom != nil && match(r) {
				return r
			}
		}
	}
	return nil
}

// customInCategory lists the custom resources of the cached discovery in a
// category ("all": what kubectl get all lists besides the built-in kinds).
func (k *Kubectl) customInCategory(category string) []*api.ResourceInfo {
	if k.discovery == nil {
		k.refreshDiscovery()
	}
	var out []*api.ResourceInfo
	for _, r := range k.discovery {
		if r.Custom != nil && slices.Contains(r.Categories, category) {
			out = append(out, r)
		}
	}
	return out
}

// current is a custom resource as the server serves it now: what a table
// request (its CRD's printer columns) or the OpenAPI document (explain) would
// read, even when kubectl's cached discovery is older. Built-in kinds, and a
// resource no longer served, are info itself.
func (k *Kubectl) current(info *api.ResourceInfo) *api.ResourceInfo {
	if info.Custom == nil || k.env.Server == nil {
		return info
	}
	for _, r := range k.env.Server.ServerResources() {
		if r.Custom != nil && r.Group == info.Group && r.Resource == info.Resource {
			return r
		}
	}
	return info
}

// isCustom reports whether discovery lists group/resource as a custom resource.
func (k *Kubectl) isCustom(group, resource string) bool {
	for _, r := range k.discovery {
		if r.Custom != nil && r.Group == group && r.Resource == resource {
			return true
		}
	}
	return false
}

// resourceGone is client-go's reading of the 404 a resource no longer served
// answers with (its CRD deleted): the apiserver's not-found page is no Status,
// so the client words it, naming the request (NewGenericServerResponse).
func resourceGone(req *request.Request, err error) error {
	var se *api.StatusError
	if !errors.As(err, &se) || se.ErrStatus.Details != nil {
		return err
	}
	method := map[string]string{"create": "post", "update": "put", "patch": "patch", "delete": "delete", "deletecollection": "delete"}[req.Verb]
	if method == "" {
		method = "get"
	}
	what := api.GroupResource{Group: req.Group, Resource: req.Resource}.String()
	if req.Name != "" {
		what += " " + req.Name
	}
	c := *se
	c.ErrStatus.Message = fmt.Sprintf("%s (%s %s)", se.ErrStatus.Message, method, what)
	return &c
}

// listError is the resource builder's wording of a list the server answers
// 404: "Unable to list "stable.example.com/v1, Resource=crontabs": ...".
func listError(info *api.ResourceInfo, labelSel, fieldSel string, err error) error {
	var se *api.StatusError
	if !api.IsNotFound(err) || !errors.As(err, &se) {
		return err
	}
	gvr := fmt.Sprintf("%s/%s, Resource=%s", info.Group, info.Version, info.Resource)
	c := *se
	if labelSel == "" && fieldSel == "" {
		c.ErrStatus.Message = fmt.Sprintf("Unable to list %q: %s", gvr, se.ErrStatus.Message)
	} else {
		c.ErrStatus.Message = fmt.Sprintf("Unable to find %q that match label selector %q, field selector %q: %s", gvr, labelSel, fieldSel, se.ErrStatus.Message)
	}
	return &c
}

// refreshDiscovery reads the server's resources into the cache.
func (k *Kubectl) refreshDiscovery() []*api.ResourceInfo {
	if k.env.Server == nil {
		k.discovery = api.Resources()
	} else {
		k.discovery = k.env.Server.ServerResources()
	}
	return k.discovery
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
	return inv.do(&request.Request{Verb: "patch", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns), Name: name, Patch: data, PatchType: patchType,
		FieldValidation: inv.fieldValidation()})
}

// create creates obj.
func (inv *invocation) create(info *api.ResourceInfo, ns string, obj api.Object) (api.Object, error) {
	return inv.do(&request.Request{Verb: "create", Group: info.Group, Resource: info.Resource, Namespace: nsFor(info, ns), Body: obj,
		FieldValidation: inv.fieldValidation()})
}

// fieldValidation is what kubectl's --validate asks of the server: Strict by
// default, Ignore with --validate=false; none for commands without the flag.
func (inv *invocation) fieldValidation() string {
	if _, ok := inv.f.def("validate"); !ok {
		return ""
	}
	switch inv.f.str("validate") {
	case "false", "ignore":
		return "Ignore"
	case "warn":
		return "Warn"
	}
	return "Strict"
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
