//go:build !lite

package admission

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

// The Pod Security Standards as k8s.io/pod-security-admission v0.35 checks
// them (policy/check_*.go): each check has an ID, a level and versions (the
// first policy minor each variant applies to); a failed check gives a
// forbidden reason and, for a single object, a detail in the library's words.
// Checks run baseline first then restricted, each group sorted by ID; a
// restricted check may replace (override) a baseline one from its version on.

// psCheck is one check: its ID, whether it is a restricted check, its
// versions (ascending) and the baseline check it overrides, if any.
type psCheck struct {
	id         string
	restricted bool
	versions   []psVariant
	overrides  string
}

// psVariant applies from policy v1.<since> on.
type psVariant struct {
	since int
	check func(m *api.ObjectMeta, s *api.PodSpec) (reason, detail string, bad bool)
}

// psMaxMinor is the newest policy version the checks know (v1.35): newer
// versions are evaluated as it.
const psMaxMinor = 35

// psChecks in evaluation order: baseline IDs sorted, then restricted IDs sorted.
var psChecks = []psCheck{
	{id: "appArmorProfile", versions: []psVariant{{0, checkAppArmor}}},
	{id: "capabilities_baseline", versions: []psVariant{{0, checkCapabilitiesBaseline}}},
	{id: "hostNamespaces", versions: []psVariant{{0, checkHostNamespaces}}},
	{id: "hostPathVolumes", versions: []psVariant{{0, checkHostPathVolumes}}},
	{id: "hostPorts", versions: []psVariant{{0, checkHostPorts}}},
	{id: "hostProbesAndHostLifecycle", versions: []psVariant{{34, checkProbeHosts}}},
	{id: "privileged", versions: []psVariant{{0, checkPrivileged}}},
	{id: "procMount", versions: []psVariant{{0, checkProcMount}, {35, relaxForUserNamespace(checkProcMount)}}},
	{id: "seLinuxOptions", versions: []psVariant{{0, checkSELinux(false)}, {31, checkSELinux(true)}}},
	{id: "seccompProfile_baseline", versions: []psVariant{{0, checkSeccompAnnotations}, {19, checkSeccompBaseline}}},
	{id: "sysctls", versions: []psVariant{{0, checkSysctls(0)}, {27, checkSysctls(27)}, {29, checkSysctls(29)}, {32, checkSysctls(32)}}},
	{id: "windowsHostProcess", versions: []psVariant{{0, checkHostProcess}}},

	{id: "allowPrivilegeEscalation", restricted: true, versions: []psVariant{{8, checkPrivilegeEscalation}, {25, exceptWindows(checkPrivilegeEscalation)}}},
	{id: "capabilities_restricted", restricted: true, overrides: "capabilities_baseline",
		versions: []psVariant{{22, checkCapabilitiesRestricted}, {25, exceptWindows(checkCapabilitiesRestricted)}}},
	{id: "procMount_restricted", restricted: true, overrides: "procMount", versions: []psVariant{{35, checkProcMount}}},
	{id: "restrictedVolumes", restricted: true, overrides: "hostPathVolumes", versions: []psVariant{{0, checkVolumeTypes}}},
	{id: "runAsNonRoot", restricted: true, versions: []psVariant{{0, checkRunAsNonRoot}, {35, relaxForUserNamespace(checkRunAsNonRoot)}}},
	{id: "runAsUser", restricted: true, versions: []psVariant{{23, checkRunAsUser}, {35, relaxForUserNamespace(checkRunAsUser)}}},
	{id: "seccompProfile_restricted", restricted: true, overrides: "seccompProfile_baseline",
		versions: []psVariant{{19, checkSeccompRestricted}, {25, exceptWindows(checkSeccompRestricted)}}},
}

// variantAt is the check's variant for policy v1.<minor>, nil before its first.
func (c *psCheck) variantAt(minor int) *psVariant {
	var v *psVariant
	for i := range c.versions {
		if c.versions[i].since <= minor {
			v = &c.versions[i]
		}
	}
	return v
}

// psResult is the aggregate of the failed checks (AggregateCheckResult).
type psResult struct{ reasons, details []string }

func (r psResult) allowed() bool { return len(r.reasons) == 0 }

// reason joins the forbidden reasons: "host ports, privileged".
func (r psResult) reason() string { return strings.Join(r.reasons, ", ") }

// detail is the reasons with their details in parentheses.
func (r psResult) detail() string {
	var b strings.Builder
	for i, reason := range r.reasons {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(reason)
		if r.details[i] != "" {
			b.WriteString(" (" + r.details[i] + ")")
		}
	}
	return b.String()
}

// evaluatePod runs the level's checks at its version.
func evaluatePod(lv psLevelVersion, m *api.ObjectMeta, s *api.PodSpec) psResult {
	var r psResult
	if lv.level == levelPrivileged {
		return r
	}
	minor := lv.minor
	if minor < 0 || minor > psMaxMinor {
		minor = psMaxMinor
	}
	restricted := lv.level == levelRestricted
	overridden := map[string]bool{}
	if restricted {
		for i := range psChecks {
			if c := &psChecks[i]; c.overrides != "" && c.variantAt(minor) != nil {
				overridden[c.overrides] = true
			}
		}
	}
	for i := range psChecks {
		c := &psChecks[i]
		if (c.restricted && !restricted) || overridden[c.id] {
			continue
		}
		v := c.variantAt(minor)
		if v == nil {
			continue
		}
		if reason, detail, bad := v.check(m, s); bad {
			r.reasons = append(r.reasons, reason)
			r.details = append(r.details, detail)
		}
	}
	return r
}

// psContainer is what the checks read of a container, init container or
// ephemeral container.
type psContainer struct {
	name      string
	sc        *api.SecurityContext
	ports     []api.ContainerPort
	probes    [3]*api.Probe
	lifecycle *api.Lifecycle
}

// containersOf lists init containers, containers, then ephemeral containers.
func containersOf(s *api.PodSpec) []psContainer {
	out := make([]psContainer, 0, len(s.InitContainers)+len(s.Containers)+len(s.EphemeralContainers))
	for _, list := range [][]api.Container{s.InitContainers, s.Containers} {
		for i := range list {
			c := &list[i]
			out = append(out, psContainer{c.Name, c.SecurityContext, c.Ports, [3]*api.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe}, c.Lifecycle})
		}
	}
	for i := range s.EphemeralContainers {
		c := &s.EphemeralContainers[i].EphemeralContainerCommon
		out = append(out, psContainer{c.Name, c.SecurityContext, c.Ports, [3]*api.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe}, c.Lifecycle})
	}
	return out
}

// joinQuote quotes each item: "a", "b".
func joinQuote(items []string) string {
	if len(items) == 0 {
		return ""
	}
	return `"` + strings.Join(items, `", "`) + `"`
}

func pluralize(singular, plural string, n int) string {
	if n == 1 {
		return singular
	}
	return plural
}

// named is `container "a"` or `containers "a", "b"`.
func named(singular, plural string, names []string) string {
	return pluralize(singular, plural, len(names)) + " " + joinQuote(names)
}

// stringSet collects distinct strings; sorted lists them in order.
type stringSet map[string]bool

func (s stringSet) sorted() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// setters is "pod and containers "a", "b"": who set a forbidden value.
func setters(pod bool, containers []string) []string {
	var out []string
	if pod {
		out = append(out, "pod")
	}
	if len(containers) > 0 {
		out = append(out, named("container", "containers", containers))
	}
	return out
}

func exceptWindows(f func(*api.ObjectMeta, *api.PodSpec) (string, string, bool)) func(*api.ObjectMeta, *api.PodSpec) (string, string, bool) {
	return func(m *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
		if s.OS != nil && s.OS.Name == "windows" {
			return "", "", false
		}
		return f(m, s)
	}
}

// relaxForUserNamespace allows pods with hostUsers: false (v1.35 on).
func relaxForUserNamespace(f func(*api.ObjectMeta, *api.PodSpec) (string, string, bool)) func(*api.ObjectMeta, *api.PodSpec) (string, string, bool) {
	return func(m *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
		if s.HostUsers != nil && !*s.HostUsers {
			return "", "", false
		}
		return f(m, s)
	}
}

func isTrue(b *bool) bool { return b != nil && *b }

// containersWhere names the containers whose securityContext is bad.
func containersWhere(s *api.PodSpec, bad func(sc *api.SecurityContext) bool) []string {
	var names []string
	for _, c := range containersOf(s) {
		if bad(c.sc) {
			names = append(names, c.name)
		}
	}
	return names
}

func checkHostProcess(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	bad := containersWhere(s, func(sc *api.SecurityContext) bool {
		return sc != nil && sc.WindowsOptions != nil && isTrue(sc.WindowsOptions.HostProcess)
	})
	pod := s.SecurityContext != nil && s.SecurityContext.WindowsOptions != nil && isTrue(s.SecurityContext.WindowsOptions.HostProcess)
	if who := setters(pod, bad); len(who) > 0 {
		return "hostProcess", strings.Join(who, " and ") + " must not set securityContext.windowsOptions.hostProcess=true", true
	}
	return "", "", false
}

func checkHostNamespaces(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var ns []string
	if s.HostNetwork {
		ns = append(ns, "hostNetwork=true")
	}
	if s.HostPID {
		ns = append(ns, "hostPID=true")
	}
	if s.HostIPC {
		ns = append(ns, "hostIPC=true")
	}
	if len(ns) > 0 {
		return "host namespaces", strings.Join(ns, ", "), true
	}
	return "", "", false
}

func checkPrivileged(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	bad := containersWhere(s, func(sc *api.SecurityContext) bool { return sc != nil && isTrue(sc.Privileged) })
	if len(bad) > 0 {
		return "privileged", named("container", "containers", bad) + " must not set securityContext.privileged=true", true
	}
	return "", "", false
}

// baselineCapabilities may be added at the baseline level.
var baselineCapabilities = stringSet{"AUDIT_WRITE": true, "CHOWN": true, "DAC_OVERRIDE": true, "FOWNER": true, "FSETID": true,
	"KILL": true, "MKNOD": true, "NET_BIND_SERVICE": true, "SETFCAP": true, "SETGID": true, "SETPCAP": true, "SETUID": true, "SYS_CHROOT": true}

func checkCapabilitiesBaseline(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var bad []string
	caps := stringSet{}
	for _, c := range containersOf(s) {
		if c.sc == nil || c.sc.Capabilities == nil {
			continue
		}
		valid := true
		for _, cap := range c.sc.Capabilities.Add {
			if !baselineCapabilities[string(cap)] {
				valid = false
				caps[string(cap)] = true
			}
		}
		if !valid {
			bad = append(bad, c.name)
		}
	}
	if len(bad) > 0 {
		return "non-default capabilities", named("container", "containers", bad) + " must not include " + joinQuote(caps.sorted()) + " in securityContext.capabilities.add", true
	}
	return "", "", false
}

func checkCapabilitiesRestricted(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var noDropAll, adding []string
	caps := stringSet{}
	for _, c := range containersOf(s) {
		if c.sc == nil || c.sc.Capabilities == nil {
			noDropAll = append(noDropAll, c.name)
			continue
		}
		dropped := false
		for _, cap := range c.sc.Capabilities.Drop {
			dropped = dropped || cap == "ALL"
		}
		if !dropped {
			noDropAll = append(noDropAll, c.name)
		}
		added := false
		for _, cap := range c.sc.Capabilities.Add {
			if cap != "NET_BIND_SERVICE" {
				added = true
				caps[string(cap)] = true
			}
		}
		if added {
			adding = append(adding, c.name)
		}
	}
	var details []string
	if len(noDropAll) > 0 {
		details = append(details, named("container", "containers", noDropAll)+` must set securityContext.capabilities.drop=["ALL"]`)
	}
	if len(adding) > 0 {
		details = append(details, named("container", "containers", adding)+" must not include "+joinQuote(caps.sorted())+" in securityContext.capabilities.add")
	}
	if len(details) > 0 {
		return "unrestricted capabilities", strings.Join(details, "; "), true
	}
	return "", "", false
}

func checkHostPathVolumes(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var bad []string
	for _, v := range s.Volumes {
		if v.HostPath != nil {
			bad = append(bad, v.Name)
		}
	}
	if len(bad) > 0 {
		return "hostPath volumes", named("volume", "volumes", bad), true
	}
	return "", "", false
}

func checkHostPorts(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var bad []string
	ports := stringSet{}
	for _, c := range containersOf(s) {
		valid := true
		for _, p := range c.ports {
			if p.HostPort != 0 {
				valid = false
				ports[strconv.Itoa(int(p.HostPort))] = true
			}
		}
		if !valid {
			bad = append(bad, c.name)
		}
	}
	if len(bad) > 0 {
		return "hostPort", fmt.Sprintf("%s %s %s %s", named("container", "containers", bad), pluralize("uses", "use", len(bad)),
			pluralize("hostPort", "hostPorts", len(ports)), strings.Join(ports.sorted(), ", ")), true
	}
	return "", "", false
}

func checkProbeHosts(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	bad, hosts := stringSet{}, stringSet{}
	note := func(name string, http *api.HTTPGetAction, tcp *api.TCPSocketAction) {
		if http != nil && http.Host != "" {
			bad[name], hosts[http.Host] = true, true
		}
		if tcp != nil && tcp.Host != "" {
			bad[name], hosts[tcp.Host] = true, true
		}
	}
	for _, c := range containersOf(s) {
		for _, p := range c.probes {
			if p != nil {
				note(c.name, p.HTTPGet, p.TCPSocket)
			}
		}
		if c.lifecycle != nil {
			for _, h := range []*api.LifecycleHandler{c.lifecycle.PostStart, c.lifecycle.PreStop} {
				if h != nil {
					note(c.name, h.HTTPGet, h.TCPSocket)
				}
			}
		}
	}
	if len(bad) > 0 {
		return "probe or lifecycle host", fmt.Sprintf("%s %s %s %s", named("container", "containers", bad.sorted()), pluralize("uses", "use", len(bad)),
			pluralize("probe or lifecycle host", "probe or lifecycle hosts", len(hosts)), joinQuote(hosts.sorted())), true
	}
	return "", "", false
}

func checkAppArmor(m *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	allowed := func(p *api.AppArmorProfile) bool { return p.Type == "RuntimeDefault" || p.Type == "Localhost" }
	var who []string
	values := stringSet{}
	if s.SecurityContext != nil && s.SecurityContext.AppArmorProfile != nil && !allowed(s.SecurityContext.AppArmorProfile) {
		who = append(who, "pod")
		values[string(s.SecurityContext.AppArmorProfile.Type)] = true
	}
	var bad []string
	for _, c := range containersOf(s) {
		if c.sc != nil && c.sc.AppArmorProfile != nil && !allowed(c.sc.AppArmorProfile) {
			bad = append(bad, c.name)
			values[string(c.sc.AppArmorProfile.Type)] = true
		}
	}
	if len(bad) > 0 {
		who = append(who, named("container", "containers", bad))
	}
	var annotations []string
	for k, v := range m.Annotations {
		if strings.HasPrefix(k, "container.apparmor.security.beta.kubernetes.io/") &&
			v != "" && v != "runtime/default" && !strings.HasPrefix(v, "localhost/") {
			annotations = append(annotations, fmt.Sprintf("%s=%q", k, v))
		}
	}
	list := values.sorted()
	if len(annotations) > 0 {
		sort.Strings(annotations)
		list = append(list, annotations...)
		who = append(who, pluralize("annotation", "annotations", len(annotations)))
	}
	if len(who) > 0 {
		return pluralize("forbidden AppArmor profile", "forbidden AppArmor profiles", len(list)),
			strings.Join(who, " and ") + " must not set AppArmor profile type to " + joinQuote(list), true
	}
	return "", "", false
}

// checkSELinux allows the container types of v1.0, and container_engine_t
// from v1.31; user and role may not be set.
func checkSELinux(engine bool) func(*api.ObjectMeta, *api.PodSpec) (string, string, bool) {
	return func(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
		types := stringSet{}
		setUser, setRole := false, false
		valid := func(o *api.SELinuxOptions) bool {
			ok := true
			switch o.Type {
			case "", "container_t", "container_init_t", "container_kvm_t":
			case "container_engine_t":
				ok = engine
			default:
				ok = false
			}
			if !ok {
				types[o.Type] = true
			}
			if o.User != "" {
				ok, setUser = false, true
			}
			if o.Role != "" {
				ok, setRole = false, true
			}
			return ok
		}
		pod := s.SecurityContext != nil && s.SecurityContext.SELinuxOptions != nil && !valid(s.SecurityContext.SELinuxOptions)
		var bad []string
		for _, c := range containersOf(s) {
			if c.sc != nil && c.sc.SELinuxOptions != nil && !valid(c.sc.SELinuxOptions) {
				bad = append(bad, c.name)
			}
		}
		who := setters(pod, bad)
		if len(who) == 0 {
			return "", "", false
		}
		var data []string
		if len(types) > 0 {
			data = append(data, named("type", "types", types.sorted()))
		}
		if setUser {
			data = append(data, "user may not be set")
		}
		if setRole {
			data = append(data, "role may not be set")
		}
		return "seLinuxOptions", strings.Join(who, " and ") + " set forbidden securityContext.seLinuxOptions: " + strings.Join(data, "; "), true
	}
}

func checkProcMount(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var bad []string
	types := stringSet{}
	for _, c := range containersOf(s) {
		if c.sc != nil && c.sc.ProcMount != nil && *c.sc.ProcMount != "Default" {
			bad = append(bad, c.name)
			types[string(*c.sc.ProcMount)] = true
		}
	}
	if len(bad) > 0 {
		return "procMount", named("container", "containers", bad) + " must not set securityContext.procMount to " + joinQuote(types.sorted()), true
	}
	return "", "", false
}

// checkSeccompAnnotations is the baseline seccomp check before v1.19: the
// alpha annotations may not name unconfined profiles.
func checkSeccompAnnotations(m *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	valid := func(v string) bool {
		return v == "runtime/default" || v == "docker/default" || strings.HasPrefix(v, "localhost/")
	}
	bad := stringSet{}
	const podKey = "seccomp.security.alpha.kubernetes.io/pod"
	if v, ok := m.Annotations[podKey]; ok && !valid(v) {
		bad[fmt.Sprintf("%s=%q", podKey, v)] = true
	}
	for _, c := range containersOf(s) {
		key := "container.seccomp.security.alpha.kubernetes.io/" + c.name
		if v, ok := m.Annotations[key]; ok && !valid(v) {
			bad[fmt.Sprintf("%s=%q", key, v)] = true
		}
	}
	if len(bad) > 0 {
		return "seccompProfile", "forbidden " + pluralize("annotation", "annotations", len(bad)) + " " + strings.Join(bad.sorted(), ", "), true
	}
	return "", "", false
}

func validSeccomp(p *api.SeccompProfile) bool {
	return p.Type == "RuntimeDefault" || p.Type == "Localhost"
}

// seccompSetters finds who set a forbidden seccomp profile type, and the
// containers that set none (and so rely on the pod's).
func seccompSetters(s *api.PodSpec) (who []string, values stringSet, podSet bool, unset []string) {
	values = stringSet{}
	pod := false
	if s.SecurityContext != nil && s.SecurityContext.SeccompProfile != nil {
		if validSeccomp(s.SecurityContext.SeccompProfile) {
			podSet = true
		} else {
			pod = true
			values[string(s.SecurityContext.SeccompProfile.Type)] = true
		}
	}
	var bad []string
	for _, c := range containersOf(s) {
		switch {
		case c.sc != nil && c.sc.SeccompProfile != nil:
			if !validSeccomp(c.sc.SeccompProfile) {
				bad = append(bad, c.name)
				values[string(c.sc.SeccompProfile.Type)] = true
			}
		case !podSet:
			unset = append(unset, c.name)
		}
	}
	return setters(pod, bad), values, podSet, unset
}

func checkSeccompBaseline(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	if who, values, _, _ := seccompSetters(s); len(who) > 0 {
		return "seccompProfile", strings.Join(who, " and ") + " must not set securityContext.seccompProfile.type to " + joinQuote(values.sorted()), true
	}
	return "", "", false
}

func checkSeccompRestricted(m *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	if reason, detail, bad := checkSeccompBaseline(m, s); bad {
		return reason, detail, bad
	}
	if _, _, _, unset := seccompSetters(s); len(unset) > 0 {
		return "seccompProfile", "pod or " + named("container", "containers", unset) + ` must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"`, true
	}
	return "", "", false
}

// safeSysctls by the policy version that allowed them.
var safeSysctls = map[string]int{
	"kernel.shm_rmid_forced": 0, "net.ipv4.ip_local_port_range": 0, "net.ipv4.tcp_syncookies": 0,
	"net.ipv4.ping_group_range": 0, "net.ipv4.ip_unprivileged_port_start": 0,
	"net.ipv4.ip_local_reserved_ports": 27,
	"net.ipv4.tcp_keepalive_time":      29, "net.ipv4.tcp_fin_timeout": 29, "net.ipv4.tcp_keepalive_intvl": 29, "net.ipv4.tcp_keepalive_probes": 29,
	"net.ipv4.tcp_rmem": 32, "net.ipv4.tcp_wmem": 32,
}

func checkSysctls(minor int) func(*api.ObjectMeta, *api.PodSpec) (string, string, bool) {
	return func(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
		if s.SecurityContext == nil {
			return "", "", false
		}
		var bad []string
		for _, sc := range s.SecurityContext.Sysctls {
			if since, ok := safeSysctls[sc.Name]; !ok || since > minor {
				bad = append(bad, sc.Name)
			}
		}
		if len(bad) > 0 {
			return "forbidden sysctls", strings.Join(bad, ", "), true
		}
		return "", "", false
	}
}

func checkPrivilegeEscalation(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	bad := containersWhere(s, func(sc *api.SecurityContext) bool {
		return sc == nil || sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation
	})
	if len(bad) > 0 {
		return "allowPrivilegeEscalation != false", named("container", "containers", bad) + " must set securityContext.allowPrivilegeEscalation=false", true
	}
	return "", "", false
}

// restrictedVolumeTypes are the volume types a restricted pod may use.
func restrictedVolumeType(v *api.VolumeSource) string {
	switch {
	case v.ConfigMap != nil, v.CSI != nil, v.DownwardAPI != nil, v.EmptyDir != nil, v.Ephemeral != nil,
		v.Image != nil, v.PersistentVolumeClaim != nil, v.Projected != nil, v.Secret != nil:
		return ""
	case v.HostPath != nil:
		return "hostPath"
	case v.GCEPersistentDisk != nil:
		return "gcePersistentDisk"
	case v.AWSElasticBlockStore != nil:
		return "awsElasticBlockStore"
	case v.GitRepo != nil:
		return "gitRepo"
	case v.NFS != nil:
		return "nfs"
	case v.ISCSI != nil:
		return "iscsi"
	case v.Glusterfs != nil:
		return "glusterfs"
	case v.RBD != nil:
		return "rbd"
	case v.FlexVolume != nil:
		return "flexVolume"
	case v.Cinder != nil:
		return "cinder"
	case v.CephFS != nil:
		return "cephfs"
	case v.Flocker != nil:
		return "flocker"
	case v.FC != nil:
		return "fc"
	case v.AzureFile != nil:
		return "azureFile"
	case v.VsphereVolume != nil:
		return "vsphereVolume"
	case v.Quobyte != nil:
		return "quobyte"
	case v.AzureDisk != nil:
		return "azureDisk"
	case v.PhotonPersistentDisk != nil:
		return "photonPersistentDisk"
	case v.PortworxVolume != nil:
		return "portworxVolume"
	case v.ScaleIO != nil:
		return "scaleIO"
	case v.StorageOS != nil:
		return "storageos"
	}
	return "unknown"
}

func checkVolumeTypes(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	var bad []string
	types := stringSet{}
	for i := range s.Volumes {
		if t := restrictedVolumeType(&s.Volumes[i].VolumeSource); t != "" {
			bad = append(bad, s.Volumes[i].Name)
			types[t] = true
		}
	}
	if len(bad) > 0 {
		return "restricted volume types", fmt.Sprintf("%s %s %s %s", named("volume", "volumes", bad), pluralize("uses", "use", len(bad)),
			pluralize("restricted volume type", "restricted volume types", len(types)), joinQuote(types.sorted())), true
	}
	return "", "", false
}

func checkRunAsNonRoot(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	pod, podNonRoot := false, false
	if s.SecurityContext != nil && s.SecurityContext.RunAsNonRoot != nil {
		pod, podNonRoot = !*s.SecurityContext.RunAsNonRoot, *s.SecurityContext.RunAsNonRoot
	}
	var explicit, implicit []string
	for _, c := range containersOf(s) {
		switch {
		case c.sc != nil && c.sc.RunAsNonRoot != nil:
			if !*c.sc.RunAsNonRoot {
				explicit = append(explicit, c.name)
			}
		case !podNonRoot:
			implicit = append(implicit, c.name)
		}
	}
	if who := setters(pod, explicit); len(who) > 0 {
		return "runAsNonRoot != true", strings.Join(who, " and ") + " must not set securityContext.runAsNonRoot=false", true
	}
	if len(implicit) > 0 {
		return "runAsNonRoot != true", "pod or " + named("container", "containers", implicit) + " must set securityContext.runAsNonRoot=true", true
	}
	return "", "", false
}

func checkRunAsUser(_ *api.ObjectMeta, s *api.PodSpec) (string, string, bool) {
	root := func(u *int64) bool { return u != nil && *u == 0 }
	pod := s.SecurityContext != nil && root(s.SecurityContext.RunAsUser)
	bad := containersWhere(s, func(sc *api.SecurityContext) bool { return sc != nil && root(sc.RunAsUser) })
	if who := setters(pod, bad); len(who) > 0 {
		return "runAsUser=0", strings.Join(who, " and ") + " must not set runAsUser=0", true
	}
	return "", "", false
}
