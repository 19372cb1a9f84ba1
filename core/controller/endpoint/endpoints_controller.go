package endpoint

import (
	"reflect"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name, also the managed-by label's value.
const Name = "endpoint-controller"

// Controller is the endpoints controller.
type Controller struct {
	*ctrlutil.Loop
	c        *client.Client
	svcInf   *client.Informer
	podInf   *client.Informer
	epInf    *client.Informer
	triggers map[string]*triggerState
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:        ctx.ClientFor(Name),
		svcInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("services", "")),
		podInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		epInf:    ctx.Informers.Informer("endpoints", ""),
		triggers: map[string]*triggerState{},
	}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.svcInf.AddEventHandler(ctrlutil.EnqueueHandler(c.Loop))
	c.podInf.AddEventHandler(ctrlutil.PodServiceHandler(c.Loop, c.svcInf))
	c.epInf.AddEventHandler(client.Handler{
		// The initial list queues the controller's own Endpoints, so those
		// left behind by a Service deleted while it was stopped go
		// (checkLeftoverEndpoints); a deleted one is made again.
		OnAdd: func(obj api.Object) {
			if obj.GetObjectMeta().Labels[api.LabelEndpointsManagedBy] == Name {
				c.EnqueueObject(obj)
			}
		},
		OnDelete: func(obj api.Object) { c.EnqueueObject(obj) },
	})
	return c
}

// Stop stops the loop and forgets the trigger times.
func (c *Controller) Stop() {
	c.Loop.Stop()
	clear(c.triggers)
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	eps := c.c.Resource("endpoints").Namespace(ns)
	svc, ok := ctrlutil.Get[*api.Service](c.svcInf, ns, name)
	if !ok {
		delete(c.triggers, key)
		cur, found := ctrlutil.Get[*api.Endpoints](c.epInf, ns, name)
		if !found || cur.Labels[api.LabelEndpointsManagedBy] != Name {
			return nil
		}
		c.Trace("delete", "endpoints", ns, name, "deleting Endpoints %s/%s: its Service is gone", ns, name)
		if _, err := eps.Delete(name, client.DeleteOptions{}); err != nil && !api.IsNotFound(err) {
			return err
		}
		return nil
	}
	if svc.Spec.Type == api.ServiceTypeExternalName || svc.Spec.Selector == nil {
		return nil
	}
	sel := labels.SelectorFromSet(labels.Set(svc.Spec.Selector))
	var pods []*api.Pod
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, ns) {
		if sel.Matches(labels.Set(p.Labels)) {
			pods = append(pods, p)
		}
	}
	trigger := c.triggerTime(key, svc, pods)
	subsets, ready, notReady := desiredSubsets(svc, pods)

	cur, exists := ctrlutil.Get[*api.Endpoints](c.epInf, ns, name)
	wantLabels := managedLabels(svc)
	if exists && subsetsEqual(cur.Subsets, subsets) && reflect.DeepEqual(cur.Labels, wantLabels) {
		return nil
	}
	ep := &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns}}
	if exists {
		ep = api.DeepCopyAs(cur)
	}
	ep.Subsets, ep.Labels = subsets, wantLabels
	if ep.Annotations == nil {
		ep.Annotations = map[string]string{}
	}
	if !trigger.IsZero() {
		ep.Annotations[api.EndpointsLastChangeTriggerTime] = trigger.UTC().Format(time.RFC3339Nano)
	} else {
		delete(ep.Annotations, api.EndpointsLastChangeTriggerTime)
	}
	if !exists {
		c.Trace("create", "endpoints", ns, name, "creating Endpoints for Service %s/%s: %d ready, %d not ready", ns, name, ready, notReady)
		_, err := eps.Create(ep)
		if ctrlutil.IsNamespaceTerminating(err) {
			return nil
		}
		return err
	}
	c.Trace("update", "endpoints", ns, name, "updating Endpoints %s/%s: %d ready, %d not ready", ns, name, ready, notReady)
	_, err := eps.Update(ep)
	return err
}

// managedLabels are the Service's labels, the managed-by label, and the
// headless label for a Service without a cluster IP.
func managedLabels(svc *api.Service) map[string]string {
	out := map[string]string{}
	for k, v := range svc.Labels {
		out[k] = v
	}
	out[api.LabelEndpointsManagedBy] = Name
	if svc.Spec.ClusterIP == "" || svc.Spec.ClusterIP == api.ClusterIPNone {
		out[api.IsHeadlessService] = ""
	}
	return out
}

// desiredSubsets lists each selected Pod that should be an endpoint, once per
// Service port that resolves on it, repacked into the canonical layout.
func desiredSubsets(svc *api.Service, pods []*api.Pod) (subsets []api.EndpointSubset, ready, notReady int) {
	pnra := svc.Spec.PublishNotReadyAddresses
	for _, p := range pods {
		if !shouldBeEndpoint(p, pnra) {
			continue
		}
		ip := podIP(p, svc)
		if ip == "" {
			continue
		}
		nodeName := p.Spec.NodeName
		addr := api.EndpointAddress{IP: ip, NodeName: &nodeName,
			TargetRef: &api.ObjectReference{Kind: "Pod", Namespace: p.Namespace, Name: p.Name, UID: p.UID}}
		if p.Spec.Hostname != "" && p.Spec.Subdomain == svc.Name && p.Namespace == svc.Namespace {
			addr.Hostname = p.Spec.Hostname
		}
		isReady := pnra || ctrlutil.IsPodReady(p)
		add := func(ports []api.EndpointPort) {
			ss := api.EndpointSubset{Ports: ports}
			if isReady {
				ss.Addresses = []api.EndpointAddress{addr}
				ready++
			} else {
				ss.NotReadyAddresses = []api.EndpointAddress{addr}
				notReady++
			}
			subsets = append(subsets, ss)
		}
		if len(svc.Spec.Ports) == 0 {
			if svc.Spec.ClusterIP == api.ClusterIPNone {
				add(nil)
			}
			continue
		}
		for i := range svc.Spec.Ports {
			sp := &svc.Spec.Ports[i]
			port, ok := ctrlutil.FindPort(p, sp)
			if !ok {
				continue
			}
			add([]api.EndpointPort{{Name: sp.Name, Port: port, Protocol: sp.Protocol, AppProtocol: sp.AppProtocol}})
		}
	}
	return api.RepackSubsets(subsets), ready, notReady
}

// shouldBeEndpoint is ShouldPodBeInEndpoints: a Pod with an IP, not
// terminating (unless not-ready addresses are published), and not finished
// for good by its restart policy.
func shouldBeEndpoint(p *api.Pod, includeTerminating bool) bool {
	if p.Status.PodIP == "" && len(p.Status.PodIPs) == 0 {
		return false
	}
	if !includeTerminating && p.DeletionTimestamp != nil {
		return false
	}
	switch p.Spec.RestartPolicy {
	case api.RestartPolicyNever:
		return p.Status.Phase != api.PodFailed && p.Status.Phase != api.PodSucceeded
	case api.RestartPolicyOnFailure:
		return p.Status.Phase != api.PodSucceeded
	}
	return true
}

// podIP is the Pod's first IP of the Service's family (IPv4 unless the
// cluster IP, or for a headless Service the Pod IP, is IPv6).
func podIP(p *api.Pod, svc *api.Service) string {
	v6 := strings.Contains(p.Status.PodIP, ":")
	if ip := svc.Spec.ClusterIP; ip != "" && ip != api.ClusterIPNone {
		v6 = strings.Contains(ip, ":")
	}
	ips := p.Status.PodIPs
	if len(ips) == 0 {
		ips = []api.PodIP{{IP: p.Status.PodIP}}
	}
	for _, ip := range ips {
		if strings.Contains(ip.IP, ":") == v6 {
			return ip.IP
		}
	}
	return ""
}

// subsetsEqual compares subsets ignoring the target Pods' resourceVersions.
func subsetsEqual(a, b []api.EndpointSubset) bool {
	strip := func(ss []api.EndpointSubset) []api.EndpointSubset {
		out := make([]api.EndpointSubset, len(ss))
		for i, s := range ss {
			out[i] = api.EndpointSubset{Ports: s.Ports,
				Addresses: stripRV(s.Addresses), NotReadyAddresses: stripRV(s.NotReadyAddresses)}
		}
		return out
	}
	return reflect.DeepEqual(strip(a), strip(b))
}

func stripRV(addrs []api.EndpointAddress) []api.EndpointAddress {
	if addrs == nil {
		return nil
	}
	out := make([]api.EndpointAddress, len(addrs))
	for i, a := range addrs {
		if a.TargetRef != nil {
			ref := *a.TargetRef
			ref.ResourceVersion = ""
			a.TargetRef = &ref
		}
		out[i] = a
	}
	return out
}
