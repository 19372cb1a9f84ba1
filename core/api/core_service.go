package api

// Service is core/v1 Service.
type Service struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ServiceSpec   `json:"spec,omitempty"`
	Status     ServiceStatus `json:"status,omitempty"`
}

// ServiceSpec is core/v1 ServiceSpec.
type ServiceSpec struct {
	Ports                         []ServicePort                 `json:"ports,omitempty" patchStrategy:"merge" patchMergeKey:"port"`
	Selector                      map[string]string             `json:"selector,omitempty"`
	ClusterIP                     string                        `json:"clusterIP,omitempty"`
	ClusterIPs                    []string                      `json:"clusterIPs,omitempty"`
	Type                          ServiceType                   `json:"type,omitempty"`
	ExternalIPs                   []string                      `json:"externalIPs,omitempty"`
	SessionAffinity               ServiceAffinity               `json:"sessionAffinity,omitempty"`
	LoadBalancerIP                string                        `json:"loadBalancerIP,omitempty"`
	LoadBalancerSourceRanges      []string                      `json:"loadBalancerSourceRanges,omitempty"`
	ExternalName                  string                        `json:"externalName,omitempty"`
	ExternalTrafficPolicy         ServiceExternalTrafficPolicy  `json:"externalTrafficPolicy,omitempty"`
	HealthCheckNodePort           int32                         `json:"healthCheckNodePort,omitempty"`
	PublishNotReadyAddresses      bool                          `json:"publishNotReadyAddresses,omitempty"`
	SessionAffinityConfig         *SessionAffinityConfig        `json:"sessionAffinityConfig,omitempty"`
	IPFamilies                    []IPFamily                    `json:"ipFamilies,omitempty"`
	IPFamilyPolicy                *IPFamilyPolicy               `json:"ipFamilyPolicy,omitempty"`
	AllocateLoadBalancerNodePorts *bool                         `json:"allocateLoadBalancerNodePorts,omitempty"`
	LoadBalancerClass             *string                       `json:"loadBalancerClass,omitempty"`
	InternalTrafficPolicy         *ServiceInternalTrafficPolicy `json:"internalTrafficPolicy,omitempty"`
	TrafficDistribution           *string                       `json:"trafficDistribution,omitempty"`
}

// ServicePort is core/v1 ServicePort.
type ServicePort struct {
	Name        string      `json:"name,omitempty"`
	Protocol    Protocol    `json:"protocol,omitempty"`
	AppProtocol *string     `json:"appProtocol,omitempty"`
	Port        int32       `json:"port"`
	TargetPort  IntOrString `json:"targetPort,omitempty"`
	NodePort    int32       `json:"nodePort,omitempty"`
}

// ServiceType is core/v1 ServiceType.
type ServiceType string

// ServiceAffinity is core/v1 ServiceAffinity.
type ServiceAffinity string

// ServiceExternalTrafficPolicy is core/v1 ServiceExternalTrafficPolicy.
type ServiceExternalTrafficPolicy string

// SessionAffinityConfig is core/v1 SessionAffinityConfig.
type SessionAffinityConfig struct {
	ClientIP *ClientIPConfig `json:"clientIP,omitempty"`
}

// ClientIPConfig is core/v1 ClientIPConfig.
type ClientIPConfig struct {
	TimeoutSeconds *int32 `json:"timeoutSeconds,omitempty"`
}

// IPFamily is core/v1 IPFamily.
type IPFamily string

// IPFamilyPolicy is core/v1 IPFamilyPolicy.
type IPFamilyPolicy string

// ServiceInternalTrafficPolicy is core/v1 ServiceInternalTrafficPolicy.
type ServiceInternalTrafficPolicy string

// ServiceStatus is core/v1 ServiceStatus.
type ServiceStatus struct {
	LoadBalancer LoadBalancerStatus `json:"loadBalancer,omitempty"`
	Conditions   []Condition        `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// LoadBalancerStatus is core/v1 LoadBalancerStatus.
type LoadBalancerStatus struct {
	Ingress []LoadBalancerIngress `json:"ingress,omitempty"`
}

// LoadBalancerIngress is core/v1 LoadBalancerIngress.
type LoadBalancerIngress struct {
	IP       string              `json:"ip,omitempty"`
	Hostname string              `json:"hostname,omitempty"`
	IPMode   *LoadBalancerIPMode `json:"ipMode,omitempty"`
	Ports    []PortStatus        `json:"ports,omitempty"`
}

// LoadBalancerIPMode is core/v1 LoadBalancerIPMode.
type LoadBalancerIPMode string

// PortStatus is core/v1 PortStatus.
type PortStatus struct {
	Port     int32    `json:"port"`
	Protocol Protocol `json:"protocol"`
	Error    *string  `json:"error,omitempty"`
}

// ServiceList is core/v1 ServiceList.
type ServiceList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Service `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	ServiceAffinityClientIP             ServiceAffinity              = "ClientIP"
	ServiceAffinityNone                 ServiceAffinity              = "None"
	ServiceTypeClusterIP                ServiceType                  = "ClusterIP"
	ServiceTypeNodePort                 ServiceType                  = "NodePort"
	ServiceTypeLoadBalancer             ServiceType                  = "LoadBalancer"
	ServiceTypeExternalName             ServiceType                  = "ExternalName"
	ServiceInternalTrafficPolicyCluster ServiceInternalTrafficPolicy = "Cluster"
	ServiceInternalTrafficPolicyLocal   ServiceInternalTrafficPolicy = "Local"
	ServiceExternalTrafficPolicyCluster ServiceExternalTrafficPolicy = "Cluster"
	ServiceExternalTrafficPolicyLocal   ServiceExternalTrafficPolicy = "Local"
	IPv4Protocol                        IPFamily                     = "IPv4"
	IPv6Protocol                        IPFamily                     = "IPv6"
	IPFamilyUnknown                     IPFamily                     = ""
	IPFamilyPolicySingleStack           IPFamilyPolicy               = "SingleStack"
	IPFamilyPolicyPreferDualStack       IPFamilyPolicy               = "PreferDualStack"
	IPFamilyPolicyRequireDualStack      IPFamilyPolicy               = "RequireDualStack"
	LoadBalancerIPModeVIP               LoadBalancerIPMode           = "VIP"
	LoadBalancerIPModeProxy             LoadBalancerIPMode           = "Proxy"
)
