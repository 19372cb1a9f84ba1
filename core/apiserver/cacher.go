package apiserver

import (
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/store"
)

// The watch cache ("cacher"): kube-apiserver opens one etcd watch and keeps,
// per resource, the current objects and a window of recent events. Every
// client watch is served from that window, filtered by namespace, name and
// selectors, so etcd sees one watcher however many clients watch.
//
// The window records only the revisions of its events: a watch that starts
// inside the window replays them from etcd's history, which keeps every
// revision the window does (the window never reaches below the compaction
// revision). A 10,000-event window would otherwise keep an old version of
// every recently changed object alive.

// Watch cache sizing: the window keeps at least watchCacheMin events, drops
// events older than watchCacheFresh beyond that, never keeps more than
// watchCacheMax, and never keeps events etcd has compacted away.
const (
	watchCacheMin   = 100
	watchCacheMax   = 10 * 1024
	watchCacheFresh = 75 * time.Second
)

// cacheEvent is one change of one resource, shared by every watcher.
type cacheEvent struct {
	typ  string
	obj  api.Object // the new object; for DELETED the old one restamped with the delete revision
	prev api.Object // the object before the change (nil for ADDED)
	rev  int64
}

// cacheRecord is one event of the window: its revision and when it
// happened (Unix nanoseconds of virtual time).
type cacheRecord struct {
	rev int64
	at  int64
}

// watchCache is the window of recent events of one resource.
type watchCache struct {
	buf   []cacheRecord
	start int
	// oldest is the oldest revision a watch can resume after, plus one: a
	// watch from resourceVersion rv needs rv >= oldest-1.
	oldest int64
}

func (c *watchCache) len() int { return len(c.buf) - c.start }

func (c *watchCache) add(rev int64, at time.Time) {
	c.buf = append(c.buf, cacheRecord{rev: rev, at: at.UnixNano()})
}

// evict drops events beyond the window's limits.
func (c *watchCache) evict(now time.Time, compactRev int64) {
	fresh := now.Add(-watchCacheFresh).UnixNano()
	for c.len() > 0 {
		e := c.buf[c.start]
		n := c.len()
		if n > watchCacheMax || e.rev < compactRev || (n > watchCacheMin && e.at < fresh) {
			c.start++
			if e.rev+1 > c.oldest {
				c.oldest = e.rev + 1
			}
			continue
		}
		break
	}
	if compactRev > c.oldest {
		c.oldest = compactRev
	}
	if c.start > 64 && c.start > len(c.buf)/2 {
		n := copy(c.buf, c.buf[c.start:])
		c.buf = c.buf[:n]
		c.start = 0
	}
}

// since returns the retained events with revision > rv.
func (c *watchCache) since(rv int64) []cacheRecord {
	evs := c.buf[c.start:]
	lo, hi := 0, len(evs)
	for lo < hi {
		m := (lo + hi) / 2
		if evs[m].rev <= rv {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return evs[lo:]
}

// replay rebuilds the window's event at rev from etcd's history, as
// onStoreEvent saw it: ADDED, MODIFIED with the previous object, or DELETED
// carrying the last state restamped with the delete revision.
func (s *Server) replay(r *resource, rev int64) (*cacheEvent, bool) {
	ev, err := s.store.EventAt(rev)
	if err != nil {
		return nil, false
	}
	e := &cacheEvent{rev: rev}
	if ev.PrevKV != nil {
		if e.prev, err = r.decode(ev.PrevKV.Value(), ev.PrevKV.ModRevision); err != nil {
			return nil, false
		}
		s.interned.object(e.prev, nil)
	}
	switch ev.Type {
	case store.Put:
		if e.obj, err = r.decode(ev.KV.Value(), ev.KV.ModRevision); err != nil {
			return nil, false
		}
		s.interned.object(e.obj, nil)
		e.typ = request.Modified
		if e.prev == nil {
			e.typ = request.Added
		}
	case store.Delete:
		if e.prev == nil {
			return nil, false
		}
		e.typ, e.obj = request.Deleted, restamp(e.prev, rev)
	}
	return e, true
}

// onStoreEvent is the apiserver's single etcd watch: it updates the cache
// and fans the change out to the watchers of its resource.
func (s *Server) onStoreEvent(ev store.Event) {
	r, ns, name := s.parseKey(ev.KV.Key)
	if r == nil {
		return
	}
	var prev *cached
	var prevObj api.Object
	if m := r.objects[ns]; m != nil {
		prev = m[name]
	}
	switch {
	case prev == nil:
	case !r.uncached:
		prevObj = prev.obj
	case ev.PrevKV != nil:
		// etcd has already moved on: the previous value is the event's.
		var err error
		if prevObj, err = r.decode(ev.PrevKV.Value(), ev.PrevKV.ModRevision); err != nil {
			return
		}
	}
	e := &cacheEvent{rev: ev.KV.ModRevision, prev: prevObj}
	switch ev.Type {
	case store.Put:
		var obj api.Object
		if s.pendingObj != nil && s.pendingKey == ev.KV.Key {
			obj = s.pendingObj
			obj.GetObjectMeta().ResourceVersion = strconv.FormatInt(ev.KV.ModRevision, 10)
			s.pendingObj, s.pendingKey = nil, ""
		} else {
			var err error
			if obj, err = r.decode(ev.KV.Value(), ev.KV.ModRevision); err != nil {
				return
			}
			s.interned.object(obj, nil)
		}
		r.put(ns, name, r.entry(obj, ev.KV.ModRevision, ev.KV.Key))
		e.typ, e.obj = request.Modified, obj
		if prev == nil {
			e.typ = request.Added
		}
	case store.Delete:
		if prev == nil {
			return
		}
		r.remove(ns, name)
		if prevObj == nil { // an uncached object whose last value etcd no longer has
			return
		}
		e.typ, e.obj = request.Deleted, restamp(prevObj, ev.KV.ModRevision)
	}
	cur := e.obj
	if e.typ == request.Deleted {
		cur = nil
	}
	s.observe(r, prevObj, cur)
	now := s.sim.Now()
	r.cache.add(e.rev, now)
	r.cache.evict(now, s.store.CompactRevision())
	s.dispatch(r, e)
}

// restamp returns a shallow copy of obj carrying resourceVersion rev.
func restamp(obj api.Object, rev int64) api.Object {
	c := shallowCopy(obj)
	c.GetObjectMeta().ResourceVersion = strconv.FormatInt(rev, 10)
	return c
}

// decode turns a stored value into an object of the resource's kind; the
// resourceVersion is the key's mod revision (etcd stores none).
func (r *resource) decode(data []byte, modRev int64) (api.Object, error) {
	obj := r.info.New()
	if err := unmarshalStored(data, obj); err != nil {
		return nil, err
	}
	obj.GetObjectMeta().ResourceVersion = strconv.FormatInt(modRev, 10)
	return obj, nil
}

// observe keeps the server's derived state in step with the cache: the RBAC
// decision cache, the Service IP and port allocators, the custom resources served.
func (s *Server) observe(r *resource, old, cur api.Object) {
	if r.gr == crdResource {
		s.syncCRD(old, cur)
		return
	}
	if r.gr.Group == "rbac.authorization.k8s.io" {
		s.rbac.invalidate()
		return
	}
	if r.gr.Group == "" && r.gr.Resource == "services" {
		if svc, ok := old.(*api.Service); ok {
			s.ips.release(svc)
			s.ports.release(svc)
		}
		if svc, ok := cur.(*api.Service); ok {
			s.ips.mark(svc)
			s.ports.mark(svc)
		}
	}
}

// dispatch hands one change to every watcher it concerns (see fanOut).
func (s *Server) dispatch(r *resource, e *cacheEvent) {
	var ds []delivery
	for _, w := range r.watchers {
		ds = s.offer(ds, w, e)
	}
	if r.byNode != nil && len(r.byNode) > 0 {
		n1 := podNodeName(e.obj)
		for _, w := range r.byNode[n1] {
			ds = s.offer(ds, w, e)
		}
		if e.prev != nil {
			if n2 := podNodeName(e.prev); n2 != n1 {
				for _, w := range r.byNode[n2] {
					ds = s.offer(ds, w, e)
				}
			}
		}
	}
	s.fanOut(r, ds)
}

func podNodeName(obj api.Object) string {
	if p, ok := obj.(*api.Pod); ok {
		return p.Spec.NodeName
	}
	return ""
}

// offer converts a change into what watcher w sees, as the cacher does: an
// object entering w's selection is ADDED, leaving it is DELETED. It appends
// w's notification, if any, to ds.
func (s *Server) offer(ds []delivery, w *watcher, e *cacheEvent) []delivery {
	if w.stopped {
		return ds
	}
	cur := e.typ != request.Deleted && w.matches(e.obj)
	old := e.prev != nil && w.matches(e.prev)
	switch {
	case cur && !old:
		return append(ds, delivery{w, request.WatchEvent{Type: request.Added, Object: e.obj, Revision: e.rev}})
	case cur && old:
		return append(ds, delivery{w, request.WatchEvent{Type: request.Modified, Object: e.obj, Revision: e.rev}})
	case !cur && old:
		obj := e.obj
		if e.typ != request.Deleted {
			obj = restamp(e.prev, e.rev)
		}
		return append(ds, delivery{w, request.WatchEvent{Type: request.Deleted, Object: obj, Revision: e.rev}})
	}
	return ds
}
