package defaults

import (
	"kubeplay/core/api"
)

// Default applies v1.35's defaults to obj in place: what SetDefaults_* (and,
// for Namespace, the create strategy) fill in before admission and
// validation. Kinds without defaults are left alone.
func Default(obj api.Object) {
	switch o := obj.(type) {
	case *api.Pod:
		setPod(o)
	case *api.Deployment:
		setDeployment(o)
	case *api.ReplicaSet:
		if o.Spec.Replicas == nil {
			o.Spec.Replicas = ptr(int32(1))
		}
		setPodSpec(&o.Spec.Template.Spec)
	case *api.DaemonSet:
		setDaemonSet(o)
	case *api.Job:
		setJob(o)
	case *api.Service:
		setService(o)
	case *api.Namespace:
		setNamespace(o)
	case *api.Secret:
		if o.Type == "" {
			o.Type = api.SecretTypeOpaque
		}
		mergeStringData(o)
	case *api.Node:
		if o.Status.Allocatable == nil && o.Status.Capacity != nil {
			o.Status.Allocatable = api.ResourceList{}
			for k, v := range o.Status.Capacity {
				o.Status.Allocatable[k] = v.DeepCopy()
			}
		}
	case *api.LimitRange:
		setLimitRange(o)
	case *api.RoleBinding:
		setRoleRef(&o.RoleRef)
		setSubjects(o.Subjects)
	case *api.ClusterRoleBinding:
		setRoleRef(&o.RoleRef)
		setSubjects(o.Subjects)
	case *api.Endpoints:
		for i := range o.Subsets {
			for j := range o.Subsets[i].Ports {
				if o.Subsets[i].Ports[j].Protocol == "" {
					o.Subsets[i].Ports[j].Protocol = api.ProtocolTCP
				}
			}
		}
	case *api.PriorityClass:
		if o.PreemptionPolicy == nil {
			o.PreemptionPolicy = ptr(api.PreemptLowerPriority)
		}
	default:
		defaultMoreKinds(obj)
	}
}

// setDeployment is apps/v1 SetDefaults_Deployment.
func setDeployment(d *api.Deployment) {
	s := &d.Spec
	if s.Replicas == nil {
		s.Replicas = ptr(int32(1))
	}
	if s.Strategy.Type == "" {
		s.Strategy.Type = api.RollingUpdateDeploymentStrategyType
	}
	if s.Strategy.Type == api.RollingUpdateDeploymentStrategyType {
		if s.Strategy.RollingUpdate == nil {
			s.Strategy.RollingUpdate = &api.RollingUpdateDeployment{}
		}
		if s.Strategy.RollingUpdate.MaxUnavailable == nil {
			s.Strategy.RollingUpdate.MaxUnavailable = ptr(api.FromString("25%"))
		}
		if s.Strategy.RollingUpdate.MaxSurge == nil {
			s.Strategy.RollingUpdate.MaxSurge = ptr(api.FromString("25%"))
		}
	}
	if s.RevisionHistoryLimit == nil {
		s.RevisionHistoryLimit = ptr(int32(10))
	}
	if s.ProgressDeadlineSeconds == nil {
		s.ProgressDeadlineSeconds = ptr(int32(600))
	}
	setPodSpec(&s.Template.Spec)
}

// setDaemonSet is apps/v1 SetDefaults_DaemonSet.
func setDaemonSet(ds *api.DaemonSet) {
	us := &ds.Spec.UpdateStrategy
	if us.Type == "" {
		us.Type = api.RollingUpdateDaemonSetStrategyType
	}
	if us.Type == api.RollingUpdateDaemonSetStrategyType {
		if us.RollingUpdate == nil {
			us.RollingUpdate = &api.RollingUpdateDaemonSet{}
		}
		if us.RollingUpdate.MaxUnavailable == nil {
			us.RollingUpdate.MaxUnavailable = ptr(api.FromInt32(1))
		}
		if us.RollingUpdate.MaxSurge == nil {
			us.RollingUpdate.MaxSurge = ptr(api.FromInt32(0))
		}
	}
	if ds.Spec.RevisionHistoryLimit == nil {
		ds.Spec.RevisionHistoryLimit = ptr(int32(10))
	}
	setPodSpec(&ds.Spec.Template.Spec)
}

// setJob is batch/v1 SetDefaults_Job. The template's restartPolicy is
// defaulted like any pod spec (to Always), which Job validation then
// rejects with `Required value: valid values: "OnFailure", "Never"`, as a
// real cluster does for a Job manifest without restartPolicy.
func setJob(j *api.Job) {
	s := &j.Spec
	if s.Completions == nil && s.Parallelism == nil {
		s.Completions = ptr(int32(1))
		s.Parallelism = ptr(int32(1))
	}
	if s.Parallelism == nil {
		s.Parallelism = ptr(int32(1))
	}
	if s.BackoffLimit == nil {
		if s.BackoffLimitPerIndex != nil {
			s.BackoffLimit = ptr(int32(2147483647))
		} else {
			s.BackoffLimit = ptr(int32(6))
		}
	}
	if len(j.Labels) == 0 && s.Template.Labels != nil {
		j.Labels = map[string]string{}
		for k, v := range s.Template.Labels {
			j.Labels[k] = v
		}
	}
	if s.CompletionMode == nil {
		s.CompletionMode = ptr(api.NonIndexedCompletion)
	}
	if s.Suspend == nil {
		s.Suspend = ptr(false)
	}
	if s.PodReplacementPolicy == nil {
		if s.PodFailurePolicy != nil {
			s.PodReplacementPolicy = ptr(api.PodReplacementPolicy("Failed"))
		} else {
			s.PodReplacementPolicy = ptr(api.PodReplacementPolicy("TerminatingOrFailed"))
		}
	}
	setPodSpec(&s.Template.Spec)
}

// setService is SetDefaults_Service plus the single-stack IP family the
// registry assigns on a kind cluster.
func setService(svc *api.Service) {
	s := &svc.Spec
	if s.SessionAffinity == "" {
		s.SessionAffinity = api.ServiceAffinityNone
	}
	if s.SessionAffinity == api.ServiceAffinityClientIP {
		if s.SessionAffinityConfig == nil {
			s.SessionAffinityConfig = &api.SessionAffinityConfig{}
		}
		if s.SessionAffinityConfig.ClientIP == nil {
			s.SessionAffinityConfig.ClientIP = &api.ClientIPConfig{}
		}
		if s.SessionAffinityConfig.ClientIP.TimeoutSeconds == nil {
			s.SessionAffinityConfig.ClientIP.TimeoutSeconds = ptr(int32(10800))
		}
	}
	if s.Type == "" {
		s.Type = api.ServiceTypeClusterIP
	}
	for i := range s.Ports {
		p := &s.Ports[i]
		if p.Protocol == "" {
			p.Protocol = api.ProtocolTCP
		}
		if p.TargetPort == (api.IntOrString{}) {
			p.TargetPort = api.FromInt32(p.Port)
		}
	}
	if s.Type == api.ServiceTypeNodePort || s.Type == api.ServiceTypeLoadBalancer {
		if s.ExternalTrafficPolicy == "" {
			s.ExternalTrafficPolicy = "Cluster"
		}
	}
	if s.Type == api.ServiceTypeLoadBalancer && s.AllocateLoadBalancerNodePorts == nil {
		s.AllocateLoadBalancerNodePorts = ptr(true)
	}
	if s.Type != api.ServiceTypeExternalName {
		if s.InternalTrafficPolicy == nil {
			s.InternalTrafficPolicy = ptr(api.ServiceInternalTrafficPolicy("Cluster"))
		}
		// A headless Service without a selector defaults to
		// RequireDualStack, which on a single-stack cluster names both
		// families (the service REST storage's initIPFamilyFields).
		if s.IPFamilyPolicy == nil {
			if s.ClusterIP == api.ClusterIPNone && len(s.Selector) == 0 {
				s.IPFamilyPolicy = ptr(api.IPFamilyPolicyRequireDualStack)
			} else {
				s.IPFamilyPolicy = ptr(api.IPFamilyPolicySingleStack)
			}
		}
		if len(s.IPFamilies) == 0 {
			s.IPFamilies = []api.IPFamily{api.IPv4Protocol}
		}
		if len(s.IPFamilies) == 1 && s.ClusterIP == api.ClusterIPNone && *s.IPFamilyPolicy != api.IPFamilyPolicySingleStack {
			other := api.IPv6Protocol
			if s.IPFamilies[0] == api.IPv6Protocol {
				other = api.IPv4Protocol
			}
			s.IPFamilies = append(s.IPFamilies, other)
		}
	}
}

// setNamespace: the kubernetes.io/metadata.name label (SetDefaults_Namespace),
// the "kubernetes" finalizer (create strategy) and phase Active.
func setNamespace(ns *api.Namespace) {
	if ns.Name != "" {
		if ns.Labels == nil {
			ns.Labels = map[string]string{}
		}
		ns.Labels["kubernetes.io/metadata.name"] = ns.Name
	}
	has := false
	for _, f := range ns.Spec.Finalizers {
		has = has || f == "kubernetes"
	}
	if !has && ns.DeletionTimestamp == nil {
		ns.Spec.Finalizers = append(ns.Spec.Finalizers, "kubernetes")
	}
	if ns.Status.Phase == "" {
		ns.Status.Phase = api.NamespaceActive
	}
}

// setLimitRange is SetDefaults_LimitRangeItem for Container items:
// default <- max, defaultRequest <- default, else min.
func setLimitRange(lr *api.LimitRange) {
	for i := range lr.Spec.Limits {
		item := &lr.Spec.Limits[i]
		if item.Type != api.LimitTypeContainer {
			continue
		}
		if item.Default == nil {
			item.Default = api.ResourceList{}
		}
		for k, v := range item.Max {
			if _, ok := item.Default[k]; !ok {
				item.Default[k] = v.DeepCopy()
			}
		}
		if item.DefaultRequest == nil {
			item.DefaultRequest = api.ResourceList{}
		}
		for k, v := range item.Default {
			if _, ok := item.DefaultRequest[k]; !ok {
				item.DefaultRequest[k] = v.DeepCopy()
			}
		}
		for k, v := range item.Min {
			if _, ok := item.DefaultRequest[k]; !ok {
				item.DefaultRequest[k] = v.DeepCopy()
			}
		}
		if len(item.Default) == 0 {
			item.Default = nil
		}
		if len(item.DefaultRequest) == 0 {
			item.DefaultRequest = nil
		}
	}
}

const rbacGroup = "rbac.authorization.k8s.io"

func setRoleRef(r *api.RoleRef) {
	if r.APIGroup == "" {
		r.APIGroup = rbacGroup
	}
}

func setSubjects(subjects []api.Subject) {
	for i := range subjects {
		s := &subjects[i]
		if s.APIGroup == "" && (s.Kind == "User" || s.Kind == "Group") {
			s.APIGroup = rbacGroup
		}
	}
}

// mergeStringData does what decoding a v1 Secret into the apiserver's
// internal type does: stringData is write-only, its entries are merged into
// data (over the same keys) and it is not stored.
func mergeStringData(s *api.Secret) {
	if s.StringData == nil {
		return
	}
	data := make(map[string][]byte, len(s.Data)+len(s.StringData))
	for k, v := range s.Data {
		data[k] = v
	}
	for k, v := range s.StringData {
		data[k] = []byte(v)
	}
	s.Data, s.StringData = data, nil
}
