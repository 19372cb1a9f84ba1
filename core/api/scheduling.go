package api

// PriorityClass is scheduling.k8s.io/v1 PriorityClass.
type PriorityClass struct {
	TypeMeta         `json:",inline"`
	ObjectMeta       `json:"metadata,omitempty"`
	Value            int32             `json:"value"`
	GlobalDefault    bool              `json:"globalDefault,omitempty"`
	Description      string            `json:"description,omitempty"`
	PreemptionPolicy *PreemptionPolicy `json:"preemptionPolicy,omitempty"`
}

// PriorityClassList is scheduling.k8s.io/v1 PriorityClassList.
type PriorityClassList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []PriorityClass `json:"items"`
}
