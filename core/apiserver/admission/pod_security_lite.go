//go:build lite

package admission

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/lite"
)

// PodSecurity in the lite build reads namespace labels and refuses invalid
// ones, and lets everything through in privileged namespaces (every namespace
// unless labelled); evaluating a pod against baseline or restricted stops
// here, and the page runs the line again in the full build (core/lite).

func (p *PodSecurity) evaluatePod(*Attributes, psPolicy, field.ErrorList) error {
	lite.Need(PodSecurityPluginName)
	return nil
}

func (p *PodSecurity) evaluateTemplate(*Attributes, psPolicy, field.ErrorList) {
	lite.Need(PodSecurityPluginName)
}

func (p *PodSecurity) checkExistingPods(Host, string, psLevelVersion) []string {
	lite.Need(PodSecurityPluginName)
	return nil
}

func (p *PodSecurity) warnExempt(*Attributes, *api.Namespace, psPolicy) {
	lite.Need(PodSecurityPluginName)
}
