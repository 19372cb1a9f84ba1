package api

// ResourceList is core/v1 ResourceList.
type ResourceList map[ResourceName]Quantity

// ResourceName is core/v1 ResourceName.
type ResourceName string

// ResourceRequirements is core/v1 ResourceRequirements.
type ResourceRequirements struct {
	Limits   ResourceList    `json:"limits,omitempty"`
	Requests ResourceList    `json:"requests,omitempty"`
	Claims   []ResourceClaim `json:"claims,omitempty"`
}

// ResourceClaim is core/v1 ResourceClaim.
type ResourceClaim struct {
	Name    string `json:"name"`
	Request string `json:"request,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	ResourceCPU                      ResourceName = "cpu"
	ResourceMemory                   ResourceName = "memory"
	ResourceStorage                  ResourceName = "storage"
	ResourceEphemeralStorage         ResourceName = "ephemeral-storage"
	ResourcePods                     ResourceName = "pods"
	ResourceServices                 ResourceName = "services"
	ResourceReplicationControllers   ResourceName = "replicationcontrollers"
	ResourceQuotas                   ResourceName = "resourcequotas"
	ResourceSecrets                  ResourceName = "secrets"
	ResourceConfigMaps               ResourceName = "configmaps"
	ResourcePersistentVolumeClaims   ResourceName = "persistentvolumeclaims"
	ResourceServicesNodePorts        ResourceName = "services.nodeports"
	ResourceServicesLoadBalancers    ResourceName = "services.loadbalancers"
	ResourceRequestsCPU              ResourceName = "requests.cpu"
	ResourceRequestsMemory           ResourceName = "requests.memory"
	ResourceRequestsStorage          ResourceName = "requests.storage"
	ResourceRequestsEphemeralStorage ResourceName = "requests.ephemeral-storage"
	ResourceLimitsCPU                ResourceName = "limits.cpu"
	ResourceLimitsMemory             ResourceName = "limits.memory"
	ResourceLimitsEphemeralStorage   ResourceName = "limits.ephemeral-storage"
)
