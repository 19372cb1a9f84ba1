package daemonset

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
	"kubeplay/core/controller/nodelifecycle"
)

func fluentd(tolerations []api.Toleration) *api.DaemonSet {
	l := map[string]string{"app": "fluentd"}
	return &api.DaemonSet{
		ObjectMeta: api.ObjectMeta{Name: "fluentd", Namespace: "kube-system"},
		Spec: api.DaemonSetSpec{Selector: &api.LabelSelector{MatchLabels: l},
			Template: api.PodTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: l},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "fluentd", Image: "fluentd:v1.16"}}, Tolerations: tolerations}}},
	}
}

func TestADaemonSetRunsOnePodPerEligibleNode(t *testing.T) {
	for _, tc := range []struct {
		name        string
		tolerations []api.Toleration
		wantNodes   []string
	}{
		{"the tainted control plane is skipped", nil, []string{"demo-worker", "demo-worker2"}},
		{"a toleration for the control-plane taint adds it", []api.Toleration{{Key: "node-role.kubernetes.io/control-plane", Operator: api.TolerationOpExists, Effect: api.TaintEffectNoSchedule}},
			[]string{"demo-control-plane", "demo-worker", "demo-worker2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := testenv.New(t, "demo-control-plane", "demo-worker", "demo-worker2")
			n := e.Get("nodes", "", "demo-control-plane").(*api.Node)
			n.Spec.Taints = []api.Taint{{Key: "node-role.kubernetes.io/control-plane", Effect: api.TaintEffectNoSchedule}}
			e.Must(e.Admin.Resource("nodes").Update(n))
			e.Start(New(e.Ctx), nodelifecycle.New(e.Ctx))
			e.Must(e.Admin.Resource("daemonsets").Create(fluentd(tc.tolerations)))
			want := int32(len(tc.wantNodes))
			e.Until(time.Minute, "all ready", func() bool {
				st := e.Get("daemonsets", "kube-system", "fluentd").(*api.DaemonSet).Status
				return st.DesiredNumberScheduled == want && st.NumberReady == want && st.NumberAvailable == want && st.UpdatedNumberScheduled == want
			})
			var got []string
			for _, p := range e.Pods("kube-system", "app=fluentd") {
				got = append(got, p.Spec.NodeName)
				if len(p.Spec.Tolerations) < 6 {
					t.Errorf("pod %s lacks the automatic tolerations: %v", p.Name, p.Spec.Tolerations)
				}
			}
			if strings.Join(sortedCopy(got), ",") != strings.Join(tc.wantNodes, ",") {
				t.Errorf("pods on %v, want %v", got, tc.wantNodes)
			}
			if evs := e.Events("kube-system", "DaemonSet"); len(evs) != len(tc.wantNodes) || !strings.HasPrefix(evs[0], "Normal SuccessfulCreate Created pod: fluentd-") {
				t.Errorf("events = %q", evs)
			}
		})
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func TestADaemonSetRollsOutANewTemplateNodeByNode(t *testing.T) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	e.Start(New(e.Ctx), nodelifecycle.New(e.Ctx))
	e.Must(e.Admin.Resource("daemonsets").Create(fluentd(nil)))
	ready := func() bool {
		ds := e.Get("daemonsets", "kube-system", "fluentd").(*api.DaemonSet)
		st := ds.Status
		return st.ObservedGeneration == ds.Generation && st.UpdatedNumberScheduled == 2 && st.NumberAvailable == 2
	}
	e.Until(time.Minute, "v1", ready)
	ds := e.Get("daemonsets", "kube-system", "fluentd").(*api.DaemonSet)
	ds.Spec.Template.Spec.Containers[0].Image = "fluentd:v1.17"
	e.Must(e.Admin.Resource("daemonsets").Update(ds))
	for i := 0; i < 3000 && !ready(); i++ {
		e.Run(20 * time.Millisecond)
		if n := len(e.ActivePods("kube-system", "app=fluentd")); n < 1 {
			t.Fatalf("at %v both nodes lost their daemon pod", e.Sim.Now())
		}
	}
	for _, p := range e.ActivePods("kube-system", "app=fluentd") {
		if p.Spec.Containers[0].Image != "fluentd:v1.17" {
			t.Errorf("pod %s runs %s", p.Name, p.Spec.Containers[0].Image)
		}
	}
}

// When its pods cannot be created (their service account does not exist),
// the DaemonSet's status still counts the nodes that should run one.
func TestADaemonSetCountsDesiredNodesWhenCreationsFail(t *testing.T) {
	e := testenv.New(t, "demo-worker", "demo-worker2")
	e.Start(New(e.Ctx), nodelifecycle.New(e.Ctx))
	ds := fluentd(nil)
	ds.Spec.Template.Spec.ServiceAccountName = "missing"
	e.Must(e.Admin.Resource("daemonsets").Create(ds))
	e.Until(time.Minute, "desired counted", func() bool {
		st := e.Get("daemonsets", "kube-system", "fluentd").(*api.DaemonSet).Status
		return st.DesiredNumberScheduled == 2 && st.CurrentNumberScheduled == 0
	})
}
