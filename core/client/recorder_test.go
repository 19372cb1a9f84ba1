package client

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/sim"
)

// storedEvents returns the events the fake server holds, sorted by name.
func storedEvents(f *fakeServer) []*api.Event {
	var out []*api.Event
	for _, o := range f.objs {
		if e, ok := o.(*api.Event); ok {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func countVerbs(f *fakeServer, verb string) int {
	n := 0
	for _, r := range f.requests {
		if r.Resource == "events" && r.Verb == verb {
			n++
		}
	}
	return n
}

func createdPod(t *testing.T, c *Client) *api.Pod {
	t.Helper()
	obj := mustCreate(t, c, "default", "web")
	return obj.(*api.Pod)
}

func TestRecorderWritesAnEventLikeClientGo(t *testing.T) {
	s, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	r := NewRecorder(c, "kubelet", "demo-worker")
	r.EventWithFieldPath(pod, "spec.containers{nginx}", api.EventTypeNormal, "Pulling", `Pulling image "nginx"`)
	evs := storedEvents(f)
	if len(evs) != 1 {
		t.Fatalf("want one event, got %d", len(evs))
	}
	e := evs[0]
	checks := []struct {
		what      string
		got, want any
	}{
		{"name", e.Name, fmt.Sprintf("web.%x", sim.Epoch.UnixNano())},
		{"namespace", e.Namespace, "default"},
		{"involvedObject", e.InvolvedObject, api.ObjectReference{Kind: "Pod", APIVersion: "v1", Namespace: "default", Name: "web",
			UID: pod.UID, ResourceVersion: pod.ResourceVersion, FieldPath: "spec.containers{nginx}"}},
		{"source", e.Source, api.EventSource{Component: "kubelet", Host: "demo-worker"}},
		{"reportingController", e.ReportingController, "kubelet"},
		{"reportingInstance", e.ReportingInstance, "demo-worker"},
		{"count", e.Count, int32(1)},
		{"firstTimestamp", e.FirstTimestamp.Time, sim.Epoch},
		{"lastTimestamp", e.LastTimestamp.Time, sim.Epoch},
		{"type", e.Type, "Normal"},
		{"reason", e.Reason, "Pulling"},
		{"message", e.Message, `Pulling image "nginx"`},
	}
	for _, ch := range checks {
		if ch.got != ch.want {
			t.Errorf("%s = %v, want %v", ch.what, ch.got, ch.want)
		}
	}
	_ = s
}

func TestRecorderNamesAreUniqueWithinOneInstant(t *testing.T) {
	_, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	kubelet := NewRecorder(c, "kubelet", "demo-worker")
	other := NewRecorder(c, "other-controller", "")
	kubelet.Event(pod, api.EventTypeNormal, "Created", "Container created")
	kubelet.Event(pod, api.EventTypeNormal, "Started", "Container started")
	other.Event(pod, api.EventTypeNormal, "Something", "from another recorder, same instant")
	var names []string
	for _, e := range storedEvents(f) {
		names = append(names, e.Name)
	}
	base := sim.Epoch.UnixNano()
	want := []string{fmt.Sprintf("web.%x", base), fmt.Sprintf("web.%x", base+1), fmt.Sprintf("web.%x", base+2)}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("names = %v, want %v", names, want)
	}
}

func TestRecorderCountsRepeats(t *testing.T) {
	s, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	r := NewRecorder(c, "kubelet", "demo-worker")
	for i := 0; i < 3; i++ {
		r.Event(pod, api.EventTypeWarning, "BackOff", "Back-off restarting failed container app in pod web_default(uid-1)")
		s.Advance(20 * time.Second)
	}
	evs := storedEvents(f)
	if len(evs) != 1 {
		t.Fatalf("repeats must update one event, got %d events", len(evs))
	}
	e := evs[0]
	if e.Count != 3 || !e.FirstTimestamp.Time.Equal(sim.Epoch) || !e.LastTimestamp.Time.Equal(sim.Epoch.Add(40*time.Second)) {
		t.Errorf("count=%d first=%v last=%v", e.Count, e.FirstTimestamp, e.LastTimestamp)
	}
	if countVerbs(f, "patch") != 2 || countVerbs(f, "create") != 1 {
		t.Errorf("want 1 create and 2 patches, got %d and %d", countVerbs(f, "create"), countVerbs(f, "patch"))
	}
}

func TestRecorderRecreatesARepeatWhoseEventExpired(t *testing.T) {
	s, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	r := NewRecorder(c, "kubelet", "demo-worker")
	r.Event(pod, api.EventTypeNormal, "Pulled", "x")
	name := storedEvents(f)[0].Name
	_, _ = c.Resource("events").Namespace("default").Delete(name, DeleteOptions{}) // --event-ttl
	s.Advance(time.Hour)
	r.Event(pod, api.EventTypeNormal, "Pulled", "x")
	evs := storedEvents(f)
	if len(evs) != 1 || evs[0].Name != name || evs[0].Count != 2 {
		t.Errorf("client-go re-creates the event under its old name with the new count; got %+v", evs)
	}
}

func TestRecorderWritesClusterScopedObjectsEventsToDefault(t *testing.T) {
	_, f, c := newFakeClient(1)
	node := &api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker", UID: "n-uid"}}
	NewRecorder(c, "node-controller", "").Eventf(node, api.EventTypeNormal, "RegisteredNode", "Node %s event: Registered Node %s in Controller", "demo-worker", "demo-worker")
	evs := storedEvents(f)
	if len(evs) != 1 || evs[0].Namespace != "default" || evs[0].InvolvedObject.Kind != "Node" || evs[0].InvolvedObject.Namespace != "" {
		t.Errorf("node event = %+v", evs)
	}
}

func TestRecorderCombinesTheTenthSimilarEvent(t *testing.T) {
	s, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	r := NewRecorder(c, "kubelet", "demo-worker")
	for i := 1; i <= 11; i++ {
		r.Event(pod, api.EventTypeWarning, "Failed", fmt.Sprintf("Error: attempt %d", i))
		s.Advance(time.Second)
	}
	evs := storedEvents(f)
	if len(evs) != 10 {
		t.Fatalf("9 plain events and 1 combined one, got %d", len(evs))
	}
	last := evs[len(evs)-1]
	if last.Message != "(combined from similar events): Error: attempt 11" || last.Count != 2 {
		t.Errorf("combined event: message %q count %d", last.Message, last.Count)
	}
}

func TestRecorderSpamFilterAllows25ThenOnePerFiveMinutes(t *testing.T) {
	s, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	r := NewRecorder(c, "kubelet", "demo-worker")
	emit := func(n int) {
		for i := 0; i < n; i++ {
			r.Event(pod, api.EventTypeNormal, fmt.Sprintf("Reason%d", i), "m")
		}
	}
	emit(30)
	if n := len(storedEvents(f)); n != 25 {
		t.Errorf("a burst of 25 events per source and object, got %d", n)
	}
	s.Advance(299 * time.Second)
	emit(1)
	if n := len(storedEvents(f)); n != 25 {
		t.Errorf("no token before 5 minutes, got %d events", n)
	}
	s.Advance(time.Second)
	r.Event(pod, api.EventTypeNormal, "Fresh", "m")
	if n := len(storedEvents(f)); n != 26 {
		t.Errorf("one token after 5 minutes, got %d events", n)
	}
}

func TestRecorderIgnoresUnknownEventTypes(t *testing.T) {
	_, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	NewRecorder(c, "kubelet", "").Event(pod, "Info", "X", "y")
	if n := len(storedEvents(f)); n != 0 {
		t.Errorf("only Normal and Warning are recorded, got %d events", n)
	}
}

func TestEventsRecorderUsesSeriesForRepeats(t *testing.T) {
	s, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	r := NewEventsRecorder(c, "default-scheduler", "default-scheduler-demo-control-plane")
	msg := "0/3 nodes are available: 3 Insufficient cpu."
	r.Eventf(pod, nil, api.EventTypeWarning, "FailedScheduling", "Scheduling", msg)

	e := storedEvents(f)[0]
	if e.Name != fmt.Sprintf("web.%x", sim.Epoch.UnixNano()) || e.Action != "Scheduling" || e.ReportingController != "default-scheduler" ||
		e.ReportingInstance != "default-scheduler-demo-control-plane" || !e.EventTime.Time.Equal(sim.Epoch) ||
		e.Count != 0 || e.Source != (api.EventSource{}) || !e.FirstTimestamp.IsZero() || e.Series != nil {
		t.Fatalf("first occurrence = %+v", e)
	}

	s.Advance(10 * time.Second)
	r.Eventf(pod, nil, api.EventTypeWarning, "FailedScheduling", "Scheduling", msg)
	e = storedEvents(f)[0]
	if e.Series == nil || e.Series.Count != 2 || !e.Series.LastObservedTime.Time.Equal(sim.Epoch.Add(10*time.Second)) {
		t.Fatalf("the second occurrence starts a series, got %+v", e.Series)
	}

	s.Advance(10 * time.Second)
	patches := countVerbs(f, "patch")
	r.Eventf(pod, nil, api.EventTypeWarning, "FailedScheduling", "Scheduling", msg)
	if countVerbs(f, "patch") != patches {
		t.Errorf("later occurrences only update the series in memory")
	}
	s.Advance(SeriesRefresh)
	e = storedEvents(f)[0]
	if e.Series.Count != 3 || !e.Series.LastObservedTime.Time.Equal(sim.Epoch.Add(20*time.Second)) {
		t.Errorf("the refresh writes the series, got %+v", e.Series)
	}

	s.Advance(2 * SeriesRefresh) // not seen for >6m: forgotten
	r.Eventf(pod, nil, api.EventTypeWarning, "FailedScheduling", "Scheduling", msg)
	if n := len(storedEvents(f)); n != 2 {
		t.Errorf("an occurrence after the series finished starts a new event, got %d events", n)
	}
	if len(storedEvents(f)) == 2 && storedEvents(f)[1].Series != nil {
		t.Errorf("a new event has no series")
	}
}

func TestEventsRecorderRelatedAndBindingEvent(t *testing.T) {
	_, f, c := newFakeClient(1)
	pod := createdPod(t, c)
	node := &api.Node{ObjectMeta: api.ObjectMeta{Name: "demo-worker"}}
	r := NewEventsRecorder(c, "default-scheduler", "default-scheduler-demo-control-plane")
	r.Eventf(pod, node, api.EventTypeNormal, "Scheduled", "Binding", "Successfully assigned %v/%v to %v", "default", "web", "demo-worker")
	e := storedEvents(f)[0]
	if e.Message != "Successfully assigned default/web to demo-worker" || e.Action != "Binding" || e.Related == nil || e.Related.Kind != "Node" {
		t.Errorf("scheduled event = %+v", e)
	}
}

// TestIsomorphicHashIsTheKeysHash keeps the recorder's cache lookup
// (isomorphicHash, isomorphic) equal to comparing isomorphicKey strings.
func TestIsomorphicHashIsTheKeysHash(t *testing.T) {
	fnv := func(s string) uint64 {
		h := uint64(14695981039346656037)
		for i := 0; i < len(s); i++ {
			h = (h ^ uint64(s[i])) * 1099511628211
		}
		return h
	}
	a := &api.Event{Action: "Binding", Reason: "Scheduled", Message: "m", ReportingController: "default-scheduler",
		InvolvedObject: api.ObjectReference{Kind: "Pod", Name: "p", Namespace: "default", UID: "u"}}
	b := *a
	b.Related = &api.ObjectReference{Kind: "Node", Name: "n"}
	c := *a
	c.Message, c.Reason = "x\x00m", "Scheduled" // a separator inside a part
	d := *a
	d.Message, d.Reason = "m", "Scheduled\x00x"
	for _, e := range []*api.Event{a, &b, &c, &d} {
		if got, want := isomorphicHash(e), fnv(isomorphicKey(e)); got != want {
			t.Errorf("%+v: hash %x, want the key's %x", e, got, want)
		}
		for _, o := range []*api.Event{a, &b, &c, &d} {
			if got, want := isomorphic(e, o), isomorphicKey(e) == isomorphicKey(o); got != want {
				t.Errorf("isomorphic(%q, %q) = %v, want %v", isomorphicKey(e), isomorphicKey(o), got, want)
			}
		}
	}
}
