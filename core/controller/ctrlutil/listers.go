package ctrlutil

import (
	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
)

// NamespaceIndexed adds the by-namespace index to a shared informer (a
// no-op re-add when another controller did it first) and returns it.
func NamespaceIndexed(inf *client.Informer) *client.Informer {
	inf.AddIndexer(client.NamespaceIndex, client.MetaNamespaceIndexFunc)
	return inf
}

// ListIn returns the cached objects of namespace, typed, in key order.
func ListIn[T api.Object](inf *client.Informer, namespace string) []T {
	var objs []api.Object
	if namespace == "" {
		objs = inf.List()
	} else {
		objs = inf.ByIndex(client.NamespaceIndex, namespace)
	}
	out := make([]T, 0, len(objs))
	for _, o := range objs {
		if t, ok := o.(T); ok {
			out = append(out, t)
		}
	}
	return out
}

// ActivePodsIn returns the cached active pods (IsPodActive) of namespace,
// in key order: ListIn and FilterActivePods in one pass and one slice.
func ActivePodsIn(inf *client.Informer, namespace string) []*api.Pod {
	var objs []api.Object
	if namespace == "" {
		objs = inf.List()
	} else {
		objs = inf.ByIndex(client.NamespaceIndex, namespace)
	}
	out := make([]*api.Pod, 0, len(objs))
	for _, o := range objs {
		if p, ok := o.(*api.Pod); ok && IsPodActive(p) {
			out = append(out, p)
		}
	}
	return out
}

// Get returns the cached object ns/name, typed.
func Get[T api.Object](inf *client.Informer, namespace, name string) (T, bool) {
	var zero T
	obj, ok := inf.Get(namespace, name)
	if !ok {
		return zero, false
	}
	t, ok := obj.(T)
	return t, ok
}

// Selector converts a LabelSelector; a nil selector selects nothing and a
// malformed one is an error (metav1.LabelSelectorAsSelector).
func Selector(ls *api.LabelSelector) (labels.Selector, error) {
	if ls == nil {
		return labels.Nothing(), nil
	}
	return labels.SelectorFromLabelSelector(ls)
}
