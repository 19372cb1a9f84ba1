package resourcequota

import (
	"testing"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/internal/testenv"
)

func quotaWith(hard map[string]string) *api.ResourceQuota {
	q := &api.ResourceQuota{ObjectMeta: api.ObjectMeta{Name: "q", Namespace: "default"}, Spec: api.ResourceQuotaSpec{Hard: api.ResourceList{}}}
	for k, v := range hard {
		q.Spec.Hard[api.ResourceName(k)] = api.MustParse(v)
	}
	return q
}

func pod(name, cpu, mem string) *api.Pod {
	c := api.Container{Name: "c", Image: "nginx"}
	if cpu != "" {
		c.Resources.Requests = api.ResourceList{api.ResourceCPU: api.MustParse(cpu), api.ResourceMemory: api.MustParse(mem)}
		c.Resources.Limits = api.ResourceList{api.ResourceCPU: api.MustParse(cpu), api.ResourceMemory: api.MustParse(mem)}
	}
	return &api.Pod{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}, Spec: api.PodSpec{Containers: []api.Container{c}}}
}

func setup(t *testing.T) *testenv.Env {
	e := testenv.New(t, "demo-worker")
	e.Start(New(e.Ctx))
	return e
}

// used renders status.used as the quota printer does: name -> "used/hard".
func used(e *testenv.Env) map[string]string {
	obj := e.Get("resourcequotas", "default", "q")
	if obj == nil {
		return nil
	}
	q := obj.(*api.ResourceQuota)
	out := map[string]string{}
	for n, h := range q.Status.Hard {
		u := q.Status.Used[n]
		out[string(n)] = u.String() + "/" + h.String()
	}
	return out
}

func check(t *testing.T, e *testenv.Env, what string, want map[string]string) {
	t.Helper()
	e.Until(time.Minute, what, func() bool {
		got := used(e)
		if len(got) != len(want) {
			return false
		}
		for k, v := range want {
			if got[k] != v {
				return false
			}
		}
		return true
	})
}

func TestAQuotaStartsWithItsHardLimitsAndZeroUsage(t *testing.T) {
	e := setup(t)
	e.Must(e.Admin.Resource("resourcequotas").Namespace("default").Create(quotaWith(map[string]string{"pods": "2", "requests.cpu": "1", "memory": "1Gi"})))
	check(t, e, "status filled", map[string]string{"pods": "0/2", "requests.cpu": "0/1", "memory": "0/1Gi"})
}

func TestPodsChargeTheirRequestsUntilTheyFinishOrAreDeleted(t *testing.T) {
	e := setup(t)
	e.Succeed = func(p *api.Pod) bool { return p.Name == "job" }
	e.Must(e.Admin.Resource("resourcequotas").Namespace("default").Create(quotaWith(map[string]string{
		"pods": "5", "count/pods": "5", "requests.cpu": "2", "limits.memory": "1Gi", "cpu": "2"})))
	e.Run(time.Second)
	e.Must(e.Admin.Resource("pods").Namespace("default").Create(pod("web", "200m", "64Mi")))
	e.Must(e.Admin.Resource("pods").Namespace("default").Create(pod("job", "300m", "128Mi")))
	// The finished pod is given back at once (count/pods still counts it).
	check(t, e, "the finished pod stops counting", map[string]string{
		"pods": "1/5", "count/pods": "2/5", "requests.cpu": "200m/2", "cpu": "200m/2", "limits.memory": "64Mi/1Gi"})

	zero := int64(0)
	if _, err := e.Admin.Resource("pods").Namespace("default").Delete("web", client.DeleteOptions{GracePeriodSeconds: &zero}); err != nil {
		t.Fatal(err)
	}
	check(t, e, "the deleted pod is given back", map[string]string{
		"pods": "0/5", "count/pods": "1/5", "requests.cpu": "0/2", "cpu": "0/2", "limits.memory": "0/1Gi"})
}

func TestObjectCountsCoverEveryKindAndTheLegacyNames(t *testing.T) {
	e := setup(t)
	for _, name := range []string{"one", "two"} {
		e.Must(e.Admin.Resource("configmaps").Namespace("default").Create(&api.ConfigMap{ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"}}))
	}
	e.Must(e.Admin.Resource("roles").Namespace("default").Create(&api.Role{ObjectMeta: api.ObjectMeta{Name: "reader", Namespace: "default"}}))
	e.Must(e.Admin.Resource("services").Namespace("default").Create(&api.Service{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.ServiceSpec{Type: api.ServiceTypeNodePort, Ports: []api.ServicePort{{Name: "http", Port: 80}, {Name: "https", Port: 443}}}}))
	e.Must(e.Admin.Resource("resourcequotas").Namespace("default").Create(quotaWith(map[string]string{
		"configmaps": "10", "count/configmaps": "10", "count/roles.rbac.authorization.k8s.io": "3",
		"services": "2", "services.nodeports": "4", "services.loadbalancers": "1", "resourcequotas": "1", "count/deployments.apps": "1"})))
	// default/kubernetes is the second Service.
	check(t, e, "counts", map[string]string{
		"configmaps": "2/10", "count/configmaps": "2/10", "count/roles.rbac.authorization.k8s.io": "1/3",
		"services": "2/2", "services.nodeports": "2/4", "services.loadbalancers": "0/1", "resourcequotas": "1/1", "count/deployments.apps": "0/1"})
}

func TestAScopedQuotaCountsOnlyThePodsInItsScope(t *testing.T) {
	for _, tc := range []struct {
		name  string
		scope api.ResourceQuotaScope
		want  string
	}{
		{"BestEffort counts pods without requests", api.ResourceQuotaScopeBestEffort, "1/5"},
		{"NotBestEffort counts pods with requests", api.ResourceQuotaScopeNotBestEffort, "2/5"},
		{"NotTerminating counts pods without activeDeadlineSeconds", api.ResourceQuotaScopeNotTerminating, "3/5"},
		{"Terminating counts none of them", api.ResourceQuotaScopeTerminating, "0/5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := setup(t)
			for _, p := range []*api.Pod{pod("a", "100m", "64Mi"), pod("b", "100m", "64Mi"), pod("c", "", "")} {
				e.Must(e.Admin.Resource("pods").Namespace("default").Create(p))
			}
			q := quotaWith(map[string]string{"pods": "5"})
			q.Spec.Scopes = []api.ResourceQuotaScope{tc.scope}
			e.Must(e.Admin.Resource("resourcequotas").Namespace("default").Create(q))
			check(t, e, "scoped usage", map[string]string{"pods": tc.want})
		})
	}
}

func TestAChangedHardLimitAndTheFiveMinuteResyncRecomputeUsage(t *testing.T) {
	e := setup(t)
	e.Must(e.Admin.Resource("pods").Namespace("default").Create(pod("a", "100m", "64Mi")))
	e.Must(e.Admin.Resource("resourcequotas").Namespace("default").Create(quotaWith(map[string]string{"pods": "2"})))
	check(t, e, "initial", map[string]string{"pods": "1/2"})

	q := e.Get("resourcequotas", "default", "q").(*api.ResourceQuota)
	q.Spec.Hard["pods"] = api.MustParse("3")
	q.Spec.Hard["count/configmaps"] = api.MustParse("4")
	e.Must(e.Admin.Resource("resourcequotas").Namespace("default").Update(q))
	check(t, e, "new hard limits", map[string]string{"pods": "1/3", "count/configmaps": "0/4"})

	// Drift (a charge for an object that was never stored) lasts until the resync.
	q = e.Get("resourcequotas", "default", "q").(*api.ResourceQuota)
	q.Status.Used["pods"] = api.MustParse("2")
	e.Must(e.Admin.Resource("resourcequotas").Namespace("default").UpdateStatus(q))
	e.Run(time.Minute)
	if got := used(e)["pods"]; got != "2/3" {
		t.Fatalf("pods = %s before the resync: only the resync corrects drift", got)
	}
	e.Run(ResyncPeriod)
	if got := used(e)["pods"]; got != "1/3" {
		t.Errorf("pods = %s after the resync, want 1/3", got)
	}
}
