package admission

import (
	"fmt"

	"kubeplay/core/api"
)

// PriorityPluginName is the plugin's name.
const PriorityPluginName = "Priority"

// The built-in priority classes kube-apiserver creates.
var systemPriorityClasses = map[string]int32{
	"system-node-critical":    2000001000,
	"system-cluster-critical": 2000000000,
}

// Priority resolves a pod's priorityClassName into spec.priority and
// spec.preemptionPolicy (mutating), and keeps a single globalDefault
// PriorityClass (validating).
type Priority struct{}

// Name implements Plugin.
func (*Priority) Name() string { return PriorityPluginName }

func priorityClasses(h Host) []*api.PriorityClass {
	objs, _ := h.List("priorityclasses", "")
	var out []*api.PriorityClass
	for _, o := range objs {
		if pc, ok := o.(*api.PriorityClass); ok {
			out = append(out, pc)
		}
	}
	return out
}

// defaultPriorityClass is the globalDefault class with the lowest value.
func defaultPriorityClass(h Host) *api.PriorityClass {
	var best *api.PriorityClass
	for _, pc := range priorityClasses(h) {
		if pc.GlobalDefault && (best == nil || pc.Value < best.Value) {
			best = pc
		}
	}
	return best
}

// Admit implements Mutator.
func (*Priority) Admit(a *Attributes, h Host) (bool, error) {
	pod, ok := isPodCreate(a)
	if !ok {
		return false, nil
	}
	var priority int32
	policy := api.PreemptLowerPriority
	if pod.Spec.PriorityClassName == "" {
		if pc := defaultPriorityClass(h); pc != nil {
			pod.Spec.PriorityClassName = pc.Name
			priority = pc.Value
			if pc.PreemptionPolicy != nil {
				policy = *pc.PreemptionPolicy
			}
		}
	} else {
		obj, err := h.Get("priorityclasses", "", pod.Spec.PriorityClassName)
		switch {
		case err == nil:
			pc, _ := obj.(*api.PriorityClass)
			if pc == nil {
				return true, api.NewInternalError(fmt.Errorf("failed to get PriorityClass with name %s", pod.Spec.PriorityClassName))
			}
			priority = pc.Value
			if pc.PreemptionPolicy != nil {
				policy = *pc.PreemptionPolicy
			}
		case api.IsNotFound(err):
			v, builtin := systemPriorityClasses[pod.Spec.PriorityClassName]
			if !builtin {
				return true, NewForbidden(a, fmt.Errorf("no PriorityClass with name %v was found", pod.Spec.PriorityClassName))
			}
			priority = v
		default:
			return true, api.NewInternalError(fmt.Errorf("failed to get PriorityClass with name %s: %v", pod.Spec.PriorityClassName, err))
		}
	}
	if pod.Spec.Priority != nil && *pod.Spec.Priority != priority {
		return true, NewForbidden(a, fmt.Errorf("the integer value of priority (%d) must not be provided in pod spec; priority admission controller computed %d from the given PriorityClass name", *pod.Spec.Priority, priority))
	}
	pod.Spec.Priority = &priority
	if pod.Spec.PreemptionPolicy != nil && *pod.Spec.PreemptionPolicy != policy {
		return true, NewForbidden(a, fmt.Errorf("the string value of PreemptionPolicy (%s) must not be provided in pod spec; priority admission controller computed %s from the given PriorityClass name", *pod.Spec.PreemptionPolicy, policy))
	}
	pod.Spec.PreemptionPolicy = &policy
	return true, nil
}

// Validate implements Validator: only one globalDefault PriorityClass.
func (*Priority) Validate(a *Attributes, h Host) (bool, error) {
	if a.resource() != "priorityclasses" || (a.Operation != Create && a.Operation != Update) {
		return false, nil
	}
	pc, ok := a.Object.(*api.PriorityClass)
	if !ok || !pc.GlobalDefault {
		return true, nil
	}
	if d := defaultPriorityClass(h); d != nil && (a.Operation == Create || d.Name != pc.Name) {
		return true, NewForbidden(a, fmt.Errorf("PriorityClass %v is marked as default. Only one default can exist", d.Name))
	}
	return true, nil
}
