package quota

import (
	"sort"
	"strings"
	"testing"
	"time"

	"kubeplay/core/api"
)

var now = time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)

// render prints a resource list as "name=value,..." in name order.
func render(l api.ResourceList) string {
	parts := make([]string, 0, len(l))
	for k, v := range l {
		parts = append(parts, string(k)+"="+v.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func container(name string, req, lim map[string]string) api.Container {
	c := api.Container{Name: name}
	if req != nil {
		c.Resources.Requests = api.ResourceList{}
		for k, v := range req {
			c.Resources.Requests[api.ResourceName(k)] = api.MustParse(v)
		}
	}
	if lim != nil {
		c.Resources.Limits = api.ResourceList{}
		for k, v := range lim {
			c.Resources.Limits[api.ResourceName(k)] = api.MustParse(v)
		}
	}
	return c
}

func TestUsageChargesWhatEachObjectUses(t *testing.T) {
	web := &api.Pod{Spec: api.PodSpec{
		Containers: []api.Container{
			container("app", map[string]string{"cpu": "250m", "memory": "64Mi"}, map[string]string{"cpu": "500m"}),
			container("sidecar", map[string]string{"cpu": "250m", "ephemeral-storage": "1Gi"}, nil),
		},
		InitContainers: []api.Container{container("init", map[string]string{"cpu": "1"}, nil)},
	}}
	finished := &api.Pod{Spec: web.Spec, Status: api.PodStatus{Phase: api.PodSucceeded}}
	gpu := &api.Pod{Spec: api.PodSpec{Containers: []api.Container{
		container("train", map[string]string{"nvidia.com/gpu": "1", "hugepages-2Mi": "4Mi"}, map[string]string{"nvidia.com/gpu": "1"}),
	}}}
	noAlloc := false
	tests := []struct {
		name            string
		resource, group string
		obj             api.Object
		want            string
	}{
		{"a pod charges its count, itself and its requests under bare and requests. names, an init container by its maximum",
			"pods", "", web,
			"count/pods=1,cpu=1,ephemeral-storage=1Gi,limits.cpu=500m,memory=64Mi,pods=1,requests.cpu=1,requests.ephemeral-storage=1Gi,requests.memory=64Mi"},
		{"a finished pod only keeps its object count",
			"pods", "", finished, "count/pods=1"},
		{"hugepages count under the bare name too, extended resources only under requests. and limits.",
			"pods", "", gpu,
			"count/pods=1,hugepages-2Mi=4Mi,limits.nvidia.com/gpu=1,pods=1,requests.hugepages-2Mi=4Mi,requests.nvidia.com/gpu=1"},
		{"a LoadBalancer Service charges a load balancer and one node port per port",
			"services", "", &api.Service{Spec: api.ServiceSpec{Type: api.ServiceTypeLoadBalancer, Ports: []api.ServicePort{{Port: 80}, {Port: 443}}}},
			"count/services=1,services.loadbalancers=1,services.nodeports=2,services=1"},
		{"a LoadBalancer Service that allocates no node ports charges none",
			"services", "", &api.Service{Spec: api.ServiceSpec{Type: api.ServiceTypeLoadBalancer, AllocateLoadBalancerNodePorts: &noAlloc, Ports: []api.ServicePort{{Port: 80}}}},
			"count/services=1,services.loadbalancers=1,services=1"},
		{"a NodePort Service charges its node ports",
			"services", "", &api.Service{Spec: api.ServiceSpec{Type: api.ServiceTypeNodePort, Ports: []api.ServicePort{{Port: 80}}}},
			"count/services=1,services.nodeports=1,services=1"},
		{"a ConfigMap charges its legacy name and its object count",
			"configmaps", "", &api.ConfigMap{}, "configmaps=1,count/configmaps=1"},
		{"a Deployment charges its grouped object count only",
			"deployments", "apps", &api.Deployment{}, "count/deployments.apps=1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := render(Usage(tc.resource, tc.group, tc.obj, now)); got != tc.want {
				t.Errorf("Usage = %s, want %s", got, tc.want)
			}
		})
	}
}

func TestPodCountsUntilItFinishesOrItsGraceRunsOut(t *testing.T) {
	grace := int64(30)
	deleting := func(ago time.Duration) *api.Pod {
		ts := api.Time{Time: now.Add(-ago)}
		return &api.Pod{ObjectMeta: api.ObjectMeta{DeletionTimestamp: &ts, DeletionGracePeriodSeconds: &grace}}
	}
	tests := []struct {
		name string
		pod  *api.Pod
		want bool
	}{
		{"a running pod counts", &api.Pod{Status: api.PodStatus{Phase: api.PodRunning}}, true},
		{"a failed pod does not count", &api.Pod{Status: api.PodStatus{Phase: api.PodFailed}}, false},
		{"a pod within its deletion grace still counts", deleting(10 * time.Second), true},
		{"a pod past its deletion grace no longer counts", deleting(31 * time.Second), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := PodCounts(tc.pod, now); got != tc.want {
				t.Errorf("PodCounts = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestEvaluatorForNamesTheMeasuredResource(t *testing.T) {
	tests := []struct {
		name   string
		want   string
		wantOK bool
	}{
		{"requests.cpu", "pods/", true},
		{"hugepages-2Mi", "pods/", true},
		{"services.nodeports", "services/", true},
		{"requests.storage", "persistentvolumeclaims/", true},
		{"secrets", "secrets/", true},
		{"count/deployments.apps", "deployments/apps", true},
		{"count/widgets", "widgets/", true},
		{"example.com/unknown", "/", false},
	}
	for _, tc := range tests {
		t.Run(tc.name+" is measured on "+tc.want, func(t *testing.T) {
			r, g, ok := EvaluatorFor(api.ResourceName(tc.name))
			if got := r + "/" + g; got != tc.want || ok != tc.wantOK {
				t.Errorf("EvaluatorFor(%s) = %s %v, want %s %v", tc.name, got, ok, tc.want, tc.wantOK)
			}
		})
	}
}

func TestMatchesScopesSelectsPodsByScope(t *testing.T) {
	deadline := int64(60)
	bestEffort := &api.Pod{Spec: api.PodSpec{Containers: []api.Container{container("a", nil, nil)}}}
	burstable := &api.Pod{Spec: api.PodSpec{ActiveDeadlineSeconds: &deadline, PriorityClassName: "high",
		Containers: []api.Container{container("a", map[string]string{"cpu": "1"}, nil)}}}
	scoped := func(scopes ...api.ResourceQuotaScope) *api.ResourceQuota {
		return &api.ResourceQuota{Spec: api.ResourceQuotaSpec{Scopes: scopes}}
	}
	priority := func(op api.ScopeSelectorOperator, values ...string) *api.ResourceQuota {
		return &api.ResourceQuota{Spec: api.ResourceQuotaSpec{ScopeSelector: &api.ScopeSelector{MatchExpressions: []api.ScopedResourceSelectorRequirement{
			{ScopeName: api.ResourceQuotaScopePriorityClass, Operator: op, Values: values}}}}}
	}
	tests := []struct {
		name string
		q    *api.ResourceQuota
		obj  api.Object
		want bool
	}{
		{"an unscoped quota measures any object", scoped(), &api.ConfigMap{}, true},
		{"a scoped quota measures no object but pods", scoped(api.ResourceQuotaScopeBestEffort), &api.ConfigMap{}, false},
		{"BestEffort selects a pod without cpu or memory", scoped(api.ResourceQuotaScopeBestEffort), bestEffort, true},
		{"NotBestEffort skips a pod without cpu or memory", scoped(api.ResourceQuotaScopeNotBestEffort), bestEffort, false},
		{"Terminating selects a pod with an active deadline", scoped(api.ResourceQuotaScopeTerminating), burstable, true},
		{"every scope must match", scoped(api.ResourceQuotaScopeTerminating, api.ResourceQuotaScopeBestEffort), burstable, false},
		{"PriorityClass In selects a pod of a listed class", priority(api.ScopeSelectorOpIn, "high"), burstable, true},
		{"PriorityClass NotIn skips a pod of a listed class", priority(api.ScopeSelectorOpNotIn, "high"), burstable, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := MatchesScopes(tc.q, tc.obj); got != tc.want {
				t.Errorf("MatchesScopes = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestResourceListArithmetic(t *testing.T) {
	l := func(kv ...string) api.ResourceList {
		out := api.ResourceList{}
		for i := 0; i < len(kv); i += 2 {
			out[api.ResourceName(kv[i])] = api.MustParse(kv[i+1])
		}
		return out
	}
	sum := l("cpu", "100m")
	AddInto(sum, l("cpu", "200m", "memory", "1Gi"))
	if got := render(sum); got != "cpu=300m,memory=1Gi" {
		t.Errorf("AddInto = %s", got)
	}
	max := l("cpu", "500m", "memory", "1Gi")
	MaxInto(max, l("cpu", "1", "memory", "512Mi"))
	if got := render(max); got != "cpu=1,memory=1Gi" {
		t.Errorf("MaxInto = %s", got)
	}
	if !Equals(l("cpu", "1"), l("cpu", "1000m")) {
		t.Error("Equals compares by value: 1 and 1000m are equal")
	}
	if Equals(l("cpu", "1"), l("cpu", "1", "memory", "0")) {
		t.Error("Equals: a list with an extra name differs")
	}
}
