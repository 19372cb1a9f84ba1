package deployment

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/replicaset"
)

func nginx(replicas int32, image string) *api.Deployment {
	l := map[string]string{"app": "nginx"}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "nginx", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image}}}},
		},
	}
}

func setup(t *testing.T) *testenv.Env {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	e.Start(New(e.Ctx), replicaset.New(e.Ctx))
	return e
}

func (d *dep) get() *api.Deployment {
	return d.e.Get("deployments", "default", "nginx").(*api.Deployment)
}

type dep struct{ e *testenv.Env }

func (d *dep) update(mut func(*api.Deployment)) {
	for i := 0; i < 5; i++ {
		x := d.get()
		mut(x)
		if _, err := d.e.Admin.Resource("deployments").Update(x); err == nil {
			return
		} else if !api.IsConflict(err) {
			d.e.T.Fatal(err)
		}
	}
	d.e.T.Fatal("update kept conflicting")
}

func (d *dep) rolledOut() bool {
	x := d.get()
	r := *x.Spec.Replicas
	st := x.Status
	return st.ObservedGeneration >= x.Generation && st.UpdatedReplicas == r && st.Replicas == r && st.AvailableReplicas == r
}

func (d *dep) replicaSets() []*api.ReplicaSet {
	var out []*api.ReplicaSet
	for _, o := range d.e.List("replicasets", "default") {
		out = append(out, o.(*api.ReplicaSet))
	}
	return out
}

func condition(x *api.Deployment, t api.DeploymentConditionType) api.DeploymentCondition {
	if c := getCondition(&x.Status, t); c != nil {
		return *c
	}
	return api.DeploymentCondition{}
}

func scalingEvents(e *testenv.Env) []string {
	var out []string
	for _, ev := range e.Events("default", "Deployment") {
		if strings.Contains(ev, "ScalingReplicaSet") {
			out = append(out, strings.TrimPrefix(ev, "Normal ScalingReplicaSet "))
		}
	}
	return out
}

func TestADeploymentCreatesReplicaSetNamedAfterTheTemplateHash(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	e.Must(e.Admin.Resource("deployments").Create(nginx(3, "nginx:1.27")))
	e.Until(time.Minute, "rollout", d.rolledOut)

	rsl := d.replicaSets()
	if len(rsl) != 1 {
		t.Fatalf("got %d ReplicaSets", len(rsl))
	}
	rs := rsl[0]
	hash := rs.Labels[api.DefaultDeploymentUniqueLabelKey]
	if rs.Name != "nginx-"+hash || rs.Spec.Selector.MatchLabels[api.DefaultDeploymentUniqueLabelKey] != hash ||
		rs.Spec.Template.Labels[api.DefaultDeploymentUniqueLabelKey] != hash {
		t.Errorf("ReplicaSet %s: labels %v selector %v", rs.Name, rs.Labels, rs.Spec.Selector.MatchLabels)
	}
	if hash != ctrlutil.ComputeHash(&d.get().Spec.Template, nil) {
		t.Errorf("hash %s is not ComputeHash of the template", hash)
	}
	if strings.Trim(hash, "456789bcdf") != "" {
		t.Errorf("hash %q uses letters outside the digit alphabet", hash)
	}
	if got := rs.Annotations; got[RevisionAnnotation] != "1" || got[DesiredReplicasAnnotation] != "3" || got[MaxReplicasAnnotation] != "4" {
		t.Errorf("ReplicaSet annotations = %v", got)
	}
	x := d.get()
	if x.Annotations[RevisionAnnotation] != "1" {
		t.Errorf("deployment revision = %q", x.Annotations[RevisionAnnotation])
	}
	if c := condition(x, api.DeploymentAvailable); c.Status != api.ConditionTrue || c.Reason != MinimumReplicasAvailable || c.Message != "Deployment has minimum availability." {
		t.Errorf("Available = %+v", c)
	}
	if c := condition(x, api.DeploymentProgressing); c.Reason != NewRSAvailableReason || c.Message != `ReplicaSet "`+rs.Name+`" has successfully progressed.` {
		t.Errorf("Progressing = %+v", c)
	}
	pods := e.Pods("default", "app=nginx")
	if len(pods) != 3 || !strings.HasPrefix(pods[0].Name, rs.Name+"-") {
		t.Errorf("pods = %d, first %q", len(pods), pods[0].Name)
	}
	if got := scalingEvents(e); len(got) != 1 || got[0] != "Scaled up replica set "+rs.Name+" from 0 to 3" {
		t.Errorf("events = %q", got)
	}
}

func TestScalingRecordsScaledUpAndScaledDownEvents(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	e.Must(e.Admin.Resource("deployments").Create(nginx(3, "nginx:1.27")))
	e.Until(time.Minute, "rollout", d.rolledOut)
	d.update(func(x *api.Deployment) { x.Spec.Replicas = ctrlutil.Ptr(int32(5)) })
	e.Until(time.Minute, "scale to 5", d.rolledOut)
	d.update(func(x *api.Deployment) { x.Spec.Replicas = ctrlutil.Ptr(int32(2)) })
	e.Until(time.Minute, "scale to 2", d.rolledOut)
	rs := d.replicaSets()[0].Name
	want := []string{
		"Scaled up replica set " + rs + " from 0 to 3",
		"Scaled up replica set " + rs + " from 3 to 5",
		"Scaled down replica set " + rs + " from 5 to 2",
	}
	if got := scalingEvents(e); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(e.ActivePods("default", "app=nginx")); n != 2 {
		t.Errorf("%d pods, want 2", n)
	}
}

func TestARollingUpdateStaysWithinMaxSurgeAndMaxUnavailable(t *testing.T) {
	for _, tc := range []struct {
		name               string
		replicas           int32
		surge, unavail     api.IntOrString
		maxTotal, minAvail int
	}{
		{"default 25% of 4 allows one extra and one missing", 4, api.FromString("25%"), api.FromString("25%"), 5, 3},
		{"maxSurge 0 replaces pods one at a time in place", 3, api.FromInt32(0), api.FromInt32(1), 3, 2},
		{"maxSurge 2 and maxUnavailable 0 never loses capacity", 3, api.FromInt32(2), api.FromInt32(0), 5, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := setup(t)
			d := &dep{e}
			dd := nginx(tc.replicas, "nginx:1.27")
			dd.Spec.Strategy = api.DeploymentStrategy{Type: api.RollingUpdateDeploymentStrategyType,
				RollingUpdate: &api.RollingUpdateDeployment{MaxSurge: &tc.surge, MaxUnavailable: &tc.unavail}}
			e.Must(e.Admin.Resource("deployments").Create(dd))
			e.Until(time.Minute, "first rollout", d.rolledOut)
			d.update(func(x *api.Deployment) { x.Spec.Template.Spec.Containers[0].Image = "nginx:1.28" })
			e.Run(10 * time.Millisecond)
			for step := 0; step < 4000 && !d.rolledOut(); step++ {
				e.Run(20 * time.Millisecond)
				active, ready := 0, 0
				for _, p := range e.ActivePods("default", "app=nginx") {
					active++
					if ctrlutil.IsPodReady(p) {
						ready++
					}
				}
				if active > tc.maxTotal {
					t.Fatalf("at %v: %d pods exist, more than replicas+maxSurge = %d", e.Sim.Now(), active, tc.maxTotal)
				}
				if ready < tc.minAvail {
					t.Fatalf("at %v: %d pods ready, fewer than replicas-maxUnavailable = %d", e.Sim.Now(), ready, tc.minAvail)
				}
			}
			if !d.rolledOut() {
				t.Fatal("rollout did not finish")
			}
			for _, p := range e.ActivePods("default", "app=nginx") {
				if p.Spec.Containers[0].Image != "nginx:1.28" {
					t.Errorf("pod %s still runs %s", p.Name, p.Spec.Containers[0].Image)
				}
			}
			if x := d.get(); x.Annotations[RevisionAnnotation] != "2" {
				t.Errorf("revision = %q", x.Annotations[RevisionAnnotation])
			}
		})
	}
}

func TestRollingBackReusesTheOldReplicaSetUnderANewRevision(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	e.Must(e.Admin.Resource("deployments").Create(nginx(2, "nginx:1.27")))
	e.Until(time.Minute, "v1", d.rolledOut)
	first := d.replicaSets()[0].Name
	d.update(func(x *api.Deployment) { x.Spec.Template.Spec.Containers[0].Image = "nginx:1.28" })
	e.Until(time.Minute, "v2", d.rolledOut)
	d.update(func(x *api.Deployment) { x.Spec.Template.Spec.Containers[0].Image = "nginx:1.27" })
	e.Until(time.Minute, "rollback", d.rolledOut)
	rsl := d.replicaSets()
	if len(rsl) != 2 {
		t.Fatalf("%d ReplicaSets, want 2", len(rsl))
	}
	for _, rs := range rsl {
		if rs.Name == first {
			if replicas(rs) != 2 || rs.Annotations[RevisionAnnotation] != "3" || rs.Annotations[RevisionHistoryAnnotation] != "1" {
				t.Errorf("old ReplicaSet after rollback: replicas %d annotations %v", replicas(rs), rs.Annotations)
			}
		} else if replicas(rs) != 0 {
			t.Errorf("v2 ReplicaSet still has %d replicas", replicas(rs))
		}
	}
	if x := d.get(); x.Annotations[RevisionAnnotation] != "3" {
		t.Errorf("deployment revision = %q", x.Annotations[RevisionAnnotation])
	}
}

func TestAPausedDeploymentDoesNotRollOutUntilResumed(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	e.Must(e.Admin.Resource("deployments").Create(nginx(2, "nginx:1.27")))
	e.Until(time.Minute, "v1", d.rolledOut)
	d.update(func(x *api.Deployment) {
		x.Spec.Paused = true
		x.Spec.Template.Annotations = map[string]string{RestartedAtAnnotation: "2026-01-05T09:00:30Z"}
	})
	e.Run(30 * time.Second)
	if n := len(d.replicaSets()); n != 1 {
		t.Fatalf("paused deployment created a ReplicaSet: %d", n)
	}
	if c := condition(d.get(), api.DeploymentProgressing); c.Status != api.ConditionUnknown || c.Reason != PausedDeployReason || c.Message != "Deployment is paused" {
		t.Errorf("Progressing = %+v", c)
	}
	d.update(func(x *api.Deployment) { x.Spec.Paused = false })
	e.Until(time.Minute, "restart rollout", func() bool { return len(d.replicaSets()) == 2 && d.rolledOut() })
}

func TestRecreateRemovesEveryOldPodBeforeCreatingNewOnes(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	dd := nginx(3, "nginx:1.27")
	dd.Spec.Strategy = api.DeploymentStrategy{Type: api.RecreateDeploymentStrategyType}
	e.Must(e.Admin.Resource("deployments").Create(dd))
	e.Until(time.Minute, "v1", d.rolledOut)
	d.update(func(x *api.Deployment) { x.Spec.Template.Spec.Containers[0].Image = "nginx:1.28" })
	for step := 0; step < 3000 && !d.rolledOut(); step++ {
		e.Run(20 * time.Millisecond)
		images := map[string]bool{}
		for _, p := range e.Pods("default", "app=nginx") {
			images[p.Spec.Containers[0].Image] = true
		}
		if len(images) > 1 {
			t.Fatalf("at %v old and new pods coexist", e.Sim.Now())
		}
	}
	if !d.rolledOut() {
		t.Fatal("no rollout")
	}
}

func TestAStuckRolloutExceedsItsProgressDeadline(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	dd := nginx(1, "nginx:1.27")
	dd.Spec.ProgressDeadlineSeconds = ctrlutil.Ptr(int32(30))
	e.NoBind = true
	e.Must(e.Admin.Resource("deployments").Create(dd))
	e.Run(20 * time.Second)
	if c := condition(d.get(), api.DeploymentProgressing); c.Status != api.ConditionTrue || (c.Reason != NewRSReason && c.Reason != ReplicaSetUpdatedReason) {
		t.Fatalf("before the deadline Progressing = %+v", c)
	}
	e.Run(15 * time.Second)
	rs := d.replicaSets()[0].Name
	c := condition(d.get(), api.DeploymentProgressing)
	if c.Status != api.ConditionFalse || c.Reason != TimedOutReason || c.Message != `ReplicaSet "`+rs+`" has timed out progressing.` {
		t.Errorf("after the deadline Progressing = %+v", c)
	}
	if c := condition(d.get(), api.DeploymentAvailable); c.Status != api.ConditionFalse || c.Message != "Deployment does not have minimum availability." {
		t.Errorf("Available = %+v", c)
	}
}

func TestOldReplicaSetsBeyondRevisionHistoryLimitAreDeleted(t *testing.T) {
	e := setup(t)
	d := &dep{e}
	dd := nginx(1, "nginx:1.25")
	dd.Spec.RevisionHistoryLimit = ctrlutil.Ptr(int32(1))
	e.Must(e.Admin.Resource("deployments").Create(dd))
	e.Until(time.Minute, "v1", d.rolledOut)
	for _, img := range []string{"nginx:1.26", "nginx:1.27", "nginx:1.28"} {
		d.update(func(x *api.Deployment) { x.Spec.Template.Spec.Containers[0].Image = img })
		e.Until(time.Minute, img, d.rolledOut)
	}
	e.Run(5 * time.Second)
	if n := len(d.replicaSets()); n != 2 {
		t.Errorf("%d ReplicaSets remain, want the new one plus 1 of history", n)
	}
}

func TestFencepostsRoundSurgeUpAndUnavailableDown(t *testing.T) {
	for _, tc := range []struct {
		name                string
		surge, unavail      api.IntOrString
		desired             int32
		wantSurge, wantUnav int32
	}{
		{"25% of 10 is 3 extra and 2 missing", api.FromString("25%"), api.FromString("25%"), 10, 3, 2},
		{"25% of 1 is 1 extra and 0 missing", api.FromString("25%"), api.FromString("25%"), 1, 1, 0},
		{"zero and zero become one unavailable", api.FromInt32(0), api.FromInt32(0), 3, 0, 1},
		{"0% of 3 and 10% of 3 is 0 and 0, so one unavailable", api.FromString("0%"), api.FromString("10%"), 3, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, u, err := ResolveFenceposts(&tc.surge, &tc.unavail, tc.desired)
			if err != nil || s != tc.wantSurge || u != tc.wantUnav {
				t.Errorf("got %d, %d, %v; want %d, %d", s, u, err, tc.wantSurge, tc.wantUnav)
			}
		})
	}
}
