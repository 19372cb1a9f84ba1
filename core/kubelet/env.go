package kubelet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

// A container's environment beyond what its spec names: the Services'
// variables (pkg/kubelet/envvars: FOO_SERVICE_HOST, FOO_PORT_80_TCP...), the
// $(VAR) references of env values, command and args (expansion.Expand),
// and resourceFieldRef values (pkg/api/v1/resource:
// ExtractContainerResourceValue), all as the kubelet resolves them when it
// creates the container.

// serviceEnv is getServiceEnvVarMap: the variables of the Services existing
// now in the pod's namespace (when enableServiceLinks is not false) and of
// the kubernetes Service of the default namespace (always), skipping those
// without a cluster IP (headless, ExternalName).
func (w *podWorker) serviceEnv() map[string]string {
	env := map[string]string{}
	links := w.pod.Spec.EnableServiceLinks == nil || *w.pod.Spec.EnableServiceLinks
	byName := map[string]*api.Service{}
	if w.k.services != nil {
		for _, o := range w.k.services.List() {
			s := o.(*api.Service)
			switch {
			case s.Namespace == "default" && s.Name == "kubernetes":
				if _, ok := byName[s.Name]; !ok {
					byName[s.Name] = s
				}
			case s.Namespace == w.pod.Namespace && links:
				byName[s.Name] = s
			}
		}
	}
	for _, s := range byName {
		addServiceEnv(env, s)
	}
	return env
}

// envName is makeEnvVariableName: upper case, dashes to underscores.
func envName(s string) string { return strings.ToUpper(strings.ReplaceAll(s, "-", "_")) }

// addServiceEnv is envvars.FromServices for one Service.
func addServiceEnv(env map[string]string, s *api.Service) {
	ip := s.Spec.ClusterIP
	if ip == "" || ip == api.ClusterIPNone || len(s.Spec.Ports) == 0 {
		return
	}
	name := envName(s.Name)
	env[name+"_SERVICE_HOST"] = ip
	env[name+"_SERVICE_PORT"] = strconv.Itoa(int(s.Spec.Ports[0].Port))
	for _, p := range s.Spec.Ports {
		if p.Name != "" {
			env[name+"_SERVICE_PORT_"+envName(p.Name)] = strconv.Itoa(int(p.Port))
		}
	}
	// Docker's link variables.
	for i, p := range s.Spec.Ports {
		proto := string(p.Protocol)
		if proto == "" {
			proto = "TCP"
		}
		lower := strings.ToLower(proto)
		url := fmt.Sprintf("%s://%s:%d", lower, ip, p.Port)
		if i == 0 {
			env[name+"_PORT"] = url
		}
		pre := fmt.Sprintf("%s_PORT_%d_%s", name, p.Port, strings.ToUpper(proto))
		env[pre] = url
		env[pre+"_PROTO"] = lower
		env[pre+"_PORT"] = strconv.Itoa(int(p.Port))
		env[pre+"_ADDR"] = ip
	}
}

// expandVars is the kubelet's $(VAR) expansion: $(NAME) becomes the value
// lookup gives, or stays $(NAME) when NAME is not defined; $$ is an escaped
// $ (so $$(NAME) is the literal $(NAME)); any other $ is kept.
func expandVars(input string, lookup func(string) (string, bool)) string {
	if !strings.Contains(input, "$") {
		return input
	}
	var b strings.Builder
	checkpoint := 0
	for cursor := 0; cursor < len(input); cursor++ {
		if input[cursor] != '$' || cursor+1 >= len(input) {
			continue
		}
		b.WriteString(input[checkpoint:cursor])
		rest := input[cursor+1:]
		advance := 1
		switch rest[0] {
		case '$':
			b.WriteByte('$')
		case '(':
			if end := strings.IndexByte(rest, ')'); end > 0 {
				name := rest[1:end]
				if v, ok := lookup(name); ok {
					b.WriteString(v)
				} else {
					b.WriteString("$(" + name + ")")
				}
				advance = end + 1
			} else {
				b.WriteString("$(")
			}
		default:
			b.WriteByte('$')
			b.WriteByte(rest[0])
		}
		cursor += advance
		checkpoint = cursor + 1
	}
	return b.String() + input[checkpoint:]
}

// lookupIn looks a name up in the first map that has it.
func lookupIn(maps ...map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		for _, m := range maps {
			if v, ok := m[name]; ok {
				return v, true
			}
		}
		return "", false
	}
}

// expandAll expands command or args with the container's environment.
func expandAll(list []string, env map[string]string) []string {
	if len(list) == 0 {
		return list
	}
	out := make([]string, len(list))
	look := lookupIn(env)
	for i, s := range list {
		out[i] = expandVars(s, look)
	}
	return out
}

// resourceFieldValue is ExtractContainerResourceValue for a container of
// the pod: a limit the container does not set is the node's allocatable;
// cpu rounds up to whole divisors (1 by default), memory and
// ephemeral-storage likewise in bytes.
func (w *podWorker) resourceFieldValue(self *api.Container, ref *api.ResourceFieldSelector) (string, error) {
	c := self
	if ref.ContainerName != "" {
		c = nil
		for _, list := range [][]api.Container{w.pod.Spec.Containers, w.pod.Spec.InitContainers} {
			for i := range list {
				if list[i].Name == ref.ContainerName {
					c = &list[i]
				}
			}
		}
		if c == nil {
			return "", fmt.Errorf("container %s not found", ref.ContainerName)
		}
	}
	kind, res, ok := strings.Cut(ref.Resource, ".")
	if !ok || kind != "limits" && kind != "requests" {
		return "", fmt.Errorf("unsupported container resource : %v", ref.Resource)
	}
	list := c.Resources.Requests
	if kind == "limits" {
		list = c.Resources.Limits
	}
	q, set := list[api.ResourceName(res)]
	if !set && kind == "limits" {
		q = w.k.capacity()[api.ResourceName(res)]
	}
	divisor := ref.Divisor
	if divisor.IsZero() {
		divisor = api.MustParse("1")
	}
	switch api.ResourceName(res) {
	case api.ResourceCPU:
		return strconv.FormatInt(int64(math.Ceil(float64(q.MilliValue())/float64(divisor.MilliValue()))), 10), nil
	case api.ResourceMemory, api.ResourceEphemeralStorage:
		return strconv.FormatInt(int64(math.Ceil(float64(q.Value())/float64(divisor.Value()))), 10), nil
	}
	return "", fmt.Errorf("unsupported container resource : %v", ref.Resource)
}

// managedFiles are the files the kubelet writes for every container of the
// pod: /etc/hosts (managedHostsFileContent, with the pod's hostAliases) and,
// when the pod sets dnsPolicy None or a dnsConfig, the /etc/resolv.conf the
// runtime writes from the kubelet's DNS config (GetPodDNS, appendDNSConfig).
func (w *podWorker) managedFiles() map[string][]string {
	p := w.pod
	host := p.Spec.Hostname
	if host == "" {
		host = p.Name
	}
	hostLine := w.ip + "\t" + host
	if p.Spec.Subdomain != "" {
		hostLine = fmt.Sprintf("%s\t%s.%s.%s.svc.cluster.local\t%s", w.ip, host, p.Spec.Subdomain, p.Namespace, host)
	}
	hosts := []string{"# Kubernetes-managed hosts file.", "127.0.0.1\tlocalhost", "::1\tlocalhost ip6-localhost ip6-loopback",
		"fe00::0\tip6-localnet", "fe00::0\tip6-mcastprefix", "fe00::1\tip6-allnodes", "fe00::2\tip6-allrouters", hostLine}
	if len(p.Spec.HostAliases) > 0 {
		hosts = append(hosts, "", "# Entries added by HostAliases.")
		for _, a := range p.Spec.HostAliases {
			hosts = append(hosts, a.IP+"\t"+strings.Join(a.Hostnames, "\t"))
		}
	}
	files := map[string][]string{"/etc/hosts": hosts}
	clusterFirst := p.Spec.DNSPolicy == api.DNSClusterFirstWithHostNet ||
		(p.Spec.DNSPolicy == api.DNSClusterFirst || p.Spec.DNSPolicy == "") && !p.Spec.HostNetwork
	if p.Spec.DNSPolicy != api.DNSNone && (p.Spec.DNSConfig == nil || !clusterFirst) {
		// The runtime's own resolv.conf (the node's for dnsPolicy Default).
		return files
	}
	var servers, searches []string
	options := []string{}
	if p.Spec.DNSPolicy != api.DNSNone {
		// ClusterFirst: the cluster's DNS Service and search path first.
		servers = []string{clusterDNS}
		searches = []string{p.Namespace + ".svc.cluster.local", "svc.cluster.local", "cluster.local"}
		options = []string{"ndots:5"}
	}
	if c := p.Spec.DNSConfig; c != nil {
		servers = appendNew(servers, c.Nameservers...)
		searches = appendNew(searches, c.Searches...)
		for _, o := range c.Options {
			opt := o.Name
			if o.Value != nil && *o.Value != "" {
				opt += ":" + *o.Value
			}
			replaced := false
			for i, old := range options {
				if name, _, _ := strings.Cut(old, ":"); name == o.Name {
					options[i], replaced = opt, true
				}
			}
			if !replaced {
				options = append(options, opt)
			}
		}
	}
	var resolv []string
	if len(searches) > 0 {
		resolv = append(resolv, "search "+strings.Join(searches, " "))
	}
	for _, s := range servers {
		resolv = append(resolv, "nameserver "+s)
	}
	if len(options) > 0 {
		resolv = append(resolv, "options "+strings.Join(options, " "))
	}
	files["/etc/resolv.conf"] = resolv
	return files
}

// clusterDNS is kind's kubelet clusterDNS (the kube-dns Service).
const clusterDNS = "10.96.0.10"

// appendNew is omitDuplicates(append(list, more...)).
func appendNew(list []string, more ...string) []string {
	for _, m := range more {
		dup := false
		for _, l := range list {
			dup = dup || l == m
		}
		if !dup {
			list = append(list, m)
		}
	}
	return list
}
