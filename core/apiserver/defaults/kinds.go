package defaults

import (
	"maps"
	"strings"

	"kubeplay/core/api"
)

// defaultMoreKinds applies the defaults of the storage, StatefulSet,
// CronJob, ReplicationController, networking, policy, autoscaling and
// admission-registration kinds.
func defaultMoreKinds(obj api.Object) {
	switch o := obj.(type) {
	case *api.PersistentVolumeClaim:
		setPVC(o)
	case *api.PersistentVolume:
		if o.Spec.PersistentVolumeReclaimPolicy == "" {
			o.Spec.PersistentVolumeReclaimPolicy = api.PersistentVolumeReclaimRetain
		}
		if o.Spec.VolumeMode == nil {
			o.Spec.VolumeMode = ptr(api.PersistentVolumeFilesystem)
		}
		if o.Status.Phase == "" {
			o.Status.Phase = api.VolumePending
		}
		if o.Spec.HostPath != nil && o.Spec.HostPath.Type == nil {
			o.Spec.HostPath.Type = ptr(api.HostPathUnset)
		}
	case *api.StorageClass:
		if o.ReclaimPolicy == nil {
			o.ReclaimPolicy = ptr(api.PersistentVolumeReclaimDelete)
		}
		if o.VolumeBindingMode == nil {
			o.VolumeBindingMode = ptr(api.VolumeBindingImmediate)
		}
	case *api.ReplicationController:
		setRC(o)
	case *api.StatefulSet:
		setStatefulSet(o)
	case *api.CronJob:
		s := &o.Spec
		if s.ConcurrencyPolicy == "" {
			s.ConcurrencyPolicy = api.AllowConcurrent
		}
		if s.Suspend == nil {
			s.Suspend = ptr(false)
		}
		if s.SuccessfulJobsHistoryLimit == nil {
			s.SuccessfulJobsHistoryLimit = ptr(int32(3))
		}
		if s.FailedJobsHistoryLimit == nil {
			s.FailedJobsHistoryLimit = ptr(int32(1))
		}
		setPodSpec(&s.JobTemplate.Spec.Template.Spec)
	case *api.NetworkPolicy:
		setNetworkPolicy(o)
	case *api.HorizontalPodAutoscaler:
		setHPA(o)
	case *api.CustomResourceDefinition:
		n := &o.Spec.Names
		if n.Singular == "" {
			n.Singular = strings.ToLower(n.Kind)
		}
		if n.ListKind == "" && n.Kind != "" {
			n.ListKind = n.Kind + "List"
		}
		if o.Spec.Conversion == nil {
			o.Spec.Conversion = &api.CustomResourceConversion{Strategy: "None"}
		}
	case *api.ValidatingAdmissionPolicy:
		if o.Spec.FailurePolicy == nil {
			o.Spec.FailurePolicy = ptr("Fail")
		}
		setMatchResources(o.Spec.MatchConstraints)
	case *api.ValidatingAdmissionPolicyBinding:
		setMatchResources(o.Spec.MatchResources)
	case *api.ValidatingWebhookConfiguration:
		for i := range o.Webhooks {
			setWebhook(&o.Webhooks[i])
		}
	case *api.FlowSchema:
		if o.Spec.MatchingPrecedence == 0 {
			o.Spec.MatchingPrecedence = 1000
		}
	case *api.DeviceResourceClaim:
		setResourceClaimSpec(&o.Spec)
	case *api.ResourceClaimTemplate:
		setResourceClaimSpec(&o.Spec.Spec)
	}
}

// setResourceClaimSpec is SetDefaults_ExactDeviceRequest and
// SetDefaults_DeviceSubRequest: allocationMode ExactCount with count 1.
func setResourceClaimSpec(s *api.ResourceClaimSpec) {
	exact := func(mode *string, count *int64) {
		if *mode == "" {
			*mode = "ExactCount"
		}
		if *mode == "ExactCount" && *count == 0 {
			*count = 1
		}
	}
	for i := range s.Devices.Requests {
		r := &s.Devices.Requests[i]
		if r.Exactly != nil {
			exact(&r.Exactly.AllocationMode, &r.Exactly.Count)
		}
		for j := range r.FirstAvailable {
			exact(&r.FirstAvailable[j].AllocationMode, &r.FirstAvailable[j].Count)
		}
	}
}

// setPVC is SetDefaults_PersistentVolumeClaim (and its spec).
func setPVC(pvc *api.PersistentVolumeClaim) {
	if pvc.Spec.VolumeMode == nil {
		pvc.Spec.VolumeMode = ptr(api.PersistentVolumeFilesystem)
	}
	if pvc.Status.Phase == "" {
		pvc.Status.Phase = api.ClaimPending
	}
}

// setRC is SetDefaults_ReplicationController: the selector and labels
// default to the template's labels.
func setRC(rc *api.ReplicationController) {
	s := &rc.Spec
	if s.Template != nil {
		if len(s.Selector) == 0 {
			s.Selector = maps.Clone(s.Template.Labels)
		}
		if len(rc.Labels) == 0 {
			rc.Labels = maps.Clone(s.Template.Labels)
		}
		setPodSpec(&s.Template.Spec)
	}
	if s.Replicas == nil {
		s.Replicas = ptr(int32(1))
	}
}

// setStatefulSet is apps/v1 SetDefaults_StatefulSet.
func setStatefulSet(ss *api.StatefulSet) {
	s := &ss.Spec
	if s.PodManagementPolicy == "" {
		s.PodManagementPolicy = api.OrderedReadyPodManagement
	}
	if s.UpdateStrategy.Type == "" {
		s.UpdateStrategy.Type = api.RollingUpdateStatefulSetStrategyType
		if s.UpdateStrategy.RollingUpdate == nil {
			s.UpdateStrategy.RollingUpdate = &api.RollingUpdateStatefulSetStrategy{}
		}
	}
	if s.UpdateStrategy.Type == api.RollingUpdateStatefulSetStrategyType && s.UpdateStrategy.RollingUpdate != nil {
		if s.UpdateStrategy.RollingUpdate.Partition == nil {
			s.UpdateStrategy.RollingUpdate.Partition = ptr(int32(0))
		}
	}
	if s.PersistentVolumeClaimRetentionPolicy == nil {
		s.PersistentVolumeClaimRetentionPolicy = &api.StatefulSetPersistentVolumeClaimRetentionPolicy{}
	}
	if s.PersistentVolumeClaimRetentionPolicy.WhenDeleted == "" {
		s.PersistentVolumeClaimRetentionPolicy.WhenDeleted = api.RetainPersistentVolumeClaimRetentionPolicyType
	}
	if s.PersistentVolumeClaimRetentionPolicy.WhenScaled == "" {
		s.PersistentVolumeClaimRetentionPolicy.WhenScaled = api.RetainPersistentVolumeClaimRetentionPolicyType
	}
	if s.Replicas == nil {
		s.Replicas = ptr(int32(1))
	}
	if s.RevisionHistoryLimit == nil {
		s.RevisionHistoryLimit = ptr(int32(10))
	}
	for i := range s.VolumeClaimTemplates {
		setPVC(&s.VolumeClaimTemplates[i])
	}
	setPodSpec(&s.Template.Spec)
}

// setNetworkPolicy is SetDefaults_NetworkPolicy (and NetworkPolicyPort's TCP).
func setNetworkPolicy(np *api.NetworkPolicy) {
	s := &np.Spec
	if len(s.PolicyTypes) == 0 {
		s.PolicyTypes = []api.PolicyType{api.PolicyTypeIngress}
		if len(s.Egress) != 0 {
			s.PolicyTypes = append(s.PolicyTypes, api.PolicyTypeEgress)
		}
	}
	ports := func(ps []api.NetworkPolicyPort) {
		for i := range ps {
			if ps[i].Protocol == nil {
				ps[i].Protocol = ptr(api.ProtocolTCP)
			}
		}
	}
	for i := range s.Ingress {
		ports(s.Ingress[i].Ports)
	}
	for i := range s.Egress {
		ports(s.Egress[i].Ports)
	}
}

// setHPA is autoscaling/v2 SetDefaults_HorizontalPodAutoscaler.
func setHPA(h *api.HorizontalPodAutoscaler) {
	s := &h.Spec
	if s.MinReplicas == nil {
		s.MinReplicas = ptr(int32(1))
	}
	if len(s.Metrics) == 0 {
		s.Metrics = []api.MetricSpec{{Type: "Resource", Resource: &api.ResourceMetricSource{Name: api.ResourceCPU,
			Target: api.MetricTarget{Type: "Utilization", AverageUtilization: ptr(int32(80))}}}}
	}
	if b := s.Behavior; b != nil {
		if b.ScaleUp == nil {
			b.ScaleUp = &api.HPAScalingRules{}
		}
		if b.ScaleUp.StabilizationWindowSeconds == nil {
			b.ScaleUp.StabilizationWindowSeconds = ptr(int32(0))
		}
		if b.ScaleUp.SelectPolicy == nil {
			b.ScaleUp.SelectPolicy = ptr("Max")
		}
		if b.ScaleUp.Policies == nil {
			b.ScaleUp.Policies = []api.HPAScalingPolicy{{Type: "Pods", Value: 4, PeriodSeconds: 15}, {Type: "Percent", Value: 100, PeriodSeconds: 15}}
		}
		if b.ScaleDown == nil {
			b.ScaleDown = &api.HPAScalingRules{}
		}
		if b.ScaleDown.SelectPolicy == nil {
			b.ScaleDown.SelectPolicy = ptr("Max")
		}
		if b.ScaleDown.Policies == nil {
			b.ScaleDown.Policies = []api.HPAScalingPolicy{{Type: "Percent", Value: 100, PeriodSeconds: 15}}
		}
	}
}

// setMatchResources is SetDefaults_MatchResources (and its rules' scope).
func setMatchResources(m *api.MatchResources) {
	if m == nil {
		return
	}
	if m.MatchPolicy == nil {
		m.MatchPolicy = ptr("Equivalent")
	}
	if m.NamespaceSelector == nil {
		m.NamespaceSelector = &api.LabelSelector{}
	}
	if m.ObjectSelector == nil {
		m.ObjectSelector = &api.LabelSelector{}
	}
	for i := range m.ResourceRules {
		setRuleScope(&m.ResourceRules[i].Rule)
	}
	for i := range m.ExcludeResourceRules {
		setRuleScope(&m.ExcludeResourceRules[i].Rule)
	}
}

func setRuleScope(r *api.Rule) {
	if r.Scope == nil {
		r.Scope = ptr("*")
	}
}

// setWebhook is SetDefaults_ValidatingWebhook.
func setWebhook(w *api.ValidatingWebhook) {
	if w.FailurePolicy == nil {
		w.FailurePolicy = ptr("Fail")
	}
	if w.MatchPolicy == nil {
		w.MatchPolicy = ptr("Equivalent")
	}
	if w.NamespaceSelector == nil {
		w.NamespaceSelector = &api.LabelSelector{}
	}
	if w.ObjectSelector == nil {
		w.ObjectSelector = &api.LabelSelector{}
	}
	if w.TimeoutSeconds == nil {
		w.TimeoutSeconds = ptr(int32(10))
	}
	for i := range w.Rules {
		setRuleScope(&w.Rules[i].Rule)
	}
	if svc := w.ClientConfig.Service; svc != nil && svc.Port == nil {
		svc.Port = ptr(int32(443))
	}
}
