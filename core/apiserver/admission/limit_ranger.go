package admission

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/quota"
)

// LimitRangerPluginName is the plugin's name.
const LimitRangerPluginName = "LimitRanger"

// LimitRangerAnnotation records which defaults LimitRanger applied.
const LimitRangerAnnotation = "kubernetes.io/limit-ranger"

// LimitRanger applies the namespace's LimitRange defaults to pod containers
// (mutating) and enforces min, max and maxLimitRequestRatio (validating).
type LimitRanger struct{}

// Name implements Plugin.
func (*LimitRanger) Name() string { return LimitRangerPluginName }

func limitRanges(a *Attributes, h Host) []*api.LimitRange {
	objs, err := h.List("limitranges", a.Namespace)
	if err != nil {
		return nil
	}
	var out []*api.LimitRange
	for _, o := range objs {
		if lr, ok := o.(*api.LimitRange); ok {
			out = append(out, lr)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Admit fills missing container requests and limits from Container items.
func (*LimitRanger) Admit(a *Attributes, h Host) (bool, error) {
	pod, ok := isPodCreate(a)
	if !ok {
		return false, nil
	}
	lrs := limitRanges(a, h)
	if len(lrs) == 0 {
		return false, nil
	}
	var notes []string
	for _, lr := range lrs {
		defReq, defLim := api.ResourceList{}, api.ResourceList{}
		for _, item := range lr.Spec.Limits {
			if item.Type != api.LimitTypeContainer {
				continue
			}
			for k, v := range item.DefaultRequest {
				defReq[k] = v.DeepCopy()
			}
			for k, v := range item.Default {
				defLim[k] = v.DeepCopy()
			}
		}
		if len(defReq)+len(defLim) == 0 {
			continue
		}
		for i := range pod.Spec.InitContainers {
			notes = mergeDefaults(&pod.Spec.InitContainers[i], defReq, defLim, "init container", notes)
		}
		for i := range pod.Spec.Containers {
			notes = mergeDefaults(&pod.Spec.Containers[i], defReq, defLim, "container", notes)
		}
	}
	if len(notes) > 0 {
		if pod.Annotations == nil {
			pod.Annotations = map[string]string{}
		}
		pod.Annotations[LimitRangerAnnotation] = "LimitRanger plugin set: " + strings.Join(notes, "; ")
	}
	return true, nil
}

func mergeDefaults(c *api.Container, defReq, defLim api.ResourceList, prefix string, notes []string) []string {
	var setReq, setLim []string
	if c.Resources.Limits == nil {
		c.Resources.Limits = api.ResourceList{}
	}
	if c.Resources.Requests == nil {
		c.Resources.Requests = api.ResourceList{}
	}
	for k, v := range defLim {
		if _, ok := c.Resources.Limits[k]; !ok {
			c.Resources.Limits[k] = v.DeepCopy()
			setLim = append(setLim, string(k))
		}
	}
	for k, v := range defReq {
		if _, ok := c.Resources.Requests[k]; !ok {
			c.Resources.Requests[k] = v.DeepCopy()
			setReq = append(setReq, string(k))
		}
	}
	if len(setReq) > 0 {
		sort.Strings(setReq)
		notes = append(notes, strings.Join(setReq, ", ")+fmt.Sprintf(" request for %s %s", prefix, c.Name))
	}
	if len(setLim) > 0 {
		sort.Strings(setLim)
		notes = append(notes, strings.Join(setLim, ", ")+fmt.Sprintf(" limit for %s %s", prefix, c.Name))
	}
	if len(c.Resources.Limits) == 0 {
		c.Resources.Limits = nil
	}
	if len(c.Resources.Requests) == 0 {
		c.Resources.Requests = nil
	}
	return notes
}

// Validate enforces Container and Pod items on pod creation.
func (*LimitRanger) Validate(a *Attributes, h Host) (bool, error) {
	pod, ok := isPodCreate(a)
	if !ok {
		return false, nil
	}
	lrs := limitRanges(a, h)
	if len(lrs) == 0 {
		return false, nil
	}
	var errs []string
	for _, lr := range lrs {
		for _, item := range lr.Spec.Limits {
			switch item.Type {
			case api.LimitTypeContainer:
				for _, c := range pod.Spec.Containers {
					errs = append(errs, checkItem("Container", item, c.Resources.Requests, c.Resources.Limits)...)
				}
				for _, c := range pod.Spec.InitContainers {
					errs = append(errs, checkItem("Container", item, c.Resources.Requests, c.Resources.Limits)...)
				}
			case api.LimitTypePod:
				req, lim := podTotals(pod)
				errs = append(errs, checkItem("Pod", item, req, lim)...)
			}
		}
	}
	if len(errs) == 0 {
		return true, nil
	}
	msg := errs[0]
	if len(errs) > 1 {
		msg = "[" + strings.Join(errs, ", ") + "]"
	}
	return true, NewForbidden(a, fmt.Errorf("%s", msg))
}

func sortedNames(l api.ResourceList) []api.ResourceName {
	out := make([]api.ResourceName, 0, len(l))
	for k := range l {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func checkItem(limitType string, item api.LimitRangeItem, req, lim api.ResourceList) []string {
	var errs []string
	for _, k := range sortedNames(item.Min) {
		enforced := item.Min[k]
		r, hasReq := req[k]
		l, hasLim := lim[k]
		switch {
		case !hasReq:
			errs = append(errs, fmt.Sprintf("minimum %s usage per %s is %s.  No request is specified", k, limitType, enforced.String()))
		case r.Cmp(enforced) < 0:
			errs = append(errs, fmt.Sprintf("minimum %s usage per %s is %s, but request is %s", k, limitType, enforced.String(), r.String()))
		case hasLim && l.Cmp(enforced) < 0:
			errs = append(errs, fmt.Sprintf("minimum %s usage per %s is %s, but limit is %s", k, limitType, enforced.String(), l.String()))
		}
	}
	for _, k := range sortedNames(item.Max) {
		enforced := item.Max[k]
		r, hasReq := req[k]
		l, hasLim := lim[k]
		switch {
		case !hasLim:
			errs = append(errs, fmt.Sprintf("maximum %s usage per %s is %s.  No limit is specified", k, limitType, enforced.String()))
		case l.Cmp(enforced) > 0:
			errs = append(errs, fmt.Sprintf("maximum %s usage per %s is %s, but limit is %s", k, limitType, enforced.String(), l.String()))
		case hasReq && r.Cmp(enforced) > 0:
			errs = append(errs, fmt.Sprintf("maximum %s usage per %s is %s, but request is %s", k, limitType, enforced.String(), r.String()))
		}
	}
	for _, k := range sortedNames(item.MaxLimitRequestRatio) {
		enforced := item.MaxLimitRequestRatio[k]
		r, hasReq := req[k]
		l, hasLim := lim[k]
		if !hasReq || !hasLim {
			errs = append(errs, fmt.Sprintf("%s max limit to request ratio per %s is %s, but no request is specified or request is 0", k, limitType, enforced.String()))
			continue
		}
		if r.MilliValue() == 0 {
			errs = append(errs, fmt.Sprintf("%s max limit to request ratio per %s is %s, but no request is specified or request is 0", k, limitType, enforced.String()))
			continue
		}
		ratio := float64(l.MilliValue()) / float64(r.MilliValue())
		if ratio > float64(enforced.MilliValue())/1000 {
			errs = append(errs, fmt.Sprintf("%s max limit to request ratio per %s is %s, but provided ratio is %f", k, limitType, enforced.String(), ratio))
		}
	}
	return errs
}

// podTotals sums container requests and limits (the "Pod" item's view).
func podTotals(pod *api.Pod) (api.ResourceList, api.ResourceList) {
	req, lim := api.ResourceList{}, api.ResourceList{}
	for _, c := range pod.Spec.Containers {
		quota.AddInto(req, c.Resources.Requests)
		quota.AddInto(lim, c.Resources.Limits)
	}
	return req, lim
}
