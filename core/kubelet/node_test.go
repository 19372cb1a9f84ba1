package kubelet

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
)

func (e *env) node() *api.Node {
	e.t.Helper()
	obj, err := e.admin.Resource("nodes").Get("demo-worker")
	if err != nil {
		e.t.Fatal(err)
	}
	return obj.(*api.Node)
}

func (e *env) lease() *api.Lease {
	e.t.Helper()
	obj, err := e.admin.Resource("leases").Namespace("kube-node-lease").Get("demo-worker")
	if err != nil {
		e.t.Fatal(err)
	}
	return obj.(*api.Lease)
}

func TestTheKubeletRegistersItsNode(t *testing.T) {
	e := newEnv(t)
	n := e.node()
	var conds []string
	for _, c := range n.Status.Conditions {
		conds = append(conds, string(c.Type)+"="+string(c.Status)+" "+c.Reason+": "+c.Message)
	}
	diff(t, conds, []string{
		"MemoryPressure=False KubeletHasSufficientMemory: kubelet has sufficient memory available",
		"DiskPressure=False KubeletHasNoDiskPressure: kubelet has no disk pressure",
		"PIDPressure=False KubeletHasSufficientPID: kubelet has sufficient PID available",
		"Ready=True KubeletReady: kubelet is posting ready status",
	})
	cpu, mem, pods := n.Status.Allocatable[api.ResourceCPU], n.Status.Allocatable[api.ResourceMemory], n.Status.Allocatable[api.ResourcePods]
	if cpu.String() != "4" || mem.String() != "8Gi" || pods.String() != "110" {
		t.Errorf("allocatable = %v", n.Status.Allocatable)
	}
	info := n.Status.NodeInfo
	if info.KubeletVersion != "v1.35.0" || info.OSImage != "Debian GNU/Linux 12 (bookworm)" || info.Architecture != "amd64" || info.ContainerRuntimeVersion != "containerd://2.1.3" {
		t.Errorf("nodeInfo = %+v", info)
	}
	if n.Labels["kubernetes.io/hostname"] != "demo-worker" || n.Labels["kubernetes.io/os"] != "linux" || n.Spec.PodCIDR != "10.244.1.0/24" {
		t.Errorf("node = %+v", n.ObjectMeta)
	}
	if len(n.Status.Addresses) != 2 || n.Status.Addresses[0].Address != "172.18.0.3" || len(n.Status.Images) == 0 {
		t.Errorf("addresses %v, %d images", n.Status.Addresses, len(n.Status.Images))
	}
	l, err := e.admin.Resource("events").Namespace("default").List(client.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for _, o := range l.Items {
		ev := o.(*api.Event)
		if ev.InvolvedObject.Kind == "Node" {
			reasons = append(reasons, ev.Reason+": "+ev.Message)
		}
	}
	diff(t, reasons, []string{
		"Starting: Starting kubelet.",
		"NodeAllocatableEnforced: Updated Node Allocatable limit across pods",
		"NodeHasSufficientMemory: Node demo-worker status is now: NodeHasSufficientMemory",
		"NodeHasNoDiskPressure: Node demo-worker status is now: NodeHasNoDiskPressure",
		"NodeHasSufficientPID: Node demo-worker status is now: NodeHasSufficientPID",
		"NodeReady: Node demo-worker status is now: NodeReady",
	})
}

func TestTheLeaseIsRenewedEveryTenSeconds(t *testing.T) {
	e := newEnv(t)
	l := e.lease()
	if *l.Spec.HolderIdentity != "demo-worker" || *l.Spec.LeaseDurationSeconds != 40 || len(l.OwnerReferences) != 1 {
		t.Errorf("lease = %+v", l)
	}
	first := l.Spec.RenewTime.Time
	e.s.Advance(10 * time.Second)
	if got := e.lease().Spec.RenewTime.Time.Sub(first); got != 10*time.Second {
		t.Errorf("renewed %v later, want 10s", got)
	}
}

func TestANodeDownStopsHeartbeatsAndFreezesItsPods(t *testing.T) {
	e := newEnv(t)
	e.run(podWith("app", api.Container{Name: "app", Image: "busybox:1.36", Command: sh("sleep 20")}, api.RestartPolicyNever))
	e.s.Advance(5 * time.Second)
	e.k.Stop()
	renewed := e.lease().Spec.RenewTime.Time
	heartbeat := e.node().Status.Conditions[3].LastHeartbeatTime.Time
	e.s.Advance(10 * time.Minute)
	if e.lease().Spec.RenewTime.Time != renewed {
		t.Error("a stopped kubelet renewed its lease")
	}
	if e.node().Status.Conditions[3].LastHeartbeatTime.Time != heartbeat {
		t.Error("a stopped kubelet posted node status")
	}
	if st := e.status("app"); st != "Running [app running, ready]" {
		t.Errorf("a frozen pod changed: %s", st)
	}

	e.k.Start()
	e.s.Advance(time.Second)
	if !e.lease().Spec.RenewTime.Time.After(renewed) {
		t.Error("the restarted kubelet did not renew its lease")
	}
	if st := e.status("app"); st != "Succeeded [app Completed (exit 0)]" {
		t.Errorf("after the restart: %s", st)
	}
}

func TestPodsDeletedWhileTheKubeletWasDownAreKilled(t *testing.T) {
	e := newEnv(t)
	e.run(nginxPod("web"))
	e.s.Advance(5 * time.Second)
	e.k.Stop()
	if _, err := e.admin.Resource("pods").Namespace("default").Delete("web", client.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	e.s.Advance(time.Minute)
	if p := e.pod("web"); p.DeletionTimestamp == nil {
		t.Fatal("the pod should be terminating, waiting for its kubelet")
	}
	e.k.Start()
	e.s.Advance(5 * time.Second)
	if _, err := e.admin.Resource("pods").Namespace("default").Get("web"); !api.IsNotFound(err) {
		t.Errorf("the pod should be gone: %v", err)
	}
	if len(e.k.workers) != 0 {
		t.Errorf("the kubelet still runs %d pods", len(e.k.workers))
	}
}

func TestARestartedKubeletKeepsItsContainers(t *testing.T) {
	e := newEnv(t)
	e.run(nginxPod("web"))
	e.s.Advance(5 * time.Second)
	id := e.pod("web").Status.ContainerStatuses[0].ContainerID
	e.k.Restart()
	e.s.Advance(5 * time.Second)
	cs := e.pod("web").Status.ContainerStatuses[0]
	if cs.ContainerID != id || cs.RestartCount != 0 || !cs.Ready {
		t.Errorf("container after a kubelet restart: %+v", cs)
	}
}

func TestTheSameScenarioGivesTheSameTrace(t *testing.T) {
	run := func() string {
		e := newEnv(t)
		e.run(nginxPod("web"))
		e.run(podWith("crash", api.Container{Name: "app", Image: "busybox", Command: sh("exit 2")}, ""))
		e.run(podWith("typo", api.Container{Name: "app", Image: "ngnix"}, ""))
		e.s.Advance(3 * time.Minute)
		var b strings.Builder
		for _, r := range e.s.Trace.Records() {
			b.WriteString(r.String() + "\n")
		}
		return b.String()
	}
	if a, b := run(), run(); a != b {
		t.Error("two runs of the same scenario differ")
	}
}
