package resourcequota

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/quota"
)

// Name is the controller's name (its client's name in the trace).
const Name = "resourcequota-controller"

// ResyncPeriod is --resource-quota-sync-period: every quota is recomputed
// in full this often.
const ResyncPeriod = 5 * time.Minute

// Monitored are the resources whose changes give quota back (the quota
// monitor's informers, shared with the garbage collector). Usage of other
// resources named by a quota is listed from the apiserver at sync time.
var Monitored = []string{"configmaps", "daemonsets", "deployments", "endpointslices", "jobs", "leases",
	"pods", "replicasets", "resourcequotas", "secrets", "serviceaccounts", "services"}

// Controller is the resource quota controller.
type Controller struct {
	*ctrlutil.Loop
	c         *client.Client
	quotaInf  *client.Informer
	informers map[string]*client.Informer // monitored resource -> informer
	cs        *ctrlutil.ConsistencyStore
	stopTick  func()
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{c: ctx.ClientFor(Name), informers: map[string]*client.Informer{}}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	for _, res := range Monitored {
		c.informers[res] = ctrlutil.NamespaceIndexed(ctx.Informers.Informer(res, ""))
	}
	c.quotaInf = c.informers["resourcequotas"]
	c.cs = ctrlutil.NewConsistencyStore(ctx.Sim, c.quotaInf)
	c.quotaInf.AddEventHandler(client.Handler{
		OnAdd: func(obj api.Object) { c.EnqueueObject(obj) },
		// Only spec.hard drives a sync: status updates are this
		// controller's own (or the admission plugin's charges).
		OnUpdate: func(old, cur api.Object) {
			if !quota.Equals(old.(*api.ResourceQuota).Spec.Hard, cur.(*api.ResourceQuota).Spec.Hard) {
				c.EnqueueObject(cur)
			}
		},
	})
	for _, res := range Monitored {
		res := res
		c.informers[res].AddEventHandler(client.Handler{
			OnUpdate: func(old, cur api.Object) {
				if usageMayDrop(old, cur, c.Sim().Now()) {
					c.replenish(res, cur)
				}
			},
			OnDelete: func(obj api.Object) { c.replenish(res, obj) },
		})
	}
	return c
}

// Start opens the queue and the periodic full resync.
func (c *Controller) Start() {
	c.Loop.Start()
	c.stopTick = c.Sim().Every(ResyncPeriod, Name+" resync", c.enqueueAll)
}

// Stop stops the queue and the resync.
func (c *Controller) Stop() {
	if c.stopTick != nil {
		c.stopTick()
		c.stopTick = nil
	}
	c.Loop.Stop()
	c.cs.Reset()
}

func (c *Controller) enqueueAll() {
	for _, q := range ctrlutil.ListIn[*api.ResourceQuota](c.quotaInf, "") {
		c.EnqueueObject(q)
	}
}

// usageMayDrop is the quota monitor's update filter: a pod that stops
// counting (finished, or past its deletion grace), a Service whose type
// changed.
func usageMayDrop(old, cur api.Object, now time.Time) bool {
	switch o := old.(type) {
	case *api.Pod:
		return quota.PodCounts(o, now) && !quota.PodCounts(cur.(*api.Pod), now)
	case *api.Service:
		return o.Spec.Type != cur.(*api.Service).Spec.Type
	}
	return false
}

// replenish queues every quota of the object's namespace that measures its
// resource.
func (c *Controller) replenish(resource string, obj api.Object) {
	ns := obj.GetObjectMeta().Namespace
	if ns == "" {
		return
	}
	group := groupOf(resource)
	for _, q := range ctrlutil.ListIn[*api.ResourceQuota](c.quotaInf, ns) {
		for name := range q.Spec.Hard {
			if r, g, ok := quota.EvaluatorFor(name); ok && r == resource && g == group {
				c.EnqueueObject(q)
				break
			}
		}
	}
}

func groupOf(resource string) string {
	if info, ok := api.ResourceFor(resource); ok {
		return info.Group
	}
	return ""
}

func (c *Controller) sync(key string) error {
	for _, inf := range c.informers {
		if !inf.HasSynced() {
			c.EnqueueAfter(key, 100*time.Millisecond)
			return nil
		}
	}
	ns, name := client.SplitKey(key)
	q, ok := ctrlutil.Get[*api.ResourceQuota](c.quotaInf, ns, name)
	if !ok {
		c.cs.Clear(key)
		return nil
	}
	// Wait until the cache shows our last status update: writing from an
	// older copy would only meet a 409 Conflict.
	if err := c.cs.EnsureReady(key); err != nil {
		return err
	}
	used, err := c.calculateUsage(q)
	if err != nil {
		return err
	}
	hard := api.ResourceList{}
	for n, v := range q.Spec.Hard {
		hard[n] = v
	}
	if quota.Equals(hard, q.Status.Hard) && quota.Equals(used, q.Status.Used) {
		return nil
	}
	upd := api.DeepCopyAs(q)
	upd.Status.Hard, upd.Status.Used = hard, used
	c.Trace("update", "resourcequotas", ns, name, "ResourceQuota %s/%s used %s", ns, name, summary(used, hard))
	obj, err := c.c.Resource("resourcequotas").Namespace(ns).UpdateStatus(upd)
	if err != nil {
		return err
	}
	c.cs.WroteAt(key, "resourcequotas", obj)
	return nil
}

// calculateUsage measures every hard resource an evaluator knows (zero when
// nothing uses it); names nobody measures keep their previous value.
func (c *Controller) calculateUsage(q *api.ResourceQuota) (api.ResourceList, error) {
	type target struct{ resource, group string }
	byTarget := map[target][]api.ResourceName{}
	used := api.ResourceList{}
	for name := range q.Spec.Hard {
		r, g, ok := quota.EvaluatorFor(name)
		if !ok {
			if v, had := q.Status.Used[name]; had {
				used[name] = v
			}
			continue
		}
		used[name] = api.Quantity{Format: api.DecimalSI}
		byTarget[target{r, g}] = append(byTarget[target{r, g}], name)
	}
	targets := make([]target, 0, len(byTarget))
	for t := range byTarget {
		targets = append(targets, t)
	}
	// A deterministic order: fallback lists are requests in the trace.
	sort.Slice(targets, func(i, j int) bool {
		return targets[i].group+"/"+targets[i].resource < targets[j].group+"/"+targets[j].resource
	})
	now := c.Sim().Now()
	for _, t := range targets {
		names := byTarget[t]
		objs, err := c.objects(t.resource, t.group, q.Namespace)
		if err != nil {
			return nil, err
		}
		for _, obj := range objs {
			if !quota.MatchesScopes(q, obj) {
				continue
			}
			u := quota.Usage(t.resource, t.group, obj, now)
			for _, n := range names {
				if v, ok := u[n]; ok {
					total := used[n]
					total.Add(v)
					used[n] = total
				}
			}
		}
	}
	return used, nil
}

// objects lists the namespace's objects of a resource: from the shared
// informer when the resource is monitored, else from the apiserver. A
// resource kubeplay does not serve has no objects.
func (c *Controller) objects(resource, group, ns string) ([]api.Object, error) {
	if inf, ok := c.informers[resource]; ok && groupOf(resource) == group {
		return inf.ByIndex(client.NamespaceIndex, ns), nil
	}
	served := false
	for _, info := range api.Resources() {
		if info.Resource == resource && info.Group == group && info.Namespaced {
			served = true
		}
	}
	if !served {
		return nil, nil
	}
	l, err := c.c.Resource(resource).Namespace(ns).List(client.ListOptions{})
	if err != nil {
		return nil, err
	}
	return l.Items, nil
}

// summary is "pods: 1/2, requests.cpu: 500m/1" in name order.
func summary(used, hard api.ResourceList) string {
	names := make([]string, 0, len(hard))
	for n := range hard {
		names = append(names, string(n))
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		u, h := used[api.ResourceName(n)], hard[api.ResourceName(n)]
		parts[i] = fmt.Sprintf("%s: %s/%s", n, u.String(), h.String())
	}
	return strings.Join(parts, ", ")
}
