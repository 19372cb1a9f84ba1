package resourceclaim

import (
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
)

func gpuPod(name, template string) *api.Pod {
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.PodSpec{
			ResourceClaims: []api.PodResourceClaim{{Name: "gpu", ResourceClaimTemplateName: &template}},
			Containers: []api.Container{{Name: "c", Image: "busybox",
				Resources: api.ResourceRequirements{Claims: []api.ResourceClaim{{Name: "gpu"}}}}}}}
}

func TestAClaimIsCreatedFromTheTemplateAndRecordedInThePodStatus(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.NoBind = true
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("resourceclaimtemplates").Create(&api.ResourceClaimTemplate{
		ObjectMeta: api.ObjectMeta{Name: "tmpl", Namespace: "default"},
		Spec: api.ResourceClaimTemplateSpec{ObjectMeta: api.ObjectMeta{Labels: map[string]string{"team": "ml"}},
			Spec: api.ResourceClaimSpec{Devices: api.DeviceClaim{Requests: []api.DeviceRequest{{Name: "gpu",
				Exactly: &api.ExactDeviceRequest{DeviceClassName: "gpu.example.com"}}}}}}}))
	e.Must(e.Admin.Resource("pods").Create(gpuPod("web", "tmpl")))
	e.Until(10*time.Second, "claim recorded", func() bool {
		return len(e.Get("pods", "default", "web").(*api.Pod).Status.ResourceClaimStatuses) == 1
	})
	pod := e.Get("pods", "default", "web").(*api.Pod)
	st := pod.Status.ResourceClaimStatuses[0]
	if st.Name != "gpu" || st.ResourceClaimName == nil || !strings.HasPrefix(*st.ResourceClaimName, "web-gpu-") || len(*st.ResourceClaimName) != len("web-gpu-")+5 {
		t.Fatalf("status = %+v", st)
	}
	claim := e.Get("resourceclaims", "default", *st.ResourceClaimName).(*api.DeviceResourceClaim)
	if claim.Annotations[PodClaimNameAnnotation] != "gpu" || claim.Labels["team"] != "ml" {
		t.Errorf("claim meta = %+v", claim.ObjectMeta)
	}
	ref := claim.OwnerReferences
	if len(ref) != 1 || ref[0].Kind != "Pod" || ref[0].Name != "web" || ref[0].UID != pod.UID || !*ref[0].Controller || !*ref[0].BlockOwnerDeletion {
		t.Errorf("owner references = %+v", ref)
	}
	if r := claim.Spec.Devices.Requests; len(r) != 1 || r[0].Exactly.Count != 1 || r[0].Exactly.AllocationMode != "ExactCount" {
		t.Errorf("spec = %+v", claim.Spec)
	}
	e.Run(10 * time.Second)
	if n := len(e.List("resourceclaims", "default")); n != 1 {
		t.Errorf("%d claims, want 1", n)
	}
}

func TestAMissingTemplateIsAWarningEventAndRetried(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	e.NoBind = true
	e.Start(New(e.Ctx))
	e.Must(e.Admin.Resource("pods").Create(gpuPod("web", "nope")))
	e.Run(5 * time.Second)
	want := `Warning FailedResourceClaimCreation PodResourceClaim gpu: resource claim template "nope": resourceclaimtemplate.resource.k8s.io "nope" not found`
	if evs := e.Events("default", "Pod"); len(evs) != 1 || evs[0] != want {
		t.Fatalf("events = %q", evs)
	}
	if ev := e.List("events", "default")[0].(*api.Event); ev.Source.Component != EventSource || ev.Count < 2 {
		t.Errorf("event source %q count %d", ev.Source.Component, ev.Count)
	}
	e.Must(e.Admin.Resource("resourceclaimtemplates").Create(&api.ResourceClaimTemplate{
		ObjectMeta: api.ObjectMeta{Name: "nope", Namespace: "default"},
		Spec: api.ResourceClaimTemplateSpec{Spec: api.ResourceClaimSpec{Devices: api.DeviceClaim{Requests: []api.DeviceRequest{{Name: "gpu",
			Exactly: &api.ExactDeviceRequest{DeviceClassName: "gpu.example.com"}}}}}}}))
	e.Until(time.Minute, "claim created after the retry", func() bool { return len(e.List("resourceclaims", "default")) == 1 })
}

func TestGenerateNameCutsBothNamesInProportion(t *testing.T) {
	if got := GenerateName("web", "gpu"); got != "web-gpu-" {
		t.Errorf("got %q", got)
	}
	pod, claim := strings.Repeat("p", 40), strings.Repeat("c", 20)
	got := GenerateName(pod, claim) // 62 > 57: 40*57/62 = 36, 20*57/62 = 18
	if got != strings.Repeat("p", 36)+"-"+strings.Repeat("c", 18) {
		t.Errorf("got %q", got)
	}
}
