package validation

import "kubeplay/core/api"

// The warnings kube-apiserver returns with a valid pod or workload (the
// strategies' WarningsOnCreate and WarningsOnUpdate, pkg/api/pod's
// GetWarningsForPod): kubectl prints each as "Warning: <text>".

// deprecatedPodAnnotations are the pod annotations kube-apiserver warns about
// wherever they appear, with what it says.
var deprecatedPodAnnotations = [...][2]string{
	{"scheduler.alpha.kubernetes.io/critical-pod", `non-functional in v1.16+; use the "priorityClassName" field instead`},
	{"security.alpha.kubernetes.io/sysctls", `non-functional in v1.11+; use the "sysctls" field instead`},
	{"security.alpha.kubernetes.io/unsafe-sysctls", `non-functional in v1.11+; use the "sysctls" field instead`},
}

const seccompAnnotationWarning = `non-functional in v1.27+; use the "seccompProfile" field instead`

// podWarnings are the warnings kube-apiserver returns for a pod or a pod
// template (prefix "spec.template." and friends) whose metadata carries
// annotations that no longer work: the deprecated ones, the alpha seccomp ones
// without a seccompProfile field and, in a template, the beta AppArmor ones
// without an appArmorProfile field (a Pod's are reported when they are
// copied to the field, see syncAppArmor).
func podWarnings(prefix string, spec *api.PodSpec, meta *api.ObjectMeta) []string {
	if len(meta.Annotations) == 0 {
		return nil
	}
	var w []string
	note := func(key, msg string) {
		if _, ok := meta.Annotations[key]; ok {
			w = append(w, prefix+"metadata.annotations["+key+"]: "+msg)
		}
	}
	for _, d := range deprecatedPodAnnotations {
		note(d[0], d[1])
	}
	psc := spec.SecurityContext
	if psc == nil || psc.SeccompProfile == nil {
		note(api.SeccompPodAnnotationKey, seccompAnnotationWarning)
	}
	for _, c := range api.AllContainers(spec) {
		sc := c.SecurityContext
		if sc == nil || sc.SeccompProfile == nil {
			note(api.SeccompContainerAnnotationKeyPrefix+c.Name, seccompAnnotationWarning)
		}
		if prefix != "" && (psc == nil || psc.AppArmorProfile == nil) && (sc == nil || sc.AppArmorProfile == nil) {
			note(api.DeprecatedAppArmorBetaContainerAnnotationKeyPrefix+c.Name, api.DeprecatedAppArmorAnnotationWarning)
		}
	}
	return w
}

// Warnings are the warnings of a valid pod or workload about to be
// stored (the strategies' WarningsOnCreate and WarningsOnUpdate).
func Warnings(obj api.Object) []string {
	if o, ok := obj.(*api.Pod); ok {
		return podWarnings("", &o.Spec, &o.ObjectMeta)
	}
	t, prefix := api.PodTemplateOf(obj)
	if t == nil {
		return nil
	}
	return podWarnings(prefix, &t.Spec, &t.ObjectMeta)
}
