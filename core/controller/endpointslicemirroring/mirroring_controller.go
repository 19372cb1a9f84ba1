package endpointslicemirroring

import (
	"reflect"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "endpointslice-mirroring-controller"

// ManagedBy is the managed-by label value of the slices it owns.
const ManagedBy = "endpointslicemirroring-controller.k8s.io"

// maxEndpointsPerSubset is --mirroring-max-endpoints-per-subset's default.
const maxEndpointsPerSubset = 1000

// Controller is the EndpointSlice mirroring controller.
type Controller struct {
	*ctrlutil.Loop
	c        *client.Client
	svcInf   *client.Informer
	epInf    *client.Informer
	sliceInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:        ctx.ClientFor(Name),
		svcInf:   ctrlutil.NamespaceIndexed(ctx.Informers.Informer("services", "")),
		epInf:    ctx.Informers.Informer("endpoints", ""),
		sliceInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("endpointslices", "")),
	}
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	queue := ctrlutil.EnqueueHandler(c.Loop)
	c.svcInf.AddEventHandler(queue)
	c.epInf.AddEventHandler(queue)
	bySlice := func(obj api.Object) {
		m := obj.GetObjectMeta()
		if svc := m.Labels[api.LabelServiceName]; svc != "" && m.Labels[api.LabelManagedBy] == ManagedBy {
			c.Enqueue(client.Key(m.Namespace, svc))
		}
	}
	c.sliceInf.AddEventHandler(client.Handler{
		OnUpdate: func(_, obj api.Object) { bySlice(obj) },
		OnDelete: bySlice,
	})
	return c
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	var mine []*api.EndpointSlice
	for _, s := range ctrlutil.ListIn[*api.EndpointSlice](c.sliceInf, ns) {
		if s.Labels[api.LabelServiceName] == name && s.Labels[api.LabelManagedBy] == ManagedBy {
			mine = append(mine, s)
		}
	}
	svc, hasSvc := ctrlutil.Get[*api.Service](c.svcInf, ns, name)
	ep, hasEp := ctrlutil.Get[*api.Endpoints](c.epInf, ns, name)
	if !hasSvc || svc.Spec.Selector != nil || !hasEp || !shouldMirror(ep) {
		return c.deleteSlices(ns, mine)
	}
	want := desiredSlices(ep)
	// Keep an existing slice for each wanted one of the same address type
	// and ports; create the others, delete the rest.
	used := make([]bool, len(mine))
	for _, w := range want {
		match := -1
		for i, s := range mine {
			if !used[i] && s.AddressType == w.AddressType && reflect.DeepEqual(s.Ports, w.Ports) {
				match = i
				break
			}
		}
		if match < 0 {
			c.Trace("create", "endpointslices.discovery.k8s.io", ns, name, "mirroring Endpoints %s/%s into a new EndpointSlice with %d endpoints", ns, name, len(w.Endpoints))
			if _, err := c.c.Resource("endpointslices").Namespace(ns).Create(w); err != nil {
				if ctrlutil.IsNamespaceTerminating(err) {
					return nil
				}
				return err
			}
			continue
		}
		used[match] = true
		cur := mine[match]
		if reflect.DeepEqual(cur.Endpoints, w.Endpoints) && reflect.DeepEqual(cur.Labels, w.Labels) &&
			reflect.DeepEqual(nonEmpty(cur.Annotations), nonEmpty(w.Annotations)) {
			continue
		}
		upd := api.DeepCopyAs(cur)
		upd.Endpoints, upd.Labels, upd.Annotations = w.Endpoints, w.Labels, w.Annotations
		c.Trace("update", "endpointslices.discovery.k8s.io", ns, cur.Name, "mirroring Endpoints %s/%s into EndpointSlice %s: %d endpoints", ns, name, cur.Name, len(w.Endpoints))
		if _, err := c.c.Resource("endpointslices").Namespace(ns).Update(upd); err != nil {
			return err
		}
	}
	var extra []*api.EndpointSlice
	for i, s := range mine {
		if !used[i] {
			extra = append(extra, s)
		}
	}
	return c.deleteSlices(ns, extra)
}

func (c *Controller) deleteSlices(ns string, slices []*api.EndpointSlice) error {
	for _, s := range slices {
		c.Trace("delete", "endpointslices.discovery.k8s.io", ns, s.Name, "deleting mirrored EndpointSlice %s", s.Name)
		if _, err := c.c.Resource("endpointslices").Namespace(ns).Delete(s.Name, client.DeleteOptions{}); err != nil && !api.IsNotFound(err) {
			return err
		}
	}
	return nil
}

// shouldMirror: not marked skip-mirror, not a leader-election record.
func shouldMirror(ep *api.Endpoints) bool {
	if ep.Labels[api.LabelSkipMirror] == "true" {
		return false
	}
	_, leader := ep.Annotations["control-plane.alpha.kubernetes.io/leader"]
	return !leader
}

func nonEmpty(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	return m
}

// desiredSlices is one slice per repacked subset and address type: its
// ports, and its addresses (ready ones first, at most 1000) as endpoints.
func desiredSlices(ep *api.Endpoints) []*api.EndpointSlice {
	var out []*api.EndpointSlice
	for _, ss := range api.RepackSubsets(ep.Subsets) {
		ports := make([]api.EndpointSlicePort, 0, len(ss.Ports))
		for _, p := range ss.Ports {
			ports = append(ports, api.EndpointSlicePort{Name: ctrlutil.Ptr(p.Name), Port: ctrlutil.Ptr(p.Port),
				Protocol: ctrlutil.Ptr(p.Protocol), AppProtocol: p.AppProtocol})
		}
		byType := map[api.AddressType]*api.EndpointSlice{}
		var order []api.AddressType
		n := 0
		add := func(a api.EndpointAddress, ready bool) {
			if n >= maxEndpointsPerSubset {
				return
			}
			n++
			t := api.AddressType("IPv4")
			if strings.Contains(a.IP, ":") {
				t = "IPv6"
			}
			s, ok := byType[t]
			if !ok {
				s = newSlice(ep, t, ports)
				byType[t] = s
				order = append(order, t)
			}
			e := api.Endpoint{Addresses: []string{a.IP}, Conditions: api.EndpointConditions{Ready: ctrlutil.Ptr(ready)},
				TargetRef: a.TargetRef, NodeName: a.NodeName}
			if a.Hostname != "" {
				e.Hostname = ctrlutil.Ptr(a.Hostname)
			}
			s.Endpoints = append(s.Endpoints, e)
		}
		for _, a := range ss.Addresses {
			add(a, true)
		}
		for _, a := range ss.NotReadyAddresses {
			add(a, false)
		}
		for _, t := range order {
			out = append(out, byType[t])
		}
	}
	return out
}

// newSlice is a mirrored slice of ep: its labels (the service-name and
// managed-by labels over them), its annotations but the trigger time and
// kubectl's last-applied configuration, owned by it.
func newSlice(ep *api.Endpoints, t api.AddressType, ports []api.EndpointSlicePort) *api.EndpointSlice {
	s := &api.EndpointSlice{
		ObjectMeta: api.ObjectMeta{GenerateName: ep.Name + "-", Namespace: ep.Namespace, Labels: map[string]string{},
			OwnerReferences: []api.OwnerReference{{APIVersion: "v1", Kind: "Endpoints", Name: ep.Name, UID: ep.UID,
				Controller: ctrlutil.Ptr(true), BlockOwnerDeletion: ctrlutil.Ptr(true)}}},
		AddressType: t,
		Ports:       ports,
		Endpoints:   []api.Endpoint{},
	}
	for k, v := range ep.Labels {
		s.Labels[k] = v
	}
	s.Labels[api.LabelServiceName] = ep.Name
	s.Labels[api.LabelManagedBy] = ManagedBy
	for k, v := range ep.Annotations {
		if k == api.EndpointsLastChangeTriggerTime || k == api.LastAppliedConfigAnnotation {
			continue
		}
		if s.Annotations == nil {
			s.Annotations = map[string]string{}
		}
		s.Annotations[k] = v
	}
	return s
}
