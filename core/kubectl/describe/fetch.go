package describe

import (
	"encoding/json"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/kubectl/printers"
)

// Describe gets namespace/name of info's resource through c, gathers its
// events and related objects the way kubectl's describers do, and renders it
// with DescribeObject at virtual time now. A failed Get returns the API error.
func Describe(c *client.Client, info *api.ResourceInfo, namespace, name string, now time.Time) (string, error) {
	resource := info.Resource
	if info.Group != "" {
		resource += "." + info.Group
	}
	ns := namespace
	if !info.Namespaced {
		ns = ""
	}
	obj, err := c.Resource(resource).Namespace(ns).Get(name)
	if err != nil {
		return "", err
	}
	var events []*api.Event
	if wantsEvents(obj) {
		events = searchEvents(c, obj)
	}
	return DescribeObject(obj, events, fetchRelated(c, obj), now), nil
}

// list returns the items of a list call, or nil on error.
func list(c *client.Client, resource, ns string, opts client.ListOptions) []api.Object {
	l, err := c.Resource(resource).Namespace(ns).List(opts)
	if err != nil || l == nil {
		return nil
	}
	return l.Items
}

// searchEvents lists the events whose involvedObject is obj (kubectl's
// searchEvents). Nodes also match events whose uid is the node name, as
// kubelets record them.
func searchEvents(c *client.Client, obj api.Object) []*api.Event {
	m := obj.GetObjectMeta()
	kind := api.KindFor(obj).Kind
	if _, isPod := obj.(*api.Pod); isPod {
		kind = ""
	}
	uids := []string{m.UID}
	if _, isNode := obj.(*api.Node); isNode {
		uids = append(uids, m.Name)
	}
	var out []*api.Event
	for _, uid := range uids {
		items := list(c, "events", m.Namespace, client.ListOptions{FieldSelector: eventSelector(obj, kind, uid)})
		if items == nil {
			// The server may not index these fields: filter ourselves.
			items = list(c, "events", m.Namespace, client.ListOptions{})
		}
		for _, it := range items {
			e, ok := it.(*api.Event)
			if !ok {
				continue
			}
			ref := e.InvolvedObject
			if ref.Name != m.Name || ref.Namespace != m.Namespace || (kind != "" && ref.Kind != kind) || (uid != "" && ref.UID != uid) {
				continue
			}
			out = append(out, e)
		}
	}
	return out
}

func controlledBy(refs []api.OwnerReference, uid string) bool {
	for _, r := range refs {
		if r.Controller != nil && *r.Controller && r.UID == uid {
			return true
		}
	}
	return false
}

// templateKey is a pod template's JSON without the pod-template-hash label,
// to find a Deployment's new ReplicaSet (deploymentutil.EqualIgnoreHash).
func templateKey(t api.PodTemplateSpec) string {
	cp := t
	if len(t.Labels) > 0 {
		cp.Labels = map[string]string{}
		for k, v := range t.Labels {
			if k != "pod-template-hash" {
				cp.Labels[k] = v
			}
		}
	}
	b, _ := json.Marshal(cp)
	return string(b)
}

// fetchRelated gathers Related for obj.
func fetchRelated(c *client.Client, obj api.Object) Related {
	var rel Related
	switch o := obj.(type) {
	case *api.Deployment:
		want := templateKey(o.Spec.Template)
		for _, it := range list(c, "replicasets.apps", o.Namespace, client.ListOptions{}) {
			rs, ok := it.(*api.ReplicaSet)
			if !ok || !controlledBy(rs.OwnerReferences, o.UID) {
				continue
			}
			if len(rel.NewReplicaSets) == 0 && templateKey(rs.Spec.Template) == want {
				rel.NewReplicaSets = append(rel.NewReplicaSets, rs)
			} else {
				rel.OldReplicaSets = append(rel.OldReplicaSets, rs)
			}
		}
	case *api.ReplicaSet:
		rel.Pods = pods(list(c, "pods", o.Namespace, client.ListOptions{LabelSelector: printers.SelectorString(o.Spec.Selector)}))
	case *api.DaemonSet:
		rel.Pods = pods(list(c, "pods", o.Namespace, client.ListOptions{LabelSelector: printers.SelectorString(o.Spec.Selector)}))
	case *api.StatefulSet:
		rel.Pods = pods(list(c, "pods", o.Namespace, client.ListOptions{LabelSelector: printers.SelectorString(o.Spec.Selector)}))
	case *api.PersistentVolumeClaim:
		rel.Pods = pods(list(c, "pods", o.Namespace, client.ListOptions{}))
	case *api.Node:
		for _, p := range pods(list(c, "pods", "", client.ListOptions{})) {
			if p.Spec.NodeName == o.Name && p.Status.Phase != api.PodSucceeded && p.Status.Phase != api.PodFailed {
				rel.Pods = append(rel.Pods, p)
			}
		}
		l, err := c.Resource("leases.coordination.k8s.io").Namespace("kube-node-lease").Get(o.Name)
		if err != nil {
			rel.LeaseErr = err
		} else if lease, ok := l.(*api.Lease); ok {
			rel.Lease = lease
		}
	case *api.Namespace:
		for _, it := range list(c, "resourcequotas", o.Name, client.ListOptions{}) {
			if q, ok := it.(*api.ResourceQuota); ok {
				rel.ResourceQuotas = append(rel.ResourceQuotas, q)
			}
		}
		for _, it := range list(c, "limitranges", o.Name, client.ListOptions{}) {
			if lr, ok := it.(*api.LimitRange); ok {
				rel.LimitRanges = append(rel.LimitRanges, lr)
			}
		}
	case *api.Service:
		for _, it := range list(c, "endpointslices.discovery.k8s.io", o.Namespace, client.ListOptions{LabelSelector: "kubernetes.io/service-name=" + o.Name}) {
			if es, ok := it.(*api.EndpointSlice); ok {
				rel.EndpointSlices = append(rel.EndpointSlices, es)
			}
		}
	}
	return rel
}

func pods(items []api.Object) []*api.Pod {
	var out []*api.Pod
	for _, it := range items {
		if p, ok := it.(*api.Pod); ok {
			out = append(out, p)
		}
	}
	return out
}
