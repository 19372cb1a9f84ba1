package validation

import (
	"encoding/json"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/cron"
	"kubeplay/core/api/field"
)

// validateMoreKinds validates the storage, StatefulSet, CronJob,
// ReplicationController, networking, policy, autoscaling, apiextensions,
// admission-registration, flowcontrol and resource kinds on create (ok is
// false for other kinds).
func validateMoreKinds(obj api.Object) (field.ErrorList, bool) {
	meta := func(namespaced bool) field.ErrorList {
		return ValidateObjectMeta(obj.GetObjectMeta(), namespaced, NameIsDNSSubdomain, field.NewPath("metadata"))
	}
	spec := field.NewPath("spec")
	switch o := obj.(type) {
	case *api.PersistentVolumeClaim:
		return append(meta(true), validatePVCSpec(&o.Spec, spec)...), true
	case *api.PersistentVolume:
		return append(meta(false), validatePVSpec(&o.Spec, spec)...), true
	case *api.StorageClass:
		return append(meta(false), validateStorageClass(o)...), true
	case *api.StatefulSet:
		return append(meta(true), validateStatefulSetSpec(&o.Spec, spec)...), true
	case *api.CronJob:
		errs := meta(true)
		if len(o.Name) > 52 {
			errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), o.Name, "must be no more than 52 characters"))
		}
		return append(errs, validateCronJobSpec(&o.Spec, spec)...), true
	case *api.ReplicationController:
		return append(meta(true), validateRCSpec(&o.Spec, spec)...), true
	case *api.Ingress:
		return append(meta(true), validateIngressSpec(&o.Spec, spec)...), true
	case *api.IngressClass:
		errs := meta(false)
		if o.Spec.Controller == "" {
			errs = append(errs, field.Required(spec.Child("controller"), ""))
		}
		return errs, true
	case *api.NetworkPolicy:
		return append(meta(true), validateNetworkPolicySpec(&o.Spec, spec)...), true
	case *api.PodDisruptionBudget:
		return append(meta(true), validatePDBSpec(&o.Spec, spec)...), true
	case *api.HorizontalPodAutoscaler:
		return append(meta(true), validateHPASpec(&o.Spec, spec)...), true
	case *api.CustomResourceDefinition:
		return validateCRD(o), true
	case *api.ValidatingAdmissionPolicy:
		return append(meta(false), validateVAPSpec(&o.Spec, spec)...), true
	case *api.ValidatingAdmissionPolicyBinding:
		return append(meta(false), validateVAPBindingSpec(&o.Spec, spec)...), true
	case *api.ValidatingWebhookConfiguration:
		return append(meta(false), validateWebhooks(o.Webhooks, field.NewPath("webhooks"))...), true
	case *api.FlowSchema:
		return append(meta(false), validateFlowSchemaSpec(&o.Spec, spec)...), true
	case *api.DeviceResourceClaim:
		return append(meta(true), validateResourceClaimSpec(&o.Spec, spec)...), true
	}
	return nil, false
}

var accessModes = []string{"ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"}

func validateAccessModes(modes []api.PersistentVolumeAccessMode, p *field.Path, required string) field.ErrorList {
	var errs field.ErrorList
	if len(modes) == 0 {
		errs = append(errs, field.Required(p, required))
	}
	for _, m := range modes {
		if !slices.Contains(accessModes, string(m)) {
			errs = append(errs, field.NotSupported(p, string(m), accessModes))
		}
		if m == api.ReadWriteOncePod && len(modes) > 1 {
			errs = append(errs, field.Forbidden(p, "may not use ReadWriteOncePod with other access modes"))
		}
	}
	return errs
}

// validatePVCSpec is ValidatePersistentVolumeClaimSpec.
func validatePVCSpec(s *api.PersistentVolumeClaimSpec, p *field.Path) field.ErrorList {
	errs := validateAccessModes(s.AccessModes, p.Child("accessModes"), "at least 1 access mode is required")
	if s.Selector != nil {
		errs = append(errs, ValidateLabelSelector(s.Selector, p.Child("selector"))...)
	}
	storage := p.Child("resources").Key("storage")
	if q, ok := s.Resources.Requests[api.ResourceStorage]; !ok {
		errs = append(errs, field.Required(storage, ""))
	} else if q.Sign() <= 0 {
		errs = append(errs, field.Invalid(storage, q.String(), "must be greater than zero"))
	}
	if s.StorageClassName != nil && *s.StorageClassName != "" {
		for _, msg := range IsDNS1123Subdomain(*s.StorageClassName) {
			errs = append(errs, field.Invalid(p.Child("storageClassName"), *s.StorageClassName, msg))
		}
	}
	if s.VolumeMode != nil && *s.VolumeMode != api.PersistentVolumeFilesystem && *s.VolumeMode != api.PersistentVolumeBlock {
		errs = append(errs, field.NotSupported(p.Child("volumeMode"), string(*s.VolumeMode), []string{"Block", "Filesystem"}))
	}
	return errs
}

// validatePVSpec is ValidatePersistentVolumeSpec.
func validatePVSpec(s *api.PersistentVolumeSpec, p *field.Path) field.ErrorList {
	errs := validateAccessModes(s.AccessModes, p.Child("accessModes"), "")
	if len(s.Capacity) == 0 {
		errs = append(errs, field.Required(p.Child("capacity"), ""))
	}
	if _, ok := s.Capacity[api.ResourceStorage]; len(s.Capacity) > 0 && (!ok || len(s.Capacity) > 1) {
		keys := make([]string, 0, len(s.Capacity))
		for k := range s.Capacity {
			keys = append(keys, string(k))
		}
		slices.Sort(keys)
		errs = append(errs, field.NotSupported(p.Child("capacity"), strings.Join(keys, ","), []string{"storage"}))
	}
	switch s.PersistentVolumeReclaimPolicy {
	case api.PersistentVolumeReclaimDelete, api.PersistentVolumeReclaimRetain, api.PersistentVolumeReclaimRecycle:
	default:
		errs = append(errs, field.NotSupported(p.Child("persistentVolumeReclaimPolicy"), string(s.PersistentVolumeReclaimPolicy), []string{"Delete", "Recycle", "Retain"}))
	}
	if s.StorageClassName != "" {
		for _, msg := range IsDNS1123Subdomain(s.StorageClassName) {
			errs = append(errs, field.Invalid(p.Child("storageClassName"), s.StorageClassName, msg))
		}
	}
	n := 0
	src := s.PersistentVolumeSource
	for _, set := range []bool{src.GCEPersistentDisk != nil, src.AWSElasticBlockStore != nil, src.HostPath != nil, src.NFS != nil,
		src.FC != nil, src.AzureDisk != nil, src.Local != nil, src.CSI != nil} {
		if set {
			n++
		}
	}
	switch {
	case n == 0:
		errs = append(errs, field.Required(p, "must specify a volume type"))
	case n > 1:
		errs = append(errs, field.Forbidden(p, "may not specify more than 1 volume type"))
	}
	if src.HostPath != nil && src.HostPath.Path == "" {
		errs = append(errs, field.Required(p.Child("hostPath", "path"), ""))
	}
	if src.Local != nil {
		if src.Local.Path == "" {
			errs = append(errs, field.Required(p.Child("local", "path"), ""))
		}
		if s.NodeAffinity == nil || s.NodeAffinity.Required == nil {
			errs = append(errs, field.Required(p.Child("nodeAffinity"), "Local volume requires node affinity"))
		}
	}
	if src.NFS != nil {
		if src.NFS.Server == "" {
			errs = append(errs, field.Required(p.Child("nfs", "server"), ""))
		}
		if src.NFS.Path == "" {
			errs = append(errs, field.Required(p.Child("nfs", "path"), ""))
		}
	}
	if src.CSI != nil {
		if src.CSI.Driver == "" {
			errs = append(errs, field.Required(p.Child("csi", "driver"), ""))
		}
		if src.CSI.VolumeHandle == "" {
			errs = append(errs, field.Required(p.Child("csi", "volumeHandle"), ""))
		}
	}
	return errs
}

func validateStorageClass(sc *api.StorageClass) field.ErrorList {
	var errs field.ErrorList
	if sc.Provisioner == "" {
		errs = append(errs, field.Required(field.NewPath("provisioner"), ""))
	}
	if sc.ReclaimPolicy != nil && *sc.ReclaimPolicy != api.PersistentVolumeReclaimDelete && *sc.ReclaimPolicy != api.PersistentVolumeReclaimRetain {
		errs = append(errs, field.NotSupported(field.NewPath("reclaimPolicy"), string(*sc.ReclaimPolicy), []string{"Delete", "Retain"}))
	}
	if m := sc.VolumeBindingMode; m != nil && *m != api.VolumeBindingImmediate && *m != api.VolumeBindingWaitForFirstConsumer {
		errs = append(errs, field.NotSupported(field.NewPath("volumeBindingMode"), string(*m), []string{"Immediate", "WaitForFirstConsumer"}))
	}
	return errs
}

// validateStatefulSetSpec is ValidateStatefulSetSpec.
func validateStatefulSetSpec(s *api.StatefulSetSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch s.PodManagementPolicy {
	case "":
		errs = append(errs, field.Required(p.Child("podManagementPolicy"), ""))
	case api.OrderedReadyPodManagement, api.ParallelPodManagement:
	default:
		errs = append(errs, field.Invalid(p.Child("podManagementPolicy"), string(s.PodManagementPolicy),
			fmt.Sprintf("must be '%s' or '%s'", api.OrderedReadyPodManagement, api.ParallelPodManagement)))
	}
	switch s.UpdateStrategy.Type {
	case "":
		errs = append(errs, field.Required(p.Child("updateStrategy"), ""))
	case api.OnDeleteStatefulSetStrategyType:
		if s.UpdateStrategy.RollingUpdate != nil {
			errs = append(errs, field.Invalid(p.Child("updateStrategy", "rollingUpdate"), jsonValue(s.UpdateStrategy.RollingUpdate),
				fmt.Sprintf("only allowed for updateStrategy '%s'", api.RollingUpdateStatefulSetStrategyType)))
		}
	case api.RollingUpdateStatefulSetStrategyType:
		if ru := s.UpdateStrategy.RollingUpdate; ru != nil && ru.Partition != nil {
			errs = append(errs, ValidateNonnegativeField(int64(*ru.Partition), p.Child("updateStrategy", "rollingUpdate", "partition"))...)
		}
	default:
		errs = append(errs, field.Invalid(p.Child("updateStrategy"), string(s.UpdateStrategy.Type),
			fmt.Sprintf("must be '%s' or '%s'", api.RollingUpdateStatefulSetStrategyType, api.OnDeleteStatefulSetStrategyType)))
	}
	if s.Replicas != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.Replicas), p.Child("replicas"))...)
	}
	errs = append(errs, ValidateNonnegativeField(int64(s.MinReadySeconds), p.Child("minReadySeconds"))...)
	if s.Ordinals != nil {
		errs = append(errs, ValidateNonnegativeField(int64(s.Ordinals.Start), p.Child("ordinals.start"))...)
	}
	errs = append(errs, validateWorkloadSelector(s.Selector, p.Child("selector"), "statefulset")...)
	if selectorIsValid(s.Selector) {
		errs = append(errs, validatePodTemplateForReplicaSet(&s.Template, s.Selector, p.Child("template"))...)
	}
	for i := range s.VolumeClaimTemplates {
		t := &s.VolumeClaimTemplates[i]
		tp := p.Child("volumeClaimTemplates").Index(i)
		errs = append(errs, validatePVCSpec(&t.Spec, tp.Child("spec"))...)
	}
	return errs
}

// validateStatefulSetUpdate: only some spec fields may change.
func validateStatefulSetUpdate(ss, old *api.StatefulSet) field.ErrorList {
	errs := ValidateObjectMetaUpdate(&ss.ObjectMeta, &old.ObjectMeta, field.NewPath("metadata"))
	errs = append(errs, validateStatefulSetSpec(&ss.Spec, field.NewPath("spec"))...)
	a, b := ss.Spec, old.Spec
	a.Replicas, a.Ordinals, a.Template, a.UpdateStrategy, a.RevisionHistoryLimit, a.PersistentVolumeClaimRetentionPolicy, a.MinReadySeconds =
		b.Replicas, b.Ordinals, b.Template, b.UpdateStrategy, b.RevisionHistoryLimit, b.PersistentVolumeClaimRetentionPolicy, b.MinReadySeconds
	if !semanticEqual(a, b) {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'revisionHistoryLimit', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden"))
	}
	return errs
}

func validateCronJobSpec(s *api.CronJobSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.Schedule == "" {
		errs = append(errs, field.Required(p.Child("schedule"), ""))
	} else if _, err := cron.Parse(s.Schedule); err != nil {
		errs = append(errs, field.Invalid(p.Child("schedule"), s.Schedule, err.Error()))
	}
	if strings.Contains(s.Schedule, "TZ") {
		errs = append(errs, field.Invalid(p.Child("schedule"), s.Schedule, "cannot use TZ or CRON_TZ in schedule, use timeZone field instead"))
	}
	if s.StartingDeadlineSeconds != nil {
		errs = append(errs, ValidateNonnegativeField(*s.StartingDeadlineSeconds, p.Child("startingDeadlineSeconds"))...)
	}
	switch s.ConcurrencyPolicy {
	case api.AllowConcurrent, api.ForbidConcurrent, api.ReplaceConcurrent:
	case "":
		errs = append(errs, field.Required(p.Child("concurrencyPolicy"), ""))
	default:
		errs = append(errs, field.NotSupported(p.Child("concurrencyPolicy"), string(s.ConcurrencyPolicy), []string{"Allow", "Forbid", "Replace"}))
	}
	if s.SuccessfulJobsHistoryLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.SuccessfulJobsHistoryLimit), p.Child("successfulJobsHistoryLimit"))...)
	}
	if s.FailedJobsHistoryLimit != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.FailedJobsHistoryLimit), p.Child("failedJobsHistoryLimit"))...)
	}
	return append(errs, validateJobSpec(&s.JobTemplate.Spec, p.Child("jobTemplate", "spec"))...)
}

// validateRCSpec is ValidateReplicationControllerSpec.
func validateRCSpec(s *api.ReplicationControllerSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, ValidateNonnegativeField(int64(s.MinReadySeconds), p.Child("minReadySeconds"))...)
	if len(s.Selector) == 0 {
		errs = append(errs, field.Required(p.Child("selector"), ""))
	} else {
		errs = append(errs, ValidateLabels(s.Selector, p.Child("selector"))...)
	}
	if s.Replicas != nil {
		errs = append(errs, ValidateNonnegativeField(int64(*s.Replicas), p.Child("replicas"))...)
	}
	if s.Template == nil {
		return append(errs, field.Required(p.Child("template"), ""))
	}
	for k, v := range s.Selector {
		if s.Template.Labels[k] != v {
			errs = append(errs, field.Invalid(p.Child("template", "metadata", "labels"), jsonValue(s.Template.Labels), "`selector` does not match template `labels`"))
			break
		}
	}
	errs = append(errs, ValidatePodTemplateSpec(s.Template, p.Child("template"))...)
	if s.Template.Spec.RestartPolicy != api.RestartPolicyAlways {
		errs = append(errs, field.NotSupported(p.Child("template", "spec", "restartPolicy"), string(s.Template.Spec.RestartPolicy), []string{"Always"}))
	}
	return errs
}

// validateIngressSpec is ValidateIngressSpec (networking/v1).
func validateIngressSpec(s *api.IngressSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(s.Rules) == 0 && s.DefaultBackend == nil {
		errs = append(errs, field.Invalid(p, jsonValue(s), "either `defaultBackend` or `rules` must be specified"))
	}
	if s.DefaultBackend != nil {
		errs = append(errs, validateIngressBackend(s.DefaultBackend, p.Child("defaultBackend"))...)
	}
	if s.IngressClassName != nil {
		for _, msg := range IsDNS1123Subdomain(*s.IngressClassName) {
			errs = append(errs, field.Invalid(p.Child("ingressClassName"), *s.IngressClassName, msg))
		}
	}
	for i, r := range s.Rules {
		rp := p.Child("rules").Index(i)
		if r.Host != "" {
			h := strings.TrimPrefix(r.Host, "*.")
			if _, err := netip.ParseAddr(r.Host); err == nil {
				errs = append(errs, field.Invalid(rp.Child("host"), r.Host, "must be a DNS name, not an IP address"))
			} else {
				for _, msg := range IsDNS1123Subdomain(h) {
					errs = append(errs, field.Invalid(rp.Child("host"), r.Host, msg))
				}
			}
		}
		if r.HTTP == nil {
			continue
		}
		pp := rp.Child("http", "paths")
		if len(r.HTTP.Paths) == 0 {
			errs = append(errs, field.Required(pp, ""))
		}
		for j, path := range r.HTTP.Paths {
			jp := pp.Index(j)
			switch {
			case path.PathType == nil:
				errs = append(errs, field.Required(jp.Child("pathType"), "pathType must be specified"))
			case *path.PathType == api.PathTypeExact || *path.PathType == api.PathTypePrefix:
				if !strings.HasPrefix(path.Path, "/") {
					errs = append(errs, field.Invalid(jp.Child("path"), path.Path, "must be an absolute path"))
				}
			case *path.PathType == api.PathTypeImplementationSpecific:
				if path.Path != "" && !strings.HasPrefix(path.Path, "/") {
					errs = append(errs, field.Invalid(jp.Child("path"), path.Path, "must be an absolute path"))
				}
			default:
				errs = append(errs, field.NotSupported(jp.Child("pathType"), string(*path.PathType), []string{"Exact", "ImplementationSpecific", "Prefix"}))
			}
			errs = append(errs, validateIngressBackend(&path.Backend, jp.Child("backend"))...)
		}
	}
	for i, t := range s.TLS {
		for j, h := range t.Hosts {
			for _, msg := range IsDNS1123Subdomain(strings.TrimPrefix(h, "*.")) {
				errs = append(errs, field.Invalid(p.Child("tls").Index(i).Child("hosts").Index(j), h, msg))
			}
		}
	}
	return errs
}

func validateIngressBackend(b *api.IngressBackend, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch {
	case b.Service != nil && b.Resource != nil:
		errs = append(errs, field.Invalid(p, jsonValue(b), "cannot set both resource and service backends"))
	case b.Service == nil && b.Resource == nil:
		errs = append(errs, field.Invalid(p, jsonValue(b), "resource or service backend is required"))
	case b.Service != nil:
		sp := p.Child("service")
		if b.Service.Name == "" {
			errs = append(errs, field.Required(sp.Child("name"), ""))
		} else {
			for _, msg := range IsDNS1035Label(b.Service.Name) {
				errs = append(errs, field.Invalid(sp.Child("name"), b.Service.Name, msg))
			}
		}
		port := b.Service.Port
		switch {
		case port.Name != "" && port.Number != 0:
			errs = append(errs, field.Invalid(sp.Child("port"), jsonValue(port), "cannot set both port name & port number"))
		case port.Name != "":
			for _, msg := range IsValidPortName(port.Name) {
				errs = append(errs, field.Invalid(sp.Child("port", "name"), port.Name, msg))
			}
		case port.Number != 0:
			for _, msg := range IsValidPortNum(int(port.Number)) {
				errs = append(errs, field.Invalid(sp.Child("port", "number"), port.Number, msg))
			}
		default:
			errs = append(errs, field.Required(sp.Child("port"), "port name or number is required"))
		}
	}
	return errs
}

// validateNetworkPolicySpec is ValidateNetworkPolicySpec.
func validateNetworkPolicySpec(s *api.NetworkPolicySpec, p *field.Path) field.ErrorList {
	errs := ValidateLabelSelector(&s.PodSelector, p.Child("podSelector"))
	peers := func(list []api.NetworkPolicyPeer, lp *field.Path) {
		for i, peer := range list {
			pp := lp.Index(i)
			n := 0
			if peer.PodSelector != nil {
				n++
				errs = append(errs, ValidateLabelSelector(peer.PodSelector, pp.Child("podSelector"))...)
			}
			if peer.NamespaceSelector != nil {
				n++
				errs = append(errs, ValidateLabelSelector(peer.NamespaceSelector, pp.Child("namespaceSelector"))...)
			}
			if peer.IPBlock != nil {
				n++
				if _, err := netip.ParsePrefix(peer.IPBlock.CIDR); err != nil {
					errs = append(errs, field.Invalid(pp.Child("ipBlock", "cidr"), peer.IPBlock.CIDR, "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"))
				}
			}
			switch {
			case n == 0:
				errs = append(errs, field.Required(pp, "must specify a peer"))
			case n > 1 && peer.IPBlock != nil:
				errs = append(errs, field.Forbidden(pp, "may not specify both ipBlock and another peer"))
			}
		}
	}
	ports := func(list []api.NetworkPolicyPort, lp *field.Path) {
		for i, port := range list {
			pp := lp.Index(i)
			if port.Protocol != nil && !validProtocol(*port.Protocol) {
				errs = append(errs, field.NotSupported(pp.Child("protocol"), string(*port.Protocol), []string{"SCTP", "TCP", "UDP"}))
			}
			if port.Port != nil {
				errs = append(errs, validatePortNumOrName(*port.Port, pp.Child("port"))...)
			}
		}
	}
	for i, r := range s.Ingress {
		ports(r.Ports, p.Child("ingress").Index(i).Child("ports"))
		peers(r.From, p.Child("ingress").Index(i).Child("from"))
	}
	for i, r := range s.Egress {
		ports(r.Ports, p.Child("egress").Index(i).Child("ports"))
		peers(r.To, p.Child("egress").Index(i).Child("to"))
	}
	for i, t := range s.PolicyTypes {
		if t != api.PolicyTypeIngress && t != api.PolicyTypeEgress {
			errs = append(errs, field.NotSupported(p.Child("policyTypes").Index(i), string(t), []string{"Ingress", "Egress"}))
		}
	}
	return errs
}

// validatePDBSpec is ValidatePodDisruptionBudgetSpec.
func validatePDBSpec(s *api.PodDisruptionBudgetSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MinAvailable != nil && s.MaxUnavailable != nil {
		errs = append(errs, field.Invalid(p, jsonValue(s), "minAvailable and maxUnavailable cannot be both set"))
	}
	for name, v := range map[string]*api.IntOrString{"minAvailable": s.MinAvailable, "maxUnavailable": s.MaxUnavailable} {
		if v != nil {
			errs = append(errs, validatePositiveIntOrPercent(v, p.Child(name))...)
			if v.Type == api.String && intOrPercentValue(v) > 100 {
				errs = append(errs, field.Invalid(p.Child(name), v.StrVal, "must not be greater than 100%"))
			}
		}
	}
	if s.Selector != nil {
		errs = append(errs, ValidateLabelSelector(s.Selector, p.Child("selector"))...)
	}
	if pol := s.UnhealthyPodEvictionPolicy; pol != nil && *pol != "IfHealthyBudget" && *pol != "AlwaysAllow" {
		errs = append(errs, field.NotSupported(p.Child("unhealthyPodEvictionPolicy"), string(*pol), []string{"AlwaysAllow", "IfHealthyBudget"}))
	}
	return errs
}

// validateHPASpec is validateHorizontalPodAutoscalerSpec (v2).
func validateHPASpec(s *api.HorizontalPodAutoscalerSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MinReplicas != nil && *s.MinReplicas < 1 {
		errs = append(errs, field.Invalid(p.Child("minReplicas"), *s.MinReplicas, "must be greater than or equal to 1"))
	}
	if s.MaxReplicas < 1 {
		errs = append(errs, field.Invalid(p.Child("maxReplicas"), s.MaxReplicas, "must be greater than or equal to 1"))
	}
	if s.MinReplicas != nil && s.MaxReplicas < *s.MinReplicas {
		errs = append(errs, field.Invalid(p.Child("maxReplicas"), s.MaxReplicas, "must be greater than or equal to `minReplicas`"))
	}
	ref := p.Child("scaleTargetRef")
	if s.ScaleTargetRef.Kind == "" {
		errs = append(errs, field.Required(ref.Child("kind"), ""))
	}
	if s.ScaleTargetRef.Name == "" {
		errs = append(errs, field.Required(ref.Child("name"), ""))
	}
	for i, m := range s.Metrics {
		mp := p.Child("metrics").Index(i)
		switch m.Type {
		case "Resource":
			if m.Resource == nil {
				errs = append(errs, field.Required(mp.Child("resource"), "must populate information for the given metric source"))
				continue
			}
			errs = append(errs, validateMetricTarget(m.Resource.Target, mp.Child("resource", "target"))...)
		case "ContainerResource", "Object", "Pods", "External":
		case "":
			errs = append(errs, field.Required(mp.Child("type"), "must specify a metric source type"))
		default:
			errs = append(errs, field.NotSupported(mp.Child("type"), m.Type, []string{"ContainerResource", "External", "Object", "Pods", "Resource"}))
		}
	}
	return errs
}

func validateMetricTarget(t api.MetricTarget, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	switch t.Type {
	case "Utilization", "Value", "AverageValue":
	case "":
		errs = append(errs, field.Required(p.Child("type"), "must specify a metric target type"))
	default:
		errs = append(errs, field.NotSupported(p.Child("type"), t.Type, []string{"AverageValue", "Utilization", "Value"}))
	}
	if t.AverageUtilization != nil && *t.AverageUtilization < 1 {
		errs = append(errs, field.Invalid(p.Child("averageUtilization"), *t.AverageUtilization, "must be greater than 0"))
	}
	if t.Value == nil && t.AverageValue == nil && t.AverageUtilization == nil {
		errs = append(errs, field.Required(p, "must set either a target raw value, a target average value, or a target utilization"))
	}
	return errs
}

// validateCRD is ValidateCustomResourceDefinition, the checks learners meet.
func validateCRD(crd *api.CustomResourceDefinition) field.ErrorList {
	s := &crd.Spec
	p := field.NewPath("spec")
	errs := ValidateObjectMeta(&crd.ObjectMeta, false, NameIsDNSSubdomain, field.NewPath("metadata"))
	if want := s.Names.Plural + "." + s.Group; crd.Name != want {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), crd.Name, fmt.Sprintf("must be spec.names.plural+\".\"+spec.group")))
	}
	if s.Group == "" {
		errs = append(errs, field.Required(p.Child("group"), ""))
	} else if len(strings.Split(s.Group, ".")) < 2 {
		errs = append(errs, field.Invalid(p.Child("group"), s.Group, "should be a domain with at least one dot"))
	}
	if s.Scope != "Cluster" && s.Scope != "Namespaced" {
		if s.Scope == "" {
			errs = append(errs, field.Required(p.Child("scope"), ""))
		} else {
			errs = append(errs, field.NotSupported(p.Child("scope"), s.Scope, []string{"Cluster", "Namespaced"}))
		}
	}
	np := p.Child("names")
	if s.Names.Plural == "" {
		errs = append(errs, field.Required(np.Child("plural"), ""))
	} else if strings.ToLower(s.Names.Plural) != s.Names.Plural {
		errs = append(errs, field.Invalid(np.Child("plural"), s.Names.Plural, "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')"))
	}
	if s.Names.Kind == "" {
		errs = append(errs, field.Required(np.Child("kind"), ""))
	}
	if len(s.Versions) == 0 {
		errs = append(errs, field.Invalid(p.Child("versions"), jsonValue(s.Versions), "must have exactly one version marked as storage version"))
	}
	storage := 0
	for i, v := range s.Versions {
		vp := p.Child("versions").Index(i)
		if v.Storage {
			storage++
		}
		if v.Name == "" {
			errs = append(errs, field.Required(vp.Child("name"), ""))
		}
		if v.Schema == nil || len(v.Schema.OpenAPIV3Schema) == 0 {
			errs = append(errs, field.Required(vp.Child("schema", "openAPIV3Schema"), "schemas are required"))
			continue
		}
		errs = append(errs, validateStructuralRoot(v.Schema.OpenAPIV3Schema, vp.Child("schema", "openAPIV3Schema"))...)
	}
	if len(s.Versions) > 0 && storage != 1 {
		errs = append(errs, field.Invalid(p.Child("versions"), jsonValue(s.Versions), "must have exactly one version marked as storage version"))
	}
	return errs
}

// validateStructuralRoot checks the root of a CRD schema: type object.
func validateStructuralRoot(raw []byte, p *field.Path) field.ErrorList {
	var root map[string]any
	if err := json.Unmarshal(raw, &root); err != nil {
		return field.ErrorList{field.Invalid(p, string(raw), err.Error())}
	}
	t, _ := root["type"].(string)
	switch {
	case t == "":
		return field.ErrorList{field.Required(p.Child("type"), "must not be empty at the root")}
	case t != "object":
		return field.ErrorList{field.Invalid(p.Child("type"), t, "must be object at the root")}
	}
	return nil
}

func validateMatchResources(m *api.MatchResources, p *field.Path, requireRules bool) field.ErrorList {
	var errs field.ErrorList
	if m == nil {
		return errs
	}
	if requireRules && len(m.ResourceRules) == 0 {
		errs = append(errs, field.Required(p.Child("resourceRules"), ""))
	}
	for i, r := range m.ResourceRules {
		errs = append(errs, validateRule(&r.RuleWithOperations, p.Child("resourceRules").Index(i))...)
	}
	return errs
}

var admissionOperations = []string{"*", "CONNECT", "CREATE", "DELETE", "UPDATE"}

func validateRule(r *api.RuleWithOperations, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(r.Operations) == 0 {
		errs = append(errs, field.Required(p.Child("operations"), ""))
	}
	for i, op := range r.Operations {
		if !slices.Contains(admissionOperations, op) {
			errs = append(errs, field.NotSupported(p.Child("operations").Index(i), op, admissionOperations))
		}
	}
	if len(r.APIGroups) == 0 {
		errs = append(errs, field.Required(p.Child("apiGroups"), ""))
	}
	if len(r.APIVersions) == 0 {
		errs = append(errs, field.Required(p.Child("apiVersions"), ""))
	}
	if len(r.Resources) == 0 {
		errs = append(errs, field.Required(p.Child("resources"), ""))
	}
	if r.Scope != nil && *r.Scope != "*" && *r.Scope != "Cluster" && *r.Scope != "Namespaced" {
		errs = append(errs, field.NotSupported(p.Child("scope"), *r.Scope, []string{"*", "Cluster", "Namespaced"}))
	}
	return errs
}

func validateFailurePolicy(fp *string, p *field.Path) field.ErrorList {
	if fp != nil && *fp != "Fail" && *fp != "Ignore" {
		return field.ErrorList{field.NotSupported(p, *fp, []string{"Fail", "Ignore"})}
	}
	return nil
}

// validateVAPSpec is validateValidatingAdmissionPolicySpec without the CEL
// compilation (kubeplay carries no CEL engine).
func validateVAPSpec(s *api.ValidatingAdmissionPolicySpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MatchConstraints == nil {
		errs = append(errs, field.Required(p.Child("matchConstraints"), ""))
	} else {
		errs = append(errs, validateMatchResources(s.MatchConstraints, p.Child("matchConstraints"), true)...)
	}
	errs = append(errs, validateFailurePolicy(s.FailurePolicy, p.Child("failurePolicy"))...)
	if len(s.Validations) == 0 && len(s.AuditAnnotations) == 0 {
		errs = append(errs, field.Required(p.Child("validations"), "validations or auditAnnotations must contain at least one item"))
	}
	for i, v := range s.Validations {
		if strings.TrimSpace(v.Expression) == "" {
			errs = append(errs, field.Required(p.Child("validations").Index(i).Child("expression"), "expression is not specified"))
		}
	}
	for i, m := range s.MatchConditions {
		mp := p.Child("matchConditions").Index(i)
		if m.Name == "" {
			errs = append(errs, field.Required(mp.Child("name"), ""))
		}
		if m.Expression == "" {
			errs = append(errs, field.Required(mp.Child("expression"), ""))
		}
	}
	if s.ParamKind != nil {
		if s.ParamKind.Kind == "" {
			errs = append(errs, field.Required(p.Child("paramKind", "kind"), ""))
		}
		if s.ParamKind.APIVersion == "" {
			errs = append(errs, field.Required(p.Child("paramKind", "apiVersion"), ""))
		}
	}
	return errs
}

var validationActions = []string{"Audit", "Deny", "Warn"}

func validateVAPBindingSpec(s *api.ValidatingAdmissionPolicyBindingSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.PolicyName == "" {
		errs = append(errs, field.Required(p.Child("policyName"), ""))
	}
	if len(s.ValidationActions) == 0 {
		errs = append(errs, field.Required(p.Child("validationActions"), "at least one validation action is required"))
	}
	for i, a := range s.ValidationActions {
		if !slices.Contains(validationActions, a) {
			errs = append(errs, field.NotSupported(p.Child("validationActions").Index(i), a, validationActions))
		}
	}
	if slices.Contains(s.ValidationActions, "Deny") && slices.Contains(s.ValidationActions, "Warn") {
		errs = append(errs, field.Invalid(p.Child("validationActions"), jsonValue(s.ValidationActions), "must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)"))
	}
	if r := s.ParamRef; r != nil {
		if r.Name != "" && r.Selector != nil {
			errs = append(errs, field.Forbidden(p.Child("paramRef", "name"), "name and selector are mutually exclusive"))
		}
		if r.Name == "" && r.Selector == nil {
			errs = append(errs, field.Required(p.Child("paramRef"), "one of name or selector must be specified"))
		}
		if a := r.ParameterNotFoundAction; a == nil {
			errs = append(errs, field.Required(p.Child("paramRef", "parameterNotFoundAction"), ""))
		} else if *a != "Allow" && *a != "Deny" {
			errs = append(errs, field.NotSupported(p.Child("paramRef", "parameterNotFoundAction"), *a, []string{"Allow", "Deny"}))
		}
	}
	return append(errs, validateMatchResources(s.MatchResources, p.Child("matchResources"), false)...)
}

func validateWebhooks(hooks []api.ValidatingWebhook, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, h := range hooks {
		hp := p.Index(i)
		if len(strings.Split(h.Name, ".")) < 3 {
			errs = append(errs, field.Invalid(hp.Child("name"), h.Name, "should be a domain with at least three segments separated by dots"))
		}
		if seen[h.Name] {
			errs = append(errs, field.Duplicate(hp.Child("name"), h.Name))
		}
		seen[h.Name] = true
		for j, r := range h.Rules {
			errs = append(errs, validateRule(&r, hp.Child("rules").Index(j))...)
		}
		errs = append(errs, validateFailurePolicy(h.FailurePolicy, hp.Child("failurePolicy"))...)
		switch {
		case h.SideEffects == nil:
			errs = append(errs, field.Required(hp.Child("sideEffects"), "must specify one of None, NoneOnDryRun"))
		case *h.SideEffects != "None" && *h.SideEffects != "NoneOnDryRun":
			errs = append(errs, field.NotSupported(hp.Child("sideEffects"), *h.SideEffects, []string{"None", "NoneOnDryRun"}))
		}
		if len(h.AdmissionReviewVersions) == 0 {
			errs = append(errs, field.Required(hp.Child("admissionReviewVersions"), "must specify one of v1, v1beta1"))
		}
		if h.TimeoutSeconds != nil && (*h.TimeoutSeconds < 1 || *h.TimeoutSeconds > 30) {
			errs = append(errs, field.Invalid(hp.Child("timeoutSeconds"), *h.TimeoutSeconds, "the timeout value must be between 1 and 30 seconds"))
		}
		cc := h.ClientConfig
		if (cc.URL == nil) == (cc.Service == nil) {
			errs = append(errs, field.Required(hp.Child("clientConfig"), "exactly one of url or service is required"))
		}
	}
	return errs
}

func validateFlowSchemaSpec(s *api.FlowSchemaSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	if s.MatchingPrecedence <= 0 || s.MatchingPrecedence > 10000 {
		errs = append(errs, field.Invalid(p.Child("matchingPrecedence"), s.MatchingPrecedence, "must be between 1 and 10000, inclusive"))
	}
	if s.PriorityLevelConfiguration.Name == "" {
		errs = append(errs, field.Required(p.Child("priorityLevelConfiguration", "name"), "must reference a priority level"))
	}
	if d := s.DistinguisherMethod; d != nil && d.Type != "ByUser" && d.Type != "ByNamespace" {
		errs = append(errs, field.NotSupported(p.Child("distinguisherMethod", "type"), d.Type, []string{"ByNamespace", "ByUser"}))
	}
	for i, r := range s.Rules {
		rp := p.Child("rules").Index(i)
		if len(r.Subjects) == 0 {
			errs = append(errs, field.Required(rp.Child("subjects"), "subjects must contain at least one value"))
		}
		if len(r.ResourceRules) == 0 && len(r.NonResourceRules) == 0 {
			errs = append(errs, field.Required(rp, "at least one of resourceRules and nonResourceRules has to be non-empty"))
		}
		for j, sub := range r.Subjects {
			if sub.Kind != "User" && sub.Kind != "Group" && sub.Kind != "ServiceAccount" {
				errs = append(errs, field.NotSupported(rp.Child("subjects").Index(j).Child("kind"), sub.Kind, []string{"Group", "ServiceAccount", "User"}))
			}
		}
	}
	return errs
}

func validateResourceClaimSpec(s *api.ResourceClaimSpec, p *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, r := range s.Devices.Requests {
		rp := p.Child("devices", "requests").Index(i)
		if r.Name == "" {
			errs = append(errs, field.Required(rp.Child("name"), ""))
		} else {
			for _, msg := range IsDNS1123Label(r.Name) {
				errs = append(errs, field.Invalid(rp.Child("name"), r.Name, msg))
			}
		}
		if seen[r.Name] {
			errs = append(errs, field.Duplicate(rp.Child("name"), r.Name))
		}
		seen[r.Name] = true
		switch {
		case r.Exactly == nil && len(r.FirstAvailable) == 0:
			errs = append(errs, field.Required(rp, "exactly one of `exactly` or `firstAvailable` is required"))
		case r.Exactly != nil && len(r.FirstAvailable) > 0:
			errs = append(errs, field.Invalid(rp, nil, "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set"))
		case r.Exactly != nil && r.Exactly.DeviceClassName == "":
			errs = append(errs, field.Required(rp.Child("exactly", "deviceClassName"), ""))
		}
	}
	return errs
}
