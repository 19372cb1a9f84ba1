package ctrlutil

import (
	"kubeplay/core/api"
	"kubeplay/core/client"
)

// GetControllerOf returns the owner reference with controller=true, if any.
func GetControllerOf(obj api.Object) *api.OwnerReference {
	refs := obj.GetObjectMeta().OwnerReferences
	for i := range refs {
		if refs[i].Controller != nil && *refs[i].Controller {
			return &refs[i]
		}
	}
	return nil
}

// NewControllerRef returns an owner reference to owner with controller and
// blockOwnerDeletion set (metav1.NewControllerRef).
func NewControllerRef(owner api.Object) api.OwnerReference {
	kind, apiVersion := client.KindOf(owner)
	t := true
	m := owner.GetObjectMeta()
	return api.OwnerReference{APIVersion: apiVersion, Kind: kind, Name: m.Name, UID: m.UID, Controller: &t, BlockOwnerDeletion: &t}
}

// IsControlledBy reports whether obj's controller reference points at owner's UID.
func IsControlledBy(obj, owner api.Object) bool {
	ref := GetControllerOf(obj)
	return ref != nil && ref.UID == owner.GetObjectMeta().UID
}

// Ptr returns a pointer to v.
func Ptr[T any](v T) *T { return &v }

// Int32 dereferences p, or returns def when p is nil (an undefaulted field).
func Int32(p *int32, def int32) int32 {
	if p == nil {
		return def
	}
	return *p
}
