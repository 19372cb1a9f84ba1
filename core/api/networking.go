package api

// Ingress is networking.k8s.io/v1 Ingress.
type Ingress struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       IngressSpec   `json:"spec,omitempty"`
	Status     IngressStatus `json:"status,omitempty"`
}

// IngressSpec is networking.k8s.io/v1 IngressSpec.
type IngressSpec struct {
	IngressClassName *string         `json:"ingressClassName,omitempty"`
	DefaultBackend   *IngressBackend `json:"defaultBackend,omitempty"`
	TLS              []IngressTLS    `json:"tls,omitempty"`
	Rules            []IngressRule   `json:"rules,omitempty"`
}

// IngressBackend is networking.k8s.io/v1 IngressBackend.
type IngressBackend struct {
	Service  *IngressServiceBackend     `json:"service,omitempty"`
	Resource *TypedLocalObjectReference `json:"resource,omitempty"`
}

// IngressServiceBackend is networking.k8s.io/v1 IngressServiceBackend.
type IngressServiceBackend struct {
	Name string             `json:"name"`
	Port ServiceBackendPort `json:"port,omitempty"`
}

// ServiceBackendPort is networking.k8s.io/v1 ServiceBackendPort.
type ServiceBackendPort struct {
	Name   string `json:"name,omitempty"`
	Number int32  `json:"number,omitempty"`
}

// IngressTLS is networking.k8s.io/v1 IngressTLS.
type IngressTLS struct {
	Hosts      []string `json:"hosts,omitempty"`
	SecretName string   `json:"secretName,omitempty"`
}

// IngressRule is networking.k8s.io/v1 IngressRule.
type IngressRule struct {
	Host             string `json:"host,omitempty"`
	IngressRuleValue `json:",inline"`
}

// IngressRuleValue is networking.k8s.io/v1 IngressRuleValue.
type IngressRuleValue struct {
	HTTP *HTTPIngressRuleValue `json:"http,omitempty"`
}

// HTTPIngressRuleValue is networking.k8s.io/v1 HTTPIngressRuleValue.
type HTTPIngressRuleValue struct {
	Paths []HTTPIngressPath `json:"paths"`
}

// PathType is networking.k8s.io/v1 PathType.
type PathType string

// HTTPIngressPath is networking.k8s.io/v1 HTTPIngressPath.
type HTTPIngressPath struct {
	Path     string         `json:"path,omitempty"`
	PathType *PathType      `json:"pathType"`
	Backend  IngressBackend `json:"backend"`
}

// IngressStatus is networking.k8s.io/v1 IngressStatus.
type IngressStatus struct {
	LoadBalancer IngressLoadBalancerStatus `json:"loadBalancer,omitempty"`
}

// IngressLoadBalancerStatus is networking.k8s.io/v1 IngressLoadBalancerStatus.
type IngressLoadBalancerStatus struct {
	Ingress []IngressLoadBalancerIngress `json:"ingress,omitempty"`
}

// IngressLoadBalancerIngress is networking.k8s.io/v1 IngressLoadBalancerIngress.
type IngressLoadBalancerIngress struct {
	IP       string              `json:"ip,omitempty"`
	Hostname string              `json:"hostname,omitempty"`
	Ports    []IngressPortStatus `json:"ports,omitempty"`
}

// IngressPortStatus is networking.k8s.io/v1 IngressPortStatus.
type IngressPortStatus struct {
	Port     int32    `json:"port"`
	Protocol Protocol `json:"protocol"`
	Error    *string  `json:"error,omitempty"`
}

// IngressList is networking.k8s.io/v1 IngressList.
type IngressList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Ingress `json:"items"`
}

// IngressClass is networking.k8s.io/v1 IngressClass.
type IngressClass struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       IngressClassSpec `json:"spec,omitempty"`
}

// IngressClassSpec is networking.k8s.io/v1 IngressClassSpec.
type IngressClassSpec struct {
	Controller string                           `json:"controller,omitempty"`
	Parameters *IngressClassParametersReference `json:"parameters,omitempty"`
}

// IngressClassParametersReference is networking.k8s.io/v1 IngressClassParametersReference.
type IngressClassParametersReference struct {
	APIGroup  *string `json:"apiGroup,omitempty"`
	Kind      string  `json:"kind"`
	Name      string  `json:"name"`
	Scope     *string `json:"scope,omitempty"`
	Namespace *string `json:"namespace,omitempty"`
}

// NetworkPolicy is networking.k8s.io/v1 NetworkPolicy.
type NetworkPolicy struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NetworkPolicySpec `json:"spec,omitempty"`
}

// PolicyType is networking.k8s.io/v1 PolicyType.
type PolicyType string

// NetworkPolicySpec is networking.k8s.io/v1 NetworkPolicySpec.
type NetworkPolicySpec struct {
	PodSelector LabelSelector              `json:"podSelector"`
	Ingress     []NetworkPolicyIngressRule `json:"ingress,omitempty"`
	Egress      []NetworkPolicyEgressRule  `json:"egress,omitempty"`
	PolicyTypes []PolicyType               `json:"policyTypes,omitempty"`
}

// NetworkPolicyIngressRule is networking.k8s.io/v1 NetworkPolicyIngressRule.
type NetworkPolicyIngressRule struct {
	Ports []NetworkPolicyPort `json:"ports,omitempty"`
	From  []NetworkPolicyPeer `json:"from,omitempty"`
}

// NetworkPolicyEgressRule is networking.k8s.io/v1 NetworkPolicyEgressRule.
type NetworkPolicyEgressRule struct {
	Ports []NetworkPolicyPort `json:"ports,omitempty"`
	To    []NetworkPolicyPeer `json:"to,omitempty"`
}

// NetworkPolicyPort is networking.k8s.io/v1 NetworkPolicyPort.
type NetworkPolicyPort struct {
	Protocol *Protocol    `json:"protocol,omitempty"`
	Port     *IntOrString `json:"port,omitempty"`
	EndPort  *int32       `json:"endPort,omitempty"`
}

// IPBlock is networking.k8s.io/v1 IPBlock.
type IPBlock struct {
	CIDR   string   `json:"cidr"`
	Except []string `json:"except,omitempty"`
}

// NetworkPolicyPeer is networking.k8s.io/v1 NetworkPolicyPeer.
type NetworkPolicyPeer struct {
	PodSelector       *LabelSelector `json:"podSelector,omitempty"`
	NamespaceSelector *LabelSelector `json:"namespaceSelector,omitempty"`
	IPBlock           *IPBlock       `json:"ipBlock,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	PathTypeExact                  PathType   = "Exact"
	PathTypePrefix                 PathType   = "Prefix"
	PathTypeImplementationSpecific PathType   = "ImplementationSpecific"
	PolicyTypeIngress              PolicyType = "Ingress"
	PolicyTypeEgress               PolicyType = "Egress"
)
