package admission

import (
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// PodSecurityPluginName is the plugin's name.
const PodSecurityPluginName = "PodSecurity"

// The namespace labels PodSecurity reads.
const (
	PodSecurityLabelPrefix = "pod-security.kubernetes.io/"
	enforceLabel           = PodSecurityLabelPrefix + "enforce"
	enforceVersionLabel    = PodSecurityLabelPrefix + "enforce-version"
	auditLabel             = PodSecurityLabelPrefix + "audit"
	auditVersionLabel      = PodSecurityLabelPrefix + "audit-version"
	warnLabel              = PodSecurityLabelPrefix + "warn"
	warnVersionLabel       = PodSecurityLabelPrefix + "warn-version"
)

// Levels, least to most restrictive.
const (
	levelPrivileged = "privileged"
	levelBaseline   = "baseline"
	levelRestricted = "restricted"
)

func levelRank(l string) int {
	switch l {
	case levelBaseline:
		return 1
	case levelRestricted:
		return 2
	}
	return 0
}

// psLevelVersion is a level at a policy version: minor -1 is "latest".
type psLevelVersion struct {
	level string
	minor int
}

func (lv psLevelVersion) String() string {
	if lv.minor < 0 {
		return lv.level + ":latest"
	}
	return lv.level + ":v1." + strconv.Itoa(lv.minor)
}

// psPolicy is a namespace's enforce, audit and warn levels.
type psPolicy struct{ enforce, audit, warn psLevelVersion }

func (p psPolicy) fullyPrivileged() bool {
	return p.enforce.level == levelPrivileged && p.audit.level == levelPrivileged && p.warn.level == levelPrivileged
}

// PodSecurityExemptions are the configuration's exemptions; kube-apiserver
// v1.35's default configuration has none (kube-system included).
type PodSecurityExemptions struct {
	Usernames, RuntimeClasses, Namespaces []string
}

// PodSecurity applies the Pod Security Standards by namespace label
// (pod-security.kubernetes.io/{enforce,audit,warn}[-version]): it refuses
// Pods that violate the enforce level, warns and annotates the audit event
// for the warn and audit levels (for workload templates too), checks the
// labels of Namespaces and warns about existing Pods when a namespace's
// enforce level tightens. Its configuration is v1.35's default: every mode
// privileged:latest unless labelled, no exemptions.
type PodSecurity struct {
	Exemptions PodSecurityExemptions
}

// Name implements Plugin.
func (*PodSecurity) Name() string { return PodSecurityPluginName }

// podSpecResources are the workload resources whose pod template is
// evaluated (warn and audit only).
var podSpecResources = map[api.GroupResource]bool{
	{Resource: "replicationcontrollers"}: true, {Resource: "podtemplates"}: true,
	{Group: "apps", Resource: "replicasets"}: true, {Group: "apps", Resource: "deployments"}: true,
	{Group: "apps", Resource: "statefulsets"}: true, {Group: "apps", Resource: "daemonsets"}: true,
	{Group: "batch", Resource: "jobs"}: true, {Group: "batch", Resource: "cronjobs"}: true,
}

// ignoredPodSubresources are never evaluated; any other pod subresource is.
var ignoredPodSubresources = map[string]bool{
	"exec": true, "attach": true, "binding": true, "eviction": true, "log": true, "portforward": true, "proxy": true, "status": true,
}

// Validate implements Validator. It reports acting when it refused, warned
// or annotated the audit event with a violation.
func (p *PodSecurity) Validate(a *Attributes, h Host) (bool, error) {
	if a.Operation != Create && a.Operation != Update {
		return false, nil
	}
	warnings, audits := len(a.Warnings), len(a.AuditAnnotations)
	var err error
	switch gr := a.groupResource(); {
	case gr == api.GroupResource{Resource: "namespaces"}:
		err = p.validateNamespace(a, h)
	case gr == api.GroupResource{Resource: "pods"}:
		err = p.validatePod(a, h)
	case podSpecResources[gr]:
		p.validateWorkload(a, h)
	default:
		return false, nil
	}
	acted := err != nil || len(a.Warnings) > warnings
	for _, kv := range a.AuditAnnotations[audits:] {
		acted = acted || strings.HasPrefix(kv, PodSecurityLabelPrefix+"audit-violations=")
	}
	return acted, err
}

// policyFor reads a namespace's labels (PolicyToEvaluate): a bad enforce
// label leaves enforce restricted, bad audit and warn labels fail open; warn
// follows enforce when it is stricter and warn is not set.
func policyFor(labels map[string]string) (psPolicy, field.ErrorList) {
	latest := psLevelVersion{levelPrivileged, -1}
	p := psPolicy{latest, latest, latest}
	var errs field.ErrorList
	level := func(label string, lv *psLevelVersion, failOpen bool) bool {
		v, ok := labels[label]
		if !ok {
			return false
		}
		switch v {
		case levelPrivileged, levelBaseline, levelRestricted:
			lv.level = v
			return true
		}
		lv.level = levelRestricted
		if failOpen {
			lv.level = levelPrivileged
		}
		errs = append(errs, field.Invalid(field.NewPath("metadata", "labels").Key(label), v, "must be one of privileged, baseline, restricted"))
		return false
	}
	version := func(label string, lv *psLevelVersion) bool {
		v, ok := labels[label]
		if !ok {
			return false
		}
		lv.minor = -1
		if v == "latest" {
			return true
		}
		if m, ok := parseMinor(v); ok {
			lv.minor = m
		} else {
			errs = append(errs, field.Invalid(field.NewPath("metadata", "labels").Key(label), v, `must be "latest" or "v1.x"`))
		}
		return true
	}
	hasEnforce := level(enforceLabel, &p.enforce, false)
	version(enforceVersionLabel, &p.enforce)
	level(auditLabel, &p.audit, true)
	version(auditVersionLabel, &p.audit)
	_, hasWarn := labels[warnLabel]
	level(warnLabel, &p.warn, true)
	hasWarnVersion := version(warnVersionLabel, &p.warn)
	if !hasWarn && hasEnforce && levelRank(p.enforce.level) > levelRank(p.warn.level) {
		p.warn.level = p.enforce.level
		if !hasWarnVersion {
			p.warn.minor = p.enforce.minor
		}
	}
	return p, errs
}

// parseMinor reads "v1.<minor>" (no leading zeros).
func parseMinor(v string) (int, bool) {
	rest, ok := strings.CutPrefix(v, "v1.")
	if !ok || rest == "" || len(rest) > 9 || (len(rest) > 1 && rest[0] == '0') {
		return 0, false
	}
	for _, r := range rest {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

func (p *PodSecurity) exempt(list []string, name string) bool {
	for _, s := range list {
		if name != "" && s == name {
			return true
		}
	}
	return false
}

// namespacePolicy reads the policy of the request's namespace.
func namespacePolicy(a *Attributes, h Host) (psPolicy, field.ErrorList, error) {
	obj, err := h.Get("namespaces", "", a.Namespace)
	if err != nil {
		return psPolicy{}, nil, err
	}
	ns, _ := obj.(*api.Namespace)
	if ns == nil {
		return psPolicy{}, nil, fmt.Errorf("not a namespace")
	}
	p, errs := policyFor(ns.Labels)
	return p, errs, nil
}

func (a *Attributes) audit(key, value string) {
	a.AuditAnnotations = append(a.AuditAnnotations, PodSecurityLabelPrefix+key+"="+value)
}

func (p *PodSecurity) validatePod(a *Attributes, h Host) error {
	if ignoredPodSubresources[a.Subresource] {
		return nil
	}
	switch {
	case p.exempt(p.Exemptions.Namespaces, a.Namespace):
		a.audit("exempt", "namespace")
		return nil
	case p.exempt(p.Exemptions.Usernames, a.User.Name):
		a.audit("exempt", "user")
		return nil
	}
	policy, perrs, err := namespacePolicy(a, h)
	if err != nil {
		a.AuditAnnotations = append(a.AuditAnnotations, PodSecurityLabelPrefix+"error="+fmt.Sprintf("failed to lookup namespace %q: %v", a.Namespace, err))
		return api.NewInternalError(fmt.Errorf("failed to lookup namespace %q", a.Namespace))
	}
	if len(perrs) == 0 && policy.fullyPrivileged() {
		a.audit("enforce-policy", psLevelVersion{levelPrivileged, -1}.String())
		return nil
	}
	return p.evaluatePod(a, policy, perrs)
}

func (p *PodSecurity) validateWorkload(a *Attributes, h Host) {
	switch {
	case a.Subresource != "":
		return
	case p.exempt(p.Exemptions.Namespaces, a.Namespace):
		a.audit("exempt", "namespace")
		return
	case p.exempt(p.Exemptions.Usernames, a.User.Name):
		a.audit("exempt", "user")
		return
	}
	policy, perrs, err := namespacePolicy(a, h)
	if err != nil {
		a.AuditAnnotations = append(a.AuditAnnotations, PodSecurityLabelPrefix+"error="+fmt.Sprintf("failed to lookup namespace %q: %v", a.Namespace, err))
		return
	}
	if len(perrs) == 0 && policy.warn.level == levelPrivileged && policy.audit.level == levelPrivileged {
		return
	}
	p.evaluateTemplate(a, policy, perrs)
}

func (p *PodSecurity) validateNamespace(a *Attributes, h Host) error {
	if a.Subresource != "" {
		return nil
	}
	ns, ok := a.Object.(*api.Namespace)
	if !ok {
		return api.NewBadRequest("failed to decode namespace")
	}
	policy, errs := policyFor(ns.Labels)
	invalid := func() error { return api.NewInvalid("Namespace", ns.Name, errs) }
	if a.Operation == Create {
		if len(errs) > 0 {
			return invalid()
		}
		if p.exempt(p.Exemptions.Namespaces, ns.Name) {
			p.warnExempt(a, ns, policy)
		}
		return nil
	}
	old, ok := a.OldObject.(*api.Namespace)
	if !ok {
		return api.NewBadRequest("failed to decode  old namespace")
	}
	oldPolicy, oldErrs := policyFor(old.Labels)
	if len(errs) > 0 && (len(oldErrs) == 0 || errs.Error() != oldErrs.Error()) {
		return invalid()
	}
	switch {
	case policy.enforce == oldPolicy.enforce, policy.enforce.level == levelPrivileged,
		policy.enforce.minor == oldPolicy.enforce.minor && levelRank(policy.enforce.level) <= levelRank(oldPolicy.enforce.level):
		return nil
	}
	if p.exempt(p.Exemptions.Namespaces, ns.Name) {
		p.warnExempt(a, ns, policy)
		return nil
	}
	a.Warnings = append(a.Warnings, p.checkExistingPods(h, ns.Name, policy.enforce)...)
	return nil
}
