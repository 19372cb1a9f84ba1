package api

// Deployment is apps/v1 Deployment.
type Deployment struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DeploymentSpec   `json:"spec,omitempty"`
	Status     DeploymentStatus `json:"status,omitempty"`
}

// DeploymentSpec is apps/v1 DeploymentSpec.
type DeploymentSpec struct {
	Replicas                *int32             `json:"replicas,omitempty"`
	Selector                *LabelSelector     `json:"selector"`
	Template                PodTemplateSpec    `json:"template"`
	Strategy                DeploymentStrategy `json:"strategy,omitempty" patchStrategy:"retainKeys"`
	MinReadySeconds         int32              `json:"minReadySeconds,omitempty"`
	RevisionHistoryLimit    *int32             `json:"revisionHistoryLimit,omitempty"`
	Paused                  bool               `json:"paused,omitempty"`
	ProgressDeadlineSeconds *int32             `json:"progressDeadlineSeconds,omitempty"`
}

// DeploymentStrategy is apps/v1 DeploymentStrategy.
type DeploymentStrategy struct {
	Type          DeploymentStrategyType   `json:"type,omitempty"`
	RollingUpdate *RollingUpdateDeployment `json:"rollingUpdate,omitempty"`
}

// DeploymentStrategyType is apps/v1 DeploymentStrategyType.
type DeploymentStrategyType string

// RollingUpdateDeployment is apps/v1 RollingUpdateDeployment.
type RollingUpdateDeployment struct {
	MaxUnavailable *IntOrString `json:"maxUnavailable,omitempty"`
	MaxSurge       *IntOrString `json:"maxSurge,omitempty"`
}

// DeploymentStatus is apps/v1 DeploymentStatus.
type DeploymentStatus struct {
	ObservedGeneration  int64                 `json:"observedGeneration,omitempty"`
	Replicas            int32                 `json:"replicas,omitempty"`
	UpdatedReplicas     int32                 `json:"updatedReplicas,omitempty"`
	ReadyReplicas       int32                 `json:"readyReplicas,omitempty"`
	AvailableReplicas   int32                 `json:"availableReplicas,omitempty"`
	UnavailableReplicas int32                 `json:"unavailableReplicas,omitempty"`
	TerminatingReplicas *int32                `json:"terminatingReplicas,omitempty"`
	Conditions          []DeploymentCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	CollisionCount      *int32                `json:"collisionCount,omitempty"`
}

// DeploymentCondition is apps/v1 DeploymentCondition.
type DeploymentCondition struct {
	Type               DeploymentConditionType `json:"type"`
	Status             ConditionStatus         `json:"status"`
	LastUpdateTime     Time                    `json:"lastUpdateTime,omitempty"`
	LastTransitionTime Time                    `json:"lastTransitionTime,omitempty"`
	Reason             string                  `json:"reason,omitempty"`
	Message            string                  `json:"message,omitempty"`
}

// DeploymentConditionType is apps/v1 DeploymentConditionType.
type DeploymentConditionType string

// DeploymentList is apps/v1 DeploymentList.
type DeploymentList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Deployment `json:"items"`
}

// ReplicaSet is apps/v1 ReplicaSet.
type ReplicaSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ReplicaSetSpec   `json:"spec,omitempty"`
	Status     ReplicaSetStatus `json:"status,omitempty"`
}

// ReplicaSetSpec is apps/v1 ReplicaSetSpec.
type ReplicaSetSpec struct {
	Replicas        *int32          `json:"replicas,omitempty"`
	MinReadySeconds int32           `json:"minReadySeconds,omitempty"`
	Selector        *LabelSelector  `json:"selector"`
	Template        PodTemplateSpec `json:"template,omitempty"`
}

// ReplicaSetStatus is apps/v1 ReplicaSetStatus.
type ReplicaSetStatus struct {
	Replicas             int32                 `json:"replicas"`
	FullyLabeledReplicas int32                 `json:"fullyLabeledReplicas,omitempty"`
	ReadyReplicas        int32                 `json:"readyReplicas,omitempty"`
	AvailableReplicas    int32                 `json:"availableReplicas,omitempty"`
	TerminatingReplicas  *int32                `json:"terminatingReplicas,omitempty"`
	ObservedGeneration   int64                 `json:"observedGeneration,omitempty"`
	Conditions           []ReplicaSetCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// ReplicaSetCondition is apps/v1 ReplicaSetCondition.
type ReplicaSetCondition struct {
	Type               ReplicaSetConditionType `json:"type"`
	Status             ConditionStatus         `json:"status"`
	LastTransitionTime Time                    `json:"lastTransitionTime,omitempty"`
	Reason             string                  `json:"reason,omitempty"`
	Message            string                  `json:"message,omitempty"`
}

// ReplicaSetConditionType is apps/v1 ReplicaSetConditionType.
type ReplicaSetConditionType string

// ReplicaSetList is apps/v1 ReplicaSetList.
type ReplicaSetList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ReplicaSet `json:"items"`
}

// DaemonSet is apps/v1 DaemonSet.
type DaemonSet struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       DaemonSetSpec   `json:"spec,omitempty"`
	Status     DaemonSetStatus `json:"status,omitempty"`
}

// DaemonSetSpec is apps/v1 DaemonSetSpec.
type DaemonSetSpec struct {
	Selector             *LabelSelector          `json:"selector"`
	Template             PodTemplateSpec         `json:"template"`
	UpdateStrategy       DaemonSetUpdateStrategy `json:"updateStrategy,omitempty"`
	MinReadySeconds      int32                   `json:"minReadySeconds,omitempty"`
	RevisionHistoryLimit *int32                  `json:"revisionHistoryLimit,omitempty"`
}

// DaemonSetUpdateStrategy is apps/v1 DaemonSetUpdateStrategy.
type DaemonSetUpdateStrategy struct {
	Type          DaemonSetUpdateStrategyType `json:"type,omitempty"`
	RollingUpdate *RollingUpdateDaemonSet     `json:"rollingUpdate,omitempty"`
}

// DaemonSetUpdateStrategyType is apps/v1 DaemonSetUpdateStrategyType.
type DaemonSetUpdateStrategyType string

// RollingUpdateDaemonSet is apps/v1 RollingUpdateDaemonSet.
type RollingUpdateDaemonSet struct {
	MaxUnavailable *IntOrString `json:"maxUnavailable,omitempty"`
	MaxSurge       *IntOrString `json:"maxSurge,omitempty"`
}

// DaemonSetStatus is apps/v1 DaemonSetStatus.
type DaemonSetStatus struct {
	CurrentNumberScheduled int32                `json:"currentNumberScheduled"`
	NumberMisscheduled     int32                `json:"numberMisscheduled"`
	DesiredNumberScheduled int32                `json:"desiredNumberScheduled"`
	NumberReady            int32                `json:"numberReady"`
	ObservedGeneration     int64                `json:"observedGeneration,omitempty"`
	UpdatedNumberScheduled int32                `json:"updatedNumberScheduled,omitempty"`
	NumberAvailable        int32                `json:"numberAvailable,omitempty"`
	NumberUnavailable      int32                `json:"numberUnavailable,omitempty"`
	CollisionCount         *int32               `json:"collisionCount,omitempty"`
	Conditions             []DaemonSetCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// DaemonSetCondition is apps/v1 DaemonSetCondition.
type DaemonSetCondition struct {
	Type               DaemonSetConditionType `json:"type"`
	Status             ConditionStatus        `json:"status"`
	LastTransitionTime Time                   `json:"lastTransitionTime,omitempty"`
	Reason             string                 `json:"reason,omitempty"`
	Message            string                 `json:"message,omitempty"`
}

// DaemonSetConditionType is apps/v1 DaemonSetConditionType.
type DaemonSetConditionType string

// DaemonSetList is apps/v1 DaemonSetList.
type DaemonSetList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []DaemonSet `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	ControllerRevisionHashLabelKey                                  = "controller-revision-hash"
	StatefulSetRevisionLabel                                        = ControllerRevisionHashLabelKey
	DeprecatedRollbackTo                                            = "deprecated.deployment.rollback.to"
	DeprecatedTemplateGeneration                                    = "deprecated.daemonset.template.generation"
	StatefulSetPodNameLabel                                         = "statefulset.kubernetes.io/pod-name"
	PodIndexLabel                                                   = "apps.kubernetes.io/pod-index"
	DefaultDeploymentUniqueLabelKey     string                      = "pod-template-hash"
	RecreateDeploymentStrategyType      DeploymentStrategyType      = "Recreate"
	RollingUpdateDeploymentStrategyType DeploymentStrategyType      = "RollingUpdate"
	DeploymentAvailable                 DeploymentConditionType     = "Available"
	DeploymentProgressing               DeploymentConditionType     = "Progressing"
	DeploymentReplicaFailure            DeploymentConditionType     = "ReplicaFailure"
	RollingUpdateDaemonSetStrategyType  DaemonSetUpdateStrategyType = "RollingUpdate"
	OnDeleteDaemonSetStrategyType       DaemonSetUpdateStrategyType = "OnDelete"
	DefaultDaemonSetUniqueLabelKey                                  = ControllerRevisionHashLabelKey
	ReplicaSetReplicaFailure            ReplicaSetConditionType     = "ReplicaFailure"
)
