package apiserver

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver/defaults"
)

// Custom resources: kube-apiserver embeds apiextensions-apiserver, which serves the resource of
// every Established CustomResourceDefinition like a built-in one: etcd keys
// /registry/<group>/<plural>/<namespace>/<name>, the watch cache, the whole request pipeline.
// What clients write is pruned, defaulted and validated by the served version's schema.

// customResource is what the server keeps of the CRD behind a served resource (crdInfo).
type customResource struct {
	crd    *api.CustomResourceDefinition
	schema *api.JSONSchemaProps // the served version's openAPIV3Schema
	// terminating: the CRD is being deleted; no new objects may be created.
	terminating bool
}

// crdResource is the stored resource of CustomResourceDefinitions.
var crdResource = api.GroupResource{Group: "apiextensions.k8s.io", Resource: "customresourcedefinitions"}

// customGR is the resource a CRD defines.
func customGR(crd *api.CustomResourceDefinition) api.GroupResource {
	return api.GroupResource{Group: crd.Spec.Group, Resource: crd.Spec.Names.Plural}
}

// syncCRD serves, updates or stops serving the resource of a CRD, as the watch cache sees the CRD
// change (apiextensions-apiserver's crdHandler reacting to its CRD informer).
func (s *Server) syncCRD(old, cur api.Object) {
	if o, ok := old.(*api.CustomResourceDefinition); ok {
		if c, ok := cur.(*api.CustomResourceDefinition); !ok || customGR(c) != customGR(o) {
			s.unserve(customGR(o))
		}
	}
	crd, ok := cur.(*api.CustomResourceDefinition)
	if !ok {
		return
	}
	if crd.DeletionTimestamp != nil && slices.Contains(crd.Finalizers, crdCleanupFinalizer) {
		if o, ok := old.(*api.CustomResourceDefinition); !ok || o.DeletionTimestamp == nil {
			s.scheduleCRDFinalizer(crd.Name, crdFinalizerDelay)
		}
	}
	gr := customGR(crd)
	info := api.CustomResourceInfo(crd)
	if info == nil || !crd.ConditionTrue("Established") {
		s.unserve(gr)
		return
	}
	schema, _ := info.Custom.OpenAPISchema()
	cr := &customResource{crd: crd, schema: schema, terminating: crd.DeletionTimestamp != nil}
	hasStatus := info.Custom.Subresources != nil && info.Custom.Subresources.Status != nil
	if r := s.byGR[gr]; r != nil {
		if r.custom != nil {
			r.info, r.custom, r.hasStatus = info, cr, hasStatus
		}
		return // a built-in resource is never overridden
	}
	r := newResource(info)
	r.custom, r.hasStatus, r.hasSpec = cr, hasStatus, true
	s.byGR[gr] = r
	s.byPrefix[r.prefix] = r
	s.resources = append(s.resources, r)
	// Objects stored before (the CRD recreated, or a restart) are served again.
	kvs, rev, err := s.store.Range(r.prefix, 0)
	if err == nil {
		for _, kv := range kvs {
			_, ns, name := s.parseKey(kv.Key)
			if obj, err := r.decode(kv.Value, kv.ModRevision); err == nil {
				r.put(ns, name, &cached{obj: obj, modRev: kv.ModRevision, key: kv.Key})
			}
		}
	}
	r.cache.oldest = rev + 1
}

// unserve stops serving a custom resource: its watches end and its requests get 404.
func (s *Server) unserve(gr api.GroupResource) {
	r := s.byGR[gr]
	if r == nil || r.custom == nil {
		return
	}
	delete(s.byGR, gr)
	delete(s.byPrefix, r.prefix)
	for i, x := range s.resources {
		if x == r {
			s.resources = append(s.resources[:i:i], s.resources[i+1:]...)
			break
		}
	}
	for _, w := range r.watchers {
		w.stopped = true
	}
}

// ServerResources is discovery (GET /api, /apis): every resource the server serves, the custom
// ones included (a terminating CRD's without the verbs that write), in `kubectl api-resources`
// order (group, then name).
func (s *Server) ServerResources() []*api.ResourceInfo {
	out := append([]*api.ResourceInfo(nil), api.Resources()...)
	n := len(out)
	for _, r := range s.resources {
		switch {
		case r.custom == nil:
		case r.custom.crd.ConditionTrue("Terminating"):
			info := *r.info
			info.Verbs = []string{"delete", "deletecollection", "get", "list", "watch"}
			out = append(out, &info)
		default:
			out = append(out, r.info)
		}
	}
	if len(out) > n {
		sort.SliceStable(out, func(i, j int) bool {
			if out[i].Group != out[j].Group {
				return out[i].Group < out[j].Group
			}
			return out[i].Resource < out[j].Resource
		})
	}
	return out
}

// coerce is what the custom resource decoder does to a written object: unknown fields pruned
// (refused under fieldValidation=Strict), defaults set. patched is the patched object's JSON for
// a patch, whose unknown fields make a 422 as the patch handler words it.
func (s *Server) coerce(req *request.Request, r *resource, obj api.Object, patched []byte) error {
	co, ok := obj.(*api.CustomObject)
	if !ok || r.custom.schema == nil {
		return nil
	}
	if co.Content == nil {
		co.Content = map[string]any{}
	}
	if !r.custom.crd.Spec.PreserveUnknownFields {
		if unknown := defaults.PruneCustomResource(co.Content, r.custom.schema); len(unknown) > 0 && req.FieldValidation == "Strict" {
			msgs := make([]string, len(unknown))
			for i, u := range unknown {
				msgs[i] = fmt.Sprintf("unknown field %q", u)
			}
			strict := "strict decoding error: " + strings.Join(msgs, ", ")
			if patched != nil {
				return api.NewInvalid("", "", field.ErrorList{field.Invalid(field.NewPath("patch"), string(patched), strict)})
			}
			k := r.info.Kind
			return api.NewBadRequest(fmt.Sprintf("%s in version %q cannot be handled as a %s: %s", k, r.info.Version, k, strict))
		}
	}
	defaults.DefaultCustomResource(co.Content, r.custom.schema)
	return nil
}

// customFieldValue is a custom resource's selectable field (the version's
// selectableFields, ".spec.color" selected as spec.color): its value printed,
// "" when the object lacks it.
func customFieldValue(r *resource, obj api.Object, name string) (string, bool) {
	for _, sf := range r.info.Custom.SelectableFields {
		if strings.TrimPrefix(sf.JSONPath, ".") != name {
			continue
		}
		co, _ := obj.(*api.CustomObject)
		if co == nil {
			return "", true
		}
		var v any = co.Content
		for _, k := range strings.Split(name, ".") {
			m, _ := v.(map[string]any)
			if v = m[k]; v == nil {
				return "", true
			}
		}
		return fmt.Sprint(v), true
	}
	return "", false
}

// copyStatus makes dst's status src's. dst's top level is its own, but what it points to may be
// shared with a cached object: a custom resource gets a new content map.
func copyStatus(dst, src api.Object) {
	d, ok := dst.(*api.CustomObject)
	if !ok {
		setStatus(dst, statusOf(src))
		return
	}
	c := maps.Clone(d.Content)
	if c == nil {
		c = map[string]any{}
	}
	if st, ok := src.(*api.CustomObject).Content["status"]; ok {
		c["status"] = st
	} else {
		delete(c, "status")
	}
	d.Content = c
}

// unsupportedPatch is the 415 a strategic merge patch of a custom resource gets: custom
// resources have no Go type to carry patch strategies.
func unsupportedPatch() *api.StatusError {
	return &api.StatusError{ErrStatus: api.Status{
		TypeMeta: api.TypeMeta{Kind: "Status", APIVersion: "v1"}, Status: "Failure", Code: 415,
		Reason:  "UnsupportedMediaType",
		Message: fmt.Sprintf("the body of the request was in an unknown format - accepted media types include: %s, %s, %s", JSONPatchType, MergePatchType, ApplyPatchType),
	}}
}
