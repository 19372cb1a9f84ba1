package api

import (
	"testing"
)

func TestResourceForResolvesWhatKubectlUsersType(t *testing.T) {
	tests := []struct{ in, want string }{
		{"pods", "pods"}, {"pod", "pods"}, {"po", "pods"}, {"Pod", "pods"}, {"PODS", "pods"},
		{"deploy", "deployments.apps"}, {"deployments.apps", "deployments.apps"}, {"deployment.apps", "deployments.apps"},
		{"deployments.v1.apps", "deployments.apps"}, {"rs", "replicasets.apps"}, {"ds", "daemonsets.apps"},
		{"svc", "services"}, {"cm", "configmaps"}, {"sa", "serviceaccounts"}, {"ns", "namespaces"}, {"no", "nodes"},
		{"ev", "events"}, {"quota", "resourcequotas"}, {"limits", "limitranges"}, {"pc", "priorityclasses.scheduling.k8s.io"},
		{"clusterrolebindings", "clusterrolebindings.rbac.authorization.k8s.io"}, {"lease", "leases.coordination.k8s.io"},
		{"endpointslices", "endpointslices.discovery.k8s.io"}, {"jobs.batch", "jobs.batch"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			r, ok := ResourceFor(tt.in)
			if !ok || r.GroupResource().String() != tt.want {
				t.Errorf("ResourceFor(%q) = %v, %v; want %s", tt.in, r, ok, tt.want)
			}
		})
	}
	for _, bad := range []string{"foo", "pods.apps", "deploy.batch", ""} {
		if r, ok := ResourceFor(bad); ok {
			t.Errorf("ResourceFor(%q) = %v, want no match", bad, r.Resource)
		}
	}
}

func TestRegistryDescribesResourcesLikeApiResources(t *testing.T) {
	pods, _ := ResourceFor("pods")
	if !pods.Namespaced || pods.APIVersion() != "v1" || pods.Categories[0] != "all" || len(pods.Verbs) != 8 {
		t.Errorf("pods = %+v", pods)
	}
	dep, _ := ResourceFor("deploy")
	if dep.GroupKind() != "Deployment.apps" || dep.ListKind != "DeploymentList" || dep.APIVersion() != "apps/v1" {
		t.Errorf("deployments = %+v", dep)
	}
	ns, _ := ResourceFor("ns")
	if ns.Namespaced {
		t.Error("namespaces are cluster-scoped")
	}
	obj := dep.New()
	if _, ok := obj.(*Deployment); !ok || obj.GetTypeMeta().Kind != "Deployment" || obj.GetTypeMeta().APIVersion != "apps/v1" {
		t.Errorf("New() = %#v", obj.GetTypeMeta())
	}
}

func TestKindForKnowsTheKindOfBareGoValues(t *testing.T) {
	tests := []struct {
		obj  Object
		want string
	}{
		{&Pod{}, "v1, Kind=Pod"},
		{&Deployment{}, "apps/v1, Kind=Deployment"},
		{&ClusterRole{}, "rbac.authorization.k8s.io/v1, Kind=ClusterRole"},
		{&Eviction{}, "policy/v1, Kind=Eviction"},
		{&Status{TypeMeta: TypeMeta{Kind: "Status", APIVersion: "v1"}}, "v1, Kind=Status"},
	}
	for _, tt := range tests {
		if got := KindFor(tt.obj).String(); got != tt.want {
			t.Errorf("KindFor(%T) = %s, want %s", tt.obj, got, tt.want)
		}
	}
	p := SetDefaultTypeMeta(&Pod{})
	if p.GetTypeMeta().Kind != "Pod" || p.GetTypeMeta().APIVersion != "v1" {
		t.Errorf("SetDefaultTypeMeta = %+v", p.GetTypeMeta())
	}
}

func TestResourceForKindReportsKubectlsNoMatchError(t *testing.T) {
	if r, err := ResourceForKind("apps/v1", "Deployment"); err != nil || r.Resource != "deployments" {
		t.Fatalf("got %v, %v", r, err)
	}
	_, err := ResourceForKind("example.com/v1", "Foo")
	if want := `no matches for kind "Foo" in version "example.com/v1"`; err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	if _, err := New("policy/v1", "Eviction"); err != nil {
		t.Errorf("New(Eviction): %v", err)
	}
}

func TestDeepCopyKeepsTheTypeAndSharesNothing(t *testing.T) {
	replicas := int32(2)
	d := &Deployment{ObjectMeta: ObjectMeta{Name: "a", Labels: map[string]string{"app": "a"}}, Spec: DeploymentSpec{Replicas: &replicas}}
	c := DeepCopyAs(d)
	c.Labels["app"] = "b"
	*c.Spec.Replicas = 5
	if d.Labels["app"] != "a" || *d.Spec.Replicas != 2 {
		t.Error("the copy shares memory with the original")
	}
}
