//go:build !lite

package admission

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// The evaluation of pods against the Pod Security Standards, in the full
// build only: the lite build (pod_security_lite.go) stops when a
// namespace's labels ask for more than privileged (core/lite).

// evaluatePod evaluates a pod create or update (ValidatePod).
func (p *PodSecurity) evaluatePod(a *Attributes, policy psPolicy, perrs field.ErrorList) error {
	pod, ok := a.Object.(*api.Pod)
	if !ok {
		return api.NewBadRequest("failed to decode pod")
	}
	if a.Operation == Update {
		old, ok := a.OldObject.(*api.Pod)
		if !ok {
			return api.NewBadRequest("failed to decode old pod")
		}
		if !significantPodUpdate(pod, old) {
			return nil
		}
	}
	return p.evaluate(a, policy, perrs, &pod.ObjectMeta, &pod.Spec, true)
}

// evaluateTemplate evaluates a workload's pod template (ValidatePodController).
func (p *PodSecurity) evaluateTemplate(a *Attributes, policy psPolicy, perrs field.ErrorList) {
	if t, _ := api.PodTemplateOf(a.Object); t != nil {
		p.evaluate(a, policy, perrs, &t.ObjectMeta, &t.Spec, false)
	}
}

// significantPodUpdate: only a changed image or a changed list of
// containers (an ephemeral container added) is evaluated again.
func significantPodUpdate(pod, old *api.Pod) bool {
	if len(pod.Spec.Containers) != len(old.Spec.Containers) || len(pod.Spec.InitContainers) != len(old.Spec.InitContainers) {
		return true
	}
	for i := range pod.Spec.Containers {
		if pod.Spec.Containers[i].Image != old.Spec.Containers[i].Image {
			return true
		}
	}
	for i := range pod.Spec.InitContainers {
		if pod.Spec.InitContainers[i].Image != old.Spec.InitContainers[i].Image {
			return true
		}
	}
	for _, c := range pod.Spec.EphemeralContainers {
		found := false
		for _, oc := range old.Spec.EphemeralContainers {
			if oc.Name == c.Name {
				found = true
				if oc.Image != c.Image {
					return true
				}
				break
			}
		}
		if !found {
			return true
		}
	}
	return false
}

// evaluate checks a pod (or template) against the policy: enforce (pods
// only) refuses, audit annotates, warn warns unless the request is refused.
func (p *PodSecurity) evaluate(a *Attributes, policy psPolicy, perrs field.ErrorList, m *api.ObjectMeta, s *api.PodSpec, enforce bool) error {
	if s.RuntimeClassName != nil && p.exempt(p.Exemptions.RuntimeClasses, *s.RuntimeClassName) {
		a.audit("exempt", "runtimeClass")
		return nil
	}
	if len(perrs) > 0 {
		a.audit("error", "Failed to parse policy: "+aggregate(perrs))
	}
	results := map[psLevelVersion]psResult{}
	result := func(lv psLevelVersion) psResult {
		r, ok := results[lv]
		if !ok {
			r = evaluatePod(lv, m, s)
			results[lv] = r
		}
		return r
	}
	var err error
	if enforce {
		a.audit("enforce-policy", policy.enforce.String())
		if r := result(policy.enforce); !r.allowed() {
			err = NewForbidden(a, fmt.Errorf("violates PodSecurity %q: %s", policy.enforce.String(), r.detail()))
		}
	}
	if r := result(policy.audit); !r.allowed() {
		a.audit("audit-violations", fmt.Sprintf("would violate PodSecurity %q: %s", policy.audit.String(), r.detail()))
	}
	if err == nil {
		if r := result(policy.warn); !r.allowed() {
			a.Warnings = append(a.Warnings, fmt.Sprintf("would violate PodSecurity %q: %s", policy.warn.String(), r.detail()))
		}
	}
	return err
}

// aggregate renders field errors as utilerrors.Aggregate does: one error
// as is, several in brackets.
func aggregate(errs field.ErrorList) string {
	if len(errs) == 1 {
		return errs[0].Error()
	}
	parts := make([]string, len(errs))
	for i, e := range errs {
		parts[i] = e.Error()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// namespaceMaxPodsToCheck bounds the pods checked when a namespace's
// enforce level changes.
const namespaceMaxPodsToCheck = 3000

// checkExistingPods evaluates the namespace's pods against a new enforce
// level (EvaluatePodsInNamespace): one pod per controller first, at most
// namespaceMaxPodsToCheck, the pods grouped by their forbidden reasons.
func (p *PodSecurity) checkExistingPods(h Host, namespace string, enforce psLevelVersion) []string {
	objs, err := h.List("pods", namespace)
	if err != nil {
		return []string{"failed to list pods while checking new PodSecurity enforce level"}
	}
	var first, rest []*api.Pod
	seen := map[string]bool{}
	for _, o := range objs {
		pod, ok := o.(*api.Pod)
		if !ok || (pod.Spec.RuntimeClassName != nil && p.exempt(p.Exemptions.RuntimeClasses, *pod.Spec.RuntimeClassName)) {
			continue
		}
		uid := ""
		for _, ref := range pod.OwnerReferences {
			if isTrue(ref.Controller) {
				uid = ref.UID
				break
			}
		}
		if uid != "" && seen[uid] {
			rest = append(rest, pod)
			continue
		}
		seen[uid] = uid != ""
		first = append(first, pod)
	}
	pods := append(first, rest...)
	total := len(pods)
	if len(pods) > namespaceMaxPodsToCheck {
		pods = pods[:namespaceMaxPodsToCheck]
	}
	type group struct {
		pod   string
		count int
	}
	groups := map[string]*group{}
	var reasons []string
	for _, pod := range pods {
		r := evaluatePod(enforce, &pod.ObjectMeta, &pod.Spec)
		if r.allowed() {
			continue
		}
		reason := r.reason()
		g := groups[reason]
		if g == nil {
			g = &group{pod: pod.Name}
			groups[reason] = g
			reasons = append(reasons, reason)
		} else if pod.Name < g.pod {
			g.pod = pod.Name
		}
		g.count++
	}
	var out []string
	if len(pods) < total {
		out = append(out, fmt.Sprintf("new PodSecurity enforce level only checked against the first %d of %d existing pods", len(pods), total))
	}
	if len(reasons) > 0 {
		out = append(out, fmt.Sprintf("existing pods in namespace %q violate the new PodSecurity enforce level %q", namespace, enforce.String()))
	}
	lines := make([]string, len(reasons))
	for i, reason := range reasons {
		g := groups[reason]
		switch g.count {
		case 1:
			lines[i] = g.pod + ": " + reason
		case 2:
			lines[i] = g.pod + " (and 1 other pod): " + reason
		default:
			lines[i] = fmt.Sprintf("%s (and %d other pods): %s", g.pod, g.count-1, reason)
		}
	}
	sort.Strings(lines)
	return append(out, lines...)
}

// warnExempt warns that an exempt namespace's labels are ignored.
func (p *PodSecurity) warnExempt(a *Attributes, ns *api.Namespace, policy psPolicy) {
	if policy.fullyPrivileged() { // or equivalent to the default policy, which is fully privileged
		return
	}
	var parts []string
	for _, m := range []struct {
		mode, level, version string
		lv                   psLevelVersion
	}{{"enforce", enforceLabel, enforceVersionLabel, policy.enforce}, {"audit", auditLabel, auditVersionLabel, policy.audit}, {"warn", warnLabel, warnVersionLabel, policy.warn}} {
		_, hasLevel := ns.Labels[m.level]
		_, hasVersion := ns.Labels[m.version]
		if m.lv.level != levelPrivileged && (hasLevel || hasVersion) {
			parts = append(parts, m.mode+"="+m.lv.String())
		}
	}
	a.Warnings = append(a.Warnings, fmt.Sprintf("namespace %q is exempt from Pod Security, and the policy (%s) will be ignored", ns.Name, strings.Join(parts, ", ")))
}
