package apiserver

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

// render is a watch event as a client sees it: type, revision and the
// object's JSON.
func render(evs []request.WatchEvent) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = fmt.Sprintf("%s @%d %s", e.Type, e.Revision, api.EncodeJSON(e.Object))
	}
	return out
}

func TestAWatchReplayedFromHistorySeesWhatALiveWatchSaw(t *testing.T) {
	watches := []struct {
		name string
		req  request.Request
	}{
		{"every pod", request.Request{Resource: "pods"}},
		{"pods labelled app=web", request.Request{Resource: "pods", Namespace: "default", LabelSelector: "app=web"}},
		{"pods on node-a", request.Request{Resource: "pods", FieldSelector: "spec.nodeName=node-a"}},
		{"one pod by name", request.Request{Resource: "pods", Namespace: "default", FieldSelector: "metadata.name=web-1"}},
	}
	s, srv := newTestServer(t)
	start := strconv.FormatInt(srv.Store().Rev(), 10)
	live := make([]*[]request.WatchEvent, len(watches))
	for i, w := range watches {
		req := w.req
		evs, stop := collect(t, srv, &req)
		defer stop()
		live[i] = evs
	}
	// Pods enter and leave each selection: labels change, pods are bound,
	// deleted and created again under the same name.
	createPod(t, srv, pod("default", "web-1", map[string]string{"app": "web"}))
	createPod(t, srv, pod("default", "web-2", map[string]string{"app": "web"}))
	createPod(t, srv, pod("kube-system", "dns", nil))
	if err := bind(t, srv, "default", "web-1", "node-a"); err != nil {
		t.Fatal(err)
	}
	if err := bind(t, srv, "kube-system", "dns", "node-a"); err != nil {
		t.Fatal(err)
	}
	p, _ := getPod(t, srv, "default", "web-2")
	p.Labels = map[string]string{"app": "db"}
	mustDo(t, srv, &request.Request{Verb: "update", Resource: "pods", Namespace: "default", Name: "web-2", Body: p})
	zero := int64(0)
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "web-1", GracePeriodSeconds: &zero})
	createPod(t, srv, pod("default", "web-1", map[string]string{"app": "web"}))
	settle(s)

	for i, w := range watches {
		t.Run(w.name, func(t *testing.T) {
			want := render(*live[i])
			if len(want) == 0 {
				t.Fatal("the live watch saw nothing")
			}
			req := w.req
			req.ResourceVersion = start
			evs, stop := collect(t, srv, &req)
			defer stop()
			settle(s)
			if got := render(*evs); strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("replayed watch differs:\n got %s\nwant %s", strings.Join(got, "\n     "), strings.Join(want, "\n     "))
			}
		})
	}
}
