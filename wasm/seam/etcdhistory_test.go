package seam

import (
	"slices"
	"strings"
	"testing"
)

// A Pod's writes in etcd tell the desired state from the observed one: the
// ReplicaSet controller writes its spec, kube-scheduler's binding sets
// spec.nodeName, and the kubelet writes status.
func TestEtcdHistoryTellsSpecFromStatusAndNamesTheWriter(t *testing.T) {
	k := started(t)
	call(t, k, nil, "apply", "deploy.yaml", nginx)
	call(t, k, nil, "advance", 30000.0, 10000.0)
	var v etcdView
	call(t, k, &v, "etcd", "/registry/pods/default/")
	if len(v.Keys) == 0 {
		t.Fatalf("no Pods: %+v", v)
	}
	var ws []etcdWrite
	call(t, k, &ws, "etcdHistory", v.Keys[0].Key)
	if len(ws) < 3 {
		t.Fatalf("etcdHistory: %+v", ws)
	}
	first := ws[0]
	if first.Writer != "kube-controller-manager/replicaset-controller" || first.Verb != "create" || first.Resource != "pods" ||
		!slices.Contains(first.Parts, "spec") || !slices.Contains(first.Fields, "spec.containers") {
		t.Errorf("first write: %+v", first)
	}
	var bound, status bool
	for _, w := range ws[1:] {
		switch {
		case w.Resource == "pods/binding":
			bound = slices.Contains(w.Fields, "spec.nodeName") && w.Writer == "kube-scheduler"
			if !bound {
				t.Errorf("binding write: %+v", w)
			}
		case w.Resource == "pods/status" && strings.HasPrefix(w.Writer, "kubelet"):
			if !slices.Equal(w.Parts, []string{"status"}) {
				t.Errorf("kubelet status write changed %v: %+v", w.Parts, w)
			}
			status = true
		}
	}
	if !bound || !status {
		t.Errorf("no binding (%v) or kubelet status write (%v): %+v", bound, status, ws)
	}
	if s := call(t, k, nil, "etcdHistory", ""); !strings.Contains(s, "no key") {
		t.Errorf("etcdHistory without a key: %s", s)
	}
}
