package client

import (
	"sort"
	"time"
)

// InformerFactory hands out one shared Informer per resource and namespace,
// as client-go's SharedInformerFactory does: all controllers of
// kube-controller-manager share one pods watch.
type InformerFactory struct {
	c         *Client
	resync    time.Duration
	informers map[string]*Informer
	started   bool
}

// NewInformerFactory returns a factory whose informers list and watch
// through c and resync every resync (0 = never).
func NewInformerFactory(c *Client, resync time.Duration) *InformerFactory {
	return &InformerFactory{c: c, resync: resync, informers: map[string]*Informer{}}
}

// Informer returns the shared informer for resource in namespace ("" = all),
// creating it on first use. An informer created after Start is started at once.
func (f *InformerFactory) Informer(resource, namespace string) *Informer {
	_, plural := groupOf(resource)
	key := plural + "/" + namespace
	if inf, ok := f.informers[key]; ok {
		return inf
	}
	inf := NewInformer(f.c, plural, namespace, ListOptions{}, f.resync)
	f.informers[key] = inf
	if f.started {
		inf.Run()
	}
	return inf
}

// Start runs every informer not yet running, in resource order.
func (f *InformerFactory) Start() {
	f.started = true
	for _, k := range f.keys() {
		f.informers[k].Run()
	}
}

// Stop stops every informer (their caches are forgotten).
func (f *InformerFactory) Stop() {
	f.started = false
	for _, k := range f.keys() {
		f.informers[k].Stop()
	}
}

// HasSynced reports whether every informer has delivered its initial list.
func (f *InformerFactory) HasSynced() bool {
	for _, inf := range f.informers {
		if !inf.HasSynced() {
			return false
		}
	}
	return true
}

func (f *InformerFactory) keys() []string {
	keys := make([]string, 0, len(f.informers))
	for k := range f.informers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
