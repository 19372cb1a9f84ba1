package apiserver

import (
	"fmt"
	"sort"
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/trace"
)

// watcher is one client watch.
type watcher struct {
	id        int
	component string
	user      string
	r         *resource
	ns, name  string
	labels    labelSelector
	fields    fieldSelector
	node      string // indexed by spec.nodeName (pods)
	indexed   bool
	fn        func(request.WatchEvent)
	stopped   bool
	last      time.Time // due time of the last scheduled delivery (keeps order)
	lastRev   int64
	// fromRev is the revision the watch started after (its resourceVersion,
	// or the store's revision for a watch "from now").
	fromRev   int64
	delivered int
	timerName string
}

// WatcherInfo describes an open watch, for the UI.
type WatcherInfo struct {
	Component     string
	User          string
	Resource      string // "pods", "deployments.apps"
	Namespace     string
	LabelSelector string
	FieldSelector string
	LastRevision  int64
	Delivered     int
}

func (w *watcher) matches(obj api.Object) bool {
	m := obj.GetObjectMeta()
	if w.ns != "" && m.Namespace != w.ns {
		return false
	}
	if w.name != "" && m.Name != w.name {
		return false
	}
	if !matchLabels(w.labels, m.Labels) {
		return false
	}
	return len(w.fields) == 0 || w.fields.matches(w.r, obj)
}

// Watch opens a watch (GET ...?watch=true). The request passes
// authentication and authorization (verb "watch") synchronously; errors are
// returned at once. Notifications are then delivered to fn as sim events, a
// small virtual latency after each change, in revision order, each traced as
// a `watch` record. Objects in events are shared: do not modify them.
//
// ResourceVersion "" or "0" watches from now; a revision X delivers every
// change after X (X+1 onwards). A revision older than the watch cache's
// window yields a single ERROR event carrying a 410 Expired Status
// (`too old resource version: X (Y)`), after which nothing more arrives.
func (s *Server) Watch(req *request.Request, fn func(request.WatchEvent)) (stop func(), err error) {
	req.Verb = "watch"
	s.stats.Watches++
	ctx, err := s.begin(req)
	if err != nil {
		s.finish(ctx, nil, err)
		return func() {}, err
	}
	r := ctx.r
	if !hasVerb(r.info, "watch") {
		// A storage that cannot watch (componentstatuses): the list handler refuses ?watch=true.
		err = api.NewMethodNotSupported(r.gr, "watch")
		s.finish(ctx, nil, err)
		return func() {}, err
	}
	w := &watcher{component: req.Component, user: ctx.user.Name, r: r, ns: req.Namespace, name: req.Name, fn: fn}
	if w.labels, err = parseLabelSelector(req.LabelSelector); err != nil {
		err = api.NewBadRequest(err.Error())
		s.finish(ctx, nil, err)
		return func() {}, err
	}
	if w.fields, err = s.parseFields(r, req); err != nil {
		s.finish(ctx, nil, err)
		return func() {}, err
	}
	if n, ok := w.fields.exact("metadata.name"); ok && w.name == "" {
		w.name = n
	}
	s.watchSeq++
	w.id = s.watchSeq
	w.timerName = "watch " + r.gr.String() + " → " + w.component
	stop = func() { s.stopWatch(w) }

	var rv int64
	if req.ResourceVersion != "" && req.ResourceVersion != "0" {
		rv, err = strconv.ParseInt(req.ResourceVersion, 10, 64)
		if err != nil || rv < 0 {
			err = api.NewBadRequest(fmt.Sprintf("invalid resource version: %s", req.ResourceVersion))
			s.finish(ctx, nil, err)
			return func() {}, err
		}
	}
	r.cache.evict(s.sim.Now(), s.store.CompactRevision())
	if rv > 0 && rv < r.cache.oldest-1 {
		// The cacher answers 200 and streams one ERROR event.
		s.finish(ctx, nil, nil)
		se := api.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", rv, r.cache.oldest-1))
		s.deliver(w, request.WatchEvent{Type: request.Error, Object: &se.ErrStatus})
		w.stopped = true
		return stop, nil
	}
	s.finish(ctx, nil, nil)
	w.fromRev = rv
	if rv == 0 {
		w.fromRev = s.store.Rev()
	}
	if rv > 0 {
		for _, rec := range r.cache.since(rv) {
			if e, ok := s.replay(r, rec.rev); ok {
				for _, d := range s.offer(nil, w, e) {
					s.deliver(d.w, d.ev)
				}
			}
		}
	}
	s.addWatcher(w)
	return stop, nil
}

func (s *Server) addWatcher(w *watcher) {
	r := w.r
	if r.byNode != nil {
		if n, ok := w.fields.exact("spec.nodeName"); ok {
			w.node, w.indexed = n, true
			r.byNode[n] = append(r.byNode[n], w)
			return
		}
	}
	r.watchers = append(r.watchers, w)
}

func (s *Server) stopWatch(w *watcher) {
	if w.stopped {
		return
	}
	w.stopped = true
	remove := func(ws []*watcher) []*watcher {
		for i, x := range ws {
			if x == w {
				return append(ws[:i:i], ws[i+1:]...)
			}
		}
		return ws
	}
	if w.indexed {
		w.r.byNode[w.node] = remove(w.r.byNode[w.node])
		if len(w.r.byNode[w.node]) == 0 {
			delete(w.r.byNode, w.node)
		}
		return
	}
	w.r.watchers = remove(w.r.watchers)
}

// deliver schedules one notification to w after a small virtual latency
// (see latency), never before the previous one. It serves what concerns one
// watcher alone: the replay of a watch started from a revision, and the
// ERROR of an expired one. A change fans out through fanOut.
func (s *Server) deliver(w *watcher, ev request.WatchEvent) {
	at := s.dueAfter(w, s.latency())
	w.last = at
	s.sim.After(at.Sub(s.sim.Now()), w.timerName, func() {
		if w.stopped && ev.Type != request.Error {
			return
		}
		s.notify(w, ev)
		w.fn(ev)
	})
}

// latency draws one watch delivery's virtual latency: 1ms plus up to 2ms.
func (s *Server) latency() time.Duration {
	return time.Millisecond + time.Duration(s.sim.Rand().IntN(2001))*time.Microsecond
}

// dueAfter is now+lat, or w's last delivery if that is later (a watcher
// sees its notifications in revision order).
func (s *Server) dueAfter(w *watcher, lat time.Duration) time.Time {
	at := s.sim.Now().Add(lat)
	if at.Before(w.last) {
		at = w.last
	}
	return at
}

// notify counts and traces one notification to w.
func (s *Server) notify(w *watcher, ev request.WatchEvent) {
	w.lastRev = ev.Revision
	w.delivered++
	s.stats.WatchEvents++
	if !s.traceOn() {
		return
	}
	m := ev.Object.GetObjectMeta()
	rec := trace.Record{Kind: trace.Watch, From: Component, To: w.component, Verb: ev.Type,
		Resource: w.r.gr.String(), Namespace: m.Namespace, Name: m.Name, Revision: ev.Revision}
	if ev.Type == request.Error {
		rec.Message = fmt.Sprintf("watch %s → %s: ERROR %s", w.r.gr, w.component, ev.Object.(*api.Status).Message)
	} else {
		rec.Message = fmt.Sprintf("watch %s → %s: %s %s (revision %d)", w.r.gr, w.component, ev.Type, objectName(m), ev.Revision)
	}
	s.trace(rec)
}

// delivery is one watcher's share of a change.
type delivery struct {
	w  *watcher
	ev request.WatchEvent
}

// fanOut delivers one change to all the watchers it concerns in one sim
// event, as the watch cache's dispatch loop hands an event to every watcher
// together: each watcher's latency is drawn as for a lone delivery, and the
// change reaches them all when the slowest would have had it (never before
// any of them saw its previous notification). Every notification is traced
// first, then the watchers' handlers run in the order the watches opened, so
// the trace shows one change reaching its watchers before anyone reacts.
func (s *Server) fanOut(r *resource, ds []delivery) {
	if len(ds) == 0 {
		return
	}
	var at time.Time
	for _, d := range ds {
		if t := s.dueAfter(d.w, s.latency()); t.After(at) {
			at = t
		}
	}
	for _, d := range ds {
		d.w.last = at
	}
	s.sim.After(at.Sub(s.sim.Now()), "watch "+r.gr.String(), func() {
		live := ds[:0:0]
		for _, d := range ds {
			if !d.w.stopped {
				s.notify(d.w, d.ev)
				live = append(live, d)
			}
		}
		for _, d := range live {
			if !d.w.stopped {
				d.w.fn(d.ev)
			}
		}
	})
}

func objectName(m *api.ObjectMeta) string {
	if m.Namespace != "" {
		return m.Namespace + "/" + m.Name
	}
	return m.Name
}

// Watchers lists the open watches, oldest first.
func (s *Server) Watchers() []WatcherInfo {
	var ws []*watcher
	for _, r := range s.resources {
		ws = append(ws, r.watchers...)
		for _, l := range r.byNode {
			ws = append(ws, l...)
		}
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].id < ws[j].id })
	out := make([]WatcherInfo, len(ws))
	for i, w := range ws {
		ls := ""
		if w.labels != nil {
			ls = w.labels.String()
		}
		out[i] = WatcherInfo{Component: w.component, User: w.user, Resource: w.r.gr.String(), Namespace: w.ns,
			LabelSelector: ls, FieldSelector: w.fields.String(), LastRevision: w.lastRev, Delivered: w.delivered}
	}
	return out
}
