package scheduler

import (
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
)

// spreadListers watch Services and ReplicaSets, the objects from which
// PodTopologySpread builds the selector of its system default constraints
// (helper.DefaultSelector): the union of the selectors of the Services
// selecting the pod, plus its controlling ReplicaSet's selector.
type spreadListers struct {
	services, replicasets *client.Informer
}

func newSpreadListers(c *client.Client) *spreadListers {
	return &spreadListers{
		services:    client.NewInformer(c, "services", "", client.ListOptions{}, 0),
		replicasets: client.NewInformer(c, "replicasets", "", client.ListOptions{}, 0),
	}
}

func (l *spreadListers) run() {
	l.services.Run()
	l.replicasets.Run()
}

func (l *spreadListers) stop() {
	l.services.Stop()
	l.replicasets.Stop()
}

// selectorFor returns the default spreading selector for pod, or nil.
func (l *spreadListers) selectorFor(pod *api.Pod) labels.Selector {
	ls := api.LabelSelector{}
	for _, o := range l.services.List() {
		svc, ok := o.(*api.Service)
		if !ok || svc.Namespace != pod.Namespace || len(svc.Spec.Selector) == 0 {
			continue
		}
		match := true
		for k, v := range svc.Spec.Selector {
			if pod.Labels[k] != v {
				match = false
				break
			}
		}
		if !match {
			continue
		}
		if ls.MatchLabels == nil {
			ls.MatchLabels = map[string]string{}
		}
		for k, v := range svc.Spec.Selector {
			ls.MatchLabels[k] = v
		}
	}
	for _, ref := range pod.OwnerReferences {
		if ref.Controller == nil || !*ref.Controller || ref.Kind != "ReplicaSet" {
			continue
		}
		o, ok := l.replicasets.Get(pod.Namespace, ref.Name)
		if !ok {
			continue
		}
		rs, ok := o.(*api.ReplicaSet)
		if !ok || rs.Spec.Selector == nil {
			continue
		}
		keys := make([]string, 0, len(rs.Spec.Selector.MatchLabels))
		for k := range rs.Spec.Selector.MatchLabels {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ls.MatchExpressions = append(ls.MatchExpressions, api.LabelSelectorRequirement{Key: k, Operator: "In", Values: []string{rs.Spec.Selector.MatchLabels[k]}})
		}
		ls.MatchExpressions = append(ls.MatchExpressions, rs.Spec.Selector.MatchExpressions...)
	}
	if len(ls.MatchLabels) == 0 && len(ls.MatchExpressions) == 0 {
		return nil
	}
	sel, err := labels.SelectorFromLabelSelector(&ls)
	if err != nil {
		return nil
	}
	return sel
}
