package api

// EndpointSlice is discovery.k8s.io/v1 EndpointSlice.
type EndpointSlice struct {
	TypeMeta    `json:",inline"`
	ObjectMeta  `json:"metadata,omitempty"`
	AddressType AddressType         `json:"addressType"`
	Endpoints   []Endpoint          `json:"endpoints"`
	Ports       []EndpointSlicePort `json:"ports"`
}

// AddressType is discovery.k8s.io/v1 AddressType.
type AddressType string

// Endpoint is discovery.k8s.io/v1 Endpoint.
type Endpoint struct {
	Addresses          []string           `json:"addresses"`
	Conditions         EndpointConditions `json:"conditions,omitempty"`
	Hostname           *string            `json:"hostname,omitempty"`
	TargetRef          *ObjectReference   `json:"targetRef,omitempty"`
	DeprecatedTopology map[string]string  `json:"deprecatedTopology,omitempty"`
	NodeName           *string            `json:"nodeName,omitempty"`
	Zone               *string            `json:"zone,omitempty"`
	Hints              *EndpointHints     `json:"hints,omitempty"`
}

// EndpointConditions is discovery.k8s.io/v1 EndpointConditions.
type EndpointConditions struct {
	Ready       *bool `json:"ready,omitempty"`
	Serving     *bool `json:"serving,omitempty"`
	Terminating *bool `json:"terminating,omitempty"`
}

// EndpointHints is discovery.k8s.io/v1 EndpointHints.
type EndpointHints struct {
	ForZones []ForZone `json:"forZones,omitempty"`
	ForNodes []ForNode `json:"forNodes,omitempty"`
}

// ForZone is discovery.k8s.io/v1 ForZone.
type ForZone struct {
	Name string `json:"name"`
}

// ForNode is discovery.k8s.io/v1 ForNode.
type ForNode struct {
	Name string `json:"name"`
}

// EndpointSlicePort is discovery.k8s.io/v1 EndpointPort (renamed to avoid a clash in package api).
type EndpointSlicePort struct {
	Name        *string   `json:"name,omitempty"`
	Protocol    *Protocol `json:"protocol,omitempty"`
	Port        *int32    `json:"port,omitempty"`
	AppProtocol *string   `json:"appProtocol,omitempty"`
}

// EndpointSliceList is discovery.k8s.io/v1 EndpointSliceList.
type EndpointSliceList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []EndpointSlice `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	LabelServiceName = "kubernetes.io/service-name"
	LabelManagedBy   = "endpointslice.kubernetes.io/managed-by"
	LabelSkipMirror  = "endpointslice.kubernetes.io/skip-mirror"
)
