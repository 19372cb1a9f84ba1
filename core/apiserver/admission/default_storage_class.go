package admission

import "kubeplay/core/api"

// DefaultStorageClassPluginName is the plugin's name.
const DefaultStorageClassPluginName = "DefaultStorageClass"

// IsDefaultStorageClassAnnotation marks the cluster's default StorageClass
// (kind's `standard`).
const IsDefaultStorageClassAnnotation = "storageclass.kubernetes.io/is-default-class"

const betaIsDefaultStorageClassAnnotation = "storageclass.beta.kubernetes.io/is-default-class"

// DefaultStorageClass gives a new PersistentVolumeClaim without
// spec.storageClassName the default StorageClass; with several defaults the
// newest wins (plugin/pkg/admission/storage/storageclass/setdefault).
type DefaultStorageClass struct{}

// Name implements Plugin.
func (*DefaultStorageClass) Name() string { return DefaultStorageClassPluginName }

// Admit implements Mutator.
func (*DefaultStorageClass) Admit(a *Attributes, h Host) (bool, error) {
	if a.Operation != Create || a.resource() != "persistentvolumeclaims" || a.Subresource != "" {
		return false, nil
	}
	pvc, ok := a.Object.(*api.PersistentVolumeClaim)
	if !ok || pvc.Spec.StorageClassName != nil {
		return false, nil
	}
	def := DefaultStorageClassOf(h)
	if def == nil {
		return false, nil
	}
	name := def.Name
	pvc.Spec.StorageClassName = &name
	return true, nil
}

// DefaultStorageClassOf returns the default StorageClass (nil if none).
func DefaultStorageClassOf(h Host) *api.StorageClass {
	objs, _ := h.List("storageclasses", "")
	var best *api.StorageClass
	for _, o := range objs {
		sc := o.(*api.StorageClass)
		if sc.Annotations[IsDefaultStorageClassAnnotation] != "true" && sc.Annotations[betaIsDefaultStorageClassAnnotation] != "true" {
			continue
		}
		if best == nil || sc.CreationTimestamp.After(best.CreationTimestamp.Time) ||
			(sc.CreationTimestamp.Equal(best.CreationTimestamp.Time) && sc.Name < best.Name) {
			best = sc
		}
	}
	return best
}
