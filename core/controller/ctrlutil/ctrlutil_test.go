package ctrlutil

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/sim"
)

func template(image string) *api.PodTemplateSpec {
	return &api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": "nginx"}},
		Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}}}
}

func TestSafeEncodeStringMapsDigitsToTheRandAlphabet(t *testing.T) {
	if got := SafeEncodeString("0123456789"); got != "456789bcdf" {
		t.Errorf("got %q", got)
	}
}

func TestComputeHash(t *testing.T) {
	one := int32(1)
	for _, tc := range []struct {
		name  string
		a, b  string
		ca    *int32
		equal bool
	}{
		{"the same template hashes the same", ComputeHash(template("nginx:1.27"), nil), ComputeHash(template("nginx:1.27"), nil), nil, true},
		{"another image hashes differently", ComputeHash(template("nginx:1.27"), nil), ComputeHash(template("nginx:1.28"), nil), nil, false},
		{"a collision count changes the hash", ComputeHash(template("nginx:1.27"), nil), ComputeHash(template("nginx:1.27"), &one), nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if (tc.a == tc.b) != tc.equal {
				t.Errorf("%s vs %s", tc.a, tc.b)
			}
			for _, h := range []string{tc.a, tc.b} {
				if len(h) < 1 || len(h) > 10 || strings.Trim(h, "456789bcdf") != "" {
					t.Errorf("hash %q is not an encoded uint32", h)
				}
			}
		})
	}
}

func pod(name, node string, phase api.PodPhase, ready bool, created time.Time) *api.Pod {
	p := &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, UID: name, CreationTimestamp: api.NewTime(created)},
		Spec: api.PodSpec{NodeName: node}, Status: api.PodStatus{Phase: phase}}
	if ready {
		p.Status.Conditions = []api.PodCondition{{Type: api.PodReady, Status: api.ConditionTrue, LastTransitionTime: api.NewTime(created)}}
	}
	return p
}

func TestPodsAreRankedForDeletionLikeKubernetes(t *testing.T) {
	now := sim.Epoch.Add(time.Hour)
	old := now.Add(-50 * time.Minute)
	young := now.Add(-10 * time.Second)
	pods := []*api.Pod{
		pod("ready-old", "n1", api.PodRunning, true, old),
		pod("ready-young", "n2", api.PodRunning, true, young),
		pod("running-not-ready", "n1", api.PodRunning, false, old),
		pod("pending", "n2", api.PodPending, false, old),
		pod("unscheduled", "", api.PodPending, false, old),
	}
	RankPodsForDeletion(pods, pods, now)
	var got []string
	for _, p := range pods {
		got = append(got, p.Name)
	}
	want := "unscheduled pending running-not-ready ready-young ready-old"
	if strings.Join(got, " ") != want {
		t.Errorf("order %v, want %s", got, want)
	}
}

func TestExpectationsHoldASyncUntilObservedOrExpired(t *testing.T) {
	s := sim.New(1)
	e := NewExpectations(s)
	e.ExpectCreations("rs", 2)
	e.CreationObserved("rs")
	if e.Satisfied("rs") {
		t.Fatal("satisfied with one creation outstanding")
	}
	e.CreationObserved("rs")
	if !e.Satisfied("rs") {
		t.Fatal("not satisfied after both creations")
	}
	e.ExpectDeletions("rs", []string{"ns/a"})
	e.DeletionObserved("rs", "ns/a")
	e.DeletionObserved("rs", "ns/a")
	if add, del := e.Pending("rs"); add != 0 || del != 0 {
		t.Errorf("pending %d %d: a deletion must count once", add, del)
	}
	e.ExpectCreations("rs", 1)
	s.Advance(ExpectationsTimeout + time.Second)
	if !e.Satisfied("rs") {
		t.Error("expectations should expire after 5 minutes")
	}
}
