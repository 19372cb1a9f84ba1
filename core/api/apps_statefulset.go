package api

import "encoding/json"

// StatefulSet is apps/v1 StatefulSet.
type StatefulSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       StatefulSetSpec   `json:"spec,omitempty"`
	Status     StatefulSetStatus `json:"status,omitempty"`
}

// StatefulSetSpec is apps/v1 StatefulSetSpec.
type StatefulSetSpec struct {
	Replicas                             *int32                                           `json:"replicas,omitempty"`
	Selector                             *LabelSelector                                   `json:"selector"`
	Template                             PodTemplateSpec                                  `json:"template"`
	VolumeClaimTemplates                 []PersistentVolumeClaim                          `json:"volumeClaimTemplates,omitempty"`
	ServiceName                          string                                           `json:"serviceName,omitempty"`
	PodManagementPolicy                  PodManagementPolicyType                          `json:"podManagementPolicy,omitempty"`
	UpdateStrategy                       StatefulSetUpdateStrategy                        `json:"updateStrategy,omitempty"`
	RevisionHistoryLimit                 *int32                                           `json:"revisionHistoryLimit,omitempty"`
	MinReadySeconds                      int32                                            `json:"minReadySeconds,omitempty"`
	PersistentVolumeClaimRetentionPolicy *StatefulSetPersistentVolumeClaimRetentionPolicy `json:"persistentVolumeClaimRetentionPolicy,omitempty"`
	Ordinals                             *StatefulSetOrdinals                             `json:"ordinals,omitempty"`
}

// PodManagementPolicyType is apps/v1 PodManagementPolicyType.
type PodManagementPolicyType string

// StatefulSetUpdateStrategy is apps/v1 StatefulSetUpdateStrategy.
type StatefulSetUpdateStrategy struct {
	Type          StatefulSetUpdateStrategyType     `json:"type,omitempty"`
	RollingUpdate *RollingUpdateStatefulSetStrategy `json:"rollingUpdate,omitempty"`
}

// StatefulSetUpdateStrategyType is apps/v1 StatefulSetUpdateStrategyType.
type StatefulSetUpdateStrategyType string

// RollingUpdateStatefulSetStrategy is apps/v1 RollingUpdateStatefulSetStrategy.
type RollingUpdateStatefulSetStrategy struct {
	Partition      *int32       `json:"partition,omitempty"`
	MaxUnavailable *IntOrString `json:"maxUnavailable,omitempty"`
}

// PersistentVolumeClaimRetentionPolicyType is apps/v1 PersistentVolumeClaimRetentionPolicyType.
type PersistentVolumeClaimRetentionPolicyType string

// StatefulSetPersistentVolumeClaimRetentionPolicy is apps/v1 StatefulSetPersistentVolumeClaimRetentionPolicy.
type StatefulSetPersistentVolumeClaimRetentionPolicy struct {
	WhenDeleted PersistentVolumeClaimRetentionPolicyType `json:"whenDeleted,omitempty"`
	WhenScaled  PersistentVolumeClaimRetentionPolicyType `json:"whenScaled,omitempty"`
}

// StatefulSetOrdinals is apps/v1 StatefulSetOrdinals.
type StatefulSetOrdinals struct {
	Start int32 `json:"start"`
}

// StatefulSetStatus is apps/v1 StatefulSetStatus.
type StatefulSetStatus struct {
	ObservedGeneration int64                  `json:"observedGeneration,omitempty"`
	Replicas           int32                  `json:"replicas"`
	ReadyReplicas      int32                  `json:"readyReplicas,omitempty"`
	CurrentReplicas    int32                  `json:"currentReplicas,omitempty"`
	UpdatedReplicas    int32                  `json:"updatedReplicas,omitempty"`
	CurrentRevision    string                 `json:"currentRevision,omitempty"`
	UpdateRevision     string                 `json:"updateRevision,omitempty"`
	CollisionCount     *int32                 `json:"collisionCount,omitempty"`
	Conditions         []StatefulSetCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	AvailableReplicas  int32                  `json:"availableReplicas"`
}

// StatefulSetCondition is apps/v1 StatefulSetCondition.
type StatefulSetCondition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}

// StatefulSetList is apps/v1 StatefulSetList.
type StatefulSetList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []StatefulSet `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	OrderedReadyPodManagement                      PodManagementPolicyType                  = "OrderedReady"
	ParallelPodManagement                          PodManagementPolicyType                  = "Parallel"
	RollingUpdateStatefulSetStrategyType           StatefulSetUpdateStrategyType            = "RollingUpdate"
	OnDeleteStatefulSetStrategyType                StatefulSetUpdateStrategyType            = "OnDelete"
	RetainPersistentVolumeClaimRetentionPolicyType PersistentVolumeClaimRetentionPolicyType = "Retain"
	DeletePersistentVolumeClaimRetentionPolicyType PersistentVolumeClaimRetentionPolicyType = "Delete"
)

// ControllerRevision is apps/v1 ControllerRevision: an immutable snapshot
// of a StatefulSet's (or DaemonSet's) pod template, numbered by Revision.
type ControllerRevision struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Data       json.RawMessage `json:"data,omitempty"`
	Revision   int64           `json:"revision"`
}

// ControllerRevisionList is apps/v1 ControllerRevisionList.
type ControllerRevisionList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ControllerRevision `json:"items"`
}
