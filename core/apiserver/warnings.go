package apiserver

import (
	"slices"
	"strings"

	"kubeplay/core/api"
)

// warn adds warnings to the response (warning.AddWarning): each text once.
func (ctx *reqCtx) warn(texts ...string) {
	for _, t := range texts {
		if !slices.Contains(ctx.req.Warnings, t) {
			ctx.req.Warnings = append(ctx.req.Warnings, t)
		}
	}
}

// deprecatedPodAnnotations are the pod annotations kube-apiserver warns about
// wherever they appear, with what it says.
var deprecatedPodAnnotations = [...][2]string{
	{"scheduler.alpha.kubernetes.io/critical-pod", `non-functional in v1.16+; use the "priorityClassName" field instead`},
	{"security.alpha.kubernetes.io/sysctls", `non-functional in v1.11+; use the "sysctls" field instead`},
	{"security.alpha.kubernetes.io/unsafe-sysctls", `non-functional in v1.11+; use the "sysctls" field instead`},
}

const (
	seccompAnnotationWarning  = `non-functional in v1.27+; use the "seccompProfile" field instead`
	appArmorAnnotationWarning = `deprecated since v1.30; use the "appArmorProfile" field instead`
)

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
	for _, c := range allContainers(spec) {
		sc := c.SecurityContext
		if sc == nil || sc.SeccompProfile == nil {
			note(api.SeccompContainerAnnotationKeyPrefix+c.Name, seccompAnnotationWarning)
		}
		if prefix != "" && (psc == nil || psc.AppArmorProfile == nil) && (sc == nil || sc.AppArmorProfile == nil) {
			note(api.DeprecatedAppArmorBetaContainerAnnotationKeyPrefix+c.Name, appArmorAnnotationWarning)
		}
	}
	return w
}

// allContainers lists a pod's init containers, then its containers.
func allContainers(spec *api.PodSpec) []*api.Container {
	var cs []*api.Container
	for i := range spec.InitContainers {
		cs = append(cs, &spec.InitContainers[i])
	}
	for i := range spec.Containers {
		cs = append(cs, &spec.Containers[i])
	}
	return cs
}

// syncAppArmor copies a new Pod's beta AppArmor annotations to its
// containers' appArmorProfile fields, as the pod strategy does on create
// (the AppArmor version skew rules), and returns the deprecation warning for
// each annotation it copied or could not read.
func syncAppArmor(pod *api.Pod) []string {
	var w []string
	var podProfile *api.AppArmorProfile
	if pod.Spec.SecurityContext != nil {
		podProfile = pod.Spec.SecurityContext.AppArmorProfile
	}
	for _, c := range allContainers(&pod.Spec) {
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
		w = append(w, "metadata.annotations["+key+"]: "+appArmorAnnotationWarning)
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

// objectWarnings are the warnings of a valid pod or workload about to be
// stored (the strategies' WarningsOnCreate and WarningsOnUpdate).
func objectWarnings(obj api.Object) []string {
	switch o := obj.(type) {
	case *api.Pod:
		return podWarnings("", &o.Spec, &o.ObjectMeta)
	case *api.ReplicationController:
		if t := o.Spec.Template; t != nil {
			return podWarnings("spec.template.", &t.Spec, &t.ObjectMeta)
		}
	case *api.Deployment:
		return podWarnings("spec.template.", &o.Spec.Template.Spec, &o.Spec.Template.ObjectMeta)
	case *api.ReplicaSet:
		return podWarnings("spec.template.", &o.Spec.Template.Spec, &o.Spec.Template.ObjectMeta)
	case *api.StatefulSet:
		return podWarnings("spec.template.", &o.Spec.Template.Spec, &o.Spec.Template.ObjectMeta)
	case *api.DaemonSet:
		return podWarnings("spec.template.", &o.Spec.Template.Spec, &o.Spec.Template.ObjectMeta)
	case *api.Job:
		return podWarnings("spec.template.", &o.Spec.Template.Spec, &o.Spec.Template.ObjectMeta)
	case *api.CronJob:
		t := &o.Spec.JobTemplate.Spec.Template
		return podWarnings("spec.jobTemplate.spec.template.", &t.Spec, &t.ObjectMeta)
	}
	return nil
}
