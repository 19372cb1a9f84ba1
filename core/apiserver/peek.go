package apiserver

import "kubeplay/core/api"

// Peek returns the current objects of a stored resource ("" namespace = all
// namespaces), in key order, straight from the watch cache: no request is
// made, nothing is traced or counted and the simulation is not touched. It
// is for read-only views such as the browser's cluster panel; callers must
// not modify the returned objects. An unknown resource yields nil.
func (s *Server) Peek(group, resource, namespace string) []api.Object {
	r := s.lookup(group, resource)
	if r == nil {
		return nil
	}
	cs := r.list(namespace)
	out := make([]api.Object, len(cs))
	for i, c := range cs {
		out[i] = c.obj
	}
	return out
}

// PeekCount reports how many objects of a stored resource exist, like Peek
// without listing them.
func (s *Server) PeekCount(group, resource string) int {
	r := s.lookup(group, resource)
	if r == nil {
		return 0
	}
	return r.count
}

// PeekKey returns the current object stored under an etcd key
// ("/registry/pods/default/web-1"), from the watch cache, like Peek.
func (s *Server) PeekKey(key string) (api.Object, bool) {
	r, ns, name := s.parseKey(key)
	if r == nil {
		return nil, false
	}
	c := r.get(ns, name)
	if c == nil {
		return nil, false
	}
	return c.obj, true
}
