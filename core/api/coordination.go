package api

// Lease is coordination.k8s.io/v1 Lease.
type Lease struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       LeaseSpec `json:"spec,omitempty"`
}

// LeaseSpec is coordination.k8s.io/v1 LeaseSpec.
type LeaseSpec struct {
	HolderIdentity       *string                   `json:"holderIdentity,omitempty"`
	LeaseDurationSeconds *int32                    `json:"leaseDurationSeconds,omitempty"`
	AcquireTime          *MicroTime                `json:"acquireTime,omitempty"`
	RenewTime            *MicroTime                `json:"renewTime,omitempty"`
	LeaseTransitions     *int32                    `json:"leaseTransitions,omitempty"`
	Strategy             *CoordinatedLeaseStrategy `json:"strategy,omitempty"`
	PreferredHolder      *string                   `json:"preferredHolder,omitempty"`
}

// CoordinatedLeaseStrategy is coordination.k8s.io/v1 CoordinatedLeaseStrategy.
type CoordinatedLeaseStrategy string

// LeaseList is coordination.k8s.io/v1 LeaseList.
type LeaseList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Lease `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	OldestEmulationVersion CoordinatedLeaseStrategy = "OldestEmulationVersion"
)
