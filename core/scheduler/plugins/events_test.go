package plugins_test

import (
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins"
	"kubeplay/core/scheduler/plugins/names"
)

func node(name string, labels map[string]string, cpu string, taints ...api.Taint) *api.Node {
	n := &api.Node{}
	n.Name, n.Labels, n.Spec.Taints = name, labels, taints
	n.Status.Allocatable = api.ResourceList{api.ResourceCPU: api.MustParse(cpu), api.ResourcePods: api.MustParse("110")}
	return n
}

func rejected(pod *api.Pod, by ...string) *framework.QueuedPodInfo {
	qp := &framework.QueuedPodInfo{PodInfo: framework.NewPodInfo(pod), UnschedulablePlugins: map[string]bool{}}
	for _, p := range by {
		qp.UnschedulablePlugins[p] = true
	}
	return qp
}

// TestEachClusterEventMovesOnlyThePodsItMayHelp: which rejected Pods a cluster event moves is decided by
// the plugins that rejected them (their EventsToRegister and queueing hints, as kube-scheduler v1.35's
// pkg/scheduler/framework/plugins/*), not by the scheduler.
func TestEachClusterEventMovesOnlyThePodsItMayHelp(t *testing.T) {
	fw, err := framework.New(plugins.DefaultProfile(), plugins.Registry(), framework.Deps{})
	if err != nil {
		t.Fatal(err)
	}
	big := &api.Pod{}
	big.Name = "big"
	big.Spec.Containers = []api.Container{{Name: "c", Resources: api.ResourceRequirements{Requests: api.ResourceList{api.ResourceCPU: api.MustParse("8")}}}}
	ssd := &api.Pod{}
	ssd.Name = "ssd"
	ssd.Spec.NodeSelector = map[string]string{"disktype": "ssd"}
	plain := &api.Pod{}
	plain.Name = "plain"
	dedicated := api.Taint{Key: "dedicated", Value: "db", Effect: api.TaintEffectNoSchedule}

	nodeEv := func(a framework.ActionType) framework.ClusterEvent {
		return framework.ClusterEvent{Resource: framework.Node, ActionType: a}
	}
	for _, c := range []struct {
		name     string
		qp       *framework.QueuedPodInfo
		ev       framework.ClusterEvent
		old, cur api.Object
		moves    bool
	}{
		{"a node big enough is added: NodeResourcesFit's pod moves", rejected(big, names.NodeResourcesFit),
			nodeEv(framework.Add), nil, node("n", nil, "16"), true},
		{"a node too small is added: NodeResourcesFit's pod stays", rejected(big, names.NodeResourcesFit),
			nodeEv(framework.Add), nil, node("n", nil, "4"), false},
		{"a node is tainted, its allocatable unchanged: NodeResourcesFit's pod stays", rejected(big, names.NodeResourcesFit),
			nodeEv(framework.UpdateNodeTaint), node("n", nil, "16"), node("n", nil, "16", dedicated), false},
		{"a node's allocatable grows to fit: NodeResourcesFit's pod moves", rejected(big, names.NodeResourcesFit),
			nodeEv(framework.UpdateNodeAllocatable), node("n", nil, "4"), node("n", nil, "16"), true},
		{"a pod is deleted from a node: NodeResourcesFit's pod moves", rejected(big, names.NodeResourcesFit),
			framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Delete}, plain, nil, true},
		{"an unrelated node is relabelled: NodeAffinity's pod stays", rejected(ssd, names.NodeAffinity),
			nodeEv(framework.UpdateNodeLabel), node("n", nil, "4"), node("n", map[string]string{"zone": "a"}, "4"), false},
		{"a node is labelled disktype=ssd: NodeAffinity's pod moves", rejected(ssd, names.NodeAffinity),
			nodeEv(framework.UpdateNodeLabel), node("n", nil, "4"), node("n", map[string]string{"disktype": "ssd"}, "4"), true},
		{"a node's images change (no scheduling property): nothing registers it", rejected(ssd, names.NodeAffinity),
			nodeEv(framework.NodeUpdateActions(node("n", nil, "4"), node("n", nil, "4"))), node("n", nil, "4"), node("n", nil, "4"), false},
		{"a taint is removed: TaintToleration's pod moves", rejected(plain, names.TaintToleration),
			nodeEv(framework.UpdateNodeTaint), node("n", nil, "4", dedicated), node("n", nil, "4"), true},
		{"a node is tainted: TaintToleration's pod stays", rejected(plain, names.TaintToleration),
			nodeEv(framework.UpdateNodeTaint), node("n", nil, "4"), node("n", nil, "4", dedicated), false},
		{"a node is uncordoned: NodeUnschedulable's pod moves", rejected(plain, names.NodeUnschedulable),
			nodeEv(framework.UpdateNodeTaint), func() *api.Node { n := node("n", nil, "4"); n.Spec.Unschedulable = true; return n }(), node("n", nil, "4"), true},
		{"a PersistentVolumeClaim is bound: VolumeBinding's pod moves", rejected(plain, names.VolumeBinding),
			framework.ClusterEvent{Resource: framework.PersistentVolumeClaim, ActionType: framework.Update}, &api.PersistentVolumeClaim{}, &api.PersistentVolumeClaim{}, true},
		{"a PersistentVolumeClaim is bound: NodeResourcesFit's pod stays", rejected(big, names.NodeResourcesFit),
			framework.ClusterEvent{Resource: framework.PersistentVolumeClaim, ActionType: framework.Update}, &api.PersistentVolumeClaim{}, &api.PersistentVolumeClaim{}, false},
		{"a pod is added to a node: InterPodAffinity's pod moves", rejected(plain, names.InterPodAffinity),
			framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add}, nil, plain, true},
		{"a pod is added to a node: NodeResourcesFit's pod stays", rejected(big, names.NodeResourcesFit),
			framework.ClusterEvent{Resource: framework.AssignedPod, ActionType: framework.Add}, nil, plain, false},
		{"a pod rejected by no plugin in particular moves on any event", rejected(plain),
			nodeEv(framework.UpdateNodeLabel), node("n", nil, "4"), node("n", map[string]string{"a": "b"}, "4"), true},
	} {
		if got := fw.MoveHint(c.ev, c.old, c.cur)(c.qp); got != c.moves {
			t.Errorf("%s: moved = %v, want %v", c.name, got, c.moves)
		}
	}
}

// TestEveryPluginThatRejectsPodsRegistersItsEvents: a plugin with a PreEnqueue, PreFilter or Filter
// extension point declares the events that may undo its rejections (framework.EnqueueExtensions).
func TestEveryPluginThatRejectsPodsRegistersItsEvents(t *testing.T) {
	fw, err := framework.New(plugins.DefaultProfile(), plugins.Registry(), framework.Deps{})
	if err != nil {
		t.Fatal(err)
	}
	for name, factory := range plugins.Registry() {
		p := factory(fw)
		_, pre := p.(framework.PreEnqueuePlugin)
		_, preFilter := p.(framework.PreFilterPlugin)
		_, filter := p.(framework.FilterPlugin)
		if !pre && !preFilter && !filter {
			continue
		}
		ee, ok := p.(framework.EnqueueExtensions)
		if !ok {
			t.Errorf("%s rejects pods but does not implement framework.EnqueueExtensions", name)
			continue
		}
		if len(ee.EventsToRegister()) == 0 {
			t.Errorf("%s registers no event: the pods it rejects would wait for the 5-minute flush", name)
		}
	}
}
