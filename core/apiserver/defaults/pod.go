package defaults

import (
	"strings"

	"kubeplay/core/api"
)

// DefaultSchedulerName is the profile every pod gets unless it names another.
const DefaultSchedulerName = "default-scheduler"

// DefaultTerminationGracePeriodSeconds is core/v1's default (30).
const DefaultTerminationGracePeriodSeconds int64 = 30

func ptr[T any](v T) *T { return &v }

// setPod is SetDefaults_Pod: the pod-only defaults, then the spec's.
func setPod(pod *api.Pod) {
	if pod.Spec.EnableServiceLinks == nil {
		pod.Spec.EnableServiceLinks = ptr(true)
	}
	for i := range pod.Spec.Containers {
		requestsFromLimits(&pod.Spec.Containers[i].Resources)
	}
	for i := range pod.Spec.InitContainers {
		requestsFromLimits(&pod.Spec.InitContainers[i].Resources)
	}
	setPodSpec(&pod.Spec)
}

// requestsFromLimits: a resource with a limit and no request requests its limit.
func requestsFromLimits(r *api.ResourceRequirements) {
	if len(r.Limits) == 0 {
		return
	}
	if r.Requests == nil {
		r.Requests = api.ResourceList{}
	}
	for k, v := range r.Limits {
		if _, ok := r.Requests[k]; !ok {
			r.Requests[k] = v.DeepCopy()
		}
	}
}

// setPodSpec is SetDefaults_PodSpec plus the nested defaulters (containers,
// ports, probes, volumes). Templates get exactly this (not setPod).
func setPodSpec(spec *api.PodSpec) {
	if spec.ServiceAccountName == "" {
		// Convert_v1_PodSpec_To_core_PodSpec: the deprecated field is read
		// when the new one is empty.
		spec.ServiceAccountName = spec.DeprecatedServiceAccount
	}
	if spec.DNSPolicy == "" {
		spec.DNSPolicy = api.DNSClusterFirst
	}
	if spec.RestartPolicy == "" {
		spec.RestartPolicy = api.RestartPolicyAlways
	}
	if spec.SecurityContext == nil {
		spec.SecurityContext = &api.PodSecurityContext{}
	}
	if spec.TerminationGracePeriodSeconds == nil {
		spec.TerminationGracePeriodSeconds = ptr(DefaultTerminationGracePeriodSeconds)
	}
	if spec.SchedulerName == "" {
		spec.SchedulerName = DefaultSchedulerName
	}
	hostNetwork := spec.HostNetwork
	for i := range spec.InitContainers {
		setContainer(&spec.InitContainers[i], hostNetwork)
	}
	for i := range spec.Containers {
		setContainer(&spec.Containers[i], hostNetwork)
	}
	for i := range spec.Volumes {
		setVolume(&spec.Volumes[i])
	}
}

func setContainer(c *api.Container, hostNetwork bool) {
	if c.ImagePullPolicy == "" {
		c.ImagePullPolicy = PullPolicyFor(c.Image)
	}
	if c.TerminationMessagePath == "" {
		c.TerminationMessagePath = "/dev/termination-log"
	}
	if c.TerminationMessagePolicy == "" {
		c.TerminationMessagePolicy = api.TerminationMessageReadFile
	}
	for i := range c.Ports {
		p := &c.Ports[i]
		if p.Protocol == "" {
			p.Protocol = api.ProtocolTCP
		}
		if hostNetwork && p.HostPort == 0 {
			p.HostPort = p.ContainerPort
		}
	}
	for _, probe := range []*api.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
		setProbe(probe)
	}
	for i := range c.Env {
		if vf := c.Env[i].ValueFrom; vf != nil && vf.FieldRef != nil && vf.FieldRef.APIVersion == "" {
			vf.FieldRef.APIVersion = "v1"
		}
	}
}

// PullPolicyFor is SetDefaults_Container's rule: Always for ":latest" or an
// untagged image, IfNotPresent otherwise (a digest counts as a tag).
func PullPolicyFor(image string) api.PullPolicy {
	if strings.Contains(image, "@") {
		return api.PullIfNotPresent
	}
	tag := ""
	if i := strings.LastIndexByte(image, ':'); i > strings.LastIndexByte(image, '/') {
		tag = image[i+1:]
	}
	if tag == "" || tag == "latest" {
		return api.PullAlways
	}
	return api.PullIfNotPresent
}

func setProbe(p *api.Probe) {
	if p == nil {
		return
	}
	if p.TimeoutSeconds == 0 {
		p.TimeoutSeconds = 1
	}
	if p.PeriodSeconds == 0 {
		p.PeriodSeconds = 10
	}
	if p.SuccessThreshold == 0 {
		p.SuccessThreshold = 1
	}
	if p.FailureThreshold == 0 {
		p.FailureThreshold = 3
	}
	if h := p.HTTPGet; h != nil {
		if h.Path == "" {
			h.Path = "/"
		}
		if h.Scheme == "" {
			h.Scheme = api.URISchemeHTTP
		}
	}
}

// DefaultVolumeMode is 0644, the mode of projected, secret and configMap files.
const DefaultVolumeMode int32 = 0644

func setVolume(v *api.Volume) {
	s := &v.VolumeSource
	if isEmptySource(s) {
		s.EmptyDir = &api.EmptyDirVolumeSource{}
	}
	if s.Secret != nil && s.Secret.DefaultMode == nil {
		s.Secret.DefaultMode = ptr(DefaultVolumeMode)
	}
	if s.ConfigMap != nil && s.ConfigMap.DefaultMode == nil {
		s.ConfigMap.DefaultMode = ptr(DefaultVolumeMode)
	}
	if s.DownwardAPI != nil && s.DownwardAPI.DefaultMode == nil {
		s.DownwardAPI.DefaultMode = ptr(DefaultVolumeMode)
	}
	if s.Projected != nil {
		if s.Projected.DefaultMode == nil {
			s.Projected.DefaultMode = ptr(DefaultVolumeMode)
		}
		for i := range s.Projected.Sources {
			if t := s.Projected.Sources[i].ServiceAccountToken; t != nil && t.ExpirationSeconds == nil {
				t.ExpirationSeconds = ptr(int64(3600))
			}
		}
	}
	if s.HostPath != nil && s.HostPath.Type == nil {
		s.HostPath.Type = ptr(api.HostPathType(""))
	}
}

func isEmptySource(s *api.VolumeSource) bool { return *s == (api.VolumeSource{}) }
