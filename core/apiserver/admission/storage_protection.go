package admission

import (
	"slices"

	"kubeplay/core/api"
)

// StorageObjectInUseProtectionPluginName is the plugin's name.
const StorageObjectInUseProtectionPluginName = "StorageObjectInUseProtection"

// Finalizers the plugin adds; the pvc-protection and pv-protection
// controllers remove them once nothing uses the object.
const (
	PVCProtectionFinalizer = "kubernetes.io/pvc-protection"
	PVProtectionFinalizer  = "kubernetes.io/pv-protection"
)

// StorageObjectInUseProtection adds the protection finalizer to every new
// PersistentVolumeClaim and PersistentVolume
// (plugin/pkg/admission/storage/storageobjectinuseprotection).
type StorageObjectInUseProtection struct{}

// Name implements Plugin.
func (*StorageObjectInUseProtection) Name() string { return StorageObjectInUseProtectionPluginName }

// Admit implements Mutator.
func (*StorageObjectInUseProtection) Admit(a *Attributes, _ Host) (bool, error) {
	if a.Operation != Create || a.Subresource != "" {
		return false, nil
	}
	var m *api.ObjectMeta
	var f string
	switch o := a.Object.(type) {
	case *api.PersistentVolumeClaim:
		m, f = &o.ObjectMeta, PVCProtectionFinalizer
	case *api.PersistentVolume:
		m, f = &o.ObjectMeta, PVProtectionFinalizer
	default:
		return false, nil
	}
	if slices.Contains(m.Finalizers, f) {
		return false, nil
	}
	m.Finalizers = append(m.Finalizers, f)
	return true, nil
}

// DefaultIngressClassPluginName is the plugin's name.
const DefaultIngressClassPluginName = "DefaultIngressClass"

// DefaultIngressClass gives a new Ingress without spec.ingressClassName the
// IngressClass annotated ingressclass.kubernetes.io/is-default-class (kind
// has none until an ingress controller is installed).
type DefaultIngressClass struct{}

// Name implements Plugin.
func (*DefaultIngressClass) Name() string { return DefaultIngressClassPluginName }

// Admit implements Mutator.
func (*DefaultIngressClass) Admit(a *Attributes, h Host) (bool, error) {
	ing, ok := a.Object.(*api.Ingress)
	if a.Operation != Create || !ok || a.Subresource != "" || ing.Spec.IngressClassName != nil {
		return false, nil
	}
	if _, legacy := ing.Annotations["kubernetes.io/ingress.class"]; legacy {
		return false, nil
	}
	objs, _ := h.List("ingressclasses", "")
	var best *api.IngressClass
	for _, o := range objs {
		ic := o.(*api.IngressClass)
		if ic.Annotations["ingressclass.kubernetes.io/is-default-class"] != "true" {
			continue
		}
		if best == nil || ic.CreationTimestamp.After(best.CreationTimestamp.Time) {
			best = ic
		}
	}
	if best == nil {
		return false, nil
	}
	name := best.Name
	ing.Spec.IngressClassName = &name
	return true, nil
}
