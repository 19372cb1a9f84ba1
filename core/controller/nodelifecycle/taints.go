package nodelifecycle

import (
	"kubeplay/core/api"
)

// conditionTaints maps node conditions to the NoSchedule taint the
// controller keeps on the node (nodeConditionToTaintKeyStatusMap).
var conditionTaints = map[api.NodeConditionType]map[api.ConditionStatus]string{
	api.NodeReady:              {api.ConditionFalse: api.TaintNodeNotReady, api.ConditionUnknown: api.TaintNodeUnreachable},
	api.NodeMemoryPressure:     {api.ConditionTrue: api.TaintNodeMemoryPressure},
	api.NodeDiskPressure:       {api.ConditionTrue: api.TaintNodeDiskPressure},
	api.NodeNetworkUnavailable: {api.ConditionTrue: api.TaintNodeNetworkUnavailable},
	api.NodePIDPressure:        {api.ConditionTrue: api.TaintNodePIDPressure},
}

// managedNoSchedule are the keys of NoSchedule taints the controller owns.
var managedNoSchedule = map[string]bool{
	api.TaintNodeNotReady: true, api.TaintNodeUnreachable: true, api.TaintNodeMemoryPressure: true,
	api.TaintNodeDiskPressure: true, api.TaintNodeNetworkUnavailable: true, api.TaintNodePIDPressure: true,
	api.TaintNodeUnschedulable: true,
}

func getNodeCondition(st *api.NodeStatus, t api.NodeConditionType) *api.NodeCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

func hasTaint(taints []api.Taint, key string, effect api.TaintEffect) bool {
	for _, t := range taints {
		if t.Key == key && t.Effect == effect {
			return true
		}
	}
	return false
}

// desiredNoSchedule lists the NoSchedule taint keys a node should carry.
func desiredNoSchedule(n *api.Node) map[string]bool {
	want := map[string]bool{}
	for _, c := range n.Status.Conditions {
		if m, ok := conditionTaints[c.Type]; ok {
			if key, ok := m[c.Status]; ok {
				want[key] = true
			}
		}
	}
	if n.Spec.Unschedulable {
		want[api.TaintNodeUnschedulable] = true
	}
	return want
}

// Tolerates reports whether toleration t tolerates taint (v1 helper
// ToleratesTaint): same effect (or any), and Exists on the key (or on every
// key when the key is empty) or Equal key and value.
func Tolerates(t api.Toleration, taint api.Taint) bool {
	if t.Effect != "" && t.Effect != taint.Effect {
		return false
	}
	if t.Key != "" && t.Key != taint.Key {
		return false
	}
	switch t.Operator {
	case api.TolerationOpExists:
		return true
	case "", api.TolerationOpEqual:
		return t.Key != "" && t.Value == taint.Value
	}
	return false
}
