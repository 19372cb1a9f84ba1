package apiserver

import (
	"math/rand/v2"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// Hooks are the defaulting and validation stages of the pipeline (packages
// defaults and validation).
type Hooks struct {
	Default              func(obj api.Object)
	ValidateCreate       func(obj api.Object) field.ErrorList
	ValidateUpdate       func(obj, old api.Object) field.ErrorList
	ValidateStatusUpdate func(obj, old api.Object) field.ErrorList
}

// host is what admission plugins see of the server: reads from the watch
// cache, status writes that bypass the request pipeline, the clock.
type host struct{ s *Server }

// Get returns a shared cached object, or a NotFound error.
func (h host) Get(resource, namespace, name string) (api.Object, error) {
	r := h.s.resourceNamed(resource)
	if r == nil {
		return nil, api.NewNotFound(api.GroupResource{Resource: resource}, name)
	}
	if c := r.get(namespace, name); c != nil {
		return c.obj, nil
	}
	return nil, api.NewNotFound(r.gr, name)
}

// List returns the shared cached objects of a resource in a namespace ("" = all).
func (h host) List(resource, namespace string) ([]api.Object, error) {
	r := h.s.resourceNamed(resource)
	if r == nil {
		return nil, api.NewNotFound(api.GroupResource{Resource: resource}, "")
	}
	cs := r.list(namespace)
	out := make([]api.Object, len(cs))
	for i, c := range cs {
		out[i] = c.obj
	}
	return out, nil
}

// UpdateStatus writes obj's status as kube-apiserver itself (the quota
// admission plugin charging usage).
func (h host) UpdateStatus(resource string, obj api.Object) error {
	r := h.s.resourceNamed(resource)
	if r == nil {
		return api.NewNotFound(api.GroupResource{Resource: resource}, obj.GetObjectMeta().Name)
	}
	_, err := h.s.internalUpdate(r, obj, true)
	return err
}

func (h host) Now() time.Time { return h.s.sim.Now() }

func (h host) Rand() *rand.Rand { return h.s.sim.Rand() }
