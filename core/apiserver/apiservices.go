package apiserver

import (
	"fmt"
	"hash/fnv"
	"sort"
	"strings"

	"kubeplay/core/api"
)

// apiServices serves get and list of apiregistration.k8s.io/v1
// APIServices: kube-aggregator's autoregister controller keeps one Local
// APIService per group version kube-apiserver serves (and one per custom
// resource group version, crdregistration), named "<version>.<group>";
// they are computed from discovery here, not stored.
func (s *Server) apiServices(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	all := s.localAPIServices(r)
	if req.Name != "" {
		for _, a := range all {
			if a.Name == req.Name {
				return a, nil
			}
		}
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	w, err := s.listFilter(req, r)
	if err != nil {
		return nil, err
	}
	out := &api.List{TypeMeta: api.TypeMeta{Kind: r.info.ListKind, APIVersion: r.info.APIVersion()}, Items: []api.Object{}}
	for _, a := range all {
		if w.matches(a) {
			out.Items = append(out.Items, a)
		}
	}
	return out, nil
}

func (s *Server) localAPIServices(r *resource) []*api.APIService {
	seen := map[string]bool{}
	var out []*api.APIService
	add := func(group, version string, gp, vp int32) {
		name := version + "." + group
		if seen[name] {
			return
		}
		seen[name] = true
		a := &api.APIService{ObjectMeta: api.ObjectMeta{Name: name, CreationTimestamp: s.born,
			UID: newUIDFrom(name)},
			Spec: api.APIServiceSpec{Group: group, Version: version, GroupPriorityMinimum: gp, VersionPriority: vp},
			Status: api.APIServiceStatus{Conditions: []api.APIServiceCondition{{Type: "Available", Status: api.ConditionTrue,
				LastTransitionTime: s.born, Reason: "Local", Message: "Local APIServices are always available"}}}}
		a.TypeMeta.SetGroupVersionKind(r.info.GroupVersionKind())
		out = append(out, a)
	}
	for _, g := range api.ServedGroupVersions {
		add(g.Group, g.Version, g.GroupPriorityMinimum, g.VersionPriority)
	}
	for _, info := range s.ServerResources() {
		if info.Custom != nil {
			// crdregistration's priorities for a custom resource's group.
			add(info.Group, info.Version, 1000, 100)
		}
	}
	sort.Slice(out, func(i, j int) bool { return strings.Compare(out[i].Name, out[j].Name) < 0 })
	return out
}

// newUIDFrom is a fixed uid for an object the server computes rather than
// stores: the same name always answers with the same uid.
func newUIDFrom(name string) string {
	h := fnv.New64a()
	h.Write([]byte(name))
	a := h.Sum64()
	h.Write([]byte("/"))
	b := h.Sum64()
	return fmt.Sprintf("%08x-%04x-4%03x-8%03x-%012x", uint32(a>>32), uint16(a>>16), uint16(a)&0xfff, uint16(b>>48)&0xfff, b&0xffffffffffff)
}
