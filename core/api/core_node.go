package api

// Node is core/v1 Node.
type Node struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NodeSpec   `json:"spec,omitempty"`
	Status     NodeStatus `json:"status,omitempty"`
}

// NodeSpec is core/v1 NodeSpec.
type NodeSpec struct {
	PodCIDR            string            `json:"podCIDR,omitempty"`
	PodCIDRs           []string          `json:"podCIDRs,omitempty" patchStrategy:"merge"`
	ProviderID         string            `json:"providerID,omitempty"`
	Unschedulable      bool              `json:"unschedulable,omitempty"`
	Taints             []Taint           `json:"taints,omitempty"`
	ConfigSource       *NodeConfigSource `json:"configSource,omitempty"`
	DoNotUseExternalID string            `json:"externalID,omitempty"`
}

// NodeConfigSource is core/v1 NodeConfigSource.
type NodeConfigSource struct {
	ConfigMap *ConfigMapNodeConfigSource `json:"configMap,omitempty"`
}

// ConfigMapNodeConfigSource is core/v1 ConfigMapNodeConfigSource.
type ConfigMapNodeConfigSource struct {
	Namespace        string `json:"namespace"`
	Name             string `json:"name"`
	UID              string `json:"uid,omitempty"`
	ResourceVersion  string `json:"resourceVersion,omitempty"`
	KubeletConfigKey string `json:"kubeletConfigKey"`
}

// NodeStatus is core/v1 NodeStatus.
type NodeStatus struct {
	Capacity         ResourceList         `json:"capacity,omitempty"`
	Allocatable      ResourceList         `json:"allocatable,omitempty"`
	Phase            NodePhase            `json:"phase,omitempty"`
	Conditions       []NodeCondition      `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	Addresses        []NodeAddress        `json:"addresses,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	DaemonEndpoints  NodeDaemonEndpoints  `json:"daemonEndpoints,omitempty"`
	NodeInfo         NodeSystemInfo       `json:"nodeInfo,omitempty"`
	Images           []ContainerImage     `json:"images,omitempty"`
	VolumesInUse     []UniqueVolumeName   `json:"volumesInUse,omitempty"`
	VolumesAttached  []AttachedVolume     `json:"volumesAttached,omitempty"`
	Config           *NodeConfigStatus    `json:"config,omitempty"`
	RuntimeHandlers  []NodeRuntimeHandler `json:"runtimeHandlers,omitempty"`
	Features         *NodeFeatures        `json:"features,omitempty"`
	DeclaredFeatures []string             `json:"declaredFeatures,omitempty"`
}

// NodePhase is core/v1 NodePhase.
type NodePhase string

// NodeCondition is core/v1 NodeCondition.
type NodeCondition struct {
	Type               NodeConditionType `json:"type"`
	Status             ConditionStatus   `json:"status"`
	LastHeartbeatTime  Time              `json:"lastHeartbeatTime,omitempty"`
	LastTransitionTime Time              `json:"lastTransitionTime,omitempty"`
	Reason             string            `json:"reason,omitempty"`
	Message            string            `json:"message,omitempty"`
}

// NodeConditionType is core/v1 NodeConditionType.
type NodeConditionType string

// NodeAddress is core/v1 NodeAddress.
type NodeAddress struct {
	Type    NodeAddressType `json:"type"`
	Address string          `json:"address"`
}

// NodeAddressType is core/v1 NodeAddressType.
type NodeAddressType string

// NodeDaemonEndpoints is core/v1 NodeDaemonEndpoints.
type NodeDaemonEndpoints struct {
	KubeletEndpoint DaemonEndpoint `json:"kubeletEndpoint,omitempty"`
}

// DaemonEndpoint is core/v1 DaemonEndpoint.
type DaemonEndpoint struct {
	Port int32 `json:"Port"`
}

// NodeSystemInfo is core/v1 NodeSystemInfo.
type NodeSystemInfo struct {
	MachineID               string          `json:"machineID"`
	SystemUUID              string          `json:"systemUUID"`
	BootID                  string          `json:"bootID"`
	KernelVersion           string          `json:"kernelVersion"`
	OSImage                 string          `json:"osImage"`
	ContainerRuntimeVersion string          `json:"containerRuntimeVersion"`
	KubeletVersion          string          `json:"kubeletVersion"`
	KubeProxyVersion        string          `json:"kubeProxyVersion"`
	OperatingSystem         string          `json:"operatingSystem"`
	Architecture            string          `json:"architecture"`
	Swap                    *NodeSwapStatus `json:"swap,omitempty"`
}

// NodeSwapStatus is core/v1 NodeSwapStatus.
type NodeSwapStatus struct {
	Capacity *int64 `json:"capacity,omitempty"`
}

// ContainerImage is core/v1 ContainerImage.
type ContainerImage struct {
	Names     []string `json:"names"`
	SizeBytes int64    `json:"sizeBytes,omitempty"`
}

// UniqueVolumeName is core/v1 UniqueVolumeName.
type UniqueVolumeName string

// AttachedVolume is core/v1 AttachedVolume.
type AttachedVolume struct {
	Name       UniqueVolumeName `json:"name"`
	DevicePath string           `json:"devicePath"`
}

// NodeConfigStatus is core/v1 NodeConfigStatus.
type NodeConfigStatus struct {
	Assigned      *NodeConfigSource `json:"assigned,omitempty"`
	Active        *NodeConfigSource `json:"active,omitempty"`
	LastKnownGood *NodeConfigSource `json:"lastKnownGood,omitempty"`
	Error         string            `json:"error,omitempty"`
}

// NodeRuntimeHandler is core/v1 NodeRuntimeHandler.
type NodeRuntimeHandler struct {
	Name     string                      `json:"name"`
	Features *NodeRuntimeHandlerFeatures `json:"features,omitempty"`
}

// NodeRuntimeHandlerFeatures is core/v1 NodeRuntimeHandlerFeatures.
type NodeRuntimeHandlerFeatures struct {
	RecursiveReadOnlyMounts *bool `json:"recursiveReadOnlyMounts,omitempty"`
	UserNamespaces          *bool `json:"userNamespaces,omitempty"`
}

// NodeFeatures is core/v1 NodeFeatures.
type NodeFeatures struct {
	SupplementalGroupsPolicy *bool `json:"supplementalGroupsPolicy,omitempty"`
}

// NodeList is core/v1 NodeList.
type NodeList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Node `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	NodePending            NodePhase         = "Pending"
	NodeRunning            NodePhase         = "Running"
	NodeTerminated         NodePhase         = "Terminated"
	NodeReady              NodeConditionType = "Ready"
	NodeMemoryPressure     NodeConditionType = "MemoryPressure"
	NodeDiskPressure       NodeConditionType = "DiskPressure"
	NodePIDPressure        NodeConditionType = "PIDPressure"
	NodeNetworkUnavailable NodeConditionType = "NetworkUnavailable"
	NodeHostName           NodeAddressType   = "Hostname"
	NodeInternalIP         NodeAddressType   = "InternalIP"
	NodeExternalIP         NodeAddressType   = "ExternalIP"
	NodeInternalDNS        NodeAddressType   = "InternalDNS"
	NodeExternalDNS        NodeAddressType   = "ExternalDNS"
)
