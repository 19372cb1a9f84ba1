package describe

import (
	"fmt"
	"sort"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// describeContainers writes the "Containers:" (or "Init Containers:") block.
// statuses may be nil (pod templates); space indents template sections.
func describeContainers(w prefixWriter, label string, containers []api.Container, statuses []api.ContainerStatus, space string) {
	byName := map[string]api.ContainerStatus{}
	for _, s := range statuses {
		byName[s.Name] = s
	}
	none := ""
	if len(containers) == 0 {
		none = " <none>"
	}
	w.Write(level0, "%s%s:%s\n", space, label, none)
	for i := range containers {
		c := containers[i]
		status, ok := byName[c.Name]
		nameIndent := ""
		if space != "" {
			nameIndent = " "
		}
		w.Write(level1, "%s%v:\n", nameIndent, c.Name)
		if ok {
			w.Write(level2, "Container ID:\t%s\n", status.ContainerID)
		}
		w.Write(level2, "Image:\t%s\n", c.Image)
		if ok {
			w.Write(level2, "Image ID:\t%s\n", status.ImageID)
		}
		ports := containerPorts(c.Ports, false)
		if strings.Contains(ports, ",") {
			w.Write(level2, "Ports:\t%s\n", ports)
		} else {
			w.Write(level2, "Port:\t%s\n", orNone(ports))
		}
		hostPorts := containerPorts(c.Ports, true)
		if strings.Contains(hostPorts, ",") {
			w.Write(level2, "Host Ports:\t%s\n", hostPorts)
		} else {
			w.Write(level2, "Host Port:\t%s\n", orNone(hostPorts))
		}
		if len(c.Command) > 0 {
			w.Write(level2, "Command:\n")
			for _, cmd := range c.Command {
				for _, s := range strings.Split(cmd, "\n") {
					w.Write(level3, "%s\n", s)
				}
			}
		}
		if len(c.Args) > 0 {
			w.Write(level2, "Args:\n")
			for _, arg := range c.Args {
				for _, s := range strings.Split(arg, "\n") {
					w.Write(level3, "%s\n", s)
				}
			}
		}
		if ok {
			describeContainerState(w, status)
		}
		describeResources(w, &c.Resources, level2)
		if c.LivenessProbe != nil {
			w.Write(level2, "Liveness:\t%s\n", describeProbe(c.LivenessProbe))
		}
		if c.ReadinessProbe != nil {
			w.Write(level2, "Readiness:\t%s\n", describeProbe(c.ReadinessProbe))
		}
		if c.StartupProbe != nil {
			w.Write(level2, "Startup:\t%s\n", describeProbe(c.StartupProbe))
		}
		if len(c.EnvFrom) > 0 {
			describeEnvFrom(w, c)
		}
		describeEnv(w, c)
		describeMounts(w, c)
	}
}

func orNone(s string) string {
	if s == "" {
		return "<none>"
	}
	return s
}

func containerPorts(ports []api.ContainerPort, host bool) string {
	out := make([]string, 0, len(ports))
	for _, p := range ports {
		n := p.ContainerPort
		if host {
			n = p.HostPort
		}
		s := fmt.Sprintf("%d/%s", n, p.Protocol)
		if p.Name != "" {
			s = fmt.Sprintf("%s (%s)", s, p.Name)
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

func describeContainerState(w prefixWriter, s api.ContainerStatus) {
	describeState(w, "State", s.State)
	if s.LastTerminationState.Terminated != nil {
		describeState(w, "Last State", s.LastTerminationState)
	}
	w.Write(level2, "Ready:\t%v\n", printBool(s.Ready))
	w.Write(level2, "Restart Count:\t%d\n", s.RestartCount)
}

func printBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

func describeState(w prefixWriter, name string, st api.ContainerState) {
	switch {
	case st.Running != nil:
		w.Write(level2, "%s:\tRunning\n", name)
		w.Write(level3, "Started:\t%v\n", rfc1123z(st.Running.StartedAt.Time))
	case st.Waiting != nil:
		w.Write(level2, "%s:\tWaiting\n", name)
		if st.Waiting.Reason != "" {
			w.Write(level3, "Reason:\t%s\n", st.Waiting.Reason)
		}
	case st.Terminated != nil:
		t := st.Terminated
		w.Write(level2, "%s:\tTerminated\n", name)
		if t.Reason != "" {
			w.Write(level3, "Reason:\t%s\n", t.Reason)
		}
		if t.Message != "" {
			w.Write(level3, "Message:\t%s\n", t.Message)
		}
		w.Write(level3, "Exit Code:\t%d\n", t.ExitCode)
		if t.Signal > 0 {
			w.Write(level3, "Signal:\t%d\n", t.Signal)
		}
		w.Write(level3, "Started:\t%s\n", rfc1123z(t.StartedAt.Time))
		w.Write(level3, "Finished:\t%s\n", rfc1123z(t.FinishedAt.Time))
	default:
		w.Write(level2, "%s:\tWaiting\n", name)
	}
}

func sortedResourceNames(l api.ResourceList) []api.ResourceName {
	names := make([]api.ResourceName, 0, len(l))
	for n := range l {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return names[i] < names[j] })
	return names
}

func describeResources(w prefixWriter, r *api.ResourceRequirements, level int) {
	if r == nil {
		return
	}
	if len(r.Limits) > 0 {
		w.Write(level, "Limits:\n")
	}
	for _, n := range sortedResourceNames(r.Limits) {
		q := r.Limits[n]
		w.Write(level+1, "%s:\t%s\n", n, q.String())
	}
	if len(r.Requests) > 0 {
		w.Write(level, "Requests:\n")
	}
	for _, n := range sortedResourceNames(r.Requests) {
		q := r.Requests[n]
		w.Write(level+1, "%s:\t%s\n", n, q.String())
	}
}

// describeProbe renders a probe as "http-get http://:80/ delay=0s timeout=1s
// period=10s #success=1 #failure=3" (kubectl's DescribeProbe).
func describeProbe(p *api.Probe) string {
	attrs := fmt.Sprintf("delay=%ds timeout=%ds period=%ds #success=%d #failure=%d",
		p.InitialDelaySeconds, p.TimeoutSeconds, p.PeriodSeconds, p.SuccessThreshold, p.FailureThreshold)
	switch {
	case p.Exec != nil:
		return fmt.Sprintf("exec %v %s", p.Exec.Command, attrs)
	case p.HTTPGet != nil:
		host := p.HTTPGet.Host
		if port := p.HTTPGet.Port.String(); port != "" {
			host = printers.JoinHostPort(host, port)
		}
		path := p.HTTPGet.Path
		if path != "" && !strings.HasPrefix(path, "/") {
			path = "/" + path // url.URL.String adds the slash after a host
		}
		return fmt.Sprintf("http-get %s://%s%s %s", strings.ToLower(string(p.HTTPGet.Scheme)), host, path, attrs)
	case p.TCPSocket != nil:
		return fmt.Sprintf("tcp-socket %s:%s %s", p.TCPSocket.Host, p.TCPSocket.Port.String(), attrs)
	case p.GRPC != nil:
		svc := ""
		if p.GRPC.Service != nil {
			svc = *p.GRPC.Service
		}
		return fmt.Sprintf("grpc <pod>:%d %s %s", p.GRPC.Port, svc, attrs)
	}
	return fmt.Sprintf("unknown %s", attrs)
}

func describeEnvFrom(w prefixWriter, c api.Container) {
	w.Write(level2, "Environment Variables from:\n")
	for _, e := range c.EnvFrom {
		from, name, optional := "", "", false
		if e.ConfigMapRef != nil {
			from, name = "ConfigMap", e.ConfigMapRef.Name
			optional = e.ConfigMapRef.Optional != nil && *e.ConfigMapRef.Optional
		} else if e.SecretRef != nil {
			from, name = "Secret", e.SecretRef.Name
			optional = e.SecretRef.Optional != nil && *e.SecretRef.Optional
		}
		if e.Prefix == "" {
			w.Write(level3, "%s\t%s\tOptional: %t\n", name, from, optional)
		} else {
			w.Write(level3, "%s\t%s with prefix '%s'\tOptional: %t\n", name, from, e.Prefix, optional)
		}
	}
}

func describeEnv(w prefixWriter, c api.Container) {
	if len(c.Env) == 0 {
		w.Write(level2, "Environment:\t<none>\n")
	} else {
		w.Write(level2, "Environment:\n")
	}
	for _, e := range c.Env {
		if e.ValueFrom == nil {
			for i, s := range strings.Split(e.Value, "\n") {
				if i == 0 {
					w.Write(level3, "%s:\t%s\n", e.Name, s)
				} else {
					w.Write(level3, "\t%s\n", s)
				}
			}
			continue
		}
		vf := e.ValueFrom
		switch {
		case vf.FieldRef != nil:
			w.Write(level3, "%s:\t%s (%s:%s)\n", e.Name, "", vf.FieldRef.APIVersion, vf.FieldRef.FieldPath)
		case vf.ResourceFieldRef != nil:
			w.Write(level3, "%s:\t%s (%s)\n", e.Name, "", vf.ResourceFieldRef.Resource)
		case vf.SecretKeyRef != nil:
			opt := vf.SecretKeyRef.Optional != nil && *vf.SecretKeyRef.Optional
			w.Write(level3, "%s:\t<set to the key '%s' in secret '%s'>\tOptional: %t\n", e.Name, vf.SecretKeyRef.Key, vf.SecretKeyRef.Name, opt)
		case vf.ConfigMapKeyRef != nil:
			opt := vf.ConfigMapKeyRef.Optional != nil && *vf.ConfigMapKeyRef.Optional
			w.Write(level3, "%s:\t<set to the key '%s' of config map '%s'>\tOptional: %t\n", e.Name, vf.ConfigMapKeyRef.Key, vf.ConfigMapKeyRef.Name, opt)
		}
	}
}

func describeMounts(w prefixWriter, c api.Container) {
	if len(c.VolumeMounts) == 0 {
		w.Write(level2, "Mounts:\t<none>\n")
		return
	}
	w.Write(level2, "Mounts:\n")
	mounts := append([]api.VolumeMount(nil), c.VolumeMounts...)
	sort.SliceStable(mounts, func(i, j int) bool { return mounts[i].MountPath < mounts[j].MountPath })
	for _, m := range mounts {
		flags := []string{"rw"}
		if m.ReadOnly {
			flags[0] = "ro"
		}
		if m.SubPath != "" {
			flags = append(flags, fmt.Sprintf("path=%q", m.SubPath))
		}
		w.Write(level3, "%s from %s (%s)\n", m.MountPath, m.Name, strings.Join(flags, ","))
	}
}

// describeVolumes writes the Volumes block for the volume kinds kubeplay's
// pods use; other kinds print "<unknown>".
func describeVolumes(w prefixWriter, volumes []api.Volume, space string) {
	if len(volumes) == 0 {
		w.Write(level0, "%sVolumes:\t<none>\n", space)
		return
	}
	w.Write(level0, "%sVolumes:\n", space)
	for _, v := range volumes {
		nameIndent := ""
		if space != "" {
			nameIndent = " "
		}
		w.Write(level1, "%s%v:\n", nameIndent, v.Name)
		switch {
		case v.HostPath != nil:
			t := "<none>"
			if v.HostPath.Type != nil {
				t = string(*v.HostPath.Type)
			}
			w.Write(level2, "Type:\tHostPath (bare host directory volume)\n    Path:\t%v\n    HostPathType:\t%v\n", v.HostPath.Path, t)
		case v.EmptyDir != nil:
			limit := "<unset>"
			if v.EmptyDir.SizeLimit != nil && v.EmptyDir.SizeLimit.Sign() > 0 {
				limit = v.EmptyDir.SizeLimit.String()
			}
			w.Write(level2, "Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t%v\n    SizeLimit:\t%v\n", v.EmptyDir.Medium, limit)
		case v.Secret != nil:
			opt := v.Secret.Optional != nil && *v.Secret.Optional
			w.Write(level2, "Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t%v\n    Optional:\t%v\n", v.Secret.SecretName, opt)
		case v.ConfigMap != nil:
			opt := v.ConfigMap.Optional != nil && *v.ConfigMap.Optional
			w.Write(level2, "Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t%v\n    Optional:\t%v\n", v.ConfigMap.Name, opt)
		case v.PersistentVolumeClaim != nil:
			w.Write(level2, "Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t%v\n    ReadOnly:\t%v\n", v.PersistentVolumeClaim.ClaimName, v.PersistentVolumeClaim.ReadOnly)
		case v.Projected != nil:
			describeProjected(w, v.Projected)
		case v.DownwardAPI != nil:
			w.Write(level2, "Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n")
			for _, it := range v.DownwardAPI.Items {
				if it.FieldRef != nil {
					w.Write(level3, "%v -> %v\n", it.FieldRef.FieldPath, it.Path)
				}
				if it.ResourceFieldRef != nil {
					w.Write(level3, "%v -> %v\n", it.ResourceFieldRef.Resource, it.Path)
				}
			}
		default:
			w.Write(level1, "<unknown>\n")
		}
	}
}

func optionalString(b *bool) string {
	if b == nil {
		return "<nil>"
	}
	return fmt.Sprint(*b)
}

// describeProjected prints a projected volume the way v1.35's kubectl prints
// the kube-api-access-* volume (❓ the Optional lines print kubectl's *bool as
// "<nil>" when unset).
func describeProjected(w prefixWriter, p *api.ProjectedVolumeSource) {
	w.Write(level2, "Type:\tProjected (a volume that contains injected data from multiple sources)\n")
	for _, s := range p.Sources {
		switch {
		case s.Secret != nil:
			w.Write(level2, "SecretName:\t%v\n    SecretOptionalName:\t%v\n", s.Secret.Name, optionalString(s.Secret.Optional))
		case s.DownwardAPI != nil:
			w.Write(level2, "DownwardAPI:\ttrue\n")
		case s.ConfigMap != nil:
			w.Write(level2, "ConfigMapName:\t%v\n    ConfigMapOptional:\t%v\n", s.ConfigMap.Name, optionalString(s.ConfigMap.Optional))
		case s.ServiceAccountToken != nil:
			var exp int64
			if s.ServiceAccountToken.ExpirationSeconds != nil {
				exp = *s.ServiceAccountToken.ExpirationSeconds
			}
			w.Write(level2, "TokenExpirationSeconds:\t%d\n", exp)
		}
	}
}
