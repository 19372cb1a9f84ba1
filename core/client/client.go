package client

import (
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/sim"
)

// Server is what a Client talks to: kube-apiserver's two entry points.
// *apiserver.Server implements it; tests may use a fake.
type Server interface {
	// Do serves one request synchronously at the current virtual time.
	Do(req *request.Request) (api.Object, error)
	// Watch opens a watch; notifications arrive later as sim events.
	Watch(req *request.Request, fn func(request.WatchEvent)) (stop func(), err error)
}

// Client is a connection to kube-apiserver with one identity: the user it
// authenticates as and the component name that colours its requests in the
// trace. A Client is cheap; components make one per identity.
type Client struct {
	srv       Server
	sim       *sim.Sim
	user      request.UserInfo
	component string
}

// NewForServer returns a client of srv on simulation s. New is the usual
// constructor; this one accepts any Server (a fake, a wrapper).
func NewForServer(s *sim.Sim, srv Server, user request.UserInfo, component string) *Client {
	return &Client{srv: srv, sim: s, user: user, component: component}
}

// Sim returns the simulation the client runs on.
func (c *Client) Sim() *sim.Sim { return c.sim }

// User returns the identity the client presents.
func (c *Client) User() request.UserInfo { return c.user }

// Component returns the client's name in the trace.
func (c *Client) Component() string { return c.component }

// Server returns the server the client talks to.
func (c *Client) Server() Server { return c.srv }

// WithComponent returns a copy of the client that shows up in the trace as
// component (same identity), e.g. one controller inside
// kube-controller-manager.
func (c *Client) WithComponent(component string) *Client {
	cc := *c
	cc.component = component
	return &cc
}

// Do sends a raw request. User and Component are filled in from the client
// when empty; Group is looked up from Resource when empty.
func (c *Client) Do(req *request.Request) (api.Object, error) {
	c.fill(req)
	return c.srv.Do(req)
}

// WatchRaw opens a raw watch with the client's identity.
func (c *Client) WatchRaw(req *request.Request, fn func(request.WatchEvent)) (stop func(), err error) {
	c.fill(req)
	return c.srv.Watch(req, fn)
}

func (c *Client) fill(req *request.Request) {
	if req.User.Name == "" {
		req.User = c.user
	}
	if req.Component == "" {
		req.Component = c.component
	}
	if req.Group == "" {
		req.Group, req.Resource = groupOf(req.Resource)
	}
}

// groupOf resolves a resource name ("deployments", "deploy",
// "deployments.apps") to its API group and plural resource name. Unknown
// names are returned unchanged in the core group: the server answers 404.
func groupOf(resource string) (group, plural string) {
	if info, ok := api.ResourceFor(resource); ok {
		return info.Group, info.Resource
	}
	if i := strings.IndexByte(resource, '.'); i > 0 {
		return resource[i+1:], resource[:i]
	}
	return "", resource
}

// ListOptions are the options of list and watch calls.
type ListOptions struct {
	LabelSelector   string
	FieldSelector   string
	ResourceVersion string
}

// DeleteOptions are the options of a delete call.
type DeleteOptions struct {
	GracePeriodSeconds *int64
	// PropagationPolicy is Orphan, Background or Foreground ("" = the kind's default).
	PropagationPolicy string
	Preconditions     *api.Preconditions
	DryRun            bool
}

// Resource returns a client for one resource ("pods", "deployments"...),
// cluster-wide until Namespace is called.
func (c *Client) Resource(resource string) *ResourceClient {
	group, plural := groupOf(resource)
	return &ResourceClient{c: c, group: group, resource: plural}
}

// ResourceClient is client-go's typed/dynamic resource interface for one
// resource in one namespace ("" = all namespaces, or cluster-scoped).
type ResourceClient struct {
	c         *Client
	group     string
	resource  string
	namespace string
}

// Namespace returns a copy of the resource client scoped to ns.
func (r *ResourceClient) Namespace(ns string) *ResourceClient {
	rc := *r
	rc.namespace = ns
	return &rc
}

func (r *ResourceClient) req(verb, name string) *request.Request {
	return &request.Request{
		User:      r.c.user,
		Component: r.c.component,
		Verb:      verb,
		Group:     r.group,
		Resource:  r.resource,
		Namespace: r.namespace,
		Name:      name,
	}
}

// objectNamespace prefers the client's namespace, else the object's.
func (r *ResourceClient) objectNamespace(obj api.Object) string {
	if r.namespace != "" {
		return r.namespace
	}
	return obj.GetObjectMeta().Namespace
}

// Get reads one object.
func (r *ResourceClient) Get(name string) (api.Object, error) {
	return r.c.srv.Do(r.req("get", name))
}

// List lists objects; the result is an *api.List whose ResourceVersion is
// the store revision the list was read at.
func (r *ResourceClient) List(opts ListOptions) (*api.List, error) {
	req := r.req("list", "")
	req.LabelSelector, req.FieldSelector, req.ResourceVersion = opts.LabelSelector, opts.FieldSelector, opts.ResourceVersion
	obj, err := r.c.srv.Do(req)
	if err != nil {
		return nil, err
	}
	l, ok := obj.(*api.List)
	if !ok {
		return nil, api.NewInternalError(errUnexpected("list", obj))
	}
	return l, nil
}

// Create creates obj (in the client's namespace, else the object's).
func (r *ResourceClient) Create(obj api.Object) (api.Object, error) {
	return r.create(obj, false)
}

// CreateHandOver creates obj as Create does, giving obj to the server
// (request.Request.HandOver): obj, anything it points to and the object
// returned are the server's stored object, never to be modified.
func (r *ResourceClient) CreateHandOver(obj api.Object) (api.Object, error) {
	return r.create(obj, true)
}

func (r *ResourceClient) create(obj api.Object, handOver bool) (api.Object, error) {
	req := r.req("create", "")
	req.Namespace = r.objectNamespace(obj)
	req.Body = obj
	req.HandOver = handOver
	return r.c.srv.Do(req)
}

// Update replaces obj; its resourceVersion is the optimistic-lock guard.
func (r *ResourceClient) Update(obj api.Object) (api.Object, error) {
	return r.update(obj, "")
}

// UpdateStatus replaces obj's status subresource.
func (r *ResourceClient) UpdateStatus(obj api.Object) (api.Object, error) {
	return r.update(obj, "status")
}

func (r *ResourceClient) update(obj api.Object, sub string) (api.Object, error) {
	req := r.req("update", obj.GetObjectMeta().Name)
	req.Namespace = r.objectNamespace(obj)
	req.Subresource = sub
	req.Body = obj
	return r.c.srv.Do(req)
}

// Patch types.
const (
	StrategicMergePatchType = "application/strategic-merge-patch+json"
	MergePatchType          = "application/merge-patch+json"
	JSONPatchType           = "application/json-patch+json"
)

// Patch patches the named object (or its subresource, e.g. "status").
func (r *ResourceClient) Patch(name, patchType string, data []byte, subresource ...string) (api.Object, error) {
	req := r.req("patch", name)
	req.Patch, req.PatchType = data, patchType
	if len(subresource) > 0 {
		req.Subresource = subresource[0]
	}
	return r.c.srv.Do(req)
}

// Delete deletes the named object. The returned object is what the server
// returned: the object as deleted, or with a deletionTimestamp when graceful.
func (r *ResourceClient) Delete(name string, opts DeleteOptions) (api.Object, error) {
	req := r.req("delete", name)
	req.GracePeriodSeconds = opts.GracePeriodSeconds
	req.PropagationPolicy = opts.PropagationPolicy
	req.Preconditions = opts.Preconditions
	req.DryRun = opts.DryRun
	return r.c.srv.Do(req)
}

// Watch opens a watch. With opts.ResourceVersion set, only changes after it
// are delivered. fn is called from sim events.
func (r *ResourceClient) Watch(opts ListOptions, fn func(request.WatchEvent)) (stop func(), err error) {
	req := r.req("watch", "")
	req.LabelSelector, req.FieldSelector, req.ResourceVersion = opts.LabelSelector, opts.FieldSelector, opts.ResourceVersion
	return r.c.srv.Watch(req, fn)
}

// Bind writes a pods/binding subresource: the scheduler's bind call.
func (c *Client) Bind(namespace, name string, binding *api.Binding) error {
	_, err := c.Do(&request.Request{
		Verb:        "create",
		Resource:    "pods",
		Subresource: "binding",
		Namespace:   namespace,
		Name:        name,
		Body:        binding,
	})
	return err
}
