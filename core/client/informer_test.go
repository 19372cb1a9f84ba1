package client

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/sim"
)

// notes records handler calls as "add ns/name", "update ns/name rv→rv", "delete ns/name".
func notes(inf *Informer) *[]string {
	var got []string
	inf.AddEventHandler(Handler{
		OnAdd: func(obj api.Object) { got = append(got, "add "+KeyFunc(obj)) },
		OnUpdate: func(old, obj api.Object) {
			got = append(got, fmt.Sprintf("update %s %s→%s", KeyFunc(obj), old.GetObjectMeta().ResourceVersion, obj.GetObjectMeta().ResourceVersion))
		},
		OnDelete: func(obj api.Object) { got = append(got, "delete "+KeyFunc(obj)) },
	})
	return &got
}

func mustCreate(t *testing.T, c *Client, ns, name string) api.Object {
	t.Helper()
	obj, err := c.Resource("pods").Namespace(ns).Create(testPod(ns, name))
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

func TestInformerListsThenWatches(t *testing.T) {
	s, f, c := newFakeClient(1)
	mustCreate(t, c, "default", "b")
	mustCreate(t, c, "default", "a")
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	got := notes(inf)
	inf.Run()
	if !inf.HasSynced() {
		t.Fatal("HasSynced must be true once the initial list is delivered")
	}
	if want := []string{"add default/a", "add default/b"}; !reflect.DeepEqual(*got, want) {
		t.Fatalf("after the list (-want +got):\n- %v\n+ %v", want, *got)
	}
	if rv := inf.LastSyncResourceVersion(); rv != "2" {
		t.Errorf("the watch must start from the list's resourceVersion 2, got %q", rv)
	}
	*got = nil
	pod, _ := c.Resource("pods").Namespace("default").Get("a")
	p := pod.(*api.Pod)
	p.Labels = map[string]string{"app": "web"}
	if _, err := c.Resource("pods").Update(p); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, c, "kube-system", "c")
	if _, err := c.Resource("pods").Namespace("default").Delete("b", DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	s.RunUntilIdle(time.Minute)
	want := []string{"update default/a 2→3", "add kube-system/c", "delete default/b"}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("watch notifications (-want +got):\n- %v\n+ %v", want, *got)
	}
	if keys := inf.ListKeys(); !reflect.DeepEqual(keys, []string{"default/a", "kube-system/c"}) {
		t.Errorf("cache keys = %v", keys)
	}
	if obj, ok := inf.Get("default", "a"); !ok || obj.GetObjectMeta().Labels["app"] != "web" {
		t.Errorf("the cache must hold the updated pod, got %v %v", obj, ok)
	}
	if want := []string{"create pods", "create pods", "list pods", "watch pods", "get pods", "update pods", "create pods", "delete pods"}; !reflect.DeepEqual(f.verbs(), want) {
		t.Errorf("requests = %v", f.verbs())
	}
}

func TestInformerCallsHandlersInRegistrationOrder(t *testing.T) {
	s, _, c := newFakeClient(1)
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	var got []string
	for _, name := range []string{"first", "second", "third"} {
		name := name
		inf.AddEventHandler(Handler{OnAdd: func(api.Object) { got = append(got, name) }})
	}
	inf.Run()
	mustCreate(t, c, "default", "a")
	s.RunUntilIdle(time.Minute)
	if want := []string{"first", "second", "third"}; !reflect.DeepEqual(got, want) {
		t.Errorf("handlers ran as %v, want %v", got, want)
	}
}

func TestInformerHandlerAddedAfterSyncGetsTheCache(t *testing.T) {
	_, _, c := newFakeClient(1)
	mustCreate(t, c, "default", "a")
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	inf.Run()
	got := notes(inf)
	if want := []string{"add default/a"}; !reflect.DeepEqual(*got, want) {
		t.Errorf("late handler (-want +got):\n- %v\n+ %v", want, *got)
	}
}

func TestInformerRelistsAfterTooOldResourceVersion(t *testing.T) {
	s, f, c := newFakeClient(1)
	mustCreate(t, c, "default", "a")
	mustCreate(t, c, "default", "b")
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	got := notes(inf)
	inf.Run()
	*got = nil

	// While the watch is broken, b is deleted and c created; then the
	// apiserver expires the watch and etcd compacts.
	_, _ = c.Resource("pods").Namespace("default").Delete("b", DeleteOptions{})
	mustCreate(t, c, "default", "c")
	s.RunUntilIdle(time.Minute) // deliver those two normally
	*got = nil
	f.compact()
	f.expireWatches()
	mustCreate(t, c, "default", "d")
	s.RunUntilIdle(time.Minute)

	lists, _, _ := inf.Stats()
	if lists != 2 {
		t.Errorf("a 410 must make the reflector re-list once, lists = %d", lists)
	}
	if keys := inf.ListKeys(); !reflect.DeepEqual(keys, []string{"default/a", "default/c", "default/d"}) {
		t.Errorf("after the re-list the cache must equal the server, got %v", keys)
	}
	var relist string
	for _, r := range s.Trace.Records() {
		if strings.Contains(r.Message, "reflector") {
			relist = r.Message
		}
	}
	if !strings.Contains(relist, "too old resource version") || !strings.Contains(relist, "re-listing in 800ms") {
		t.Errorf("the re-list must be traced with its reason, got %q", relist)
	}
}

func TestInformerRelistDeliversDeletesForObjectsThatVanished(t *testing.T) {
	s, f, c := newFakeClient(1)
	mustCreate(t, c, "default", "a")
	mustCreate(t, c, "default", "b")
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	got := notes(inf)
	inf.Run()
	// The informer misses the delete of b: its watch is stopped behind its back.
	inf.stopWatch()
	_, _ = c.Resource("pods").Namespace("default").Delete("b", DeleteOptions{})
	mustCreate(t, c, "default", "c")
	*got = nil
	f.compact()
	inf.retryLater("test: watch lost")
	s.RunUntilIdle(time.Minute)
	want := []string{"update default/a 1→1", "add default/c", "delete default/b"}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("re-list notifications (-want +got):\n- %v\n+ %v", want, *got)
	}
}

func TestInformerRetriesAFailedListWithBackoff(t *testing.T) {
	s, f, c := newFakeClient(1)
	f.failLists = 3
	mustCreate(t, c, "default", "a")
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	var syncedAt time.Duration
	inf.AddEventHandler(Handler{OnAdd: func(api.Object) { syncedAt = s.Since(sim.Epoch) }})
	inf.Run()
	if inf.HasSynced() {
		t.Fatal("a failed list must not count as synced")
	}
	s.RunUntilIdle(time.Minute)
	// 800ms + 1.6s + 3.2s
	if want := 5600 * time.Millisecond; syncedAt != want {
		t.Errorf("synced at %v, want %v", syncedAt, want)
	}
}

func TestInformerResyncRedeliversEveryObject(t *testing.T) {
	s, _, c := newFakeClient(1)
	mustCreate(t, c, "default", "a")
	mustCreate(t, c, "default", "b")
	inf := NewInformer(c, "pods", "", ListOptions{}, 30*time.Second)
	got := notes(inf)
	inf.Run()
	*got = nil
	s.Advance(29 * time.Second)
	if len(*got) != 0 {
		t.Fatalf("no resync before the period, got %v", *got)
	}
	s.Advance(time.Second)
	want := []string{"update default/a 1→1", "update default/b 2→2"}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("resync (-want +got):\n- %v\n+ %v", want, *got)
	}
	s.Advance(30 * time.Second)
	if len(*got) != 4 {
		t.Errorf("resync must repeat every period, got %v", *got)
	}
}

func TestInformerRestartRelistsFromScratch(t *testing.T) {
	s, _, c := newFakeClient(1)
	mustCreate(t, c, "default", "a")
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	got := notes(inf)
	inf.Run()
	inf.Stop()
	if inf.HasSynced() || inf.Len() != 0 {
		t.Fatalf("a stopped informer forgets its cache: synced=%v len=%d", inf.HasSynced(), inf.Len())
	}
	mustCreate(t, c, "default", "b") // happens while the component is down
	s.RunUntilIdle(time.Minute)
	if want := []string{"add default/a"}; !reflect.DeepEqual(*got, want) {
		t.Fatalf("a stopped informer must not see watch events, got %v", *got)
	}
	*got = nil
	inf.Run()
	if want := []string{"add default/a", "add default/b"}; !reflect.DeepEqual(*got, want) {
		t.Errorf("restart (-want +got):\n- %v\n+ %v", want, *got)
	}
}

func TestInformerIndexers(t *testing.T) {
	s, _, c := newFakeClient(1)
	for _, p := range []struct{ name, node string }{{"a", "n1"}, {"b", "n2"}, {"c", "n1"}} {
		pod := testPod("default", p.name)
		pod.Spec.NodeName = p.node
		if _, err := c.Resource("pods").Create(pod); err != nil {
			t.Fatal(err)
		}
	}
	inf := NewInformer(c, "pods", "", ListOptions{}, 0)
	inf.AddIndexer(PodNodeNameIndex, PodNodeNameIndexFunc)
	inf.Run()
	inf.AddIndexer(NamespaceIndex, MetaNamespaceIndexFunc) // after sync: indexes what is cached
	names := func(objs []api.Object) []string {
		var out []string
		for _, o := range objs {
			out = append(out, o.GetObjectMeta().Name)
		}
		return out
	}
	if got := names(inf.ByIndex(PodNodeNameIndex, "n1")); !reflect.DeepEqual(got, []string{"a", "c"}) {
		t.Errorf("pods on n1 = %v", got)
	}
	if got := names(inf.ByIndex(NamespaceIndex, "default")); len(got) != 3 {
		t.Errorf("pods in default = %v", got)
	}
	// Moving a pod moves it in the index; deleting it removes it.
	obj, _ := c.Resource("pods").Namespace("default").Get("a")
	pod := obj.(*api.Pod)
	pod.Spec.NodeName = "n2"
	_, _ = c.Resource("pods").Update(pod)
	_, _ = c.Resource("pods").Namespace("default").Delete("b", DeleteOptions{})
	s.RunUntilIdle(time.Minute)
	if got := names(inf.ByIndex(PodNodeNameIndex, "n1")); !reflect.DeepEqual(got, []string{"c"}) {
		t.Errorf("pods on n1 after the move = %v", got)
	}
	if got := names(inf.ByIndex(PodNodeNameIndex, "n2")); !reflect.DeepEqual(got, []string{"a"}) {
		t.Errorf("pods on n2 after the move and delete = %v", got)
	}
}

func TestClientFillsIdentityAndGroup(t *testing.T) {
	_, f, c := newFakeClient(1)
	kcm := c.WithComponent("kube-controller-manager/deployment-controller")
	_, _ = kcm.Resource("deployments").Namespace("default").Get("web")
	_ = kcm.Bind("default", "web-1", &api.Binding{Target: api.ObjectReference{Kind: "Node", Name: "n1"}})
	r := f.requests[0]
	if r.Group != "apps" || r.Resource != "deployments" || r.Verb != "get" || r.Namespace != "default" || r.Name != "web" {
		t.Errorf("request = %+v", r)
	}
	if r.User.Name != "kubernetes-admin" || r.Component != "kube-controller-manager/deployment-controller" {
		t.Errorf("identity = %q as %q", r.User.Name, r.Component)
	}
	b := f.requests[1]
	if b.Resource != "pods" || b.Subresource != "binding" || b.Verb != "create" || b.Name != "web-1" {
		t.Errorf("bind request = %+v", b)
	}
}

func TestInformerFactorySharesOneInformerPerResource(t *testing.T) {
	_, f, c := newFakeClient(1)
	mustCreate(t, c, "default", "a")
	fac := NewInformerFactory(c, 0)
	pods := fac.Informer("pods", "")
	if fac.Informer("po", "") != pods {
		t.Fatal("the same resource must give the same informer")
	}
	fac.Start()
	late := fac.Informer("deployments", "")
	if !pods.HasSynced() || !late.Running() || !fac.HasSynced() {
		t.Errorf("Start runs every informer, and later ones at once")
	}
	lists := 0
	for _, v := range f.verbs() {
		if v == "list pods" {
			lists++
		}
	}
	if lists != 1 {
		t.Errorf("one shared pods informer lists once, got %d", lists)
	}
	fac.Stop()
	if pods.Running() || pods.Len() != 0 {
		t.Errorf("Stop stops and empties every informer")
	}
}
