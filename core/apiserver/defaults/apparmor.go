package defaults

import (
	"strings"

	"kubeplay/core/api"
)

// SyncAppArmor copies a new Pod's beta AppArmor annotations to its
// containers' appArmorProfile fields, as the pod strategy does on create
// (the AppArmor version skew rules), and returns the deprecation warning for
// each annotation it copied or could not read.
func SyncAppArmor(pod *api.Pod) []string {
	var w []string
	var podProfile *api.AppArmorProfile
	if pod.Spec.SecurityContext != nil {
		podProfile = pod.Spec.SecurityContext.AppArmorProfile
	}
	for _, c := range api.AllContainers(&pod.Spec) {
		key := api.DeprecatedAppArmorBetaContainerAnnotationKeyPrefix + c.Name
		v, ok := pod.Annotations[key]
		if !ok || (c.SecurityContext != nil && c.SecurityContext.AppArmorProfile != nil) {
			continue
		}
		var p *api.AppArmorProfile
		name, local := strings.CutPrefix(v, api.DeprecatedAppArmorBetaProfileNamePrefix)
		switch {
		case v == api.DeprecatedAppArmorBetaProfileNameUnconfined:
			p = &api.AppArmorProfile{Type: api.AppArmorProfileTypeUnconfined}
		case v == api.DeprecatedAppArmorBetaProfileRuntimeDefault:
			p = &api.AppArmorProfile{Type: api.AppArmorProfileTypeRuntimeDefault}
		case local && name != "":
			p = &api.AppArmorProfile{Type: api.AppArmorProfileTypeLocalhost, LocalhostProfile: &name}
		}
		if p != nil && sameAppArmor(p, podProfile) {
			continue
		}
		if p != nil {
			if c.SecurityContext == nil {
				c.SecurityContext = &api.SecurityContext{}
			}
			c.SecurityContext.AppArmorProfile = p
		}
		w = append(w, "metadata.annotations["+key+"]: "+api.DeprecatedAppArmorAnnotationWarning)
	}
	return w
}

func sameAppArmor(a, b *api.AppArmorProfile) bool {
	if b == nil || a.Type != b.Type {
		return false
	}
	return (a.LocalhostProfile == nil) == (b.LocalhostProfile == nil) &&
		(a.LocalhostProfile == nil || *a.LocalhostProfile == *b.LocalhostProfile)
}
