package admission

import "kubeplay/core/api"

// TaintNodesByConditionPluginName is the plugin's name.
const TaintNodesByConditionPluginName = "TaintNodesByCondition"

// TaintNodeNotReady is the taint a node carries until its kubelet reports Ready.
const TaintNodeNotReady = "node.kubernetes.io/not-ready"

// TaintNodesByCondition gives every new Node the not-ready:NoSchedule taint;
// the node lifecycle controller removes it once the node is Ready.
type TaintNodesByCondition struct{}

// Name implements Plugin.
func (*TaintNodesByCondition) Name() string { return TaintNodesByConditionPluginName }

// Admit implements Mutator.
func (*TaintNodesByCondition) Admit(a *Attributes, h Host) (bool, error) {
	if a.Operation != Create || a.resource() != "nodes" || a.Subresource != "" {
		return false, nil
	}
	node, ok := a.Object.(*api.Node)
	if !ok {
		return false, nil
	}
	for _, t := range node.Spec.Taints {
		if t.Key == TaintNodeNotReady && t.Effect == api.TaintEffectNoSchedule {
			return true, nil
		}
	}
	node.Spec.Taints = append(node.Spec.Taints, api.Taint{Key: TaintNodeNotReady, Effect: api.TaintEffectNoSchedule})
	return true, nil
}
