package validation

import (
	"slices"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// Storage kinds: PersistentVolumeClaim, PersistentVolume, StorageClass.

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

// validateStorageClassUpdate: a StorageClass's parameters, provisioner,
// reclaimPolicy and volumeBindingMode cannot change.
func validateStorageClassUpdate(sc, old *api.StorageClass) field.ErrorList {
	var errs field.ErrorList
	if !semanticEqual(sc.Parameters, old.Parameters) {
		errs = append(errs, field.Forbidden(field.NewPath("parameters"), "updates to parameters are forbidden."))
	}
	if sc.Provisioner != old.Provisioner {
		errs = append(errs, field.Forbidden(field.NewPath("provisioner"), "updates to provisioner are forbidden."))
	}
	if sc.ReclaimPolicy != nil && old.ReclaimPolicy != nil && *sc.ReclaimPolicy != *old.ReclaimPolicy {
		errs = append(errs, field.Forbidden(field.NewPath("reclaimPolicy"), "updates to reclaimPolicy are forbidden."))
	}
	return append(errs, ValidateImmutableField(sc.VolumeBindingMode, old.VolumeBindingMode, field.NewPath("volumeBindingMode"))...)
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
