package api

// ComponentStatus is v1 ComponentStatus, deprecated since v1.19 and still served by v1.35: the apiserver
// probes the scheduler, the controller-manager and etcd when it is asked, and stores nothing.
type ComponentStatus struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Conditions []ComponentCondition `json:"conditions,omitempty"`
}

// ComponentCondition is v1 ComponentCondition: Type is always Healthy.
type ComponentCondition struct {
	Type    string          `json:"type"`
	Status  ConditionStatus `json:"status"`
	Message string          `json:"message,omitempty"`
	Error   string          `json:"error,omitempty"`
}

// ComponentStatusDeprecationWarning is the apiserver's warning on every v1 ComponentStatus request.
const ComponentStatusDeprecationWarning = "v1 ComponentStatus is deprecated in v1.19+"
