package endpointslice

import (
	"reflect"
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "endpointslice-controller"

// ManagedBy is the managed-by label value of the slices it owns.
const ManagedBy = "endpointslice-controller.k8s.io"

// Controller is the EndpointSlice controller.
type Controller struct {
	*ctrlutil.Loop
	c        *client.Client
	svcInf   *client.Informer
	podInf   *client.Informer
	sliceInf *client.Informer
	nodeInf  *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:        ctx.ClientFor(Name),
		svcInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("services", "")),
		podInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
		sliceInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("endpointslices", "")),
		nodeInf:  ctx.Informers.Informer("nodes", ""),
	}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.svcInf.AddEventHandler(ctrlutil.EnqueueHandler(c.Loop))
	c.podInf.AddEventHandler(ctrlutil.PodServiceHandler(c.Loop, c.svcInf))
	c.sliceInf.AddEventHandler(client.Handler{
		OnDelete: func(obj api.Object) {
			if svc := obj.GetObjectMeta().Labels[api.LabelServiceName]; svc != "" {
				c.Enqueue(client.Key(obj.GetObjectMeta().Namespace, svc))
			}
		},
	})
	return c
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	svc, ok := ctrlutil.Get[*api.Service](c.svcInf, ns, name)
	var mine []*api.EndpointSlice
	for _, s := range ctrlutil.ListIn[*api.EndpointSlice](c.sliceInf, ns) {
		if s.Labels[api.LabelServiceName] == name && s.Labels[api.LabelManagedBy] == ManagedBy {
			mine = append(mine, s)
		}
	}
	if !ok || len(svc.Spec.Selector) == 0 || svc.Spec.Type == api.ServiceTypeExternalName {
		for _, s := range mine {
			if _, err := c.c.Resource("endpointslices").Namespace(ns).Delete(s.Name, client.DeleteOptions{}); err != nil && !api.IsNotFound(err) {
				return err
			}
		}
		return nil
	}
	endpoints, ports := c.desired(svc)
	if len(mine) == 0 {
		ref := ctrlutil.NewControllerRef(svc)
		slice := &api.EndpointSlice{
			ObjectMeta: api.ObjectMeta{
				GenerateName:    svc.Name + "-",
				Namespace:       ns,
				Labels:          map[string]string{api.LabelServiceName: svc.Name, api.LabelManagedBy: ManagedBy},
				OwnerReferences: []api.OwnerReference{ref},
			},
			AddressType: api.AddressType("IPv4"),
			Endpoints:   endpoints,
			Ports:       ports,
		}
		for k, v := range svc.Labels {
			if _, taken := slice.Labels[k]; !taken {
				slice.Labels[k] = v
			}
		}
		c.Trace("create", "endpointslices.discovery.k8s.io", ns, svc.Name, "creating EndpointSlice for Service %s/%s with %d endpoints", ns, svc.Name, len(endpoints))
		_, err := c.c.Resource("endpointslices").Namespace(ns).Create(slice)
		return err
	}
	cur := mine[0]
	for _, extra := range mine[1:] {
		c.c.Resource("endpointslices").Namespace(ns).Delete(extra.Name, client.DeleteOptions{})
	}
	if reflect.DeepEqual(cur.Endpoints, endpoints) && reflect.DeepEqual(cur.Ports, ports) {
		return nil
	}
	upd := api.DeepCopyAs(cur)
	upd.Endpoints, upd.Ports = endpoints, ports
	c.Trace("update", "endpointslices.discovery.k8s.io", ns, cur.Name, "updating EndpointSlice %s: %d endpoints", cur.Name, len(endpoints))
	_, err := c.c.Resource("endpointslices").Namespace(ns).Update(upd)
	return err
}

// desired lists the endpoints of the selected pods with an IP, sorted by
// pod name, and the Service's ports resolved against the first of them.
func (c *Controller) desired(svc *api.Service) ([]api.Endpoint, []api.EndpointSlicePort) {
	sel := labels.SelectorFromSet(labels.Set(svc.Spec.Selector))
	var pods []*api.Pod
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, svc.Namespace) {
		if sel.Matches(labels.Set(p.Labels)) && p.Status.PodIP != "" && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
			pods = append(pods, p)
		}
	}
	sort.Slice(pods, func(i, j int) bool { return pods[i].Name < pods[j].Name })
	endpoints := []api.Endpoint{}
	for _, p := range pods {
		terminating := p.DeletionTimestamp != nil
		ready := (ctrlutil.IsPodReady(p) && !terminating) || svc.Spec.PublishNotReadyAddresses
		serving := ctrlutil.IsPodReady(p) || svc.Spec.PublishNotReadyAddresses
		ep := api.Endpoint{
			Addresses:  []string{p.Status.PodIP},
			Conditions: api.EndpointConditions{Ready: ctrlutil.Ptr(ready), Serving: ctrlutil.Ptr(serving), Terminating: ctrlutil.Ptr(terminating)},
			TargetRef:  &api.ObjectReference{Kind: "Pod", Namespace: p.Namespace, Name: p.Name, UID: p.UID},
		}
		if p.Spec.NodeName != "" {
			ep.NodeName = ctrlutil.Ptr(p.Spec.NodeName)
			if n, ok := ctrlutil.Get[*api.Node](c.nodeInf, "", p.Spec.NodeName); ok {
				if z, ok := n.Labels[api.LabelTopologyZone]; ok {
					ep.Zone = ctrlutil.Ptr(z)
				}
			}
		}
		endpoints = append(endpoints, ep)
	}
	var ports []api.EndpointSlicePort
	if len(pods) == 0 {
		// The placeholder slice of a Service without endpoints has no
		// ports (the reconciler's endpointMeta{Ports: []}): PORTS <unset>.
		return endpoints, nil
	}
	for _, sp := range svc.Spec.Ports {
		proto := sp.Protocol
		if proto == "" {
			proto = api.ProtocolTCP
		}
		port := resolvePort(sp, pods)
		ports = append(ports, api.EndpointSlicePort{Name: ctrlutil.Ptr(sp.Name), Protocol: &proto, Port: port, AppProtocol: sp.AppProtocol})
	}
	return endpoints, ports
}

// resolvePort resolves a targetPort: a number as is (the port itself when
// unset), a name through the first pod declaring it.
func resolvePort(sp api.ServicePort, pods []*api.Pod) *int32 {
	tp := sp.TargetPort
	switch {
	case tp.Type == api.String && tp.StrVal != "":
		for _, p := range pods {
			for _, ctr := range p.Spec.Containers {
				for _, cp := range ctr.Ports {
					if cp.Name == tp.StrVal {
						return ctrlutil.Ptr(cp.ContainerPort)
					}
				}
			}
		}
		return nil
	case tp.IntVal != 0:
		return ctrlutil.Ptr(tp.IntVal)
	default:
		return ctrlutil.Ptr(sp.Port)
	}
}
