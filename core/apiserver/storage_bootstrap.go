package apiserver

import (
	"time"

	"kubeplay/core/api"
	"kubeplay/core/apiserver/admission"
)

// prepareStorageForCreate is the PersistentVolume and PersistentVolumeClaim
// strategies' PrepareForCreate: the status is reset and, as etcd's decoder
// defaults it on every read, served with phase Pending.
func prepareStorageForCreate(obj api.Object) bool {
	switch o := obj.(type) {
	case *api.PersistentVolumeClaim:
		o.Status = api.PersistentVolumeClaimStatus{Phase: api.ClaimPending}
	case *api.PersistentVolume:
		o.Status = api.PersistentVolumeStatus{Phase: api.VolumePending}
	default:
		return false
	}
	return true
}

// KindStorageClass is the `standard` StorageClass kind installs at cluster
// creation (kind's default storage, rancher.io/local-path provisioner).
func KindStorageClass() *api.StorageClass {
	del, wffc := api.PersistentVolumeReclaimDelete, api.VolumeBindingWaitForFirstConsumer
	return &api.StorageClass{
		ObjectMeta: api.ObjectMeta{Name: "standard",
			Annotations: map[string]string{admission.IsDefaultStorageClassAnnotation: "true"}},
		Provisioner: "rancher.io/local-path", ReclaimPolicy: &del, VolumeBindingMode: &wffc,
	}
}

// bootstrapKindStorage stores kind's `standard` StorageClass. Its uid is
// fixed and draws nothing from the seeded source, so that the names and
// uids generated later stay what they were without it.
func (s *Server) bootstrapKindStorage() {
	sc := KindStorageClass()
	r := s.byGR[api.ResourceOf(sc).GroupResource()]
	*sc.GetTypeMeta() = r.info.TypeMeta()
	s.hooks.Default(sc)
	sc.UID = "6c1c9d4f-6a8a-4c1e-9d7e-4b3f2a1e0c5d"
	sc.CreationTimestamp = api.NewTime(s.sim.Now())
	if err := s.storeCreate(nil, r, sc); err != nil {
		panic("apiserver bootstrap: " + err.Error())
	}
}

// establishCRD is what apiextensions-apiserver's naming and establishing
// controllers write on a new CustomResourceDefinition within milliseconds:
// its names accepted, the CRD Established, its storage version recorded.
func establishCRD(obj api.Object, now time.Time) {
	crd, ok := obj.(*api.CustomResourceDefinition)
	if !ok {
		return
	}
	t := api.NewTime(now)
	crd.Status.AcceptedNames = crd.Spec.Names
	crd.Status.Conditions = []api.CustomResourceDefinitionCondition{
		{Type: "NamesAccepted", Status: api.ConditionTrue, LastTransitionTime: t, Reason: "NoConflicts", Message: "no conflicts found"},
		{Type: "Established", Status: api.ConditionTrue, LastTransitionTime: t, Reason: "InitialNamesAccepted", Message: "the initial names have been accepted"},
	}
	crd.Status.StoredVersions = nil
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
		}
	}
}
