package defaultpreemption_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/internal/st"
	"kubeplay/core/scheduler/plugins"
	"kubeplay/core/sim"
)

type fakeAPI struct{ deleted, conditions []string }

func (f *fakeAPI) Bind(ns, name string, b *api.Binding) error { return nil }
func (f *fakeAPI) DeletePod(ns, name string) error {
	f.deleted = append(f.deleted, name)
	return nil
}
func (f *fakeAPI) SetDisruptionTarget(p *api.Pod, reason, msg string) error {
	f.conditions = append(f.conditions, p.Name+" "+reason+" "+msg)
	return nil
}

type fakeRecorder struct{ events []string }

func (r *fakeRecorder) Eventf(regarding, related api.Object, typ, reason, action, note string) {
	r.events = append(r.events, fmt.Sprintf("%s %s %s %s: %s", regarding.GetObjectMeta().Name, typ, reason, action, note))
}

func setup(t *testing.T, nodes ...*framework.NodeInfo) (*framework.Framework, *fakeAPI, *fakeRecorder) {
	snap := framework.NewSnapshot()
	for _, n := range nodes {
		snap.List = append(snap.List, n)
		snap.Map[n.Name()] = n
	}
	s := sim.New(1)
	a, r := &fakeAPI{}, &fakeRecorder{}
	fw, err := framework.New(plugins.DefaultProfile(), plugins.Registry(), framework.Deps{
		SchedulerName: "default-scheduler", Snapshot: snap, API: a, Recorder: r, Now: s.Now, Rand: s.Rand()})
	if err != nil {
		t.Fatal(err)
	}
	return fw, a, r
}

func filterAll(fw *framework.Framework, state *framework.CycleState, pi *framework.PodInfo) map[string]*framework.Status {
	m := map[string]*framework.Status{}
	for _, n := range fw.Nodes() {
		if st := fw.RunFilterPlugins(state, pi, n); !st.IsSuccess() {
			m[n.Name()] = st
		}
	}
	return m
}

func started(p *api.Pod, minutes int) *api.Pod {
	p.Status.StartTime = api.NewTimePtr(sim.Epoch.Add(time.Duration(minutes) * time.Minute))
	return p
}

func TestPreemptionPicksTheNodeWithTheLeastImportantVictims(t *testing.T) {
	cp := st.MakeNode("cp").Taint("node-role.kubernetes.io/control-plane", "", api.TaintEffectNoSchedule).Obj()
	w1 := st.NodeInfo(st.MakeNode("w1").Obj(),
		started(st.MakePod("a").Req("cpu", "2").Priority(100).Obj(), 1),
		started(st.MakePod("b").Req("cpu", "2").Priority(10).Obj(), 2))
	w2 := st.NodeInfo(st.MakeNode("w2").Obj(),
		started(st.MakePod("c").Req("cpu", "3").Priority(5).Obj(), 1),
		started(st.MakePod("d").Req("cpu", "1").Priority(5).Obj(), 2))
	fw, a, r := setup(t, st.NodeInfo(cp), w1, w2)
	pi := st.MakePod("urgent").Req("cpu", "2").Priority(1000).Info()
	state := framework.NewCycleState()
	if _, s := fw.RunPreFilterPlugins(state, pi); !s.IsSuccess() {
		t.Fatal(s.Message())
	}
	res, status := fw.RunPostFilterPlugins(state, pi, filterAll(fw, state, pi))
	if !status.IsSuccess() {
		t.Fatalf("status %v %q", status.Code(), status.Message())
	}
	// w1 would evict b (priority 10); w2 would evict c (priority 5, 3 cpu),
	// reprieving d. The lowest highest-victim priority wins: w2.
	if res.NominatedNodeName != "w2" {
		t.Fatalf("nominated %q, want w2", res.NominatedNodeName)
	}
	if strings.Join(a.deleted, ",") != "c" {
		t.Fatalf("deleted %v, want [c]", a.deleted)
	}
	if want := "c default-scheduler: preempting"; !strings.HasPrefix(a.conditions[0], "c PreemptionByScheduler "+"default-scheduler: preempting to accommodate a higher priority pod") {
		t.Fatalf("condition %q (want prefix %q)", a.conditions[0], want)
	}
	if want := "c Normal Preempted Preempting: Preempted by pod uid-urgent on node w2"; r.events[0] != want {
		t.Fatalf("event %q, want %q", r.events[0], want)
	}
}

// The PostFilter status joins DynamicResources' "no new claims to
// deallocate" and DefaultPreemption's reason, as v1.35 prints them.
func TestPreemptionMessageWhenItCannotHelp(t *testing.T) {
	cp := st.MakeNode("cp").Taint("node-role.kubernetes.io/control-plane", "", api.TaintEffectNoSchedule).Obj()
	w1 := st.NodeInfo(st.MakeNode("w1").Obj(), st.MakePod("a").Req("cpu", "3").Priority(100).Obj())
	w2 := st.NodeInfo(st.MakeNode("w2").Obj(), st.MakePod("b").Req("cpu", "3").Priority(100).Obj())
	tests := []struct {
		name string
		pod  *api.Pod
		want string
	}{
		{"equal priority pods are not victims", st.MakePod("p").Req("cpu", "2").Priority(100).Obj(),
			"no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."},
		{"preemptionPolicy Never is not eligible", func() *api.Pod {
			p := st.MakePod("p").Req("cpu", "2").Priority(1000).Obj()
			never := api.PreemptNever
			p.Spec.PreemptionPolicy = &never
			return p
		}(), "no new claims to deallocate, preemption: not eligible due to preemptionPolicy=Never."},
		{"a pod too big for any node even after eviction", st.MakePod("p").Req("cpu", "5").Priority(1000).Obj(),
			"no new claims to deallocate, preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 Insufficient cpu."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fw, a, _ := setup(t, st.NodeInfo(cp), w1, w2)
			pi := framework.NewPodInfo(tt.pod)
			state := framework.NewCycleState()
			fw.RunPreFilterPlugins(state, pi)
			_, status := fw.RunPostFilterPlugins(state, pi, filterAll(fw, state, pi))
			if status.Message() != tt.want {
				t.Fatalf("got  %q\nwant %q", status.Message(), tt.want)
			}
			if len(a.deleted) != 0 {
				t.Fatalf("deleted %v", a.deleted)
			}
		})
	}
}
