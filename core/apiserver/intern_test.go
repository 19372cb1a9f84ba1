package apiserver

import (
	"reflect"
	"testing"

	"kubeplay/core/api"
)

func podWithRequests(name, cpu, memory string) *api.Pod {
	p := pod("default", name, nil)
	p.Spec.Containers[0].Resources.Requests = api.ResourceList{api.ResourceCPU: api.MustParse(cpu), api.ResourceMemory: api.MustParse(memory)}
	p.Spec.Containers[0].Ports = []api.ContainerPort{{ContainerPort: 80}}
	if cpu != "100m" {
		p.Spec.Containers[0].Ports[0].ContainerPort = 8080
	}
	return p
}

func cachedPod(t *testing.T, srv *Server, name string) *api.Pod {
	t.Helper()
	obj, ok := srv.PeekKey("/registry/pods/default/" + name)
	if !ok {
		t.Fatalf("pod %s is not cached", name)
	}
	return obj.(*api.Pod)
}

func sameMap(a, b api.ResourceList) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

func TestCachedPodsShareEqualPartsAndClientsStillGetTheirOwnCopies(t *testing.T) {
	_, srv := newTestServer(t)
	createPod(t, srv, podWithRequests("a", "100m", "500Mi"))
	createPod(t, srv, podWithRequests("b", "100m", "500Mi"))
	createPod(t, srv, podWithRequests("c", "200m", "500Mi"))
	a, b, c := cachedPod(t, srv, "a"), cachedPod(t, srv, "b"), cachedPod(t, srv, "c")
	reqs := func(p *api.Pod) api.ResourceList { return p.Spec.Containers[0].Resources.Requests }

	tests := []struct {
		name string
		got  bool
		want bool
	}{
		{"equal requests share one map", sameMap(reqs(a), reqs(b)), true},
		{"different requests do not", sameMap(reqs(a), reqs(c)), false},
		{"equal service-account volumes share one source", a.Spec.Volumes[0].Projected == b.Spec.Volumes[0].Projected, true},
		{"the volumes themselves (named per pod) do not", &a.Spec.Volumes[0] == &b.Spec.Volumes[0], false},
		{"equal default tolerations share one slice", &a.Spec.Tolerations[0] == &b.Spec.Tolerations[0], true},
		{"equal container ports share one slice", &a.Spec.Containers[0].Ports[0] == &b.Spec.Containers[0].Ports[0], true},
		{"different ports do not", &a.Spec.Containers[0].Ports[0] == &c.Spec.Containers[0].Ports[0], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.got != tt.want {
				t.Errorf("got %v, want %v", tt.got, tt.want)
			}
		})
	}

	t.Run("a client that modifies its copy changes nothing else", func(t *testing.T) {
		got, _ := getPod(t, srv, "default", "a")
		got.Spec.Containers[0].Resources.Requests[api.ResourceCPU] = api.MustParse("3")
		got.Spec.Tolerations[0].Key = "changed"
		other, _ := getPod(t, srv, "default", "b")
		if q := other.Spec.Containers[0].Resources.Requests[api.ResourceCPU]; q.String() != "100m" {
			t.Errorf("pod b requests cpu %s, want 100m", q.String())
		}
		if k := other.Spec.Tolerations[0].Key; k == "changed" {
			t.Errorf("pod b's toleration changed with pod a's copy")
		}
	})

	t.Run("a binding leaves the previous version as it was", func(t *testing.T) {
		before := api.EncodeJSON(a)
		if err := bind(t, srv, "default", "a", "node-a"); err != nil {
			t.Fatal(err)
		}
		if after := api.EncodeJSON(a); string(after) != string(before) {
			t.Errorf("the cached version before the binding changed:\n%s\n%s", before, after)
		}
		if bound := cachedPod(t, srv, "a"); !sameMap(reqs(bound), reqs(b)) {
			t.Errorf("the bound pod no longer shares its requests")
		}
	})
}
