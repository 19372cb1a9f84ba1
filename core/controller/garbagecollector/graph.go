package garbagecollector

import (
	"sort"

	"kubeplay/core/api"
)

// node is one object in the ownership graph.
type node struct {
	resource string // plural resource name (pods, replicasets...)
	obj      api.Object
}

func (n *node) meta() *api.ObjectMeta { return n.obj.GetObjectMeta() }

func (n *node) deletingWith(finalizer string) bool {
	m := n.meta()
	if m.DeletionTimestamp == nil {
		return false
	}
	for _, f := range m.Finalizers {
		if f == finalizer {
			return true
		}
	}
	return false
}

// graph indexes objects by UID and dependents by owner UID.
type graph struct {
	nodes      map[string]*node
	dependents map[string]map[string]bool // owner UID -> dependent UIDs
}

func newGraph() *graph {
	return &graph{nodes: map[string]*node{}, dependents: map[string]map[string]bool{}}
}

func (g *graph) reset() {
	clear(g.nodes)
	clear(g.dependents)
}

func (g *graph) upsert(resource string, obj api.Object) (old *node) {
	uid := obj.GetObjectMeta().UID
	old = g.nodes[uid]
	if old != nil {
		g.unindex(uid, old.obj)
	}
	g.nodes[uid] = &node{resource: resource, obj: obj}
	for _, r := range obj.GetObjectMeta().OwnerReferences {
		set := g.dependents[r.UID]
		if set == nil {
			set = map[string]bool{}
			g.dependents[r.UID] = set
		}
		set[uid] = true
	}
	return old
}

func (g *graph) remove(obj api.Object) {
	uid := obj.GetObjectMeta().UID
	if n := g.nodes[uid]; n != nil {
		g.unindex(uid, n.obj)
		delete(g.nodes, uid)
	}
}

func (g *graph) unindex(uid string, obj api.Object) {
	for _, r := range obj.GetObjectMeta().OwnerReferences {
		if set := g.dependents[r.UID]; set != nil {
			delete(set, uid)
			if len(set) == 0 {
				delete(g.dependents, r.UID)
			}
		}
	}
}

// dependentsOf returns the UIDs of owner's dependents, sorted.
func (g *graph) dependentsOf(owner string) []string {
	out := make([]string, 0, len(g.dependents[owner]))
	for uid := range g.dependents[owner] {
		out = append(out, uid)
	}
	sort.Strings(out)
	return out
}
