package apiserver

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/api/request"
)

// EvictionDisallowedMessage is the eviction subresource's refusal.
const EvictionDisallowedMessage = "Cannot evict pod as it would violate the pod's disruption budget."

// checkDisruptionBudget is the eviction REST's PodDisruptionBudget check
// (checkAndDecrement): the pod's one budget must allow a disruption; the
// allowance is then decremented and the pod recorded in disruptedPods.
// Terminal pods and pods without a budget are always evictable.
func (s *Server) checkDisruptionBudget(req *request.Request, pod *api.Pod) error {
	if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed || pod.DeletionTimestamp != nil {
		return nil
	}
	r := s.byGR[api.GroupResource{Group: "policy", Resource: "poddisruptionbudgets"}]
	if r == nil {
		return nil
	}
	var matching []*cached
	for _, c := range r.list(pod.Namespace) {
		pdb := c.obj.(*api.PodDisruptionBudget)
		if pdb.Spec.Selector == nil {
			continue
		}
		sel, err := labels.SelectorFromLabelSelector(pdb.Spec.Selector)
		if err != nil || sel.Empty() || !sel.Matches(labels.Set(pod.Labels)) {
			continue
		}
		matching = append(matching, c)
	}
	switch len(matching) {
	case 0:
		return nil
	case 1:
	default:
		return api.NewInternalError(fmt.Errorf("This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."))
	}
	cur := matching[0]
	pdb := cur.obj.(*api.PodDisruptionBudget)
	// An unready pod may go when the budget is met anyway (IfHealthyBudget),
	// or always (AlwaysAllow).
	if !podReady(pod) {
		if p := pdb.Spec.UnhealthyPodEvictionPolicy; p != nil && *p == "AlwaysAllow" {
			return nil
		}
		if pdb.Status.CurrentHealthy >= pdb.Status.DesiredHealthy && pdb.Status.DesiredHealthy > 0 {
			return nil
		}
	}
	if pdb.Status.ObservedGeneration < pdb.Generation {
		return api.NewTooManyRequests(EvictionDisallowedMessage, 10, api.StatusCause{Type: "DisruptionBudget",
			Message: fmt.Sprintf("The disruption budget %s is still being processed by the server.", pdb.Name)})
	}
	if pdb.Status.DisruptionsAllowed < 0 {
		return api.NewForbidden(api.GroupResource{Resource: "pods"}, pod.Name, "pdb disruptions allowed is negative")
	}
	if pdb.Status.DisruptionsAllowed == 0 {
		return api.NewTooManyRequests(EvictionDisallowedMessage, 0, api.StatusCause{Type: "DisruptionBudget",
			Message: fmt.Sprintf("The disruption budget %s needs %d healthy pods and has %d currently", pdb.Name, pdb.Status.DesiredHealthy, pdb.Status.CurrentHealthy)})
	}
	if req.DryRun {
		return nil
	}
	n := copyObject(pdb).(*api.PodDisruptionBudget)
	n.Status.DisruptionsAllowed--
	if n.Status.DisruptionsAllowed == 0 {
		n.SetDisruptionAllowed(false, s.sim.Now())
	}
	if n.Status.DisruptedPods == nil {
		n.Status.DisruptedPods = map[string]api.Time{}
	}
	n.Status.DisruptedPods[pod.Name] = api.NewTime(s.sim.Now())
	return s.storeUpdateEncoded(req, r, cur, n)
}

func podReady(p *api.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == api.PodReady {
			return c.Status == api.ConditionTrue
		}
	}
	return false
}
