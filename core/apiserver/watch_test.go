package apiserver

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/trace"
)

func summary(evs []request.WatchEvent) string {
	var parts []string
	for _, e := range evs {
		if e.Type == request.Error {
			parts = append(parts, "ERROR "+e.Object.(*api.Status).Message)
			continue
		}
		parts = append(parts, e.Type+" "+e.Object.GetObjectMeta().Name)
	}
	return strings.Join(parts, ", ")
}

func TestWatchDeliversChangesAfterASmallVirtualLatency(t *testing.T) {
	s, srv := newTestServer(t)
	evs, stop := collect(t, srv, &request.Request{Resource: "pods", Namespace: "default", Component: "kube-scheduler"})
	defer stop()
	start := s.Now()
	createPod(t, srv, pod("default", "web", nil))
	if len(*evs) != 0 {
		t.Fatalf("delivered synchronously: %v", summary(*evs))
	}
	var at time.Duration
	s.RunWhile(time.Second, func() bool {
		if len(*evs) > 0 && at == 0 {
			at = s.Now().Sub(start)
		}
		return len(*evs) == 0
	})
	if at < time.Millisecond || at > 3*time.Millisecond {
		t.Errorf("delivered after %v, want 1ms..3ms", at)
	}
	e := (*evs)[0]
	if e.Type != request.Added || e.Revision != srv.Store().Rev() || e.Object.GetObjectMeta().ResourceVersion != strconv.FormatInt(e.Revision, 10) {
		t.Errorf("event %s rev %d rv %s", e.Type, e.Revision, e.Object.GetObjectMeta().ResourceVersion)
	}
	var rec *trace.Record
	for _, r := range s.Trace.Records() {
		if r.Kind == trace.Watch {
			r := r
			rec = &r
		}
	}
	if rec == nil || rec.To != "kube-scheduler" || rec.Component != Component || rec.Revision != e.Revision {
		t.Errorf("watch trace record = %+v", rec)
	}
}

func TestWatchFromAResourceVersionStartsRightAfterIt(t *testing.T) {
	s, srv := newTestServer(t)
	a := createPod(t, srv, pod("default", "a", nil))
	createPod(t, srv, pod("default", "b", nil))
	createPod(t, srv, pod("default", "c", nil))
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "b"})
	tests := []struct {
		name, rv, want string
	}{
		{"from the first pod's revision", a.ResourceVersion, "ADDED b, ADDED c, DELETED b"},
		{"from now", "", ""},
		{"from zero, which also means now", "0", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			evs, stop := collect(t, srv, &request.Request{Resource: "pods", Namespace: "default", ResourceVersion: tt.rv})
			defer stop()
			settle(s)
			if got := summary(*evs); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestAWatchBeyondTheCompactedHistoryGetsOne410(t *testing.T) {
	s, srv := newTestServer(t)
	a := createPod(t, srv, pod("default", "a", nil))
	for i := 0; i < 5; i++ {
		createPod(t, srv, pod("default", fmt.Sprintf("p%d", i), nil))
	}
	compactAt := srv.Store().Rev()
	if err := srv.Store().Compact(compactAt); err != nil {
		t.Fatal(err)
	}
	evs, stop := collect(t, srv, &request.Request{Resource: "pods", Namespace: "default", ResourceVersion: a.ResourceVersion})
	defer stop()
	createPod(t, srv, pod("default", "later", nil))
	settle(s)
	want := fmt.Sprintf("ERROR too old resource version: %s (%d)", a.ResourceVersion, compactAt-1)
	if got := summary(*evs); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	st := (*evs)[0].Object.(*api.Status)
	if st.Code != 410 || st.Reason != api.StatusReasonExpired {
		t.Errorf("status %d %s", st.Code, st.Reason)
	}
	// Resuming from the compaction boundary still works.
	evs2, stop2 := collect(t, srv, &request.Request{Resource: "pods", Namespace: "default", ResourceVersion: strconv.FormatInt(compactAt-1, 10)})
	defer stop2()
	settle(s)
	if got := summary(*evs2); got != "ADDED p4, ADDED later" {
		t.Errorf("from the boundary: %q", got)
	}
}

func TestASelectorWatchSeesObjectsEnterAndLeave(t *testing.T) {
	s, srv := newTestServer(t)
	evs, stop := collect(t, srv, &request.Request{Resource: "pods", Namespace: "default", LabelSelector: "app=web"})
	defer stop()
	createPod(t, srv, pod("default", "other", map[string]string{"app": "db"}))
	createPod(t, srv, pod("default", "web", map[string]string{"app": "web"}))
	relabel := func(name, app string) {
		mustDo(t, srv, &request.Request{Verb: "patch", Resource: "pods", Namespace: "default", Name: name, PatchType: MergePatchType,
			Patch: []byte(`{"metadata":{"labels":{"app":"` + app + `"}}}`)})
	}
	relabel("web", "web2")  // leaves
	relabel("other", "web") // enters
	relabel("other", "web") // no change: no event
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "other"})
	settle(s)
	want := "ADDED web, DELETED web, ADDED other, DELETED other"
	if got := summary(*evs); got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	left := (*evs)[1].Object.(*api.Pod)
	if left.Labels["app"] != "web" || left.ResourceVersion != strconv.FormatInt((*evs)[1].Revision, 10) {
		t.Errorf("DELETED on leaving should carry the old object at the new revision: labels %v rv %s rev %d",
			left.Labels, left.ResourceVersion, (*evs)[1].Revision)
	}
}

func TestANodeWatchSeesOnlyItsPods(t *testing.T) {
	s, srv := newTestServer(t)
	mine, stop := collect(t, srv, &request.Request{User: Node("demo-worker"), Component: "kubelet/demo-worker", Resource: "pods",
		FieldSelector: "spec.nodeName=demo-worker"})
	defer stop()
	createPod(t, srv, pod("default", "a", nil))
	createPod(t, srv, pod("default", "b", nil))
	if err := bind(t, srv, "default", "a", "demo-worker"); err != nil {
		t.Fatal(err)
	}
	if err := bind(t, srv, "default", "b", "demo-worker2"); err != nil {
		t.Fatal(err)
	}
	mustDo(t, srv, &request.Request{Verb: "delete", Resource: "pods", Namespace: "default", Name: "a", GracePeriodSeconds: int64p(0)})
	settle(s)
	if got := summary(*mine); got != "ADDED a, DELETED a" {
		t.Errorf("got %q", got)
	}
	ws := srv.Watchers()
	if len(ws) != 1 || ws[0].Component != "kubelet/demo-worker" || ws[0].FieldSelector != "spec.nodeName=demo-worker" || ws[0].Delivered != 2 {
		t.Errorf("watchers = %+v", ws)
	}
	stop()
	if len(srv.Watchers()) != 0 {
		t.Errorf("stopped watcher still listed")
	}
}

func TestEventsFromOneChangeArriveInOrderAtEveryWatcher(t *testing.T) {
	s, srv := newTestServer(t)
	var lists []*[]request.WatchEvent
	for i := 0; i < 5; i++ {
		evs, stop := collect(t, srv, &request.Request{Resource: "pods", Component: fmt.Sprintf("w%d", i)})
		defer stop()
		lists = append(lists, evs)
	}
	for i := 0; i < 30; i++ {
		createPod(t, srv, pod("default", fmt.Sprintf("p%02d", i), nil))
	}
	settle(s)
	for i, evs := range lists {
		if len(*evs) != 30 {
			t.Fatalf("watcher %d got %d events", i, len(*evs))
		}
		for j := 1; j < len(*evs); j++ {
			if (*evs)[j].Revision <= (*evs)[j-1].Revision {
				t.Fatalf("watcher %d: revision %d after %d", i, (*evs)[j].Revision, (*evs)[j-1].Revision)
			}
		}
	}
}

func TestWatchIsAuthorized(t *testing.T) {
	_, srv := newTestServer(t)
	_, err := srv.Watch(&request.Request{User: request.UserInfo{Name: "alice"}, Component: "kubectl", Resource: "pods", Namespace: "default"}, func(request.WatchEvent) {})
	want := `pods is forbidden: User "alice" cannot watch resource "pods" in API group "" in the namespace "default"`
	if errText(err) != want {
		t.Errorf("got %v", err)
	}
	_, err = srv.Watch(&request.Request{User: Node("demo-worker"), Component: "kubelet/demo-worker", Resource: "pods"}, func(request.WatchEvent) {})
	if !api.IsForbidden(err) || !strings.HasSuffix(errText(err), ": can only list/watch pods with spec.nodeName field selector") {
		t.Errorf("a kubelet watching every pod: %v", err)
	}
}
