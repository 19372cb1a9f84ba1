package volume

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Provisioner is kind's storage provisioner name.
const Provisioner = "rancher.io/local-path"

// ProvisionerName is the provisioner loop's name; its events' source is
// the provisioner's identity as sig-storage-lib-external-provisioner
// writes it: <provisioner>_<hostname, its Pod's name>_<a uuid drawn at
// start>.
const (
	ProvisionerName = "local-path-provisioner"
	provisionerUUID = "2f0c61a9-5d0b-4c8e-9a51-6f3c1e2b7d44"
)

// LocalPath provisions hostPath volumes under /var/local-path-provisioner
// on the selected node for claims of its StorageClasses.
type LocalPath struct {
	*ctrlutil.Loop
	c             *client.Client
	rec           *client.Recorder
	pvcInf, scInf *client.Informer
	pvInf         *client.Informer
	podInf        *client.Informer
	identity      string
}

// NewLocalPath builds the provisioner on the manager's shared informers.
func NewLocalPath(ctx *ctrlutil.Context) *LocalPath {
	p := &LocalPath{
		c:      ctx.Client.WithComponent(ProvisionerName),
		pvcInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("persistentvolumeclaims", "")),
		scInf:  ctx.Informers.Informer("storageclasses", ""),
		pvInf:  ctx.Informers.Informer("persistentvolumes", ""),
		podInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("pods", "")),
	}
	p.Loop = ctrlutil.NewLoop(ctx.Sim, ProvisionerName, p.sync)
	p.pvcInf.AddEventHandler(client.Handler{OnAdd: p.EnqueueObject, OnUpdate: func(_, o api.Object) { p.EnqueueObject(o) }})
	return p
}

func (p *LocalPath) sync(key string) error {
	ns, name := client.SplitKey(key)
	pvc, ok := ctrlutil.Get[*api.PersistentVolumeClaim](p.pvcInf, ns, name)
	if !ok || pvc.DeletionTimestamp != nil || pvc.Spec.VolumeName != "" || pvc.Annotations[AnnStorageProvisioner] != Provisioner {
		return nil
	}
	sc, ok := ctrlutil.Get[*api.StorageClass](p.scInf, "", className(pvc))
	if !ok || sc.Provisioner != Provisioner {
		return nil
	}
	p.recorder()
	node := pvc.Annotations[AnnSelectedNode]
	pvName := "pvc-" + pvc.UID
	if _, exists := ctrlutil.Get[*api.PersistentVolume](p.pvInf, "", pvName); exists {
		return nil
	}
	if node == "" {
		p.rec.Eventf(pvc, api.EventTypeWarning, "ProvisioningFailed", "failed to provision volume with StorageClass %q: configuration error, no node was specified", sc.Name)
		return nil
	}
	p.rec.Eventf(pvc, api.EventTypeNormal, "Provisioning", "External provisioner is provisioning volume for claim %q", pvc.Namespace+"/"+pvc.Name)
	hostPathType := api.HostPathDirectoryOrCreate
	mode := api.PersistentVolumeFilesystem
	if pvc.Spec.VolumeMode != nil {
		mode = *pvc.Spec.VolumeMode
	}
	policy := api.PersistentVolumeReclaimDelete
	if sc.ReclaimPolicy != nil {
		policy = *sc.ReclaimPolicy
	}
	pv := &api.PersistentVolume{
		ObjectMeta: api.ObjectMeta{Name: pvName, Annotations: map[string]string{
			AnnDynamicallyProvisioned: Provisioner, "local.path.provisioner/selected-node": node}},
		Spec: api.PersistentVolumeSpec{
			Capacity:    api.ResourceList{api.ResourceStorage: pvc.Spec.Resources.Requests[api.ResourceStorage].DeepCopy()},
			AccessModes: append([]api.PersistentVolumeAccessMode(nil), pvc.Spec.AccessModes...),
			ClaimRef: &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: pvc.Namespace, Name: pvc.Name,
				UID: pvc.UID, APIVersion: "v1", ResourceVersion: pvc.ResourceVersion},
			PersistentVolumeReclaimPolicy: policy,
			StorageClassName:              sc.Name,
			VolumeMode:                    &mode,
			PersistentVolumeSource: api.PersistentVolumeSource{HostPath: &api.HostPathVolumeSource{
				Path: fmt.Sprintf("/var/local-path-provisioner/%s_%s_%s", pvName, pvc.Namespace, pvc.Name), Type: &hostPathType}},
			NodeAffinity: &api.VolumeNodeAffinity{Required: &api.NodeSelector{NodeSelectorTerms: []api.NodeSelectorTerm{{
				MatchExpressions: []api.NodeSelectorRequirement{{Key: "kubernetes.io/hostname", Operator: api.NodeSelectorOpIn, Values: []string{node}}}}}}},
		},
	}
	p.Trace("create", "persistentvolumes", "", pvName, "provisioning %s on %s for claim %s/%s", pvName, node, pvc.Namespace, pvc.Name)
	if _, err := p.c.Resource("persistentvolumes").Create(pv); err != nil && !api.IsAlreadyExists(err) {
		p.rec.Eventf(pvc, api.EventTypeWarning, "ProvisioningFailed", "failed to provision volume with StorageClass %q: %v", sc.Name, err)
		return err
	}
	p.rec.Eventf(pvc, api.EventTypeNormal, "ProvisioningSucceeded", "Successfully provisioned volume %s", pvName)
	return nil
}

// recorder names the events after the provisioner's Pod as it runs now
// (local-path-storage's app=local-path-provisioner Pod), as the real
// provisioner's hostname is its Pod's name.
func (p *LocalPath) recorder() {
	pod := ProvisionerName
	for _, o := range ctrlutil.ListIn[*api.Pod](p.podInf, "local-path-storage") {
		if o.Labels["app"] == ProvisionerName && o.DeletionTimestamp == nil {
			pod = o.Name
			break
		}
	}
	if id := Provisioner + "_" + pod + "_" + provisionerUUID; p.rec == nil || id != p.identity {
		p.identity = id
		p.rec = client.NewRecorder(p.c, id, "")
	}
}
