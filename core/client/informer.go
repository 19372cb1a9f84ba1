package client

import (
	"fmt"
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/sim"
	"kubeplay/core/trace"
)

// Reflector back-off between a failed or expired list-watch and the next
// list (client-go reflector: 800ms doubling to 30s, reset after 2m quiet).
// kubeplay leaves out the jitter so that histories stay easy to read.
const (
	RelistInitialBackoff = 800 * time.Millisecond
	RelistMaxBackoff     = 30 * time.Second
	RelistBackoffReset   = 2 * time.Minute
)

// Handler receives an informer's notifications (cache.ResourceEventHandlerFuncs).
// Nil funcs are skipped. Objects are shared with the cache: never mutate them.
type Handler struct {
	OnAdd    func(obj api.Object)
	OnUpdate func(oldObj, newObj api.Object)
	// OnDelete gets the object's last state. Unlike client-go there is no
	// DeletedFinalStateUnknown tombstone: after a re-list, an object missing
	// from the new list is delivered as the last state the cache held.
	OnDelete func(obj api.Object)
}

// Informer is a shared informer for one resource: a reflector that lists and
// then watches from the list's resourceVersion, an indexed cache keyed
// "namespace/name", and handlers called in registration order.
//
//   - Run lists synchronously (handlers get OnAdd for every object, in key
//     order; HasSynced is then true) and opens the watch.
//   - Watch notifications update the cache, then call handlers: OnAdd for a
//     new key, OnUpdate(old, new) for a known key, OnDelete on delete.
//   - A watch ERROR (410 Expired: "too old resource version") or a failed
//     list or watch makes the reflector re-list after a back-off: objects in
//     the new list get OnAdd or OnUpdate, cached objects missing from it get
//     OnDelete; then it watches again from the new list's resourceVersion.
//   - With resync > 0, every resync period each cached object is delivered
//     again as OnUpdate(obj, obj), as client-go does.
//   - Stop stops the watch and timers and forgets the cache (a stopped
//     component loses its memory); Run after Stop starts from scratch.
type Informer struct {
	c         *Client
	s         *sim.Sim
	rc        *ResourceClient
	resource  string
	namespace string
	opts      ListOptions
	resync    time.Duration

	store    *indexer
	handlers []Handler

	running bool
	synced  bool
	gen     uint64
	lastRV  string

	stopWatch  func()
	stopResync func()
	retry      *sim.Timer

	backoff       time.Duration
	lastBackoffAt time.Time

	lists, watches, events int
}

// NewInformer returns an informer for resource in namespace ("" = all) with
// the given list/watch options (selectors; ResourceVersion is ignored) and
// resync period (0 = never). Call Run to start it.
func NewInformer(c *Client, resource, namespace string, opts ListOptions, resync time.Duration) *Informer {
	rc := c.Resource(resource).Namespace(namespace)
	opts.ResourceVersion = ""
	return &Informer{
		c:         c,
		s:         c.sim,
		rc:        rc,
		resource:  rc.resource,
		namespace: namespace,
		opts:      opts,
		resync:    resync,
		store:     newIndexer(),
	}
}

// Resource reports the resource the informer watches.
func (i *Informer) Resource() string { return i.resource }

// AddEventHandler registers h. If the informer has already synced, h first
// gets OnAdd for every cached object, in key order.
func (i *Informer) AddEventHandler(h Handler) {
	i.handlers = append(i.handlers, h)
	if i.synced && h.OnAdd != nil {
		for _, obj := range i.store.list() {
			h.OnAdd(obj)
		}
	}
}

// AddIndexer adds a named secondary index over the cache (also over objects
// already cached).
func (i *Informer) AddIndexer(name string, fn IndexFunc) { i.store.addIndexer(name, fn) }

// Run starts the informer: list, deliver, watch. It is a no-op if running.
func (i *Informer) Run() {
	if i.running {
		return
	}
	i.running = true
	i.gen++
	i.store.clear()
	i.synced = false
	i.lastRV = ""
	i.backoff = 0
	if i.resync > 0 {
		i.stopResync = i.s.Every(i.resync, "informer resync "+i.resource+" "+i.c.component, i.resyncNow)
	}
	i.listAndWatch()
}

// Stop stops the watch, the resync and any pending re-list, and empties the
// cache. Handlers stay registered.
func (i *Informer) Stop() {
	if !i.running {
		return
	}
	i.running = false
	i.gen++
	if i.stopWatch != nil {
		i.stopWatch()
		i.stopWatch = nil
	}
	if i.stopResync != nil {
		i.stopResync()
		i.stopResync = nil
	}
	if i.retry != nil {
		i.retry.Stop()
		i.retry = nil
	}
	i.store.clear()
	i.synced = false
}

// Running reports whether Run was called and Stop was not.
func (i *Informer) Running() bool { return i.running }

// HasSynced reports whether the initial list has been delivered.
func (i *Informer) HasSynced() bool { return i.synced }

// LastSyncResourceVersion is the resourceVersion of the last list or event seen.
func (i *Informer) LastSyncResourceVersion() string { return i.lastRV }

// Get returns the cached object namespace/name.
func (i *Informer) Get(namespace, name string) (api.Object, bool) {
	obj, ok := i.store.items[Key(namespace, name)]
	return obj, ok
}

// GetByKey returns the cached object with the given key.
func (i *Informer) GetByKey(key string) (api.Object, bool) {
	obj, ok := i.store.items[key]
	return obj, ok
}

// List returns every cached object, sorted by key.
func (i *Informer) List() []api.Object { return i.store.list() }

// ListKeys returns every cached key, sorted.
func (i *Informer) ListKeys() []string { return append([]string(nil), i.store.keys()...) }

// Len reports how many objects are cached.
func (i *Informer) Len() int { return len(i.store.items) }

// ByIndex returns the cached objects whose index name has value, sorted by key.
func (i *Informer) ByIndex(name, value string) []api.Object { return i.store.byIndex(name, value) }

// IndexKeys returns the keys whose index name has value, sorted.
func (i *Informer) IndexKeys(name, value string) []string { return i.store.indexKeys(name, value) }

// Stats reports how many lists and watches the reflector has made and how
// many watch events it has handled.
func (i *Informer) Stats() (lists, watches, events int) { return i.lists, i.watches, i.events }

func (i *Informer) listAndWatch() {
	gen := i.gen
	i.lists++
	list, err := i.rc.List(i.opts)
	if i.gen != gen {
		return
	}
	if err != nil {
		i.retryLater(fmt.Sprintf("failed to list %s: %v", i.resource, err))
		return
	}
	i.lastRV = list.ResourceVersion
	i.replace(list.Items)
	if i.gen != gen {
		return
	}
	i.synced = true
	i.watch()
}

// replace makes the cache equal to items, notifying handlers
// (DeltaFIFO.Replace followed by the shared informer's HandleDeltas).
func (i *Informer) replace(items []api.Object) {
	seen := make(map[string]struct{}, len(items))
	for _, obj := range items {
		key := KeyFunc(obj)
		seen[key] = struct{}{}
		old, existed := i.store.put(key, obj)
		if existed {
			i.notifyUpdate(old, obj)
		} else {
			i.notifyAdd(obj)
		}
	}
	if len(seen) == len(i.store.items) {
		return
	}
	var gone []string
	for _, key := range i.store.keys() {
		if _, ok := seen[key]; !ok {
			gone = append(gone, key)
		}
	}
	for _, key := range gone {
		if old, ok := i.store.remove(key); ok {
			i.notifyDelete(old)
		}
	}
}

func (i *Informer) watch() {
	gen := i.gen
	i.watches++
	opts := i.opts
	opts.ResourceVersion = i.lastRV
	stop, err := i.rc.Watch(opts, func(ev request.WatchEvent) {
		if i.gen != gen {
			return
		}
		i.handle(ev)
	})
	if err != nil {
		if i.gen == gen {
			i.retryLater(fmt.Sprintf("failed to watch %s: %v", i.resource, err))
		}
		return
	}
	if i.gen != gen {
		stop()
		return
	}
	i.stopWatch = stop
}

func (i *Informer) handle(ev request.WatchEvent) {
	i.events++
	switch ev.Type {
	case request.Added, request.Modified:
		i.observeRV(ev)
		old, existed := i.store.put(KeyFunc(ev.Object), ev.Object)
		if existed {
			i.notifyUpdate(old, ev.Object)
		} else {
			i.notifyAdd(ev.Object)
		}
	case request.Deleted:
		i.observeRV(ev)
		i.store.remove(KeyFunc(ev.Object))
		i.notifyDelete(ev.Object)
	case request.Bookmark:
		i.observeRV(ev)
	case request.Error:
		msg := "unknown error"
		if st, ok := ev.Object.(*api.Status); ok {
			msg = st.Message
		} else if se, ok := ev.Object.(interface{ Error() string }); ok {
			msg = se.Error()
		}
		// The watch is over: ignore whatever else it may still deliver.
		i.gen++
		if i.stopWatch != nil {
			i.stopWatch()
			i.stopWatch = nil
		}
		i.retryLater(fmt.Sprintf("watch of %s ended with: %s", i.resource, msg))
	}
}

func (i *Informer) observeRV(ev request.WatchEvent) {
	if ev.Revision > 0 {
		i.lastRV = strconv.FormatInt(ev.Revision, 10)
		return
	}
	if ev.Object != nil {
		if rv := ev.Object.GetObjectMeta().ResourceVersion; rv != "" {
			i.lastRV = rv
		}
	}
}

// retryLater schedules a re-list after the reflector's back-off and traces why.
func (i *Informer) retryLater(why string) {
	now := i.s.Now()
	if i.backoff == 0 || now.Sub(i.lastBackoffAt) > RelistBackoffReset {
		i.backoff = RelistInitialBackoff
	} else {
		i.backoff *= 2
		if i.backoff > RelistMaxBackoff {
			i.backoff = RelistMaxBackoff
		}
	}
	i.lastBackoffAt = now
	d := i.backoff
	i.s.Trace.Add(trace.Record{
		Kind:      trace.Action,
		Component: i.c.component,
		Verb:      "list",
		Resource:  i.grString(),
		Namespace: i.namespace,
		Message:   fmt.Sprintf("reflector: %s; re-listing in %v", why, d),
	})
	if i.retry != nil {
		i.retry.Stop()
	}
	gen := i.gen
	i.retry = i.s.After(d, "reflector relist "+i.resource+" "+i.c.component, func() {
		i.retry = nil
		if i.gen != gen || !i.running {
			return
		}
		i.listAndWatch()
	})
}

func (i *Informer) grString() string {
	return api.GroupResource{Group: i.rc.group, Resource: i.resource}.String()
}

func (i *Informer) resyncNow() {
	if !i.synced {
		return
	}
	for _, obj := range i.store.list() {
		i.notifyUpdate(obj, obj)
	}
}

func (i *Informer) notifyAdd(obj api.Object) {
	for _, h := range i.handlers {
		if h.OnAdd != nil {
			h.OnAdd(obj)
		}
	}
}

func (i *Informer) notifyUpdate(old, obj api.Object) {
	for _, h := range i.handlers {
		if h.OnUpdate != nil {
			h.OnUpdate(old, obj)
		}
	}
}

func (i *Informer) notifyDelete(obj api.Object) {
	for _, h := range i.handlers {
		if h.OnDelete != nil {
			h.OnDelete(obj)
		}
	}
}
