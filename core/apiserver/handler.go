package apiserver

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/trace"
)

// reqCtx carries one request through the pipeline.
type reqCtx struct {
	req  *request.Request
	r    *resource
	user request.UserInfo
	code int // the success code the handler chose (200, 201, 202)
}

// Do serves one request synchronously at the current virtual time and
// returns the object the real apiserver would answer with (a private copy:
// the caller may modify it). Lists return *api.List whose ListMeta carries
// the store revision. Errors are *api.StatusError with kube-apiserver's
// texts. Each stage is recorded in the trace.
func (s *Server) Do(req *request.Request) (api.Object, error) {
	if req.Verb == "watch" {
		err := api.NewBadRequest("watch requests are served by Watch")
		return nil, err
	}
	ctx, err := s.begin(req)
	var obj api.Object
	if err == nil {
		obj, err = s.serve(ctx)
	}
	s.finish(ctx, obj, err)
	if err != nil {
		return nil, err
	}
	return obj, nil
}

// begin runs the filters every request passes: resolution of the resource,
// authentication, impersonation and authorization.
func (s *Server) begin(req *request.Request) (*reqCtx, error) {
	s.stats.Requests++
	s.stats.ByVerb[req.Verb]++
	ctx := &reqCtx{req: req}
	r := s.lookup(req.Group, req.Resource)
	if r == nil && req.Group == "" && req.Resource == "bindings" && req.Verb == "create" {
		// POST .../bindings is pods/binding by another URL.
		r = s.lookup("", "pods")
		req.Resource, req.Subresource = "pods", "binding"
		if req.Name == "" && req.Body != nil {
			req.Name = req.Body.GetObjectMeta().Name
		}
	}
	ctx.r = r
	on := s.traceOn()
	if on {
		s.trace(trace.Record{Kind: trace.Request, From: req.Component, To: Component, Verb: req.Verb,
			Resource: resourceString(req), Namespace: req.Namespace, Name: req.Name,
			Message: fmt.Sprintf("%s %s (%s)", method(req.Verb), s.path(req), req.Component)})
	}
	if r == nil {
		return ctx, api.NewNotFoundResource()
	}
	if !r.info.Namespaced {
		req.Namespace = ""
	}
	u, err := s.authenticate(req.User)
	if err != nil {
		if on {
			s.stage("authn", req, fmt.Sprintf("authentication failed for user %q", req.User.Name))
		}
		return ctx, err
	}
	if on {
		s.stage("authn", req, fmt.Sprintf("authenticated as %s (groups: %s)", u.Name, groupsString(u.Groups)))
	}
	if req.Impersonate != "" {
		a := &attributes{user: u, verb: "impersonate", resource: "users", name: req.Impersonate}
		if rest, ok := strings.CutPrefix(req.Impersonate, request.ServiceAccountPrefix); ok {
			ns, name, _ := strings.Cut(rest, ":")
			a.resource, a.namespace, a.name = "serviceaccounts", ns, name
		}
		ok, reason := s.authorize(a)
		if !ok {
			if on {
				s.stage("authz", req, fmt.Sprintf("%s may not impersonate %s", u.Name, req.Impersonate))
			}
			return ctx, forbidden(a, reason)
		}
		imp := impersonated(req.Impersonate)
		if len(req.ImpersonateGroups) > 0 {
			n := len(imp.Groups) - 1 // system:authenticated comes last
			groups := imp.Groups[:n:n]
			for _, g := range req.ImpersonateGroups {
				ga := &attributes{user: u, verb: "impersonate", resource: "groups", name: g}
				if ok, reason := s.authorize(ga); !ok {
					return ctx, forbidden(ga, reason)
				}
				groups = appendUnique(groups, g)
			}
			imp.Groups = appendUnique(groups, request.GroupAuthenticated)
		}
		u = imp
		if on {
			s.stage("authn", req, fmt.Sprintf("impersonating %s (groups: %s): %s", u.Name, groupsString(u.Groups), reason))
		}
	}
	ctx.user = u
	a := &attributes{user: u, verb: req.Verb, group: req.Group, resource: req.Resource,
		subresource: req.Subresource, namespace: req.Namespace, name: req.Name}
	if req.FieldSelector != "" {
		a.fields, _ = parseFieldSelector(req.FieldSelector)
	}
	ok, reason := s.authorize(a)
	if !ok {
		if on {
			s.stage("authz", req, "forbidden: "+forbidden(a, reason).ErrStatus.Message)
		}
		return ctx, forbidden(a, reason)
	}
	if on {
		s.stage("authz", req, "authorized: "+reason)
	}
	if w, ok := deprecatedAPIs[api.GroupResource{Group: req.Group, Resource: req.Resource}]; ok && ctx.r != nil && hasVerb(ctx.r.info, req.Verb) {
		ctx.warn([]string{w})
	}
	return ctx, nil
}

// deprecatedAPIs are the warnings the handlers of deprecated APIs add to every response they give (a method
// with no route never reaches a handler, so it gets none).
var deprecatedAPIs = map[api.GroupResource]string{
	{Resource: "endpoints"}:         api.EndpointsDeprecationWarning,
	{Resource: "componentstatuses"}: api.ComponentStatusDeprecationWarning,
}

// finish records the response.
func (s *Server) finish(ctx *reqCtx, obj api.Object, err error) {
	code := ctx.code
	msg := ""
	if err != nil {
		if se, ok := err.(*api.StatusError); ok {
			code = int(se.ErrStatus.Code)
			msg = fmt.Sprintf("%d %s: %s", code, se.ErrStatus.Reason, se.ErrStatus.Message)
		} else {
			code = api.StatusInternalServerError
			msg = fmt.Sprintf("500 InternalError: %v", err)
		}
	}
	if code == 0 {
		code = api.StatusOK
	}
	s.stats.ByCode[code]++
	if !s.traceOn() {
		return
	}
	if msg == "" {
		msg = fmt.Sprintf("%d %s", code, api.StatusText(code))
		if obj != nil {
			if m := obj.GetObjectMeta(); m.ResourceVersion != "" {
				msg += " (resourceVersion " + m.ResourceVersion + ")"
			}
		}
		if ctx.req.Verb == "watch" {
			msg += ", watching"
		}
	}
	req := ctx.req
	s.trace(trace.Record{Kind: trace.Response, From: Component, To: req.Component, Verb: req.Verb,
		Resource: resourceString(req), Namespace: req.Namespace, Name: req.Name, Code: code, Message: msg})
}

func (s *Server) stage(stage string, req *request.Request, msg string) {
	s.trace(trace.Record{Kind: trace.Stage, From: req.Component, Stage: stage, Verb: req.Verb,
		Resource: resourceString(req), Namespace: req.Namespace, Name: req.Name, Message: msg})
}

func resourceString(req *request.Request) string {
	gr := api.GroupResource{Group: req.Group, Resource: req.Resource}.String()
	if req.Subresource != "" {
		return gr + "/" + req.Subresource
	}
	return gr
}

func method(verb string) string {
	switch verb {
	case "create":
		return "POST"
	case "update":
		return "PUT"
	case "patch":
		return "PATCH"
	case "delete", "deletecollection":
		return "DELETE"
	}
	return "GET"
}

// path renders the REST path of a request, as kubectl -v=6 logs it.
func (s *Server) path(req *request.Request) string {
	var b strings.Builder
	version := "v1"
	if r := s.lookup(req.Group, req.Resource); r != nil {
		version = r.info.Version
	}
	if req.Group == "" {
		b.WriteString("/api/" + version)
	} else {
		b.WriteString("/apis/" + req.Group + "/" + version)
	}
	if req.Namespace != "" {
		b.WriteString("/namespaces/" + req.Namespace)
	}
	b.WriteString("/" + req.Resource)
	if req.Name != "" {
		b.WriteString("/" + req.Name)
	}
	if req.Subresource != "" {
		b.WriteString("/" + req.Subresource)
	}
	var q []string
	if req.Verb == "watch" {
		q = append(q, "watch=true")
	}
	if req.LabelSelector != "" {
		q = append(q, "labelSelector="+req.LabelSelector)
	}
	if req.FieldSelector != "" {
		q = append(q, "fieldSelector="+req.FieldSelector)
	}
	if req.ResourceVersion != "" && (req.Verb == "watch" || req.Verb == "list") {
		q = append(q, "resourceVersion="+req.ResourceVersion)
	}
	if req.DryRun {
		q = append(q, "dryRun=All")
	}
	if len(q) > 0 {
		b.WriteString("?" + strings.Join(q, "&"))
	}
	return b.String()
}

// serve routes an authorized request to its handler.
func (s *Server) serve(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	verb := req.Verb
	// A verb the resource does not serve has no route: go-restful's 405.
	notAllowed := func() error { return api.NewMethodNotAllowed() }
	if req.Name == "" && req.Subresource != "" {
		return nil, api.NewNotFoundResource()
	}
	switch req.Subresource {
	case "":
		if !hasVerb(r.info, verb) {
			return nil, notAllowed()
		}
		if req.Name == "" && (verb == "get" || verb == "update" || verb == "patch" || verb == "delete") {
			return nil, notAllowed()
		}
		if r.gr == (api.GroupResource{Resource: "componentstatuses"}) {
			return s.componentStatuses(ctx)
		}
		if r.gr == (api.GroupResource{Group: "apiregistration.k8s.io", Resource: "apiservices"}) {
			return s.apiServices(ctx)
		}
		switch verb {
		case "get":
			return s.get(ctx)
		case "list":
			return s.list(ctx)
		case "create":
			return s.create(ctx)
		case "update":
			return s.update(ctx, "")
		case "patch":
			return s.patch(ctx, "")
		case "delete":
			return s.delete(ctx)
		case "deletecollection":
			return s.deleteCollection(ctx)
		}
		return nil, notAllowed()
	case "status":
		if !r.hasStatus {
			return nil, api.NewNotFoundResource()
		}
		switch verb {
		case "get":
			return s.get(ctx)
		case "update":
			return s.update(ctx, "status")
		case "patch":
			return s.patch(ctx, "status")
		}
	case "scale":
		if !hasScale(r) {
			return nil, api.NewNotFoundResource()
		}
		switch verb {
		case "get":
			return s.getScale(ctx)
		case "update":
			return s.updateScale(ctx)
		case "patch":
			return s.patchScale(ctx)
		}
	case "binding":
		if r.gr != (api.GroupResource{Resource: "pods"}) {
			return nil, api.NewNotFoundResource()
		}
		if verb == "create" {
			return s.bind(ctx)
		}
	case "eviction":
		if r.gr != (api.GroupResource{Resource: "pods"}) {
			return nil, api.NewNotFoundResource()
		}
		if verb == "create" {
			return s.evict(ctx)
		}
	case "token":
		if r.gr != (api.GroupResource{Resource: "serviceaccounts"}) {
			return nil, api.NewNotFoundResource()
		}
		if verb == "create" {
			return s.tokenRequest(ctx)
		}
	case "finalize":
		if r.gr != (api.GroupResource{Resource: "namespaces"}) {
			return nil, api.NewNotFoundResource()
		}
		if verb == "update" {
			return s.finalize(ctx)
		}
	default:
		return nil, api.NewNotFoundResource()
	}
	return nil, notAllowed()
}
