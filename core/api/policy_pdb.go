package api

// PodDisruptionBudget is policy/v1 PodDisruptionBudget.
type PodDisruptionBudget struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodDisruptionBudgetSpec   `json:"spec,omitempty"`
	Status     PodDisruptionBudgetStatus `json:"status,omitempty"`
}

// PodDisruptionBudgetSpec is policy/v1 PodDisruptionBudgetSpec.
type PodDisruptionBudgetSpec struct {
	MinAvailable               *IntOrString                    `json:"minAvailable,omitempty"`
	Selector                   *LabelSelector                  `json:"selector,omitempty" patchStrategy:"replace"`
	MaxUnavailable             *IntOrString                    `json:"maxUnavailable,omitempty"`
	UnhealthyPodEvictionPolicy *UnhealthyPodEvictionPolicyType `json:"unhealthyPodEvictionPolicy,omitempty"`
}

// UnhealthyPodEvictionPolicyType is policy/v1 UnhealthyPodEvictionPolicyType.
type UnhealthyPodEvictionPolicyType string

// PodDisruptionBudgetStatus is policy/v1 PodDisruptionBudgetStatus.
type PodDisruptionBudgetStatus struct {
	ObservedGeneration int64           `json:"observedGeneration,omitempty"`
	DisruptedPods      map[string]Time `json:"disruptedPods,omitempty"`
	DisruptionsAllowed int32           `json:"disruptionsAllowed"`
	CurrentHealthy     int32           `json:"currentHealthy"`
	DesiredHealthy     int32           `json:"desiredHealthy"`
	ExpectedPods       int32           `json:"expectedPods"`
	Conditions         []Condition     `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// PodDisruptionBudgetList is policy/v1 PodDisruptionBudgetList.
type PodDisruptionBudgetList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []PodDisruptionBudget `json:"items"`
}
