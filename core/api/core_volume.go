package api

// Volume is core/v1 Volume.
type Volume struct {
	Name         string `json:"name"`
	VolumeSource `json:",inline"`
}

// VolumeSource is core/v1 VolumeSource.
type VolumeSource struct {
	HostPath              *HostPathVolumeSource              `json:"hostPath,omitempty"`
	EmptyDir              *EmptyDirVolumeSource              `json:"emptyDir,omitempty"`
	GCEPersistentDisk     *GCEPersistentDiskVolumeSource     `json:"gcePersistentDisk,omitempty"`
	AWSElasticBlockStore  *AWSElasticBlockStoreVolumeSource  `json:"awsElasticBlockStore,omitempty"`
	GitRepo               *GitRepoVolumeSource               `json:"gitRepo,omitempty"`
	Secret                *SecretVolumeSource                `json:"secret,omitempty"`
	NFS                   *NFSVolumeSource                   `json:"nfs,omitempty"`
	ISCSI                 *ISCSIVolumeSource                 `json:"iscsi,omitempty"`
	Glusterfs             *GlusterfsVolumeSource             `json:"glusterfs,omitempty"`
	PersistentVolumeClaim *PersistentVolumeClaimVolumeSource `json:"persistentVolumeClaim,omitempty"`
	RBD                   *RBDVolumeSource                   `json:"rbd,omitempty"`
	FlexVolume            *FlexVolumeSource                  `json:"flexVolume,omitempty"`
	Cinder                *CinderVolumeSource                `json:"cinder,omitempty"`
	CephFS                *CephFSVolumeSource                `json:"cephfs,omitempty"`
	Flocker               *FlockerVolumeSource               `json:"flocker,omitempty"`
	DownwardAPI           *DownwardAPIVolumeSource           `json:"downwardAPI,omitempty"`
	FC                    *FCVolumeSource                    `json:"fc,omitempty"`
	AzureFile             *AzureFileVolumeSource             `json:"azureFile,omitempty"`
	ConfigMap             *ConfigMapVolumeSource             `json:"configMap,omitempty"`
	VsphereVolume         *VsphereVirtualDiskVolumeSource    `json:"vsphereVolume,omitempty"`
	Quobyte               *QuobyteVolumeSource               `json:"quobyte,omitempty"`
	AzureDisk             *AzureDiskVolumeSource             `json:"azureDisk,omitempty"`
	PhotonPersistentDisk  *PhotonPersistentDiskVolumeSource  `json:"photonPersistentDisk,omitempty"`
	Projected             *ProjectedVolumeSource             `json:"projected,omitempty"`
	PortworxVolume        *PortworxVolumeSource              `json:"portworxVolume,omitempty"`
	ScaleIO               *ScaleIOVolumeSource               `json:"scaleIO,omitempty"`
	StorageOS             *StorageOSVolumeSource             `json:"storageos,omitempty"`
	CSI                   *CSIVolumeSource                   `json:"csi,omitempty"`
	Ephemeral             *EphemeralVolumeSource             `json:"ephemeral,omitempty"`
	Image                 *ImageVolumeSource                 `json:"image,omitempty"`
}

// HostPathVolumeSource is core/v1 HostPathVolumeSource.
type HostPathVolumeSource struct {
	Path string        `json:"path"`
	Type *HostPathType `json:"type,omitempty"`
}

// HostPathType is core/v1 HostPathType.
type HostPathType string

// EmptyDirVolumeSource is core/v1 EmptyDirVolumeSource.
type EmptyDirVolumeSource struct {
	Medium    StorageMedium `json:"medium,omitempty"`
	SizeLimit *Quantity     `json:"sizeLimit,omitempty"`
}

// StorageMedium is core/v1 StorageMedium.
type StorageMedium string

// GCEPersistentDiskVolumeSource is core/v1 GCEPersistentDiskVolumeSource.
type GCEPersistentDiskVolumeSource struct {
	PDName    string `json:"pdName"`
	FSType    string `json:"fsType,omitempty"`
	Partition int32  `json:"partition,omitempty"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// AWSElasticBlockStoreVolumeSource is core/v1 AWSElasticBlockStoreVolumeSource.
type AWSElasticBlockStoreVolumeSource struct {
	VolumeID  string `json:"volumeID"`
	FSType    string `json:"fsType,omitempty"`
	Partition int32  `json:"partition,omitempty"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// GitRepoVolumeSource is core/v1 GitRepoVolumeSource.
type GitRepoVolumeSource struct {
	Repository string `json:"repository"`
	Revision   string `json:"revision,omitempty"`
	Directory  string `json:"directory,omitempty"`
}

// SecretVolumeSource is core/v1 SecretVolumeSource.
type SecretVolumeSource struct {
	SecretName  string      `json:"secretName,omitempty"`
	Items       []KeyToPath `json:"items,omitempty"`
	DefaultMode *int32      `json:"defaultMode,omitempty"`
	Optional    *bool       `json:"optional,omitempty"`
}

// KeyToPath is core/v1 KeyToPath.
type KeyToPath struct {
	Key  string `json:"key"`
	Path string `json:"path"`
	Mode *int32 `json:"mode,omitempty"`
}

// NFSVolumeSource is core/v1 NFSVolumeSource.
type NFSVolumeSource struct {
	Server   string `json:"server"`
	Path     string `json:"path"`
	ReadOnly bool   `json:"readOnly,omitempty"`
}

// ISCSIVolumeSource is core/v1 ISCSIVolumeSource.
type ISCSIVolumeSource struct {
	TargetPortal      string                `json:"targetPortal"`
	IQN               string                `json:"iqn"`
	Lun               int32                 `json:"lun"`
	ISCSIInterface    string                `json:"iscsiInterface,omitempty"`
	FSType            string                `json:"fsType,omitempty"`
	ReadOnly          bool                  `json:"readOnly,omitempty"`
	Portals           []string              `json:"portals,omitempty"`
	DiscoveryCHAPAuth bool                  `json:"chapAuthDiscovery,omitempty"`
	SessionCHAPAuth   bool                  `json:"chapAuthSession,omitempty"`
	SecretRef         *LocalObjectReference `json:"secretRef,omitempty"`
	InitiatorName     *string               `json:"initiatorName,omitempty"`
}

// GlusterfsVolumeSource is core/v1 GlusterfsVolumeSource.
type GlusterfsVolumeSource struct {
	EndpointsName string `json:"endpoints"`
	Path          string `json:"path"`
	ReadOnly      bool   `json:"readOnly,omitempty"`
}

// PersistentVolumeClaimVolumeSource is core/v1 PersistentVolumeClaimVolumeSource.
type PersistentVolumeClaimVolumeSource struct {
	ClaimName string `json:"claimName"`
	ReadOnly  bool   `json:"readOnly,omitempty"`
}

// RBDVolumeSource is core/v1 RBDVolumeSource.
type RBDVolumeSource struct {
	CephMonitors []string              `json:"monitors"`
	RBDImage     string                `json:"image"`
	FSType       string                `json:"fsType,omitempty"`
	RBDPool      string                `json:"pool,omitempty"`
	RadosUser    string                `json:"user,omitempty"`
	Keyring      string                `json:"keyring,omitempty"`
	SecretRef    *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly     bool                  `json:"readOnly,omitempty"`
}

// FlexVolumeSource is core/v1 FlexVolumeSource.
type FlexVolumeSource struct {
	Driver    string                `json:"driver"`
	FSType    string                `json:"fsType,omitempty"`
	SecretRef *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly  bool                  `json:"readOnly,omitempty"`
	Options   map[string]string     `json:"options,omitempty"`
}

// CinderVolumeSource is core/v1 CinderVolumeSource.
type CinderVolumeSource struct {
	VolumeID  string                `json:"volumeID"`
	FSType    string                `json:"fsType,omitempty"`
	ReadOnly  bool                  `json:"readOnly,omitempty"`
	SecretRef *LocalObjectReference `json:"secretRef,omitempty"`
}

// CephFSVolumeSource is core/v1 CephFSVolumeSource.
type CephFSVolumeSource struct {
	Monitors   []string              `json:"monitors"`
	Path       string                `json:"path,omitempty"`
	User       string                `json:"user,omitempty"`
	SecretFile string                `json:"secretFile,omitempty"`
	SecretRef  *LocalObjectReference `json:"secretRef,omitempty"`
	ReadOnly   bool                  `json:"readOnly,omitempty"`
}

// FlockerVolumeSource is core/v1 FlockerVolumeSource.
type FlockerVolumeSource struct {
	DatasetName string `json:"datasetName,omitempty"`
	DatasetUUID string `json:"datasetUUID,omitempty"`
}

// DownwardAPIVolumeSource is core/v1 DownwardAPIVolumeSource.
type DownwardAPIVolumeSource struct {
	Items       []DownwardAPIVolumeFile `json:"items,omitempty"`
	DefaultMode *int32                  `json:"defaultMode,omitempty"`
}

// DownwardAPIVolumeFile is core/v1 DownwardAPIVolumeFile.
type DownwardAPIVolumeFile struct {
	Path             string                 `json:"path"`
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	Mode             *int32                 `json:"mode,omitempty"`
}

// FCVolumeSource is core/v1 FCVolumeSource.
type FCVolumeSource struct {
	TargetWWNs []string `json:"targetWWNs,omitempty"`
	Lun        *int32   `json:"lun,omitempty"`
	FSType     string   `json:"fsType,omitempty"`
	ReadOnly   bool     `json:"readOnly,omitempty"`
	WWIDs      []string `json:"wwids,omitempty"`
}

// AzureFileVolumeSource is core/v1 AzureFileVolumeSource.
type AzureFileVolumeSource struct {
	SecretName string `json:"secretName"`
	ShareName  string `json:"shareName"`
	ReadOnly   bool   `json:"readOnly,omitempty"`
}

// ConfigMapVolumeSource is core/v1 ConfigMapVolumeSource.
type ConfigMapVolumeSource struct {
	LocalObjectReference `json:",inline"`
	Items                []KeyToPath `json:"items,omitempty"`
	DefaultMode          *int32      `json:"defaultMode,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`
}

// VsphereVirtualDiskVolumeSource is core/v1 VsphereVirtualDiskVolumeSource.
type VsphereVirtualDiskVolumeSource struct {
	VolumePath        string `json:"volumePath"`
	FSType            string `json:"fsType,omitempty"`
	StoragePolicyName string `json:"storagePolicyName,omitempty"`
	StoragePolicyID   string `json:"storagePolicyID,omitempty"`
}

// QuobyteVolumeSource is core/v1 QuobyteVolumeSource.
type QuobyteVolumeSource struct {
	Registry string `json:"registry"`
	Volume   string `json:"volume"`
	ReadOnly bool   `json:"readOnly,omitempty"`
	User     string `json:"user,omitempty"`
	Group    string `json:"group,omitempty"`
	Tenant   string `json:"tenant,omitempty"`
}

// AzureDiskVolumeSource is core/v1 AzureDiskVolumeSource.
type AzureDiskVolumeSource struct {
	DiskName    string                    `json:"diskName"`
	DataDiskURI string                    `json:"diskURI"`
	CachingMode *AzureDataDiskCachingMode `json:"cachingMode,omitempty"`
	FSType      *string                   `json:"fsType,omitempty"`
	ReadOnly    *bool                     `json:"readOnly,omitempty"`
	Kind        *AzureDataDiskKind        `json:"kind,omitempty"`
}

// AzureDataDiskCachingMode is core/v1 AzureDataDiskCachingMode.
type AzureDataDiskCachingMode string

// AzureDataDiskKind is core/v1 AzureDataDiskKind.
type AzureDataDiskKind string

// PhotonPersistentDiskVolumeSource is core/v1 PhotonPersistentDiskVolumeSource.
type PhotonPersistentDiskVolumeSource struct {
	PdID   string `json:"pdID"`
	FSType string `json:"fsType,omitempty"`
}

// ProjectedVolumeSource is core/v1 ProjectedVolumeSource.
type ProjectedVolumeSource struct {
	Sources     []VolumeProjection `json:"sources"`
	DefaultMode *int32             `json:"defaultMode,omitempty"`
}

// VolumeProjection is core/v1 VolumeProjection.
type VolumeProjection struct {
	Secret              *SecretProjection              `json:"secret,omitempty"`
	DownwardAPI         *DownwardAPIProjection         `json:"downwardAPI,omitempty"`
	ConfigMap           *ConfigMapProjection           `json:"configMap,omitempty"`
	ServiceAccountToken *ServiceAccountTokenProjection `json:"serviceAccountToken,omitempty"`
	ClusterTrustBundle  *ClusterTrustBundleProjection  `json:"clusterTrustBundle,omitempty"`
	PodCertificate      *PodCertificateProjection      `json:"podCertificate,omitempty"`
}

// SecretProjection is core/v1 SecretProjection.
type SecretProjection struct {
	LocalObjectReference `json:",inline"`
	Items                []KeyToPath `json:"items,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`
}

// DownwardAPIProjection is core/v1 DownwardAPIProjection.
type DownwardAPIProjection struct {
	Items []DownwardAPIVolumeFile `json:"items,omitempty"`
}

// ConfigMapProjection is core/v1 ConfigMapProjection.
type ConfigMapProjection struct {
	LocalObjectReference `json:",inline"`
	Items                []KeyToPath `json:"items,omitempty"`
	Optional             *bool       `json:"optional,omitempty"`
}

// ServiceAccountTokenProjection is core/v1 ServiceAccountTokenProjection.
type ServiceAccountTokenProjection struct {
	Audience          string `json:"audience,omitempty"`
	ExpirationSeconds *int64 `json:"expirationSeconds,omitempty"`
	Path              string `json:"path"`
}

// ClusterTrustBundleProjection is core/v1 ClusterTrustBundleProjection.
type ClusterTrustBundleProjection struct {
	Name          *string        `json:"name,omitempty"`
	SignerName    *string        `json:"signerName,omitempty"`
	LabelSelector *LabelSelector `json:"labelSelector,omitempty"`
	Optional      *bool          `json:"optional,omitempty"`
	Path          string         `json:"path"`
}

// PodCertificateProjection is core/v1 PodCertificateProjection.
type PodCertificateProjection struct {
	SignerName           string            `json:"signerName,omitempty"`
	KeyType              string            `json:"keyType,omitempty"`
	MaxExpirationSeconds *int32            `json:"maxExpirationSeconds,omitempty"`
	CredentialBundlePath string            `json:"credentialBundlePath,omitempty"`
	KeyPath              string            `json:"keyPath,omitempty"`
	CertificateChainPath string            `json:"certificateChainPath,omitempty"`
	UserAnnotations      map[string]string `json:"userAnnotations,omitempty"`
}

// PortworxVolumeSource is core/v1 PortworxVolumeSource.
type PortworxVolumeSource struct {
	VolumeID string `json:"volumeID"`
	FSType   string `json:"fsType,omitempty"`
	ReadOnly bool   `json:"readOnly,omitempty"`
}

// ScaleIOVolumeSource is core/v1 ScaleIOVolumeSource.
type ScaleIOVolumeSource struct {
	Gateway          string                `json:"gateway"`
	System           string                `json:"system"`
	SecretRef        *LocalObjectReference `json:"secretRef"`
	SSLEnabled       bool                  `json:"sslEnabled,omitempty"`
	ProtectionDomain string                `json:"protectionDomain,omitempty"`
	StoragePool      string                `json:"storagePool,omitempty"`
	StorageMode      string                `json:"storageMode,omitempty"`
	VolumeName       string                `json:"volumeName,omitempty"`
	FSType           string                `json:"fsType,omitempty"`
	ReadOnly         bool                  `json:"readOnly,omitempty"`
}

// StorageOSVolumeSource is core/v1 StorageOSVolumeSource.
type StorageOSVolumeSource struct {
	VolumeName      string                `json:"volumeName,omitempty"`
	VolumeNamespace string                `json:"volumeNamespace,omitempty"`
	FSType          string                `json:"fsType,omitempty"`
	ReadOnly        bool                  `json:"readOnly,omitempty"`
	SecretRef       *LocalObjectReference `json:"secretRef,omitempty"`
}

// CSIVolumeSource is core/v1 CSIVolumeSource.
type CSIVolumeSource struct {
	Driver               string                `json:"driver"`
	ReadOnly             *bool                 `json:"readOnly,omitempty"`
	FSType               *string               `json:"fsType,omitempty"`
	VolumeAttributes     map[string]string     `json:"volumeAttributes,omitempty"`
	NodePublishSecretRef *LocalObjectReference `json:"nodePublishSecretRef,omitempty"`
}

// EphemeralVolumeSource is core/v1 EphemeralVolumeSource.
type EphemeralVolumeSource struct {
	VolumeClaimTemplate *PersistentVolumeClaimTemplate `json:"volumeClaimTemplate,omitempty"`
}

// PersistentVolumeClaimTemplate is core/v1 PersistentVolumeClaimTemplate.
type PersistentVolumeClaimTemplate struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PersistentVolumeClaimSpec `json:"spec"`
}

// PersistentVolumeClaimSpec is core/v1 PersistentVolumeClaimSpec.
type PersistentVolumeClaimSpec struct {
	AccessModes               []PersistentVolumeAccessMode `json:"accessModes,omitempty"`
	Selector                  *LabelSelector               `json:"selector,omitempty"`
	Resources                 VolumeResourceRequirements   `json:"resources,omitempty"`
	VolumeName                string                       `json:"volumeName,omitempty"`
	StorageClassName          *string                      `json:"storageClassName,omitempty"`
	VolumeMode                *PersistentVolumeMode        `json:"volumeMode,omitempty"`
	DataSource                *TypedLocalObjectReference   `json:"dataSource,omitempty"`
	DataSourceRef             *TypedObjectReference        `json:"dataSourceRef,omitempty"`
	VolumeAttributesClassName *string                      `json:"volumeAttributesClassName,omitempty"`
}

// PersistentVolumeAccessMode is core/v1 PersistentVolumeAccessMode.
type PersistentVolumeAccessMode string

// VolumeResourceRequirements is core/v1 VolumeResourceRequirements.
type VolumeResourceRequirements struct {
	Limits   ResourceList `json:"limits,omitempty"`
	Requests ResourceList `json:"requests,omitempty"`
}

// PersistentVolumeMode is core/v1 PersistentVolumeMode.
type PersistentVolumeMode string

// TypedLocalObjectReference is core/v1 TypedLocalObjectReference.
type TypedLocalObjectReference struct {
	APIGroup *string `json:"apiGroup"`
	Kind     string  `json:"kind"`
	Name     string  `json:"name"`
}

// TypedObjectReference is core/v1 TypedObjectReference.
type TypedObjectReference struct {
	APIGroup  *string `json:"apiGroup"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Namespace *string `json:"namespace,omitempty"`
}

// ImageVolumeSource is core/v1 ImageVolumeSource.
type ImageVolumeSource struct {
	Reference  string     `json:"reference,omitempty"`
	PullPolicy PullPolicy `json:"pullPolicy,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	PersistentVolumeBlock         PersistentVolumeMode       = "Block"
	PersistentVolumeFilesystem    PersistentVolumeMode       = "Filesystem"
	ReadWriteOnce                 PersistentVolumeAccessMode = "ReadWriteOnce"
	ReadOnlyMany                  PersistentVolumeAccessMode = "ReadOnlyMany"
	ReadWriteMany                 PersistentVolumeAccessMode = "ReadWriteMany"
	ReadWriteOncePod              PersistentVolumeAccessMode = "ReadWriteOncePod"
	HostPathUnset                 HostPathType               = ""
	HostPathDirectoryOrCreate     HostPathType               = "DirectoryOrCreate"
	HostPathDirectory             HostPathType               = "Directory"
	HostPathFileOrCreate          HostPathType               = "FileOrCreate"
	HostPathFile                  HostPathType               = "File"
	HostPathSocket                HostPathType               = "Socket"
	HostPathCharDev               HostPathType               = "CharDevice"
	HostPathBlockDev              HostPathType               = "BlockDevice"
	StorageMediumDefault          StorageMedium              = ""
	StorageMediumMemory           StorageMedium              = "Memory"
	StorageMediumHugePages        StorageMedium              = "HugePages"
	StorageMediumHugePagesPrefix  StorageMedium              = "HugePages-"
	AzureDataDiskCachingNone      AzureDataDiskCachingMode   = "None"
	AzureDataDiskCachingReadOnly  AzureDataDiskCachingMode   = "ReadOnly"
	AzureDataDiskCachingReadWrite AzureDataDiskCachingMode   = "ReadWrite"
	AzureSharedBlobDisk           AzureDataDiskKind          = "Shared"
	AzureDedicatedBlobDisk        AzureDataDiskKind          = "Dedicated"
	AzureManagedDisk              AzureDataDiskKind          = "Managed"
)
