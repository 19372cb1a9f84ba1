package client

import (
	"sort"

	"kubeplay/core/api"
)

// IndexFunc computes the index values of an object (client-go cache.IndexFunc).
type IndexFunc func(obj api.Object) []string

// NamespaceIndex is the name of the by-namespace index (cache.NamespaceIndex).
const NamespaceIndex = "namespace"

// MetaNamespaceIndexFunc indexes objects by namespace.
func MetaNamespaceIndexFunc(obj api.Object) []string {
	return []string{obj.GetObjectMeta().Namespace}
}

// indexer is the informer's thread-unsafe store: objects by key plus
// secondary indexes (client-go cache.Indexer).
type indexer struct {
	items    map[string]api.Object
	funcs    map[string]IndexFunc
	indices  map[string]map[string]map[string]struct{} // index → value → keys
	sorted   []string
	isSorted bool
}

func newIndexer() *indexer {
	return &indexer{
		items:   map[string]api.Object{},
		funcs:   map[string]IndexFunc{},
		indices: map[string]map[string]map[string]struct{}{},
	}
}

func (x *indexer) addIndexer(name string, fn IndexFunc) {
	x.funcs[name] = fn
	idx := map[string]map[string]struct{}{}
	x.indices[name] = idx
	for key, obj := range x.items {
		for _, v := range fn(obj) {
			addToIndex(idx, v, key)
		}
	}
}

func addToIndex(idx map[string]map[string]struct{}, value, key string) {
	set := idx[value]
	if set == nil {
		set = map[string]struct{}{}
		idx[value] = set
	}
	set[key] = struct{}{}
}

func (x *indexer) unindex(key string, obj api.Object) {
	for name, fn := range x.funcs {
		idx := x.indices[name]
		for _, v := range fn(obj) {
			if set := idx[v]; set != nil {
				delete(set, key)
				if len(set) == 0 {
					delete(idx, v)
				}
			}
		}
	}
}

func (x *indexer) index(key string, obj api.Object) {
	for name, fn := range x.funcs {
		idx := x.indices[name]
		for _, v := range fn(obj) {
			addToIndex(idx, v, key)
		}
	}
}

// put stores obj under key and returns the previous object, if any.
func (x *indexer) put(key string, obj api.Object) (old api.Object, existed bool) {
	old, existed = x.items[key]
	if existed {
		x.unindex(key, old)
	} else {
		x.isSorted = false
	}
	x.items[key] = obj
	x.index(key, obj)
	return old, existed
}

// remove deletes key and returns the object it held.
func (x *indexer) remove(key string) (old api.Object, existed bool) {
	old, existed = x.items[key]
	if !existed {
		return nil, false
	}
	x.unindex(key, old)
	delete(x.items, key)
	x.isSorted = false
	return old, true
}

func (x *indexer) clear() {
	clear(x.items)
	for name := range x.indices {
		x.indices[name] = map[string]map[string]struct{}{}
	}
	x.sorted = x.sorted[:0]
	x.isSorted = true
}

// keys returns every key in sorted order (do not modify).
func (x *indexer) keys() []string {
	if !x.isSorted {
		x.sorted = x.sorted[:0]
		for k := range x.items {
			x.sorted = append(x.sorted, k)
		}
		sort.Strings(x.sorted)
		x.isSorted = true
	}
	return x.sorted
}

func (x *indexer) list() []api.Object {
	keys := x.keys()
	out := make([]api.Object, len(keys))
	for i, k := range keys {
		out[i] = x.items[k]
	}
	return out
}

func (x *indexer) byIndex(name, value string) []api.Object {
	set := x.indices[name][value]
	if len(set) == 0 {
		return nil
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]api.Object, len(keys))
	for i, k := range keys {
		out[i] = x.items[k]
	}
	return out
}

func (x *indexer) indexKeys(name, value string) []string {
	set := x.indices[name][value]
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
