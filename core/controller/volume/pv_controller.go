package volume

import (
	"encoding/json"
	"slices"

	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name in kube-controller-manager.
const Name = "persistentvolume-binder-controller"

// EventSource is its events' source component: the PV controller's
// recorder says "persistentvolume-controller" (pkg/controller/volume/
// persistentvolume NewController).
const EventSource = "persistentvolume-controller"

// Annotations the binder reads and writes.
const (
	AnnSelectedNode           = "volume.kubernetes.io/selected-node"
	AnnBindCompleted          = "pv.kubernetes.io/bind-completed"
	AnnBoundByController      = "pv.kubernetes.io/bound-by-controller"
	AnnStorageProvisioner     = "volume.kubernetes.io/storage-provisioner"
	AnnBetaStorageProvisioner = "volume.beta.kubernetes.io/storage-provisioner"
	AnnDynamicallyProvisioned = "pv.kubernetes.io/provisioned-by"
)

// Controller is the PersistentVolume binder.
type Controller struct {
	*ctrlutil.Loop
	c                    *client.Client
	rec                  *client.Recorder
	pvcInf, pvInf, scInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:      ctx.ClientFor(Name),
		pvcInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("persistentvolumeclaims", "")),
		pvInf:  ctx.Informers.Informer("persistentvolumes", ""),
		scInf:  ctx.Informers.Informer("storageclasses", ""),
	}
	c.rec = client.NewRecorder(c.c, EventSource, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	enqueueClaim := func(obj api.Object) { c.Enqueue("pvc/" + client.KeyFunc(obj)) }
	c.pvcInf.AddEventHandler(client.Handler{OnAdd: enqueueClaim, OnUpdate: func(_, o api.Object) { enqueueClaim(o) }})
	enqueueVolume := func(obj api.Object) {
		pv := obj.(*api.PersistentVolume)
		c.Enqueue("pv/" + pv.Name)
		if ref := pv.Spec.ClaimRef; ref != nil {
			c.Enqueue("pvc/" + ref.Namespace + "/" + ref.Name)
		} else {
			for _, o := range c.pvcInf.List() {
				if pvc := o.(*api.PersistentVolumeClaim); pvc.Spec.VolumeName == "" {
					enqueueClaim(pvc)
				}
			}
		}
	}
	c.pvInf.AddEventHandler(client.Handler{OnAdd: enqueueVolume, OnUpdate: func(_, o api.Object) { enqueueVolume(o) }})
	c.pvcInf.AddEventHandler(client.Handler{OnDelete: func(obj api.Object) {
		pvc := obj.(*api.PersistentVolumeClaim)
		if pvc.Spec.VolumeName != "" {
			c.Enqueue("pv/" + pvc.Spec.VolumeName)
		}
	}})
	return c
}

func (c *Controller) sync(key string) error {
	switch {
	case len(key) > 4 && key[:4] == "pvc/":
		ns, name := client.SplitKey(key[4:])
		pvc, ok := ctrlutil.Get[*api.PersistentVolumeClaim](c.pvcInf, ns, name)
		if !ok || pvc.DeletionTimestamp != nil {
			return nil
		}
		return c.syncClaim(pvc)
	case len(key) > 3 && key[:3] == "pv/":
		pv, ok := ctrlutil.Get[*api.PersistentVolume](c.pvInf, "", key[3:])
		if !ok {
			return nil
		}
		return c.syncVolume(pv)
	}
	return nil
}

func (c *Controller) class(name string) (*api.StorageClass, bool) {
	return ctrlutil.Get[*api.StorageClass](c.scInf, "", name)
}

func className(pvc *api.PersistentVolumeClaim) string {
	if pvc.Spec.StorageClassName == nil {
		return ""
	}
	return *pvc.Spec.StorageClassName
}

// syncClaim is syncUnboundClaim / syncBoundClaim.
func (c *Controller) syncClaim(pvc *api.PersistentVolumeClaim) error {
	if pvc.Spec.VolumeName != "" {
		pv, ok := ctrlutil.Get[*api.PersistentVolume](c.pvInf, "", pvc.Spec.VolumeName)
		if !ok {
			if pvc.Status.Phase == api.ClaimBound {
				c.rec.Eventf(pvc, api.EventTypeWarning, "ClaimLost", "Bound claim has lost its PersistentVolume. Data on the volume is lost!")
				return c.claimStatus(pvc, api.ClaimLost, nil)
			}
			return nil
		}
		if pv.Spec.ClaimRef == nil || pv.Spec.ClaimRef.UID == pvc.UID || pv.Spec.ClaimRef.UID == "" {
			return c.bind(pv, pvc)
		}
		return nil
	}
	sc, hasClass := c.class(className(pvc))
	wffc := hasClass && sc.VolumeBindingMode != nil && *sc.VolumeBindingMode == api.VolumeBindingWaitForFirstConsumer
	node := pvc.Annotations[AnnSelectedNode]
	if pv := c.findMatch(pvc, wffc, node); pv != nil {
		return c.bind(pv, pvc)
	}
	switch {
	case className(pvc) == "":
		c.rec.Eventf(pvc, api.EventTypeNormal, "FailedBinding", "no persistent volumes available for this claim and no storage class is set")
	case !hasClass:
		c.rec.Eventf(pvc, api.EventTypeWarning, "ProvisioningFailed", "storageclass.storage.k8s.io %q not found", className(pvc))
	case wffc && node == "":
		c.rec.Eventf(pvc, api.EventTypeNormal, "WaitForFirstConsumer", "waiting for first consumer to be created before binding")
	default:
		if pvc.Annotations[AnnStorageProvisioner] != sc.Provisioner {
			body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": map[string]string{
				AnnBetaStorageProvisioner: sc.Provisioner, AnnStorageProvisioner: sc.Provisioner}}})
			if _, err := c.c.Resource("persistentvolumeclaims").Namespace(pvc.Namespace).Patch(pvc.Name, client.MergePatchType, body); err != nil {
				return err
			}
		}
		c.rec.Eventf(pvc, api.EventTypeNormal, "ExternalProvisioning",
			"Waiting for a volume to be created either by the external provisioner '%s' or manually by the system administrator. If volume creation is delayed, please verify that the provisioner is running and correctly registered.", sc.Provisioner)
	}
	return nil
}

// findMatch is findBestMatchForClaim: the smallest Available volume of the
// claim's class with the access modes, the capacity and the labels the
// claim asks for (and, for WaitForFirstConsumer, the selected node).
func (c *Controller) findMatch(pvc *api.PersistentVolumeClaim, wffc bool, node string) *api.PersistentVolume {
	if wffc && node == "" {
		return nil
	}
	want := pvc.Spec.Resources.Requests[api.ResourceStorage]
	var sel labels.Selector
	if pvc.Spec.Selector != nil {
		s, err := ctrlutil.Selector(pvc.Spec.Selector)
		if err != nil {
			return nil
		}
		sel = s
	}
	var best *api.PersistentVolume
	for _, o := range c.pvInf.List() {
		pv := o.(*api.PersistentVolume)
		if pv.DeletionTimestamp != nil || pv.Spec.StorageClassName != className(pvc) {
			continue
		}
		if ref := pv.Spec.ClaimRef; ref != nil && !(ref.Namespace == pvc.Namespace && ref.Name == pvc.Name && (ref.UID == "" || ref.UID == pvc.UID)) {
			continue
		}
		if pv.Status.Phase == api.VolumeReleased || pv.Status.Phase == api.VolumeFailed {
			continue
		}
		size := pv.Spec.Capacity[api.ResourceStorage]
		if size.Cmp(want) < 0 {
			continue
		}
		ok := true
		for _, m := range pvc.Spec.AccessModes {
			ok = ok && slices.Contains(pv.Spec.AccessModes, m)
		}
		if !ok || (sel != nil && !sel.Matches(labels.Set(pv.Labels))) {
			continue
		}
		if best == nil {
			best = pv
			continue
		}
		bs := best.Spec.Capacity[api.ResourceStorage]
		if size.Cmp(bs) < 0 || (size.Cmp(bs) == 0 && pv.Name < best.Name) {
			best = pv
		}
	}
	return best
}

// bind is the binder's bind: the volume's claimRef and phase, then the
// claim's volumeName, annotations and phase.
func (c *Controller) bind(pv *api.PersistentVolume, pvc *api.PersistentVolumeClaim) error {
	if ref := pv.Spec.ClaimRef; ref == nil || ref.UID != pvc.UID {
		v := api.DeepCopyAs(pv)
		v.Spec.ClaimRef = &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: pvc.Namespace, Name: pvc.Name,
			UID: pvc.UID, APIVersion: "v1", ResourceVersion: pvc.ResourceVersion}
		if ref == nil {
			if v.Annotations == nil {
				v.Annotations = map[string]string{}
			}
			v.Annotations[AnnBoundByController] = "yes"
		}
		c.Trace("update", "persistentvolumes", "", pv.Name, "binding volume %s to claim %s/%s", pv.Name, pvc.Namespace, pvc.Name)
		updated, err := c.c.Resource("persistentvolumes").Update(v)
		if err != nil {
			return err
		}
		pv = updated.(*api.PersistentVolume)
	}
	if pv.Status.Phase != api.VolumeBound {
		v := api.DeepCopyAs(pv)
		v.Status.Phase = api.VolumeBound
		v.Status.LastPhaseTransitionTime = api.NewTimePtr(c.Sim().Now())
		if _, err := c.c.Resource("persistentvolumes").UpdateStatus(v); err != nil {
			return err
		}
	}
	if pvc.Spec.VolumeName != pv.Name || pvc.Annotations[AnnBindCompleted] != "yes" {
		v := api.DeepCopyAs(pvc)
		v.Spec.VolumeName = pv.Name
		if v.Annotations == nil {
			v.Annotations = map[string]string{}
		}
		v.Annotations[AnnBindCompleted] = "yes"
		if pvc.Spec.VolumeName == "" {
			v.Annotations[AnnBoundByController] = "yes"
		}
		c.Trace("update", "persistentvolumeclaims", pvc.Namespace, pvc.Name, "binding claim %s/%s to volume %s", pvc.Namespace, pvc.Name, pv.Name)
		updated, err := c.c.Resource("persistentvolumeclaims").Namespace(pvc.Namespace).Update(v)
		if err != nil {
			return err
		}
		pvc = updated.(*api.PersistentVolumeClaim)
	}
	if pvc.Status.Phase != api.ClaimBound {
		return c.claimStatus(pvc, api.ClaimBound, pv)
	}
	return nil
}

func (c *Controller) claimStatus(pvc *api.PersistentVolumeClaim, phase api.PersistentVolumeClaimPhase, pv *api.PersistentVolume) error {
	v := api.DeepCopyAs(pvc)
	v.Status.Phase = phase
	if pv != nil {
		v.Status.AccessModes = append([]api.PersistentVolumeAccessMode(nil), pv.Spec.AccessModes...)
		v.Status.Capacity = api.ResourceList{}
		for k, q := range pv.Spec.Capacity {
			v.Status.Capacity[k] = q.DeepCopy()
		}
	}
	_, err := c.c.Resource("persistentvolumeclaims").Namespace(pvc.Namespace).UpdateStatus(v)
	return err
}

// syncVolume is syncVolume: Available without a claim, Released when its
// claim is gone (then deleted under the Delete policy of a provisioned
// volume, by its provisioner in a real cluster).
func (c *Controller) syncVolume(pv *api.PersistentVolume) error {
	if pv.DeletionTimestamp != nil {
		return nil
	}
	ref := pv.Spec.ClaimRef
	phase := pv.Status.Phase
	switch {
	case ref == nil:
		if phase != api.VolumeAvailable {
			return c.volumePhase(pv, api.VolumeAvailable)
		}
	case ref.UID == "":
		// pre-bound to a claim that may come later
		if phase != api.VolumeAvailable {
			return c.volumePhase(pv, api.VolumeAvailable)
		}
	default:
		pvc, ok := ctrlutil.Get[*api.PersistentVolumeClaim](c.pvcInf, ref.Namespace, ref.Name)
		if ok && pvc.UID == ref.UID {
			return nil
		}
		if phase != api.VolumeReleased && phase != api.VolumeFailed {
			if err := c.volumePhase(pv, api.VolumeReleased); err != nil {
				return err
			}
		}
		if pv.Spec.PersistentVolumeReclaimPolicy == api.PersistentVolumeReclaimDelete {
			if pv.Annotations[AnnDynamicallyProvisioned] == "" {
				c.rec.Eventf(pv, api.EventTypeWarning, "VolumeFailedDelete", "error getting deleter volume plugin for volume %q: no deletable volume plugin matched", pv.Name)
				return c.volumePhase(pv, api.VolumeFailed)
			}
			c.Trace("delete", "persistentvolumes", "", pv.Name, "reclaiming volume %s (policy Delete)", pv.Name)
			_, err := c.c.Resource("persistentvolumes").Delete(pv.Name, client.DeleteOptions{})
			if err != nil && !api.IsNotFound(err) {
				return err
			}
		}
	}
	return nil
}

func (c *Controller) volumePhase(pv *api.PersistentVolume, phase api.PersistentVolumePhase) error {
	v := api.DeepCopyAs(pv)
	v.Status.Phase = phase
	v.Status.LastPhaseTransitionTime = api.NewTimePtr(c.Sim().Now())
	_, err := c.c.Resource("persistentvolumes").UpdateStatus(v)
	if err != nil && api.IsNotFound(err) {
		return nil
	}
	return err
}
