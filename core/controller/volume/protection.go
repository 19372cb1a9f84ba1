package volume

import (
	"slices"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// ProtectionName is the pvc-protection and pv-protection controllers' name.
const ProtectionName = "pvc-protection-controller"

// Protection finalizers (StorageObjectInUseProtection adds them).
const (
	PVCProtectionFinalizer = "kubernetes.io/pvc-protection"
	PVProtectionFinalizer  = "kubernetes.io/pv-protection"
)

// Protection removes the protection finalizer of a deleted claim once no
// pod uses it, and of a deleted volume once it is no longer bound
// (pkg/controller/volume/pvcprotection and pvprotection).
type Protection struct {
	*ctrlutil.Loop
	c                     *client.Client
	pvcInf, pvInf, podInf *client.Informer
}

// NewProtection builds both controllers' loop on the shared informers.
func NewProtection(ctx *ctrlutil.Context) *Protection {
	p := &Protection{
		c:      ctx.ClientFor(ProtectionName),
		pvcInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("persistentvolumeclaims", "")),
		pvInf:  ctx.Informers.Informer("persistentvolumes", ""),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
	}
	p.Loop = ctrlutil.NewLoop(ctx.Sim, ProtectionName, p.sync)
	claim := func(o api.Object) { p.Enqueue("pvc/" + client.KeyFunc(o)) }
	p.pvcInf.AddEventHandler(client.Handler{OnAdd: claim, OnUpdate: func(_, o api.Object) { claim(o) }})
	vol := func(o api.Object) { p.Enqueue("pv/" + o.GetObjectMeta().Name) }
	p.pvInf.AddEventHandler(client.Handler{OnAdd: vol, OnUpdate: func(_, o api.Object) { vol(o) }})
	pod := func(o api.Object) {
		pod := o.(*api.Pod)
		for _, v := range pod.Spec.Volumes {
			if v.PersistentVolumeClaim != nil {
				p.Enqueue("pvc/" + pod.Namespace + "/" + v.PersistentVolumeClaim.ClaimName)
			}
		}
	}
	p.podInf.AddEventHandler(client.Handler{OnUpdate: func(_, o api.Object) { pod(o) }, OnDelete: pod})
	return p
}

func (p *Protection) sync(key string) error {
	switch {
	case len(key) > 4 && key[:4] == "pvc/":
		ns, name := client.SplitKey(key[4:])
		pvc, ok := ctrlutil.Get[*api.PersistentVolumeClaim](p.pvcInf, ns, name)
		if !ok || pvc.DeletionTimestamp == nil || !slices.Contains(pvc.Finalizers, PVCProtectionFinalizer) || p.claimInUse(pvc) {
			return nil
		}
		next := api.DeepCopyAs(pvc)
		next.Finalizers = slices.DeleteFunc(next.Finalizers, func(f string) bool { return f == PVCProtectionFinalizer })
		p.Trace("update", "persistentvolumeclaims", ns, name, "claim %s/%s is not used by any pod: removing %s", ns, name, PVCProtectionFinalizer)
		_, err := p.c.Resource("persistentvolumeclaims").Namespace(ns).Update(next)
		if api.IsNotFound(err) {
			return nil
		}
		return err
	case len(key) > 3 && key[:3] == "pv/":
		pv, ok := ctrlutil.Get[*api.PersistentVolume](p.pvInf, "", key[3:])
		if !ok || pv.DeletionTimestamp == nil || !slices.Contains(pv.Finalizers, PVProtectionFinalizer) || pv.Status.Phase == api.VolumeBound {
			return nil
		}
		next := api.DeepCopyAs(pv)
		next.Finalizers = slices.DeleteFunc(next.Finalizers, func(f string) bool { return f == PVProtectionFinalizer })
		_, err := p.c.Resource("persistentvolumes").Update(next)
		if api.IsNotFound(err) {
			return nil
		}
		return err
	}
	return nil
}

// claimInUse reports whether a pod that has not terminated mounts the claim.
func (p *Protection) claimInUse(pvc *api.PersistentVolumeClaim) bool {
	for _, pod := range ctrlutil.ListIn[*api.Pod](p.podInf, pvc.Namespace) {
		if pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
			continue
		}
		for _, v := range pod.Spec.Volumes {
			if (v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == pvc.Name) ||
				(v.Ephemeral != nil && pod.Name+"-"+v.Name == pvc.Name) {
				return true
			}
		}
	}
	return false
}
