package kubectl

import (
	"encoding/json"
	"fmt"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/describe"
)

var describeFlags = []flagDef{
	{name: "selector", short: "l"},
	{name: "all-namespaces", short: "A", isBool: true},
	{name: "filename", short: "f"},
	{name: "show-events", isBool: true, def: "true"},
}

func runDescribe(inv *invocation) error {
	f := inv.f
	b, err := inv.resources(f.args, builderOpts{selectors: true, fetch: true, listAll: true, prefixMatch: true,
		missing: "You must specify the type of resource to describe. Use \"kubectl api-resources\" for a complete list of supported resources.\n"})
	if err != nil {
		return err
	}
	if len(b.groups) == 1 && !b.groups[0].named && len(b.groups[0].items) == 0 && !f.changed("filename") {
		ns := inv.ns
		if f.boolean("all-namespaces") {
			ns = ""
		}
		fmt.Fprintln(inv.errOut, noResources(b.groups[0].info, ns, f.boolean("all-namespaces")))
	}
	objs, errs := b.objects(), b.errs
	for i, r := range objs {
		s, err := inv.describeOne(r.info, r.obj)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if i > 0 {
			fmt.Fprint(inv.out, "\n\n")
		}
		fmt.Fprint(inv.out, s)
	}
	return aggregate(errs)
}

// describeOne gathers what kubectl's describer for the kind fetches (events,
// replica sets, pods, lease...) and renders it.
func (inv *invocation) describeOne(info *api.ResourceInfo, obj api.Object) (string, error) {
	m := obj.GetObjectMeta()
	var events []*api.Event
	if inv.f.boolean("show-events") {
		events = inv.eventsFor(obj)
	}
	var rel describe.Related
	switch o := obj.(type) {
	case *api.Deployment:
		rel.OldReplicaSets, rel.NewReplicaSets = inv.replicaSetsOf(o)
	case *api.ReplicaSet:
		rel.Pods = inv.podsMatching(m.Namespace, o.Spec.Selector)
	case *api.DaemonSet:
		rel.Pods = inv.podsMatching(m.Namespace, o.Spec.Selector)
	case *api.StatefulSet:
		rel.Pods = inv.podsMatching(m.Namespace, o.Spec.Selector)
	case *api.PersistentVolumeClaim:
		if l, err := inv.list(podsInfo(), m.Namespace, "", ""); err == nil {
			for _, p := range l.Items {
				if pod, ok := p.(*api.Pod); ok {
					rel.Pods = append(rel.Pods, pod)
				}
			}
		}
	case *api.Node:
		if l, err := inv.list(podsInfo(), "", "", "spec.nodeName="+m.Name); err == nil {
			for _, p := range l.Items {
				if pod, ok := p.(*api.Pod); ok && pod.Status.Phase != api.PodSucceeded && pod.Status.Phase != api.PodFailed {
					rel.Pods = append(rel.Pods, pod)
				}
			}
		}
		if li, ok := api.ResourceFor("leases"); ok {
			l, err := inv.get(li, "kube-node-lease", m.Name)
			if err != nil {
				rel.LeaseErr = err
			} else {
				rel.Lease, _ = l.(*api.Lease)
			}
		}
	case *api.Namespace:
		if ri, ok := api.ResourceFor("resourcequotas"); ok {
			if l, err := inv.list(ri, m.Name, "", ""); err == nil {
				for _, q := range l.Items {
					if rq, ok := q.(*api.ResourceQuota); ok {
						rel.ResourceQuotas = append(rel.ResourceQuotas, rq)
					}
				}
			}
		}
		if ri, ok := api.ResourceFor("limitranges"); ok {
			if l, err := inv.list(ri, m.Name, "", ""); err == nil {
				for _, q := range l.Items {
					if lr, ok := q.(*api.LimitRange); ok {
						rel.LimitRanges = append(rel.LimitRanges, lr)
					}
				}
			}
		}
	case *api.Service:
		if ri, ok := api.ResourceFor("endpointslices"); ok {
			if l, err := inv.list(ri, m.Namespace, "kubernetes.io/service-name="+m.Name, ""); err == nil {
				for _, e := range l.Items {
					if es, ok := e.(*api.EndpointSlice); ok {
						rel.EndpointSlices = append(rel.EndpointSlices, es)
					}
				}
			}
		}
	}
	return describe.DescribeObject(obj, events, rel, inv.sim().Now()), nil
}

func podsInfo() *api.ResourceInfo {
	info, _ := api.ResourceFor("pods")
	return info
}

// eventsFor lists the events whose involvedObject is obj (kubectl's
// field selector on involvedObject name, namespace, kind and uid).
func (inv *invocation) eventsFor(obj api.Object) []*api.Event {
	info, ok := api.ResourceFor("events")
	if !ok {
		return nil
	}
	m := obj.GetObjectMeta()
	kind := api.KindFor(obj).Kind
	sel := fmt.Sprintf("involvedObject.name=%s,involvedObject.namespace=%s,involvedObject.kind=%s,involvedObject.uid=%s", m.Name, m.Namespace, kind, m.UID)
	ns := m.Namespace
	if ns == "" {
		ns = "default"
		sel = fmt.Sprintf("involvedObject.name=%s,involvedObject.kind=%s,involvedObject.uid=%s", m.Name, kind, m.UID)
		ns = ""
	}
	sels := []string{sel}
	if kind == "Node" {
		// Two UIDs for a node's events: controllers use the node's UID, the
		// kubelet its name; kubectl describe node asks for both and merges.
		sels = append(sels, fmt.Sprintf("involvedObject.name=%s,involvedObject.kind=%s,involvedObject.uid=%s", m.Name, kind, m.Name))
	}
	var out []*api.Event
	for _, sel := range sels {
		l, err := inv.list(info, ns, "", sel)
		if err != nil {
			continue
		}
		for _, o := range l.Items {
			if e, ok := o.(*api.Event); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// podsMatching lists the pods of ns that sel selects.
func (inv *invocation) podsMatching(ns string, sel *api.LabelSelector) []*api.Pod {
	if sel == nil {
		return nil
	}
	l, err := inv.list(podsInfo(), ns, selectorString(sel), "")
	if err != nil {
		return nil
	}
	var out []*api.Pod
	for _, o := range l.Items {
		if p, ok := o.(*api.Pod); ok {
			out = append(out, p)
		}
	}
	return out
}

// selectorString renders a LabelSelector as a label selector query.
func selectorString(sel *api.LabelSelector) string {
	var parts []string
	keys := make([]string, 0, len(sel.MatchLabels))
	for k := range sel.MatchLabels {
		keys = append(keys, k)
	}
	sortStrings(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+sel.MatchLabels[k])
	}
	for _, r := range sel.MatchExpressions {
		switch r.Operator {
		case "In":
			parts = append(parts, fmt.Sprintf("%s in (%s)", r.Key, strings.Join(r.Values, ",")))
		case "NotIn":
			parts = append(parts, fmt.Sprintf("%s notin (%s)", r.Key, strings.Join(r.Values, ",")))
		case "Exists":
			parts = append(parts, r.Key)
		case "DoesNotExist":
			parts = append(parts, "!"+r.Key)
		}
	}
	return strings.Join(parts, ",")
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// replicaSetsOf returns a Deployment's old and new ReplicaSets: those it
// controls, the new one being the one whose template equals the
// Deployment's (pod-template-hash aside).
func (inv *invocation) replicaSetsOf(d *api.Deployment) (old, cur []*api.ReplicaSet) {
	info, ok := api.ResourceFor("replicasets")
	if !ok {
		return nil, nil
	}
	l, err := inv.list(info, d.Namespace, "", "")
	if err != nil {
		return nil, nil
	}
	want := templateKey(d.Spec.Template)
	for _, o := range l.Items {
		rs, ok := o.(*api.ReplicaSet)
		if !ok || !controlledBy(rs.ObjectMeta, d.UID) {
			continue
		}
		if cur == nil && templateKey(rs.Spec.Template) == want {
			cur = []*api.ReplicaSet{rs}
			continue
		}
		old = append(old, rs)
	}
	return old, cur
}

func controlledBy(m api.ObjectMeta, uid string) bool {
	for _, r := range m.OwnerReferences {
		if r.Controller != nil && *r.Controller && string(r.UID) == string(uid) {
			return true
		}
	}
	return false
}

// templateKey is a pod template's JSON without the pod-template-hash label.
func templateKey(t api.PodTemplateSpec) string {
	c := t
	if len(t.Labels) > 0 {
		c.Labels = map[string]string{}
		for k, v := range t.Labels {
			if k != "pod-template-hash" {
				c.Labels[k] = v
			}
		}
		if len(c.Labels) == 0 {
			c.Labels = nil
		}
	}
	b, _ := json.Marshal(c)
	return string(b)
}
