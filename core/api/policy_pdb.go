package api

import "time"

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

// SetDisruptionAllowed sets the DisruptionAllowed condition as the
// disruption controller words it (SufficientPods / InsufficientPods).
func (pdb *PodDisruptionBudget) SetDisruptionAllowed(allowed bool, now time.Time) {
	status, reason := "True", "SufficientPods"
	if !allowed {
		status, reason = "False", "InsufficientPods"
	}
	c := Condition{Type: "DisruptionAllowed", Status: status, Reason: reason, ObservedGeneration: pdb.Status.ObservedGeneration,
		LastTransitionTime: NewTime(now)}
	for i, old := range pdb.Status.Conditions {
		if old.Type == c.Type {
			if old.Status == status && old.ObservedGeneration == c.ObservedGeneration {
				return
			}
			if old.Status == status {
				c.LastTransitionTime = old.LastTransitionTime
			}
			pdb.Status.Conditions[i] = c
			return
		}
	}
	pdb.Status.Conditions = append(pdb.Status.Conditions, c)
}
