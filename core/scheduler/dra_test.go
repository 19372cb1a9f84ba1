package scheduler

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/internal/st"
	"kubeplay/core/scheduler/queue"
)

func gpuClaim(name, class string) *api.DeviceResourceClaim {
	return &api.DeviceResourceClaim{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.ResourceClaimSpec{Devices: api.DeviceClaim{Requests: []api.DeviceRequest{{Name: "gpu",
			Exactly: &api.ExactDeviceRequest{DeviceClassName: class}}}}}}
}

func withClaim(p *api.Pod, pc api.PodResourceClaim) *api.Pod {
	p.Spec.ResourceClaims = append(p.Spec.ResourceClaims, pc)
	p.Spec.Containers[0].Resources.Claims = []api.ResourceClaim{{Name: pc.Name}}
	return p
}

func TestAClaimOfAMissingDeviceClassKeepsThePodPending(t *testing.T) {
	e := newEnv(t)
	if _, err := e.admin.Resource("resourceclaims").Namespace("default").Create(gpuClaim("gpu-claim", "gpu.example.com")); err != nil {
		t.Fatal(err)
	}
	claim := "gpu-claim"
	e.createPod(t, withClaim(st.MakePod("reader").Obj(), api.PodResourceClaim{Name: "my-gpu", ResourceClaimName: &claim}))
	e.s.RunUntilIdle(time.Minute)
	msg := "0/3 nodes are available: request gpu: device class gpu.example.com does not exist. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if evs := e.events(t, "reader"); len(evs) != 1 || evs[0] != "Warning FailedScheduling "+msg {
		t.Fatalf("events %q", evs)
	}

	// The class appears: the pod is retried, and no node has devices.
	class := &api.DeviceClass{}
	class.Name = "gpu.example.com"
	if _, err := e.admin.Resource("deviceclasses").Create(class); err != nil {
		t.Fatal(err)
	}
	e.s.RunUntilIdle(time.Minute)
	msg = "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 cannot allocate all claims. still not schedulable, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	evs := e.events(t, "reader")
	if p := e.pod(t, "reader"); p.Spec.NodeName != "" || len(evs) != 2 || evs[1] != "Warning FailedScheduling "+msg {
		t.Fatalf("node %q, events %q", p.Spec.NodeName, evs)
	}
}

func TestAPodWaitsUnqueuedForItsClaimToExist(t *testing.T) {
	e := newEnv(t)
	tmpl := "tmpl"
	e.createPod(t, withClaim(st.MakePod("reader").Obj(), api.PodResourceClaim{Name: "gpu", ResourceClaimTemplateName: &tmpl}))
	e.s.RunUntilIdle(time.Minute)
	if w := e.sched.q.Where("default", "reader"); w != queue.Gated {
		t.Fatalf("pod is in %v, want gated", w)
	}
	if evs := e.events(t, "reader"); len(evs) != 0 {
		t.Fatalf("events %q", evs)
	}
	// Standing in for the resource claim controller: the claim, then its
	// record in the pod's status, which lets the pod into the queue.
	claim := gpuClaim("reader-gpu-abcde", "gpu.example.com")
	pod := e.pod(t, "reader")
	claim.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Pod", Name: "reader", UID: pod.UID, Controller: new(bool)}}
	*claim.OwnerReferences[0].Controller = true
	if _, err := e.admin.Resource("resourceclaims").Namespace("default").Create(claim); err != nil {
		t.Fatal(err)
	}
	name := claim.Name
	pod.Status.ResourceClaimStatuses = []api.PodResourceClaimStatus{{Name: "gpu", ResourceClaimName: &name}}
	if _, err := e.admin.Resource("pods").Namespace("default").UpdateStatus(pod); err != nil {
		t.Fatal(err)
	}
	e.s.RunUntilIdle(time.Minute)
	want := "Warning FailedScheduling 0/3 nodes are available: request gpu: device class gpu.example.com does not exist. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
	if evs := e.events(t, "reader"); len(evs) != 1 || evs[0] != want {
		t.Fatalf("events %q", evs)
	}
}
