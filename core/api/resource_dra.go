package api

// DeviceClass is resource.k8s.io/v1 DeviceClass (cluster-scoped): a kind of
// device that claims ask for by name, with its selectors and configuration.
type DeviceClass struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DeviceClassSpec `json:"spec"`
}

// DeviceClassSpec is resource.k8s.io/v1 DeviceClassSpec.
type DeviceClassSpec struct {
	Selectors            []DeviceSelector           `json:"selectors,omitempty"`
	Config               []DeviceClassConfiguration `json:"config,omitempty"`
	ExtendedResourceName *string                    `json:"extendedResourceName,omitempty"`
}

// DeviceClassConfiguration is resource.k8s.io/v1 DeviceClassConfiguration
// (an inlined DeviceConfiguration).
type DeviceClassConfiguration struct {
	Opaque *OpaqueDeviceConfiguration `json:"opaque,omitempty"`
}

// ResourceClaimTemplate is resource.k8s.io/v1 ResourceClaimTemplate: the
// resource claim controller creates one ResourceClaim from it per Pod that
// names it in spec.resourceClaims.
type ResourceClaimTemplate struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceClaimTemplateSpec `json:"spec"`
}

// ResourceClaimTemplateSpec is resource.k8s.io/v1 ResourceClaimTemplateSpec:
// the labels and annotations the claim is created with, and its spec.
type ResourceClaimTemplateSpec struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceClaimSpec `json:"spec"`
}

// ResourceSlice is resource.k8s.io/v1 ResourceSlice (cluster-scoped): the
// devices a DRA driver publishes for a node or a pool. kubeplay stores and
// validates them; no driver runs.
type ResourceSlice struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceSliceSpec `json:"spec"`
}

// ResourceSliceSpec is resource.k8s.io/v1 ResourceSliceSpec.
type ResourceSliceSpec struct {
	Driver                 string        `json:"driver"`
	Pool                   ResourcePool  `json:"pool"`
	NodeName               *string       `json:"nodeName,omitempty"`
	NodeSelector           *NodeSelector `json:"nodeSelector,omitempty"`
	AllNodes               *bool         `json:"allNodes,omitempty"`
	Devices                []Device      `json:"devices,omitempty"`
	PerDeviceNodeSelection *bool         `json:"perDeviceNodeSelection,omitempty"`
	SharedCounters         []CounterSet  `json:"sharedCounters,omitempty"`
}

// ResourcePool is resource.k8s.io/v1 ResourcePool.
type ResourcePool struct {
	Name               string `json:"name"`
	Generation         int64  `json:"generation"`
	ResourceSliceCount int64  `json:"resourceSliceCount"`
}

// Device is resource.k8s.io/v1 Device.
type Device struct {
	Name                     string                     `json:"name"`
	Attributes               map[string]DeviceAttribute `json:"attributes,omitempty"`
	Capacity                 map[string]DeviceCapacity  `json:"capacity,omitempty"`
	ConsumesCounters         []DeviceCounterConsumption `json:"consumesCounters,omitempty"`
	NodeName                 *string                    `json:"nodeName,omitempty"`
	NodeSelector             *NodeSelector              `json:"nodeSelector,omitempty"`
	AllNodes                 *bool                      `json:"allNodes,omitempty"`
	Taints                   []DeviceTaint              `json:"taints,omitempty"`
	BindsToNode              *bool                      `json:"bindsToNode,omitempty"`
	BindingConditions        []string                   `json:"bindingConditions,omitempty"`
	BindingFailureConditions []string                   `json:"bindingFailureConditions,omitempty"`
	AllowMultipleAllocations *bool                      `json:"allowMultipleAllocations,omitempty"`
}

// DeviceAttribute is resource.k8s.io/v1 DeviceAttribute: exactly one value.
type DeviceAttribute struct {
	IntValue     *int64  `json:"int,omitempty"`
	BoolValue    *bool   `json:"bool,omitempty"`
	StringValue  *string `json:"string,omitempty"`
	VersionValue *string `json:"version,omitempty"`
}

// DeviceCapacity is resource.k8s.io/v1 DeviceCapacity.
type DeviceCapacity struct {
	Value         Quantity               `json:"value"`
	RequestPolicy *CapacityRequestPolicy `json:"requestPolicy,omitempty"`
}

// CapacityRequestPolicy is resource.k8s.io/v1 CapacityRequestPolicy.
type CapacityRequestPolicy struct {
	Default     *Quantity                   `json:"default,omitempty"`
	ValidValues []Quantity                  `json:"validValues,omitempty"`
	ValidRange  *CapacityRequestPolicyRange `json:"validRange,omitempty"`
}

// CapacityRequestPolicyRange is resource.k8s.io/v1 CapacityRequestPolicyRange.
type CapacityRequestPolicyRange struct {
	Min  *Quantity `json:"min,omitempty"`
	Max  *Quantity `json:"max,omitempty"`
	Step *Quantity `json:"step,omitempty"`
}

// DeviceCounterConsumption is resource.k8s.io/v1 DeviceCounterConsumption.
type DeviceCounterConsumption struct {
	CounterSet string             `json:"counterSet"`
	Counters   map[string]Counter `json:"counters"`
}

// CounterSet is resource.k8s.io/v1 CounterSet.
type CounterSet struct {
	Name     string             `json:"name"`
	Counters map[string]Counter `json:"counters"`
}

// Counter is resource.k8s.io/v1 Counter.
type Counter struct {
	Value Quantity `json:"value"`
}

// DeviceTaint is resource.k8s.io/v1 DeviceTaint.
type DeviceTaint struct {
	Key       string `json:"key"`
	Value     string `json:"value,omitempty"`
	Effect    string `json:"effect"`
	TimeAdded *Time  `json:"timeAdded,omitempty"`
}
