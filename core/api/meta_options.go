package api

// DeletionPropagation is metav1.DeletionPropagation.
type DeletionPropagation string

// The propagation policies of a delete.
const (
	DeletePropagationOrphan     DeletionPropagation = "Orphan"
	DeletePropagationBackground DeletionPropagation = "Background"
	DeletePropagationForeground DeletionPropagation = "Foreground"
)

// DeleteOptions is metav1.DeleteOptions (the body of policy/v1 Eviction and of DELETE requests).
type DeleteOptions struct {
	TypeMeta                                         `json:",inline"`
	GracePeriodSeconds                               *int64               `json:"gracePeriodSeconds,omitempty"`
	Preconditions                                    *Preconditions       `json:"preconditions,omitempty"`
	OrphanDependents                                 *bool                `json:"orphanDependents,omitempty"`
	PropagationPolicy                                *DeletionPropagation `json:"propagationPolicy,omitempty"`
	DryRun                                           []string             `json:"dryRun,omitempty"`
	IgnoreStoreReadErrorWithClusterBreakingPotential *bool                `json:"ignoreStoreReadErrorWithClusterBreakingPotential,omitempty"`
}

// LabelSelectorOperator is metav1.LabelSelectorOperator (LabelSelectorRequirement.Operator holds one as a string).
type LabelSelectorOperator = string

// The operators of a LabelSelectorRequirement.
const (
	LabelSelectorOpIn           LabelSelectorOperator = "In"
	LabelSelectorOpNotIn        LabelSelectorOperator = "NotIn"
	LabelSelectorOpExists       LabelSelectorOperator = "Exists"
	LabelSelectorOpDoesNotExist LabelSelectorOperator = "DoesNotExist"
)
