package admission

import "kubeplay/core/api"

// DefaultTolerationSecondsPluginName is the plugin's name.
const DefaultTolerationSecondsPluginName = "DefaultTolerationSeconds"

// TaintNodeUnreachable is the taint of a node whose kubelet stopped reporting.
const TaintNodeUnreachable = "node.kubernetes.io/unreachable"

// DefaultTolerationSecondsValue is --default-not-ready-toleration-seconds and
// --default-unreachable-toleration-seconds (300).
const DefaultTolerationSecondsValue int64 = 300

// DefaultTolerationSeconds adds the two 300s NoExecute tolerations for
// not-ready and unreachable nodes unless the pod already tolerates them.
type DefaultTolerationSeconds struct{}

// Name implements Plugin.
func (*DefaultTolerationSeconds) Name() string { return DefaultTolerationSecondsPluginName }

// Admit implements Mutator.
func (*DefaultTolerationSeconds) Admit(a *Attributes, h Host) (bool, error) {
	if a.resource() != "pods" || a.Subresource != "" || (a.Operation != Create && a.Operation != Update) {
		return false, nil
	}
	pod, ok := a.Object.(*api.Pod)
	if !ok {
		return false, nil
	}
	notReady, unreachable := false, false
	for _, t := range pod.Spec.Tolerations {
		matchesEffect := t.Effect == api.TaintEffectNoExecute || t.Effect == ""
		if (t.Key == TaintNodeNotReady || t.Key == "") && matchesEffect {
			notReady = true
		}
		if (t.Key == TaintNodeUnreachable || t.Key == "") && matchesEffect {
			unreachable = true
		}
	}
	for _, add := range []struct {
		have bool
		key  string
	}{{notReady, TaintNodeNotReady}, {unreachable, TaintNodeUnreachable}} {
		if !add.have {
			secs := DefaultTolerationSecondsValue
			pod.Spec.Tolerations = append(pod.Spec.Tolerations, api.Toleration{
				Key: add.key, Operator: api.TolerationOpExists, Effect: api.TaintEffectNoExecute, TolerationSeconds: &secs,
			})
		}
	}
	return true, nil
}
