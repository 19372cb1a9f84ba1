package namespace

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "namespace-controller"

// RetryPeriod is how soon a namespace with leftovers other than pods is
// looked at again.
const RetryPeriod = 5 * time.Second

// Controller is the namespace controller.
type Controller struct {
	*ctrlutil.Loop
	c     *client.Client
	nsInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{c: ctx.ClientFor(Name), nsInf: ctx.Informers.Informer("namespaces", "")}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	enqueue := func(obj api.Object) {
		if obj.GetObjectMeta().DeletionTimestamp != nil {
			c.EnqueueObject(obj)
		}
	}
	c.nsInf.AddEventHandler(client.Handler{OnAdd: enqueue, OnUpdate: func(_, obj api.Object) { enqueue(obj) }})
	return c
}

// namespacedResources are the resources emptied from a terminating
// namespace, in discovery order (custom resources included).
func namespacedResources(all []*api.ResourceInfo) []*api.ResourceInfo {
	var out []*api.ResourceInfo
	for _, r := range all {
		if r.Namespaced && hasVerb(r, "list") && hasVerb(r, "delete") {
			out = append(out, r)
		}
	}
	return out
}

func hasVerb(r *api.ResourceInfo, v string) bool {
	for _, x := range r.Verbs {
		if x == v {
			return true
		}
	}
	return false
}

func (c *Controller) sync(key string) error {
	ns, ok := ctrlutil.Get[*api.Namespace](c.nsInf, "", key)
	if !ok || ns.DeletionTimestamp == nil {
		return nil
	}
	if !hasKubernetesFinalizer(ns) {
		return nil
	}
	remaining := map[string]int{}
	var graceEstimate int64
	for _, r := range namespacedResources(c.c.ServerResources()) {
		rc := c.c.Resource(r.GroupResource().String()).Namespace(ns.Name)
		l, err := rc.List(client.ListOptions{})
		if err != nil {
			if api.IsNotFound(err) || api.IsForbidden(err) {
				continue
			}
			return err
		}
		if len(l.Items) == 0 {
			continue
		}
		gr := r.GroupResource().String()
		var live []api.Object
		for _, obj := range l.Items {
			if obj.GetObjectMeta().DeletionTimestamp == nil {
				live = append(live, obj)
			}
		}
		if len(live) > 0 {
			c.Trace("deletecollection", gr, ns.Name, "", "namespace %s is terminating: deleting %d %s", ns.Name, len(live), gr)
			if hasVerb(r, "deletecollection") {
				if _, err := c.c.Do(&request.Request{Verb: "deletecollection", Resource: r.Resource, Group: r.Group, Namespace: ns.Name}); err != nil && !api.IsNotFound(err) {
					return err
				}
			} else {
				for _, obj := range live {
					if _, err := rc.Delete(obj.GetObjectMeta().Name, client.DeleteOptions{}); err != nil && !api.IsNotFound(err) {
						return err
					}
				}
			}
		}
		after, err := rc.List(client.ListOptions{})
		if err != nil {
			return err
		}
		if n := len(after.Items); n > 0 {
			remaining[gr] = n
			for _, obj := range after.Items {
				if p, ok := obj.(*api.Pod); ok {
					g := int64(api.DefaultTerminationGracePeriodSeconds)
					if p.Spec.TerminationGracePeriodSeconds != nil {
						g = *p.Spec.TerminationGracePeriodSeconds
					}
					graceEstimate = max(graceEstimate, g)
				}
			}
		}
	}
	if len(remaining) > 0 {
		wait := RetryPeriod
		if graceEstimate > 0 {
			wait = time.Duration(graceEstimate) * time.Second
		}
		c.Trace("", "namespaces", "", ns.Name, "namespace %s: waiting for %s; checking again in %v", ns.Name, describe(remaining), wait)
		if err := c.setContentConditions(ns, remaining); err != nil {
			return err
		}
		c.EnqueueAfter(key, wait)
		return nil
	}
	return c.finalize(ns)
}

func describe(remaining map[string]int) string {
	keys := make([]string, 0, len(remaining))
	for k := range remaining {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s has %d resource instances", k, remaining[k])
	}
	return strings.Join(parts, ", ")
}

// setContentConditions records NamespaceContentRemaining as the real
// controller does ("Some resources are remaining: pods. has 2 resource instances").
func (c *Controller) setContentConditions(ns *api.Namespace, remaining map[string]int) error {
	msg := "Some resources are remaining: " + strings.ReplaceAll(describe(remaining), " has ", ". has ")
	for _, cond := range ns.Status.Conditions {
		if cond.Type == "NamespaceContentRemaining" && cond.Message == msg {
			return nil
		}
	}
	cp := api.DeepCopyAs(ns)
	now := api.NewTime(c.Sim().Now())
	var conds []api.NamespaceCondition
	for _, cond := range cp.Status.Conditions {
		if cond.Type != "NamespaceContentRemaining" {
			conds = append(conds, cond)
		}
	}
	cp.Status.Conditions = append(conds, api.NamespaceCondition{Type: "NamespaceContentRemaining", Status: api.ConditionTrue,
		LastTransitionTime: now, Reason: "SomeResourcesRemain", Message: msg})
	_, err := c.c.Resource("namespaces").UpdateStatus(cp)
	if err != nil && (api.IsConflict(err) || api.IsNotFound(err)) {
		return nil
	}
	return err
}

func hasKubernetesFinalizer(ns *api.Namespace) bool {
	for _, f := range ns.Spec.Finalizers {
		if f == api.FinalizerKubernetes {
			return true
		}
	}
	return false
}

// finalize removes the kubernetes finalizer (PUT namespaces/<n>/finalize).
func (c *Controller) finalize(ns *api.Namespace) error {
	cp := api.DeepCopyAs(ns)
	var keep []api.FinalizerName
	for _, f := range cp.Spec.Finalizers {
		if f != api.FinalizerKubernetes {
			keep = append(keep, f)
		}
	}
	cp.Spec.Finalizers = keep
	c.Trace("update", "namespaces/finalize", "", ns.Name, "namespace %s is empty: removing the kubernetes finalizer", ns.Name)
	_, err := c.c.Do(&request.Request{Verb: "update", Resource: "namespaces", Subresource: "finalize", Name: ns.Name, Body: cp})
	if err != nil && api.IsNotFound(err) {
		return nil
	}
	return err
}
