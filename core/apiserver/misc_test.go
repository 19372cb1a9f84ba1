package apiserver

import (
	"encoding/json"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
)

func TestEventsExpireAfterTheEventTTL(t *testing.T) {
	s, srv := newTestServer(t)
	ev := &api.Event{ObjectMeta: api.ObjectMeta{Name: "web.17f2a0b1c2d3e4f5", Namespace: "default"},
		InvolvedObject: api.ObjectReference{Kind: "Pod", Name: "web", Namespace: "default"}, Reason: "Scheduled", Type: "Normal"}
	mustDo(t, srv, &request.Request{Verb: "create", Resource: "events", Namespace: "default", Body: ev})
	s.Advance(59 * time.Minute)
	if _, err := do(t, srv, &request.Request{Verb: "get", Resource: "events", Namespace: "default", Name: ev.Name}); err != nil {
		t.Fatalf("gone before its TTL: %v", err)
	}
	s.Advance(3 * time.Minute)
	if _, err := do(t, srv, &request.Request{Verb: "get", Resource: "events", Namespace: "default", Name: ev.Name}); !api.IsNotFound(err) {
		t.Errorf("still there after its TTL: %v", err)
	}
}

func TestARestartedServerReloadsTheStore(t *testing.T) {
	s, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", map[string]string{"app": "web"}))
	rev := srv.Store().Rev()
	srv2 := New(s, srv.Store())
	if srv2.Store().Rev() != rev {
		t.Errorf("a restart wrote to the store: revision %d → %d", rev, srv2.Store().Rev())
	}
	p, err := getPod(t, srv2, "default", "web")
	if err != nil || p.Labels["app"] != "web" || p.ResourceVersion == "" {
		t.Fatalf("after restart: %+v %v", p, err)
	}
	evs, stop := collect(t, srv2, &request.Request{Resource: "pods", Namespace: "default", ResourceVersion: p.ResourceVersion})
	defer stop()
	createPod(t, srv2, pod("default", "api", nil))
	settle(s)
	if got := summary(*evs); got != "ADDED api" {
		t.Errorf("watch after restart: %q", got)
	}
}

func TestCopiesAreDeepAndFaithful(t *testing.T) {
	p := pod("default", "web", map[string]string{"app": "web"})
	p.Spec.Containers[0].Resources.Limits = api.ResourceList{api.ResourceCPU: api.MustParse("500m")}
	p.Spec.Containers[0].Env = []api.EnvVar{{Name: "A", Value: "1"}}
	p.Spec.TerminationGracePeriodSeconds = int64p(10)
	now := api.NewTimePtr(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
	p.DeletionTimestamp = now
	c := copyObject(p).(*api.Pod)
	a, _ := json.Marshal(p)
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Fatalf("copy differs:\n%s\n%s", a, b)
	}
	c.Labels["app"] = "changed"
	c.Spec.Containers[0].Env[0].Value = "2"
	*c.Spec.TerminationGracePeriodSeconds = 99
	c.Spec.Containers[0].Resources.Limits[api.ResourceCPU] = api.MustParse("1")
	if p.Labels["app"] != "web" || p.Spec.Containers[0].Env[0].Value != "1" || *p.Spec.TerminationGracePeriodSeconds != 10 ||
		func() string { q := p.Spec.Containers[0].Resources.Limits[api.ResourceCPU]; return q.String() }() != "500m" {
		t.Errorf("changing the copy changed the original: %+v", p)
	}
}

func TestAnEvictionDeletesThePodGracefully(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", nil))
	if err := bind(t, srv, "default", "web", "demo-worker"); err != nil {
		t.Fatal(err)
	}
	st := mustDo(t, srv, &request.Request{Verb: "create", Resource: "pods", Subresource: "eviction", Namespace: "default", Name: "web",
		Body: &api.Eviction{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"}}}).(*api.Status)
	if st.Status != "Success" || st.Code != 201 {
		t.Errorf("eviction answered %+v", st)
	}
	p, err := getPod(t, srv, "default", "web")
	if err != nil || p.DeletionTimestamp == nil {
		t.Fatalf("evicted pod: %v %v", p, err)
	}
	found := false
	for _, c := range p.Status.Conditions {
		found = found || (c.Type == api.DisruptionTarget && c.Reason == "EvictionByEvictionAPI")
	}
	if !found {
		t.Errorf("no DisruptionTarget condition: %+v", p.Status.Conditions)
	}
}

func TestStatsCountRequestsByVerbAndCode(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, pod("default", "web", nil))
	do(t, srv, &request.Request{Verb: "get", Resource: "pods", Namespace: "default", Name: "nope"})
	st := srv.Stats()
	if st.ByVerb["create"] != 1 || st.ByVerb["get"] != 1 || st.ByCode[201] != 1 || st.ByCode[404] != 1 {
		t.Errorf("stats %+v", st)
	}
}
