package replicaset

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/internal/testenv"
)

func newRS(name string, replicas int32) *api.ReplicaSet {
	l := map[string]string{"app": name}
	return &api.ReplicaSet{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ReplicaSetSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}}},
		},
	}
}

func setup(t *testing.T) (*testenv.Env, *Controller) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	c := New(e.Ctx)
	e.Start(c)
	return e, c
}

func TestAReplicaSetCreatesItsPodsAndReportsThemReady(t *testing.T) {
	e, _ := setup(t)
	e.Must(e.Admin.Resource("replicasets").Create(newRS("web", 3)))
	e.Until(time.Minute, "3 available replicas", func() bool {
		rs := e.Get("replicasets", "default", "web").(*api.ReplicaSet)
		return rs.Status.AvailableReplicas == 3 && rs.Status.ObservedGeneration == rs.Generation
	})
	pods := e.Pods("default", "app=web")
	if len(pods) != 3 {
		t.Fatalf("got %d pods, want 3", len(pods))
	}
	for _, p := range pods {
		if !strings.HasPrefix(p.Name, "web-") || len(p.Name) != len("web-")+5 || p.GenerateName != "web-" {
			t.Errorf("pod name %q: want web-<5 random>", p.Name)
		}
		ref := ctrlutil.GetControllerOf(p)
		if ref == nil || ref.Kind != "ReplicaSet" || ref.Name != "web" || ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion {
			t.Errorf("pod %s owner reference = %+v", p.Name, ref)
		}
	}
	rs := e.Get("replicasets", "default", "web").(*api.ReplicaSet)
	if st := rs.Status; st.Replicas != 3 || st.FullyLabeledReplicas != 3 || st.ReadyReplicas != 3 {
		t.Errorf("status = %+v", st)
	}
	evs := e.Events("default", "ReplicaSet")
	if len(evs) != 3 || !strings.HasPrefix(evs[0], "Normal SuccessfulCreate Created pod: web-") {
		t.Errorf("events = %q", evs)
	}
}

func TestExpectationsPreventDoubleCreationWhileTheCacheLags(t *testing.T) {
	e, c := setup(t)
	e.Must(e.Admin.Resource("replicasets").Create(newRS("web", 4)))
	// Resync the key over and over while the informer has not seen the pods.
	for i := 0; i < 50; i++ {
		c.Enqueue("default/web")
		e.Run(time.Millisecond)
	}
	e.Run(30 * time.Second)
	if n := len(e.Pods("default", "app=web")); n != 4 {
		t.Fatalf("got %d pods, want exactly 4", n)
	}
}

func TestScalingDownDeletesUnscheduledAndNotReadyPodsFirst(t *testing.T) {
	e, _ := setup(t)
	e.Must(e.Admin.Resource("replicasets").Create(newRS("web", 2)))
	e.Until(time.Minute, "2 ready", func() bool { return e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 2 })
	e.NoBind = true
	rs := e.Get("replicasets", "default", "web").(*api.ReplicaSet)
	rs.Spec.Replicas = ctrlutil.Ptr(int32(3))
	e.Must(e.Admin.Resource("replicasets").Update(rs))
	e.Until(time.Minute, "3 pods", func() bool { return len(e.ActivePods("default", "app=web")) == 3 })
	var pending string
	for _, p := range e.ActivePods("default", "app=web") {
		if p.Spec.NodeName == "" {
			pending = p.Name
		}
	}
	rs = e.Get("replicasets", "default", "web").(*api.ReplicaSet)
	rs.Spec.Replicas = ctrlutil.Ptr(int32(2))
	e.Must(e.Admin.Resource("replicasets").Update(rs))
	e.Until(time.Minute, "2 pods", func() bool { return len(e.ActivePods("default", "app=web")) == 2 })
	for _, p := range e.ActivePods("default", "app=web") {
		if p.Name == pending {
			t.Fatalf("the unscheduled pod %s survived the scale down", pending)
		}
	}
	evs := e.Events("default", "ReplicaSet")
	if last := evs[len(evs)-1]; last != "Normal SuccessfulDelete Deleted pod: "+pending {
		t.Errorf("last event = %q", last)
	}
}

func TestOrphansAreAdoptedAndPodsWithChangedLabelsReleased(t *testing.T) {
	e, _ := setup(t)
	orphan := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "stray", Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: "nginx:1.27"}}}}
	e.Must(e.Admin.Resource("pods").Create(orphan))
	e.Must(e.Admin.Resource("replicasets").Create(newRS("web", 2)))
	e.Until(time.Minute, "2 ready", func() bool { return e.Get("replicasets", "default", "web").(*api.ReplicaSet).Status.ReadyReplicas == 2 })
	p := e.Get("pods", "default", "stray").(*api.Pod)
	if ref := ctrlutil.GetControllerOf(p); ref == nil || ref.Name != "web" {
		t.Fatalf("stray was not adopted: %+v", p.OwnerReferences)
	}
	if n := len(e.Pods("default", "app=web")); n != 2 {
		t.Fatalf("adoption should leave 2 pods, got %d", n)
	}
	p.Labels = map[string]string{"app": "debug"}
	e.Must(e.Admin.Resource("pods").Update(p))
	e.Until(time.Minute, "release and replacement", func() bool {
		p := e.Get("pods", "default", "stray").(*api.Pod)
		return len(p.OwnerReferences) == 0 && len(e.ActivePods("default", "app=web")) == 2
	})
}

func TestAQuotaRefusalIsReportedAsFailedCreateWithTheApiserverText(t *testing.T) {
	e, _ := setup(t)
	e.Must(e.Admin.Resource("resourcequotas").Create(&api.ResourceQuota{
		ObjectMeta: api.ObjectMeta{Name: "pods-max", Namespace: "default"},
		Spec:       api.ResourceQuotaSpec{Hard: api.ResourceList{api.ResourcePods: api.MustParse("2")}},
	}))
	e.Must(e.Admin.Resource("replicasets").Create(newRS("web", 3)))
	e.Run(5 * time.Second)
	if n := len(e.Pods("default", "app=web")); n != 2 {
		t.Fatalf("got %d pods, want the 2 the quota allows", n)
	}
	var failed []string
	for _, ev := range e.Events("default", "ReplicaSet") {
		if strings.HasPrefix(ev, "Warning FailedCreate ") {
			failed = append(failed, ev)
		}
	}
	want := `Warning FailedCreate Error creating: pods "web-`
	if len(failed) == 0 || !strings.HasPrefix(failed[0], want) || !strings.Contains(failed[0], "is forbidden: exceeded quota: pods-max") {
		t.Fatalf("FailedCreate events = %q", failed)
	}
	if testing.Verbose() {
		t.Log(failed[0])
	}
	got := e.Get("replicasets", "default", "web").(*api.ReplicaSet)
	if len(got.Status.Conditions) != 1 || got.Status.Conditions[0].Reason != "FailedCreate" {
		t.Errorf("conditions = %+v", got.Status.Conditions)
	}
}
