package validation

import (
	"encoding/json"
	"math"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// ValidatePod is ValidatePodCreate.
func ValidatePod(pod *api.Pod) field.ErrorList {
	errs := validatePodMetadataAndSpec(pod)
	// Ephemeral containers are added through the ephemeralcontainers subresource only.
	if len(pod.Spec.EphemeralContainers) > 0 {
		errs = append(errs, field.Forbidden(field.NewPath("spec", "ephemeralContainers"), "cannot be set on create"))
	}
	if pod.Spec.NodeName != "" && len(pod.Spec.SchedulingGates) != 0 {
		errs = append(errs, field.Forbidden(field.NewPath("spec", "nodeName"), "cannot be set until all schedulingGates have been cleared"))
	}
	return errs
}

func validatePodMetadataAndSpec(pod *api.Pod) field.ErrorList {
	spec := field.NewPath("spec")
	errs := ValidateObjectMeta(&pod.ObjectMeta, true, NameIsDNSSubdomain, field.NewPath("metadata"))
	errs = append(errs, ValidatePodSpec(&pod.Spec, spec)...)
	for i, c := range pod.Spec.Containers {
		if len(c.Image) != len(strings.TrimSpace(c.Image)) {
			errs = append(errs, field.Invalid(spec.Child("containers").Index(i).Child("image"), c.Image, "must not have leading or trailing whitespace"))
		}
	}
	return errs
}

// ValidatePodTemplateSpec checks a template embedded in a workload. Note the
// label path: Kubernetes reports template labels at <path>.labels.
func ValidatePodTemplateSpec(t *api.PodTemplateSpec, fldPath *field.Path) field.ErrorList {
	errs := ValidateLabels(t.Labels, fldPath.Child("labels"))
	errs = append(errs, ValidateAnnotations(t.Annotations, fldPath.Child("annotations"))...)
	errs = append(errs, ValidatePodSpec(&t.Spec, fldPath.Child("spec"))...)
	return errs
}

// ValidatePodSpec is pkg/apis/core/validation ValidatePodSpec, in its order.
func ValidatePodSpec(spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if spec.TerminationGracePeriodSeconds == nil {
		errs = append(errs, field.Required(fldPath.Child("terminationGracePeriodSeconds"), ""))
	}
	errs = append(errs, validateContainers(spec.Containers, fldPath.Child("containers"))...)
	errs = append(errs, validateInitContainers(spec.InitContainers, spec.Containers, fldPath.Child("initContainers"))...)
	errs = append(errs, validateRestartPolicy(spec.RestartPolicy, fldPath.Child("restartPolicy"))...)
	errs = append(errs, validateDNSPolicy(spec.DNSPolicy, fldPath.Child("dnsPolicy"))...)
	errs = append(errs, ValidateLabels(spec.NodeSelector, fldPath.Child("nodeSelector"))...)
	if spec.ServiceAccountName != "" {
		for _, msg := range NameIsDNSSubdomain(spec.ServiceAccountName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("serviceAccountName"), spec.ServiceAccountName, msg))
		}
	}
	if spec.NodeName != "" {
		for _, msg := range NameIsDNSSubdomain(spec.NodeName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("nodeName"), spec.NodeName, msg))
		}
	}
	if spec.ActiveDeadlineSeconds != nil {
		if v := *spec.ActiveDeadlineSeconds; v < 1 || v > math.MaxInt32 {
			errs = append(errs, field.Invalid(fldPath.Child("activeDeadlineSeconds"), v, InclusiveRangeError(1, math.MaxInt32)))
		}
	}
	if spec.Hostname != "" {
		for _, msg := range IsDNS1123Label(spec.Hostname) {
			errs = append(errs, field.Invalid(fldPath.Child("hostname"), spec.Hostname, msg))
		}
	}
	if spec.Subdomain != "" {
		for _, msg := range IsDNS1123Label(spec.Subdomain) {
			errs = append(errs, field.Invalid(fldPath.Child("subdomain"), spec.Subdomain, msg))
		}
	}
	if len(spec.Tolerations) > 0 {
		errs = append(errs, ValidateTolerations(spec.Tolerations, fldPath.Child("tolerations"))...)
	}
	if spec.PriorityClassName != "" {
		for _, msg := range NameIsDNSSubdomain(spec.PriorityClassName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("priorityClassName"), spec.PriorityClassName, msg))
		}
	}
	if spec.PreemptionPolicy != nil {
		switch *spec.PreemptionPolicy {
		case api.PreemptLowerPriority, api.PreemptNever:
		case "":
			errs = append(errs, field.Required(fldPath.Child("preemptionPolicy"), ""))
		default:
			errs = append(errs, field.NotSupported(fldPath.Child("preemptionPolicy"), string(*spec.PreemptionPolicy),
				[]string{string(api.PreemptLowerPriority), string(api.PreemptNever)}))
		}
	}
	return errs
}

func validateRestartPolicy(p api.RestartPolicy, fldPath *field.Path) field.ErrorList {
	switch p {
	case api.RestartPolicyAlways, api.RestartPolicyOnFailure, api.RestartPolicyNever:
		return nil
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	}
	return field.ErrorList{field.NotSupported(fldPath, string(p), []string{"Always", "OnFailure", "Never"})}
}

func validateDNSPolicy(p api.DNSPolicy, fldPath *field.Path) field.ErrorList {
	switch p {
	case api.DNSClusterFirstWithHostNet, api.DNSClusterFirst, api.DNSDefault, api.DNSNone:
		return nil
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	}
	return field.ErrorList{field.NotSupported(fldPath, string(p), []string{"ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"})}
}

func validateContainers(containers []api.Container, fldPath *field.Path) field.ErrorList {
	if len(containers) == 0 {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	var errs field.ErrorList
	names := map[string]bool{}
	for i := range containers {
		c := &containers[i]
		p := fldPath.Index(i)
		errs = append(errs, validateContainerCommon(c, p)...)
		if names[c.Name] {
			errs = append(errs, field.Duplicate(p.Child("name"), c.Name))
		} else {
			names[c.Name] = true
		}
		errs = append(errs, validateProbes(c, p)...)
	}
	errs = append(errs, checkHostPortConflicts(containers, fldPath)...)
	return errs
}

func validateInitContainers(containers, regular []api.Container, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for _, c := range regular {
		names[c.Name] = true
	}
	for i := range containers {
		c := &containers[i]
		p := fldPath.Index(i)
		errs = append(errs, validateContainerCommon(c, p)...)
		if names[c.Name] {
			errs = append(errs, field.Duplicate(p.Child("name"), c.Name))
		} else if c.Name != "" {
			names[c.Name] = true
		}
		if c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways {
			// A sidecar (restartable init container) may have probes, checked
			// as a regular container's are.
			errs = append(errs, validateProbes(c, p)...)
			continue
		}
		for _, probe := range []struct {
			set  bool
			name string
		}{{c.LivenessProbe != nil, "livenessProbe"}, {c.ReadinessProbe != nil, "readinessProbe"}, {c.StartupProbe != nil, "startupProbe"}} {
			if probe.set {
				errs = append(errs, field.Forbidden(p.Child(probe.name), "may not be set for init containers without restartPolicy=Always"))
			}
		}
	}
	return errs
}

func validateContainerCommon(c *api.Container, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, requiredValid(c.Name, p.Child("name"), IsDNS1123Label)...)
	if c.Image == "" {
		errs = append(errs, field.Required(p.Child("image"), ""))
	}
	switch c.TerminationMessagePolicy {
	case api.TerminationMessageReadFile, api.TerminationMessageFallbackToLogsOnError:
	case "":
		errs = append(errs, field.Required(p.Child("terminationMessagePolicy"), ""))
	default:
		errs = append(errs, field.NotSupported(p.Child("terminationMessagePolicy"), string(c.TerminationMessagePolicy), []string{"File", "FallbackToLogsOnError"}))
	}
	errs = append(errs, validateContainerPorts(c.Ports, p.Child("ports"))...)
	errs = append(errs, validateEnv(c.Env, p.Child("env"))...)
	switch c.ImagePullPolicy {
	case api.PullAlways, api.PullIfNotPresent, api.PullNever:
	case "":
		errs = append(errs, field.Required(p.Child("imagePullPolicy"), ""))
	default:
		errs = append(errs, field.NotSupported(p.Child("imagePullPolicy"), string(c.ImagePullPolicy), []string{"Always", "IfNotPresent", "Never"}))
	}
	errs = append(errs, ValidateResourceRequirements(&c.Resources, p.Child("resources"))...)
	return errs
}

var supportedProtocols = []string{"SCTP", "TCP", "UDP"}

func validProtocol(p api.Protocol) bool { return p == "TCP" || p == "UDP" || p == "SCTP" }

func validateContainerPorts(ports []api.ContainerPort, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for i, port := range ports {
		p := fldPath.Index(i)
		if port.Name != "" {
			if msgs := IsValidPortName(port.Name); len(msgs) != 0 {
				for _, msg := range msgs {
					errs = append(errs, field.Invalid(p.Child("name"), port.Name, msg))
				}
			} else if names[port.Name] {
				errs = append(errs, field.Duplicate(p.Child("name"), port.Name))
			} else {
				names[port.Name] = true
			}
		}
		if port.ContainerPort == 0 {
			errs = append(errs, field.Required(p.Child("containerPort"), ""))
		} else {
			for _, msg := range IsValidPortNum(int(port.ContainerPort)) {
				errs = append(errs, field.Invalid(p.Child("containerPort"), port.ContainerPort, msg))
			}
		}
		if port.HostPort != 0 {
			for _, msg := range IsValidPortNum(int(port.HostPort)) {
				errs = append(errs, field.Invalid(p.Child("hostPort"), port.HostPort, msg))
			}
		}
		errs = append(errs, validateProtocol(port.Protocol, p.Child("protocol"))...)
	}
	return errs
}

// validateProtocol: a port's protocol is required and one of SCTP, TCP, UDP.
func validateProtocol(proto api.Protocol, p *field.Path) field.ErrorList {
	if proto == "" {
		return field.ErrorList{field.Required(p, "")}
	}
	if !validProtocol(proto) {
		return field.ErrorList{field.NotSupported(p, string(proto), supportedProtocols)}
	}
	return nil
}

func checkHostPortConflicts(containers []api.Container, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for ci, c := range containers {
		for pi, port := range c.Ports {
			if port.HostPort == 0 {
				continue
			}
			key := string(port.Protocol) + "/" + port.HostIP + "/" + itoa(int(port.HostPort))
			if seen[key] {
				errs = append(errs, field.Duplicate(fldPath.Index(ci).Child("ports").Index(pi).Child("hostPort"), key))
			}
			seen[key] = true
		}
	}
	return errs
}

func validateEnv(vars []api.EnvVar, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, ev := range vars {
		p := fldPath.Index(i)
		if ev.Name == "" {
			errs = append(errs, field.Required(p.Child("name"), ""))
			continue
		}
		for _, r := range ev.Name {
			if r < 32 || r > 126 || r == '=' {
				errs = append(errs, field.Invalid(p.Child("name"), ev.Name,
					"a valid environment variable name must consist only of printable ASCII characters other than '='"))
				break
			}
		}
	}
	return errs
}

// validateProbes checks a container's liveness, readiness and startup probes.
func validateProbes(c *api.Container, p *field.Path) field.ErrorList {
	errs := validateProbe(c.LivenessProbe, p.Child("livenessProbe"), true)
	errs = append(errs, validateProbe(c.ReadinessProbe, p.Child("readinessProbe"), false)...)
	return append(errs, validateProbe(c.StartupProbe, p.Child("startupProbe"), true)...)
}

// validateProbe checks handler count, non-negative fields and (liveness,
// startup) successThreshold 1.
func validateProbe(probe *api.Probe, p *field.Path, mustSucceedOnce bool) field.ErrorList {
	if probe == nil {
		return nil
	}
	var errs field.ErrorList
	n := 0
	if probe.Exec != nil {
		n++
		if len(probe.Exec.Command) == 0 {
			errs = append(errs, field.Required(p.Child("exec", "command"), ""))
		}
	}
	if probe.HTTPGet != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(p.Child("httpGet"), "may not specify more than 1 handler type"))
		} else {
			n++
			hp := p.Child("httpGet")
			if probe.HTTPGet.Path == "" {
				errs = append(errs, field.Required(hp.Child("path"), ""))
			}
			errs = append(errs, validatePortNumOrName(probe.HTTPGet.Port, hp.Child("port"))...)
			if s := probe.HTTPGet.Scheme; s != api.URISchemeHTTP && s != api.URISchemeHTTPS {
				errs = append(errs, field.NotSupported(hp.Child("scheme"), string(s), []string{"HTTP", "HTTPS"}))
			}
		}
	}
	if probe.TCPSocket != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(p.Child("tcpSocket"), "may not specify more than 1 handler type"))
		} else {
			n++
			errs = append(errs, validatePortNumOrName(probe.TCPSocket.Port, p.Child("tcpSocket", "port"))...)
		}
	}
	if probe.GRPC != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(p.Child("grpc"), "may not specify more than 1 handler type"))
		} else {
			n++
			for _, msg := range IsValidPortNum(int(probe.GRPC.Port)) {
				errs = append(errs, field.Invalid(p.Child("grpc", "port"), probe.GRPC.Port, msg))
			}
		}
	}
	if n == 0 {
		errs = append(errs, field.Required(p, "must specify a handler type"))
	}
	errs = append(errs, ValidateNonnegativeField(int64(probe.InitialDelaySeconds), p.Child("initialDelaySeconds"))...)
	errs = append(errs, ValidateNonnegativeField(int64(probe.TimeoutSeconds), p.Child("timeoutSeconds"))...)
	errs = append(errs, ValidateNonnegativeField(int64(probe.PeriodSeconds), p.Child("periodSeconds"))...)
	errs = append(errs, ValidateNonnegativeField(int64(probe.SuccessThreshold), p.Child("successThreshold"))...)
	errs = append(errs, ValidateNonnegativeField(int64(probe.FailureThreshold), p.Child("failureThreshold"))...)
	if mustSucceedOnce && probe.SuccessThreshold != 1 {
		errs = append(errs, field.Invalid(p.Child("successThreshold"), probe.SuccessThreshold, "must be 1"))
	}
	return errs
}

// intOrString decodes an api.IntOrString through its JSON form, so this
// package does not depend on the field names of the type.
func intOrString(v any) (num int, str string, isStr bool) {
	b, err := json.Marshal(v)
	if err != nil {
		return 0, "", false
	}
	if len(b) > 0 && b[0] == '"' {
		_ = json.Unmarshal(b, &str)
		return 0, str, true
	}
	_ = json.Unmarshal(b, &num)
	return num, "", false
}

func validatePortNumOrName(port api.IntOrString, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	num, str, isStr := intOrString(port)
	if isStr {
		for _, msg := range IsValidPortName(str) {
			errs = append(errs, field.Invalid(fldPath, str, msg))
		}
		return errs
	}
	for _, msg := range IsValidPortNum(num) {
		errs = append(errs, field.Invalid(fldPath, int64(num), msg))
	}
	return errs
}

// ValidateTolerations checks pod tolerations.
func ValidateTolerations(tolerations []api.Toleration, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, t := range tolerations {
		p := fldPath.Index(i)
		if len(t.Key) > 0 {
			errs = append(errs, ValidateLabelName(t.Key, p.Child("key"))...)
		}
		if len(t.Key) == 0 && t.Operator != api.TolerationOpExists {
			errs = append(errs, field.Invalid(p.Child("operator"), string(t.Operator),
				"operator must be Exists when `key` is empty, which means \"match all values and all keys\""))
		}
		if t.TolerationSeconds != nil && t.Effect != api.TaintEffectNoExecute {
			errs = append(errs, field.Invalid(p.Child("effect"), string(t.Effect), "effect must be 'NoExecute' when `tolerationSeconds` is set"))
		}
		switch t.Operator {
		case api.TolerationOpEqual, "":
			if msgs := IsValidLabelValue(t.Value); len(msgs) != 0 {
				errs = append(errs, field.Invalid(p.Child("operator"), t.Value, strings.Join(msgs, ";")))
			}
		case api.TolerationOpExists:
			if len(t.Value) > 0 {
				errs = append(errs, field.Invalid(p.Child("operator"), t.Value, "value must be empty when `operator` is 'Exists'"))
			}
		default:
			errs = append(errs, field.NotSupported(p.Child("operator"), string(t.Operator), []string{"Equal", "Exists"}))
		}
		if len(t.Effect) > 0 {
			errs = append(errs, validateTaintEffect(t.Effect, true, p.Child("effect"))...)
		}
	}
	return errs
}

func validateTaintEffect(effect api.TaintEffect, allowEmpty bool, fldPath *field.Path) field.ErrorList {
	if !allowEmpty && effect == "" {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	switch effect {
	case api.TaintEffectNoSchedule, api.TaintEffectPreferNoSchedule, api.TaintEffectNoExecute:
		return nil
	}
	return field.ErrorList{field.NotSupported(fldPath, string(effect), []string{"NoSchedule", "PreferNoSchedule", "NoExecute"})}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}
