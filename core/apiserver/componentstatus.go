package apiserver

import (
	"fmt"

	"kubeplay/core/api"
)

// A control-plane component the apiserver probes for v1 ComponentStatus: kube-apiserver's
// GetServersToValidate lists the scheduler and the controller-manager by their secure /healthz ports on
// the apiserver's own host, and each etcd server.
type probedComponent struct {
	name      string // the ComponentStatus's name
	component string // the component the probe reaches (as the cluster names it)
	port      int    // its /healthz port on 127.0.0.1 (0: etcd, probed through the storage client)
}

// componentsToValidate is that list, in the order kubeplay answers it (the real apiserver probes them
// concurrently and answers in the order the probes finish).
var componentsToValidate = []probedComponent{
	{"scheduler", "kube-scheduler", 10259},
	{"controller-manager", "kube-controller-manager", 10257},
	{"etcd-0", "etcd", 0},
}

// SetComponentProbe gives the apiserver the way to reach the control plane's components: healthy reports
// whether one (kube-scheduler, kube-controller-manager) answers its /healthz. Without a probe every
// component answers.
func (s *Server) SetComponentProbe(healthy func(component string) bool) { s.componentUp = healthy }

// componentStatuses serves get and list of componentstatuses: each is probed when asked, nothing is
// stored, and the list carries no resourceVersion.
func (s *Server) componentStatuses(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	if req.Name != "" {
		for _, c := range componentsToValidate {
			if c.name == req.Name {
				return s.componentStatus(r, c), nil
			}
		}
		// GET of an unknown name is a plain error in kube-apiserver's handler: it answers 500.
		return nil, api.NewInternalError(fmt.Errorf("Component not found: %s", req.Name))
	}
	out := &api.List{TypeMeta: api.TypeMeta{Kind: r.info.ListKind, APIVersion: r.info.APIVersion()}, Items: []api.Object{}}
	// ComponentStatuses have no labels, and only metadata.name among fields.
	w, err := s.listFilter(req, r)
	if err != nil {
		return nil, err
	}
	for _, c := range componentsToValidate {
		if o := s.componentStatus(r, c); w.matches(o) {
			out.Items = append(out.Items, o)
		}
	}
	return out, nil
}

func (s *Server) componentStatus(r *resource, c probedComponent) *api.ComponentStatus {
	cond := api.ComponentCondition{Type: "Healthy", Status: api.ConditionTrue, Message: "ok"}
	if c.port != 0 && s.componentUp != nil && !s.componentUp(c.component) {
		// The prober's error: the process is gone, nothing listens on its port.
		cond.Status, cond.Message = api.ConditionUnknown, ""
		cond.Error = fmt.Sprintf(`Get "https://127.0.0.1:%d/healthz": dial tcp 127.0.0.1:%d: connect: connection refused`, c.port, c.port)
	}
	cs := &api.ComponentStatus{ObjectMeta: api.ObjectMeta{Name: c.name}, Conditions: []api.ComponentCondition{cond}}
	cs.TypeMeta.SetGroupVersionKind(r.info.GroupVersionKind())
	return cs
}
