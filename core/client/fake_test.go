package client

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/sim"
)

// fakeServer is a tiny in-memory apiserver for unit tests: it stores
// objects, numbers writes with one revision counter, replays and streams
// watch events 1ms after they happen, and can pretend to have compacted its
// history (watches from below it get a 410 ERROR event).
type fakeServer struct {
	s         *sim.Sim
	rev       int64
	objs      map[string]api.Object
	history   []fakeEvent
	compacted int64
	watchers  []*fakeWatcher
	requests  []*request.Request
	failLists int
}

type fakeEvent struct {
	resource string
	typ      string
	obj      api.Object
	rev      int64
}

type fakeWatcher struct {
	resource, ns string
	fn           func(request.WatchEvent)
	stopped      bool
}

const fakeLatency = time.Millisecond

func newFakeServer(s *sim.Sim) *fakeServer {
	return &fakeServer{s: s, objs: map[string]api.Object{}}
}

func fakeKey(resource, ns, name string) string { return resource + "/" + ns + "/" + name }

func clone(obj api.Object) api.Object {
	b, err := json.Marshal(obj)
	if err != nil {
		panic(err)
	}
	out := reflect.New(reflect.TypeOf(obj).Elem()).Interface().(api.Object)
	if err := json.Unmarshal(b, out); err != nil {
		panic(err)
	}
	return out
}

func (f *fakeServer) Do(req *request.Request) (api.Object, error) {
	f.requests = append(f.requests, req)
	gr := api.GroupResource{Group: req.Group, Resource: req.Resource}
	key := fakeKey(req.Resource, req.Namespace, req.Name)
	switch req.Verb {
	case "get":
		obj, ok := f.objs[key]
		if !ok {
			return nil, api.NewNotFound(gr, req.Name)
		}
		return clone(obj), nil
	case "list":
		if f.failLists > 0 {
			f.failLists--
			return nil, api.NewServiceUnavailable("apiserver is down")
		}
		var keys []string
		prefix := req.Resource + "/"
		if req.Namespace != "" {
			prefix += req.Namespace + "/"
		}
		for k := range f.objs {
			if len(k) >= len(prefix) && k[:len(prefix)] == prefix {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		l := &api.List{ListMeta: api.ListMeta{ResourceVersion: strconv.FormatInt(f.rev, 10)}}
		for _, k := range keys {
			l.Items = append(l.Items, clone(f.objs[k]))
		}
		return l, nil
	case "create":
		obj := clone(req.Body)
		m := obj.GetObjectMeta()
		m.Namespace = req.Namespace
		key = fakeKey(req.Resource, req.Namespace, m.Name)
		if _, ok := f.objs[key]; ok {
			return nil, api.NewAlreadyExists(gr, m.Name)
		}
		if m.UID == "" {
			m.UID = fmt.Sprintf("uid-%d", f.rev+1)
		}
		return f.write(req.Resource, key, request.Added, obj), nil
	case "update":
		old, ok := f.objs[key]
		if !ok {
			return nil, api.NewNotFound(gr, req.Name)
		}
		obj := clone(req.Body)
		if rv := obj.GetObjectMeta().ResourceVersion; rv != "" && rv != old.GetObjectMeta().ResourceVersion {
			return nil, api.NewConflict(gr, req.Name, api.OptimisticLockErrorMsg)
		}
		return f.write(req.Resource, key, request.Modified, obj), nil
	case "patch":
		old, ok := f.objs[key]
		if !ok {
			return nil, api.NewNotFound(gr, req.Name)
		}
		var base, patch map[string]any
		b, _ := json.Marshal(old)
		_ = json.Unmarshal(b, &base)
		if err := json.Unmarshal(req.Patch, &patch); err != nil {
			return nil, api.NewBadRequest(err.Error())
		}
		merged, _ := json.Marshal(mergeJSON(base, patch))
		obj := reflect.New(reflect.TypeOf(old).Elem()).Interface().(api.Object)
		if err := json.Unmarshal(merged, obj); err != nil {
			return nil, api.NewBadRequest(err.Error())
		}
		return f.write(req.Resource, key, request.Modified, obj), nil
	case "delete":
		old, ok := f.objs[key]
		if !ok {
			return nil, api.NewNotFound(gr, req.Name)
		}
		delete(f.objs, key)
		f.rev++
		gone := clone(old)
		gone.GetObjectMeta().ResourceVersion = strconv.FormatInt(f.rev, 10)
		f.emit(fakeEvent{resource: req.Resource, typ: request.Deleted, obj: gone, rev: f.rev})
		return gone, nil
	}
	return nil, api.NewBadRequest("unsupported verb " + req.Verb)
}

func mergeJSON(base, patch map[string]any) map[string]any {
	for k, v := range patch {
		if pm, ok := v.(map[string]any); ok {
			if bm, ok := base[k].(map[string]any); ok {
				base[k] = mergeJSON(bm, pm)
				continue
			}
		}
		if v == nil {
			delete(base, k)
			continue
		}
		base[k] = v
	}
	return base
}

func (f *fakeServer) write(resource, key, typ string, obj api.Object) api.Object {
	f.rev++
	obj.GetObjectMeta().ResourceVersion = strconv.FormatInt(f.rev, 10)
	f.objs[key] = obj
	f.emit(fakeEvent{resource: resource, typ: typ, obj: clone(obj), rev: f.rev})
	return clone(obj)
}

func (f *fakeServer) emit(e fakeEvent) {
	f.history = append(f.history, e)
	for _, w := range f.watchers {
		f.offer(w, e)
	}
}

func (f *fakeServer) offer(w *fakeWatcher, e fakeEvent) {
	if w.resource != e.resource || (w.ns != "" && w.ns != e.obj.GetObjectMeta().Namespace) {
		return
	}
	f.s.After(fakeLatency, "fake watch", func() {
		if !w.stopped {
			w.fn(request.WatchEvent{Type: e.typ, Object: e.obj, Revision: e.rev})
		}
	})
}

// compact forgets history up to the current revision: watches from an
// older resourceVersion get a 410.
func (f *fakeServer) compact() {
	f.compacted = f.rev
	f.history = nil
}

// expireWatches sends every open watcher the 410 ERROR event, as the
// apiserver does when a watcher falls out of the watch cache.
func (f *fakeServer) expireWatches() {
	for _, w := range f.watchers {
		w := w
		f.s.After(fakeLatency, "fake watch expire", func() {
			if !w.stopped {
				se := api.NewResourceExpired("too old resource version: 1 (2)")
				w.fn(request.WatchEvent{Type: request.Error, Object: &se.ErrStatus})
			}
		})
	}
}

func (f *fakeServer) Watch(req *request.Request, fn func(request.WatchEvent)) (func(), error) {
	f.requests = append(f.requests, req)
	w := &fakeWatcher{resource: req.Resource, ns: req.Namespace, fn: fn}
	f.watchers = append(f.watchers, w)
	rv, _ := strconv.ParseInt(req.ResourceVersion, 10, 64)
	if req.ResourceVersion != "" && rv < f.compacted {
		se := api.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", rv, f.compacted))
		f.s.After(fakeLatency, "fake watch expired", func() {
			if !w.stopped {
				w.fn(request.WatchEvent{Type: request.Error, Object: &se.ErrStatus})
			}
		})
		return func() { w.stopped = true }, nil
	}
	for _, e := range f.history {
		if req.ResourceVersion != "" && e.rev > rv {
			f.offer(w, e)
		}
	}
	return func() { w.stopped = true }, nil
}

// verbs lists "verb resource" of every request served, in order.
func (f *fakeServer) verbs() []string {
	var out []string
	for _, r := range f.requests {
		out = append(out, r.Verb+" "+r.Resource)
	}
	return out
}

func newFakeClient(seed uint64) (*sim.Sim, *fakeServer, *Client) {
	s := sim.New(seed)
	f := newFakeServer(s)
	c := NewForServer(s, f, request.UserInfo{Name: "kubernetes-admin", Groups: []string{"system:masters"}}, "test")
	return s, f, c
}

func testPod(ns, name string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Namespace: ns, Name: name}}
}
