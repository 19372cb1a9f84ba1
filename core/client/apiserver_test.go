package client

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver"
	"kubeplay/core/sim"
	"kubeplay/core/store"
)

// These tests run the client against the real kube-apiserver and etcd.

var adminUser = request.UserInfo{Name: request.UserAdmin, Groups: []string{request.GroupMasters}}

func newRealCluster(t testing.TB) (*sim.Sim, *apiserver.Server, *Client) {
	t.Helper()
	s := sim.New(1)
	srv := apiserver.New(s, store.New(s))
	s.RunUntilIdle(time.Minute)
	return s, srv, New(srv, adminUser, "kubectl")
}

func realPod(name string) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec:       api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx"}}},
	}
}

func TestRealInformerFollowsTheAPIServer(t *testing.T) {
	s, _, c := newRealCluster(t)
	pods := c.Resource("pods").Namespace("default")
	if _, err := pods.Create(realPod("a")); err != nil {
		t.Fatal(err)
	}
	kcm := New(c.srv.(*apiserver.Server), request.UserInfo{Name: request.UserControllerManager}, "kube-controller-manager")
	inf := NewInformer(kcm, "pods", "", ListOptions{}, 0)
	got := notes(inf)
	inf.Run()
	if !inf.HasSynced() {
		t.Fatal("not synced after Run")
	}
	if _, err := pods.Create(realPod("b")); err != nil {
		t.Fatal(err)
	}
	obj, err := pods.Get("a")
	if err != nil {
		t.Fatal(err)
	}
	a := obj.(*api.Pod)
	a.Labels["tier"] = "front"
	if _, err := pods.Update(a); err != nil {
		t.Fatal(err)
	}
	zero := int64(0)
	if _, err := pods.Delete("b", DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	s.RunUntilIdle(time.Minute)
	var kinds []string
	for _, n := range *got {
		kinds = append(kinds, strings.Fields(n)[0]+" "+strings.Fields(n)[1])
	}
	want := []string{"add default/a", "add default/b", "update default/a", "delete default/b"}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("notifications (-want +got):\n- %v\n+ %v", want, *got)
	}
	if keys := inf.ListKeys(); !reflect.DeepEqual(keys, []string{"default/a"}) {
		t.Errorf("cache = %v", keys)
	}
	if o, _ := inf.Get("default", "a"); o.GetObjectMeta().Labels["tier"] != "front" {
		t.Errorf("cache holds a stale pod")
	}
	var watchRecords int
	for _, r := range s.Trace.Records() {
		if r.Kind == "watch" && r.To == "kube-controller-manager" {
			watchRecords++
		}
	}
	if watchRecords == 0 {
		t.Errorf("watch notifications to the informer's component must be traced")
	}
}

func TestRealInformerRelistsAfter410(t *testing.T) {
	s, srv, c := newRealCluster(t)
	pods := c.Resource("pods").Namespace("default")
	if _, err := pods.Create(realPod("keep")); err != nil {
		t.Fatal(err)
	}
	inf := NewInformer(c, "pods", "default", ListOptions{}, 0)
	got := notes(inf)
	inf.Run()
	// The informer's watch breaks; meanwhile many writes and time pass, and
	// etcd compacts, so the watch cache no longer reaches back to its RV.
	inf.stopWatch()
	for i := 0; i < 150; i++ {
		if _, err := pods.Create(realPod(fmt.Sprintf("p%03d", i))); err != nil {
			t.Fatal(err)
		}
		s.Advance(time.Second)
	}
	if err := srv.Store().Compact(srv.Store().Rev()); err != nil {
		t.Fatal(err)
	}
	*got = nil
	inf.watch() // resume from the old resourceVersion: 410
	s.RunUntilIdle(time.Minute)
	lists, _, _ := inf.Stats()
	if lists != 2 {
		t.Fatalf("want a re-list after the 410, lists = %d", lists)
	}
	if inf.Len() != 151 {
		t.Errorf("after re-listing the cache must hold all 151 pods, has %d", inf.Len())
	}
	var msg string
	for _, r := range s.Trace.Records() {
		if strings.HasPrefix(r.Message, "reflector:") {
			msg = r.Message
		}
	}
	if !strings.Contains(msg, "too old resource version") {
		t.Errorf("trace must say why it re-lists, got %q", msg)
	}
	if len(*got) != 151 || !strings.HasPrefix((*got)[0], "update default/keep") {
		t.Errorf("re-list: the known pod is an update, the 150 new ones adds; got %d notes starting %v", len(*got), (*got)[:1])
	}
	// And it keeps following.
	if _, err := pods.Create(realPod("after")); err != nil {
		t.Fatal(err)
	}
	s.RunUntilIdle(time.Minute)
	if _, ok := inf.Get("default", "after"); !ok {
		t.Errorf("the re-opened watch must deliver new pods")
	}
}

func TestRealRecorderAndEventsRecorder(t *testing.T) {
	s, srv, c := newRealCluster(t)
	obj, err := c.Resource("pods").Namespace("default").Create(realPod("web"))
	if err != nil {
		t.Fatal(err)
	}
	kcm := New(srv, request.UserInfo{Name: request.UserControllerManager}, "kube-controller-manager/replicaset-controller")
	rec := NewRecorder(kcm, "replicaset-controller", "")
	rec.Event(obj, api.EventTypeNormal, "SuccessfulCreate", "Created pod: web")
	s.Advance(30 * time.Second)
	rec.Event(obj, api.EventTypeNormal, "SuccessfulCreate", "Created pod: web")

	sched := New(srv, request.UserInfo{Name: request.UserScheduler}, "kube-scheduler")
	er := NewEventsRecorder(sched, "default-scheduler", "default-scheduler-demo-control-plane")
	er.Eventf(obj, nil, api.EventTypeWarning, "FailedScheduling", "Scheduling", "0/3 nodes are available: 3 Insufficient cpu.")
	s.Advance(10 * time.Second)
	er.Eventf(obj, nil, api.EventTypeWarning, "FailedScheduling", "Scheduling", "0/3 nodes are available: 3 Insufficient cpu.")

	l, err := c.Resource("events").Namespace("default").List(ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	byReason := map[string]*api.Event{}
	for _, o := range l.Items {
		e := o.(*api.Event)
		byReason[e.Reason] = e
	}
	if len(l.Items) != 2 {
		t.Fatalf("want 2 events, got %d", len(l.Items))
	}
	if e := byReason["SuccessfulCreate"]; e == nil || e.Count != 2 || e.Source.Component != "replicaset-controller" ||
		!e.FirstTimestamp.Time.Equal(sim.Epoch) || !e.LastTimestamp.Time.Equal(sim.Epoch.Add(30*time.Second)) {
		t.Errorf("controller event = %+v", e)
	}
	if e := byReason["FailedScheduling"]; e == nil || e.Series == nil || e.Series.Count != 2 || e.ReportingController != "default-scheduler" {
		t.Errorf("scheduler event = %+v", e)
	}
}

// BenchmarkRealInformerEventThroughput measures end to end: an apiserver
// write, the watch cache fan-out, the sim-delivered notification and the
// informer's cache and handler.
func BenchmarkRealInformerEventThroughput(b *testing.B) {
	s, srv, c := newRealCluster(b)
	s.Trace.Disabled = true
	pods := c.Resource("pods").Namespace("default")
	inf := NewInformer(New(srv, request.UserInfo{Name: request.UserControllerManager}, "kube-controller-manager"), "pods", "", ListOptions{}, 0)
	handled := 0
	inf.AddEventHandler(Handler{OnAdd: func(api.Object) { handled++ }, OnUpdate: func(_, _ api.Object) { handled++ }})
	inf.Run()
	b.ResetTimer()
	for n := 0; n < b.N; n++ {
		if _, err := pods.Create(realPod(fmt.Sprintf("p%d", n))); err != nil {
			b.Fatal(err)
		}
		if n%100 == 99 {
			s.RunUntilIdle(time.Minute)
		}
	}
	s.RunUntilIdle(time.Minute)
	b.StopTimer()
	if handled != b.N {
		b.Fatalf("handled %d of %d", handled, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
