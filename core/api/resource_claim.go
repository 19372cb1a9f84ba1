package api

import "encoding/json"

// DeviceResourceClaim is resource.k8s.io/v1 ResourceClaim (Go name apart
// from core/v1 ResourceClaim, a container's claim reference).
type DeviceResourceClaim struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceClaimSpec   `json:"spec"`
	Status     ResourceClaimStatus `json:"status,omitempty"`
}

// ResourceClaimStatus is resource.k8s.io/v1 ResourceClaimStatus (the consumers only: nothing
// allocates devices in a kind cluster without a DRA driver).
type ResourceClaimStatus struct {
	ReservedFor []ResourceClaimConsumerReference `json:"reservedFor,omitempty"`
}

// ResourceClaimConsumerReference is resource.k8s.io/v1 ResourceClaimConsumerReference.
type ResourceClaimConsumerReference struct {
	APIGroup string `json:"apiGroup,omitempty"`
	Resource string `json:"resource"`
	Name     string `json:"name"`
	UID      string `json:"uid"`
}

// ResourceClaimSpec is resource.k8s.io/v1 ResourceClaimSpec.
type ResourceClaimSpec struct {
	Devices DeviceClaim `json:"devices,omitempty"`
}

// DeviceClaim is resource.k8s.io/v1 DeviceClaim.
type DeviceClaim struct {
	Requests    []DeviceRequest            `json:"requests,omitempty"`
	Constraints []DeviceConstraint         `json:"constraints,omitempty"`
	Config      []DeviceClaimConfiguration `json:"config,omitempty"`
}

// DeviceRequest is resource.k8s.io/v1 DeviceRequest.
type DeviceRequest struct {
	Name           string              `json:"name"`
	Exactly        *ExactDeviceRequest `json:"exactly,omitempty"`
	FirstAvailable []DeviceSubRequest  `json:"firstAvailable,omitempty"`
}

// ExactDeviceRequest is resource.k8s.io/v1 ExactDeviceRequest.
type ExactDeviceRequest struct {
	DeviceClassName string           `json:"deviceClassName"`
	Selectors       []DeviceSelector `json:"selectors,omitempty"`
	AllocationMode  string           `json:"allocationMode,omitempty"`
	Count           int64            `json:"count,omitempty"`
	AdminAccess     *bool            `json:"adminAccess,omitempty"`
}

// DeviceSubRequest is resource.k8s.io/v1 DeviceSubRequest.
type DeviceSubRequest struct {
	Name            string           `json:"name"`
	DeviceClassName string           `json:"deviceClassName"`
	Selectors       []DeviceSelector `json:"selectors,omitempty"`
	AllocationMode  string           `json:"allocationMode,omitempty"`
	Count           int64            `json:"count,omitempty"`
}

// DeviceSelector is resource.k8s.io/v1 DeviceSelector.
type DeviceSelector struct {
	CEL *CELDeviceSelector `json:"cel,omitempty"`
}

// CELDeviceSelector is resource.k8s.io/v1 CELDeviceSelector.
type CELDeviceSelector struct {
	Expression string `json:"expression"`
}

// DeviceConstraint is resource.k8s.io/v1 DeviceConstraint.
type DeviceConstraint struct {
	Requests       []string `json:"requests,omitempty"`
	MatchAttribute *string  `json:"matchAttribute,omitempty"`
}

// DeviceClaimConfiguration is resource.k8s.io/v1 DeviceClaimConfiguration.
type DeviceClaimConfiguration struct {
	Requests []string                   `json:"requests,omitempty"`
	Opaque   *OpaqueDeviceConfiguration `json:"opaque,omitempty"`
}

// OpaqueDeviceConfiguration is resource.k8s.io/v1 OpaqueDeviceConfiguration.
type OpaqueDeviceConfiguration struct {
	Driver     string          `json:"driver"`
	Parameters json.RawMessage `json:"parameters"`
}
