package seam

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/trace"
)

type etcdKey struct {
	Key            string `json:"key"`
	CreateRevision int64  `json:"createRevision"`
	ModRevision    int64  `json:"modRevision"`
	Version        int64  `json:"version"`
	Lease          int64  `json:"lease,omitempty"`
}

type etcdWatcher struct {
	Component     string `json:"component"`
	User          string `json:"user"`
	Resource      string `json:"resource"`
	Namespace     string `json:"namespace"`
	LabelSelector string `json:"labelSelector,omitempty"`
	FieldSelector string `json:"fieldSelector,omitempty"`
	Revision      int64  `json:"revision"`
	Delivered     int    `json:"delivered"`
}

type etcdView struct {
	Revision        int64         `json:"revision"`
	CompactRevision int64         `json:"compactRevision"`
	Keys            []etcdKey     `json:"keys"`
	Watchers        []etcdWatcher `json:"watchers"`
	// Groups counts the keys of every resource (/registry/<resource>/...),
	// in key order, including those whose keys were left out.
	Groups []etcdGroup `json:"groups"`
}

type etcdGroup struct {
	Resource string `json:"resource"`
	Count    int    `json:"count"`
}

// etcd(prefix, open) lists the keys under prefix ("/registry/" when empty)
// with their revisions, the number of keys of each resource, and the
// apiserver's open watches. open, a JSON array of resource names, limits the
// keys listed to those resources (the page lists only the groups a learner
// opened: thousands of Event keys need not cross to the page); without it
// every key is listed.
func (k *Core) etcd(a argList) (any, error) {
	prefix := a.str(0)
	if prefix == "" {
		prefix = "/registry/"
	}
	var open map[string]bool
	if s := a.str(1); s != "" {
		var names []string
		if err := json.Unmarshal([]byte(s), &names); err != nil {
			return nil, fmt.Errorf("etcd: open groups: %v", err)
		}
		open = make(map[string]bool, len(names))
		for _, n := range names {
			open[n] = true
		}
	}
	st := k.c.Store
	v := etcdView{Revision: st.Rev(), CompactRevision: st.CompactRevision(), Keys: []etcdKey{}, Watchers: []etcdWatcher{}, Groups: []etcdGroup{}}
	for _, kv := range st.Keys(prefix) {
		res := registryResource(kv.Key)
		if n := len(v.Groups); n == 0 || v.Groups[n-1].Resource != res {
			v.Groups = append(v.Groups, etcdGroup{Resource: res})
		}
		v.Groups[len(v.Groups)-1].Count++
		if open != nil && !open[res] {
			continue
		}
		v.Keys = append(v.Keys, etcdKey{Key: kv.Key, CreateRevision: kv.CreateRevision, ModRevision: kv.ModRevision,
			Version: kv.Version, Lease: kv.Lease})
	}
	for _, w := range k.c.Server.Watchers() {
		v.Watchers = append(v.Watchers, etcdWatcher{Component: w.Component, User: w.User, Resource: w.Resource,
			Namespace: w.Namespace, LabelSelector: w.LabelSelector, FieldSelector: w.FieldSelector,
			Revision: w.LastRevision, Delivered: w.Delivered})
	}
	return v, nil
}

// registryResource is the resource part of /registry/<resource>/..., or of
// /registry/<group>/<resource>/... (apiextensions-apiserver's keys: CRDs and
// custom resources, whose group has dots where resource names have none).
func registryResource(key string) string {
	rest := strings.TrimPrefix(key, "/registry/")
	i := strings.IndexByte(rest, '/')
	if i < 0 {
		return rest
	}
	if strings.Contains(rest[:i], ".") {
		if j := strings.IndexByte(rest[i+1:], '/'); j >= 0 {
			return rest[:i+1+j]
		}
	}
	return rest[:i]
}

type etcdValueView struct {
	etcdKey
	YAML  string `json:"yaml"`
	Bytes int    `json:"bytes"`
}

// etcdValue(key) shows one key's current value as YAML.
func (k *Core) etcdValue(a argList) (any, error) {
	kv, err := k.c.Store.Get(a.str(0), 0)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", a.str(0), err)
	}
	v := etcdValueView{etcdKey: etcdKey{Key: kv.Key, CreateRevision: kv.CreateRevision, ModRevision: kv.ModRevision,
		Version: kv.Version, Lease: kv.Lease}, Bytes: len(kv.Value)}
	if obj, err := api.Decode(kv.Value); err == nil {
		v.YAML = string(api.EncodeYAML(obj))
	} else if co, err := api.DecodeCustom(kv.Value); err == nil && co.Kind != "" {
		v.YAML = string(api.EncodeYAML(co))
	} else {
		v.YAML = string(kv.Value)
	}
	return v, nil
}

type etcdLogRow struct {
	Revision int64  `json:"revision"`
	Type     string `json:"type"`
	Key      string `json:"key"`
}

// MaxEtcdLog bounds one etcdLog answer (the newest entries are kept).
const MaxEtcdLog = 2000

// etcdLog(sinceRev) lists the retained changes after sinceRev.
func (k *Core) etcdLog(a argList) (any, error) {
	from := int64(a.num(0)) + 1
	if rev := k.c.Store.Rev(); rev-from+1 > MaxEtcdLog {
		from = rev - MaxEtcdLog + 1
	}
	rows := []etcdLogRow{}
	for _, e := range k.c.Store.Log(from) {
		rows = append(rows, etcdLogRow{Revision: e.KV.ModRevision, Type: e.Type.String(), Key: e.KV.Key})
	}
	return rows, nil
}

// etcdWrite is one retained write of a key, classified: which parts of the
// object it changed (etcd holds both the desired state, spec, and the
// observed state, status) and who wrote it (the client of the request that
// made the write, from the trace).
type etcdWrite struct {
	Revision int64  `json:"revision"`
	Type     string `json:"type"`
	// Parts are the top-level parts the write changed, of "metadata",
	// "spec" and "status" (all present parts for a create; none for a delete).
	Parts []string `json:"parts"`
	// Fields are the changed fields one level down: spec.nodeName,
	// status.phase, metadata.labels...
	Fields []string `json:"fields"`
	// Writer is the client component (kubectl, kube-controller-manager's
	// controller, kube-scheduler, kubelet/<node>); Verb and Resource are its
	// request's (pods/binding, pods/status). Empty when the trace no longer
	// holds the request.
	Writer   string `json:"writer,omitempty"`
	Verb     string `json:"verb,omitempty"`
	Resource string `json:"resource,omitempty"`
}

// MaxEtcdHistory bounds one etcdHistory answer (the newest writes are kept).
const MaxEtcdHistory = 200

// etcdHistory(key) lists the retained writes of one key, oldest first, each
// with the parts it changed and its writer.
func (k *Core) etcdHistory(a argList) (any, error) {
	key := a.str(0)
	if key == "" {
		return nil, fmt.Errorf("etcdHistory: no key")
	}
	st := k.c.Store
	out := []etcdWrite{}
	for _, e := range st.Log(st.CompactRevision() + 1) {
		if e.KV.Key != key {
			continue
		}
		w := etcdWrite{Revision: e.KV.ModRevision, Type: e.Type.String(), Parts: []string{}, Fields: []string{}}
		var prev []byte
		if e.PrevKV != nil {
			prev = e.PrevKV.Value()
		}
		w.Parts, w.Fields = changedParts(prev, e.KV.Value())
		out = append(out, w)
	}
	if len(out) > MaxEtcdHistory {
		out = out[len(out)-MaxEtcdHistory:]
	}
	writers := writersOf(k.c.Sim.Trace.Records(), out)
	for i := range out {
		if r, ok := writers[out[i].Revision]; ok {
			out[i].Writer, out[i].Verb, out[i].Resource = r.From, r.Verb, r.Resource
		}
	}
	return out, nil
}

// writersOf maps the revisions of ws to the Request record each write's
// request arrived as: the sim runs one request at a time, so a Write record
// belongs to the last Request before it.
func writersOf(recs []trace.Record, ws []etcdWrite) map[int64]trace.Record {
	want := make(map[int64]bool, len(ws))
	for _, w := range ws {
		want[w.Revision] = true
	}
	found := map[int64]trace.Record{}
	var req *trace.Record
	for i := range recs {
		switch r := &recs[i]; r.Kind {
		case trace.Request:
			req = r
		case trace.Write:
			if want[r.Revision] && req != nil {
				found[r.Revision] = *req
			}
		}
	}
	return found
}

// objectParts are the top-level parts of a stored object that changedParts tells apart.
var objectParts = []string{"metadata", "spec", "status"}

// changedParts compares two stored values (either may be empty: a create, a
// delete) part by part, and field by field one level down. resourceVersion is
// not stored in the value and is ignored if it is.
func changedParts(prev, cur []byte) (parts, fields []string) {
	parts, fields = []string{}, []string{}
	if len(cur) == 0 {
		return
	}
	a, b := topLevel(prev), topLevel(cur)
	for _, p := range objectParts {
		pa, pb := a[p], b[p]
		delete(pa, "resourceVersion")
		delete(pb, "resourceVersion")
		var names []string
		for f, v := range pb {
			if w, ok := pa[f]; !ok || string(w) != string(v) {
				names = append(names, p+"."+f)
			}
		}
		for f := range pa {
			if _, ok := pb[f]; !ok {
				names = append(names, p+"."+f)
			}
		}
		if len(names) == 0 {
			continue
		}
		sort.Strings(names)
		parts = append(parts, p)
		fields = append(fields, names...)
	}
	return
}

// topLevel decodes a stored value into part -> field -> raw JSON.
func topLevel(v []byte) map[string]map[string]json.RawMessage {
	out := map[string]map[string]json.RawMessage{}
	if len(v) == 0 {
		return out
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(v, &obj) != nil {
		o, err := api.Decode(v)
		if err != nil {
			return out
		}
		b, err := json.Marshal(o)
		if err != nil || json.Unmarshal(b, &obj) != nil {
			return out
		}
	}
	for _, p := range objectParts {
		var m map[string]json.RawMessage
		if json.Unmarshal(obj[p], &m) == nil && m != nil {
			out[p] = m
		}
	}
	return out
}
