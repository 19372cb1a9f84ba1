package api

// PersistentVolume is core/v1 PersistentVolume.
type PersistentVolume struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeSpec   `json:"spec,omitempty"`
	Status     PersistentVolumeStatus `json:"status,omitempty"`
}

// PersistentVolumeSpec is core/v1 PersistentVolumeSpec (the volume sources
// the documentation uses).
type PersistentVolumeSpec struct {
	Capacity                      ResourceList `json:"capacity,omitempty"`
	PersistentVolumeSource        `json:",inline"`
	AccessModes                   []PersistentVolumeAccessMode  `json:"accessModes,omitempty"`
	ClaimRef                      *ObjectReference              `json:"claimRef,omitempty"`
	PersistentVolumeReclaimPolicy PersistentVolumeReclaimPolicy `json:"persistentVolumeReclaimPolicy,omitempty"`
	StorageClassName              string                        `json:"storageClassName,omitempty"`
	MountOptions                  []string                      `json:"mountOptions,omitempty"`
	VolumeMode                    *PersistentVolumeMode         `json:"volumeMode,omitempty"`
	NodeAffinity                  *VolumeNodeAffinity           `json:"nodeAffinity,omitempty"`
	VolumeAttributesClassName     *string                       `json:"volumeAttributesClassName,omitempty"`
}

// PersistentVolumeSource is core/v1 PersistentVolumeSource.
type PersistentVolumeSource struct {
	GCEPersistentDisk    *GCEPersistentDiskVolumeSource    `json:"gcePersistentDisk,omitempty"`
	AWSElasticBlockStore *AWSElasticBlockStoreVolumeSource `json:"awsElasticBlockStore,omitempty"`
	HostPath             *HostPathVolumeSource             `json:"hostPath,omitempty"`
	NFS                  *NFSVolumeSource                  `json:"nfs,omitempty"`
	FC                   *FCVolumeSource                   `json:"fc,omitempty"`
	AzureDisk            *AzureDiskVolumeSource            `json:"azureDisk,omitempty"`
	Local                *LocalVolumeSource                `json:"local,omitempty"`
	CSI                  *CSIPersistentVolumeSource        `json:"csi,omitempty"`
}

// LocalVolumeSource is core/v1 LocalVolumeSource.
type LocalVolumeSource struct {
	Path   string  `json:"path"`
	FSType *string `json:"fsType,omitempty"`
}

// CSIPersistentVolumeSource is core/v1 CSIPersistentVolumeSource.
type CSIPersistentVolumeSource struct {
	Driver                     string            `json:"driver"`
	VolumeHandle               string            `json:"volumeHandle"`
	ReadOnly                   bool              `json:"readOnly,omitempty"`
	FSType                     string            `json:"fsType,omitempty"`
	VolumeAttributes           map[string]string `json:"volumeAttributes,omitempty"`
	ControllerPublishSecretRef *SecretReference  `json:"controllerPublishSecretRef,omitempty"`
	NodeStageSecretRef         *SecretReference  `json:"nodeStageSecretRef,omitempty"`
	NodePublishSecretRef       *SecretReference  `json:"nodePublishSecretRef,omitempty"`
	ControllerExpandSecretRef  *SecretReference  `json:"controllerExpandSecretRef,omitempty"`
	NodeExpandSecretRef        *SecretReference  `json:"nodeExpandSecretRef,omitempty"`
}

// SecretReference is core/v1 SecretReference.
type SecretReference struct {
	Name      string `json:"name,omitempty"`
	Namespace string `json:"namespace,omitempty"`
}

// VolumeNodeAffinity is core/v1 VolumeNodeAffinity.
type VolumeNodeAffinity struct {
	Required *NodeSelector `json:"required,omitempty"`
}

// PersistentVolumeReclaimPolicy is core/v1 PersistentVolumeReclaimPolicy.
type PersistentVolumeReclaimPolicy string

// PersistentVolumePhase is core/v1 PersistentVolumePhase.
type PersistentVolumePhase string

// PersistentVolumeStatus is core/v1 PersistentVolumeStatus.
type PersistentVolumeStatus struct {
	Phase                   PersistentVolumePhase `json:"phase,omitempty"`
	Message                 string                `json:"message,omitempty"`
	Reason                  string                `json:"reason,omitempty"`
	LastPhaseTransitionTime *Time                 `json:"lastPhaseTransitionTime,omitempty"`
}

// PersistentVolumeList is core/v1 PersistentVolumeList.
type PersistentVolumeList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []PersistentVolume `json:"items"`
}

// PersistentVolumeClaim is core/v1 PersistentVolumeClaim.
type PersistentVolumeClaim struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec   `json:"spec,omitempty"`
	Status     PersistentVolumeClaimStatus `json:"status,omitempty"`
}

// PersistentVolumeClaimPhase is core/v1 PersistentVolumeClaimPhase.
type PersistentVolumeClaimPhase string

// PersistentVolumeClaimStatus is core/v1 PersistentVolumeClaimStatus.
type PersistentVolumeClaimStatus struct {
	Phase       PersistentVolumeClaimPhase       `json:"phase,omitempty"`
	AccessModes []PersistentVolumeAccessMode     `json:"accessModes,omitempty"`
	Capacity    ResourceList                     `json:"capacity,omitempty"`
	Conditions  []PersistentVolumeClaimCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// PersistentVolumeClaimCondition is core/v1 PersistentVolumeClaimCondition.
type PersistentVolumeClaimCondition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	LastProbeTime      Time            `json:"lastProbeTime,omitempty"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}

// PersistentVolumeClaimList is core/v1 PersistentVolumeClaimList.
type PersistentVolumeClaimList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []PersistentVolumeClaim `json:"items"`
}

// StorageClass is storage.k8s.io/v1 StorageClass.
type StorageClass struct {
	TypeMeta             `json:",inline"`
	ObjectMeta           `json:"metadata,omitempty"`
	Provisioner          string                         `json:"provisioner"`
	Parameters           map[string]string              `json:"parameters,omitempty"`
	ReclaimPolicy        *PersistentVolumeReclaimPolicy `json:"reclaimPolicy,omitempty"`
	MountOptions         []string                       `json:"mountOptions,omitempty"`
	AllowVolumeExpansion *bool                          `json:"allowVolumeExpansion,omitempty"`
	VolumeBindingMode    *VolumeBindingMode             `json:"volumeBindingMode,omitempty"`
	AllowedTopologies    []TopologySelectorTerm         `json:"allowedTopologies,omitempty"`
}

// VolumeBindingMode is storage.k8s.io/v1 VolumeBindingMode.
type VolumeBindingMode string

// TopologySelectorTerm is core/v1 TopologySelectorTerm.
type TopologySelectorTerm struct {
	MatchLabelExpressions []TopologySelectorLabelRequirement `json:"matchLabelExpressions,omitempty"`
}

// TopologySelectorLabelRequirement is core/v1 TopologySelectorLabelRequirement.
type TopologySelectorLabelRequirement struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// StorageClassList is storage.k8s.io/v1 StorageClassList.
type StorageClassList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []StorageClass `json:"items"`
}

// ReplicationController is core/v1 ReplicationController.
type ReplicationController struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ReplicationControllerSpec   `json:"spec,omitempty"`
	Status     ReplicationControllerStatus `json:"status,omitempty"`
}

// ReplicationControllerSpec is core/v1 ReplicationControllerSpec.
type ReplicationControllerSpec struct {
	Replicas        *int32            `json:"replicas,omitempty"`
	MinReadySeconds int32             `json:"minReadySeconds,omitempty"`
	Selector        map[string]string `json:"selector,omitempty"`
	Template        *PodTemplateSpec  `json:"template,omitempty"`
}

// ReplicationControllerStatus is core/v1 ReplicationControllerStatus.
type ReplicationControllerStatus struct {
	Replicas             int32                            `json:"replicas"`
	FullyLabeledReplicas int32                            `json:"fullyLabeledReplicas,omitempty"`
	ReadyReplicas        int32                            `json:"readyReplicas,omitempty"`
	AvailableReplicas    int32                            `json:"availableReplicas,omitempty"`
	ObservedGeneration   int64                            `json:"observedGeneration,omitempty"`
	Conditions           []ReplicationControllerCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// ReplicationControllerCondition is core/v1 ReplicationControllerCondition.
type ReplicationControllerCondition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	PersistentVolumeReclaimRecycle    PersistentVolumeReclaimPolicy = "Recycle"
	PersistentVolumeReclaimDelete     PersistentVolumeReclaimPolicy = "Delete"
	PersistentVolumeReclaimRetain     PersistentVolumeReclaimPolicy = "Retain"
	VolumePending                     PersistentVolumePhase         = "Pending"
	VolumeAvailable                   PersistentVolumePhase         = "Available"
	VolumeBound                       PersistentVolumePhase         = "Bound"
	VolumeReleased                    PersistentVolumePhase         = "Released"
	VolumeFailed                      PersistentVolumePhase         = "Failed"
	ClaimPending                      PersistentVolumeClaimPhase    = "Pending"
	ClaimBound                        PersistentVolumeClaimPhase    = "Bound"
	ClaimLost                         PersistentVolumeClaimPhase    = "Lost"
	VolumeBindingImmediate            VolumeBindingMode             = "Immediate"
	VolumeBindingWaitForFirstConsumer VolumeBindingMode             = "WaitForFirstConsumer"
)
