package api

// Job is batch/v1 Job.
type Job struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       JobSpec   `json:"spec,omitempty"`
	Status     JobStatus `json:"status,omitempty"`
}

// JobSpec is batch/v1 JobSpec.
type JobSpec struct {
	Parallelism             *int32                `json:"parallelism,omitempty"`
	Completions             *int32                `json:"completions,omitempty"`
	ActiveDeadlineSeconds   *int64                `json:"activeDeadlineSeconds,omitempty"`
	PodFailurePolicy        *PodFailurePolicy     `json:"podFailurePolicy,omitempty"`
	SuccessPolicy           *SuccessPolicy        `json:"successPolicy,omitempty"`
	BackoffLimit            *int32                `json:"backoffLimit,omitempty"`
	BackoffLimitPerIndex    *int32                `json:"backoffLimitPerIndex,omitempty"`
	MaxFailedIndexes        *int32                `json:"maxFailedIndexes,omitempty"`
	Selector                *LabelSelector        `json:"selector,omitempty"`
	ManualSelector          *bool                 `json:"manualSelector,omitempty"`
	Template                PodTemplateSpec       `json:"template"`
	TTLSecondsAfterFinished *int32                `json:"ttlSecondsAfterFinished,omitempty"`
	CompletionMode          *CompletionMode       `json:"completionMode,omitempty"`
	Suspend                 *bool                 `json:"suspend,omitempty"`
	PodReplacementPolicy    *PodReplacementPolicy `json:"podReplacementPolicy,omitempty"`
	ManagedBy               *string               `json:"managedBy,omitempty"`
}

// PodFailurePolicy is batch/v1 PodFailurePolicy.
type PodFailurePolicy struct {
	Rules []PodFailurePolicyRule `json:"rules"`
}

// PodFailurePolicyRule is batch/v1 PodFailurePolicyRule.
type PodFailurePolicyRule struct {
	Action          PodFailurePolicyAction                   `json:"action"`
	OnExitCodes     *PodFailurePolicyOnExitCodesRequirement  `json:"onExitCodes,omitempty"`
	OnPodConditions []PodFailurePolicyOnPodConditionsPattern `json:"onPodConditions,omitempty"`
}

// PodFailurePolicyAction is batch/v1 PodFailurePolicyAction.
type PodFailurePolicyAction string

// PodFailurePolicyOnExitCodesRequirement is batch/v1 PodFailurePolicyOnExitCodesRequirement.
type PodFailurePolicyOnExitCodesRequirement struct {
	ContainerName *string                             `json:"containerName,omitempty"`
	Operator      PodFailurePolicyOnExitCodesOperator `json:"operator"`
	Values        []int32                             `json:"values"`
}

// PodFailurePolicyOnExitCodesOperator is batch/v1 PodFailurePolicyOnExitCodesOperator.
type PodFailurePolicyOnExitCodesOperator string

// PodFailurePolicyOnPodConditionsPattern is batch/v1 PodFailurePolicyOnPodConditionsPattern.
type PodFailurePolicyOnPodConditionsPattern struct {
	Type   PodConditionType `json:"type"`
	Status ConditionStatus  `json:"status"`
}

// SuccessPolicy is batch/v1 SuccessPolicy.
type SuccessPolicy struct {
	Rules []SuccessPolicyRule `json:"rules"`
}

// SuccessPolicyRule is batch/v1 SuccessPolicyRule.
type SuccessPolicyRule struct {
	SucceededIndexes *string `json:"succeededIndexes,omitempty"`
	SucceededCount   *int32  `json:"succeededCount,omitempty"`
}

// CompletionMode is batch/v1 CompletionMode.
type CompletionMode string

// PodReplacementPolicy is batch/v1 PodReplacementPolicy.
type PodReplacementPolicy string

// JobStatus is batch/v1 JobStatus.
type JobStatus struct {
	Conditions              []JobCondition           `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	StartTime               *Time                    `json:"startTime,omitempty"`
	CompletionTime          *Time                    `json:"completionTime,omitempty"`
	Active                  int32                    `json:"active,omitempty"`
	Succeeded               int32                    `json:"succeeded,omitempty"`
	Failed                  int32                    `json:"failed,omitempty"`
	Terminating             *int32                   `json:"terminating,omitempty"`
	CompletedIndexes        string                   `json:"completedIndexes,omitempty"`
	FailedIndexes           *string                  `json:"failedIndexes,omitempty"`
	UncountedTerminatedPods *UncountedTerminatedPods `json:"uncountedTerminatedPods,omitempty"`
	Ready                   *int32                   `json:"ready,omitempty"`
}

// JobCondition is batch/v1 JobCondition.
type JobCondition struct {
	Type               JobConditionType `json:"type"`
	Status             ConditionStatus  `json:"status"`
	LastProbeTime      Time             `json:"lastProbeTime,omitempty"`
	LastTransitionTime Time             `json:"lastTransitionTime,omitempty"`
	Reason             string           `json:"reason,omitempty"`
	Message            string           `json:"message,omitempty"`
}

// JobConditionType is batch/v1 JobConditionType.
type JobConditionType string

// UncountedTerminatedPods is batch/v1 UncountedTerminatedPods.
type UncountedTerminatedPods struct {
	Succeeded []string `json:"succeeded,omitempty"`
	Failed    []string `json:"failed,omitempty"`
}

// JobList is batch/v1 JobList.
type JobList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Job `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	labelPrefix                                                               = "batch.kubernetes.io/"
	CronJobScheduledTimestampAnnotation                                       = labelPrefix + "cronjob-scheduled-timestamp"
	JobCompletionIndexAnnotation                                              = labelPrefix + "job-completion-index"
	JobTrackingFinalizer                                                      = labelPrefix + "job-tracking"
	JobNameLabel                                                              = labelPrefix + "job-name"
	ControllerUidLabel                                                        = labelPrefix + "controller-uid"
	JobIndexFailureCountAnnotation                                            = labelPrefix + "job-index-failure-count"
	JobIndexIgnoredFailureCountAnnotation                                     = labelPrefix + "job-index-ignored-failure-count"
	JobControllerName                                                         = "kubernetes.io/job-controller"
	NonIndexedCompletion                  CompletionMode                      = "NonIndexed"
	IndexedCompletion                     CompletionMode                      = "Indexed"
	PodFailurePolicyActionFailJob         PodFailurePolicyAction              = "FailJob"
	PodFailurePolicyActionFailIndex       PodFailurePolicyAction              = "FailIndex"
	PodFailurePolicyActionIgnore          PodFailurePolicyAction              = "Ignore"
	PodFailurePolicyActionCount           PodFailurePolicyAction              = "Count"
	PodFailurePolicyOnExitCodesOpIn       PodFailurePolicyOnExitCodesOperator = "In"
	PodFailurePolicyOnExitCodesOpNotIn    PodFailurePolicyOnExitCodesOperator = "NotIn"
	TerminatingOrFailed                   PodReplacementPolicy                = "TerminatingOrFailed"
	Failed                                PodReplacementPolicy                = "Failed"
	JobSuspended                          JobConditionType                    = "Suspended"
	JobComplete                           JobConditionType                    = "Complete"
	JobFailed                             JobConditionType                    = "Failed"
	JobFailureTarget                      JobConditionType                    = "FailureTarget"
	JobSuccessCriteriaMet                 JobConditionType                    = "SuccessCriteriaMet"
	JobReasonPodFailurePolicy             string                              = "PodFailurePolicy"
	JobReasonBackoffLimitExceeded         string                              = "BackoffLimitExceeded"
	JobReasonDeadlineExceeded             string                              = "DeadlineExceeded"
	JobReasonMaxFailedIndexesExceeded     string                              = "MaxFailedIndexesExceeded"
	JobReasonFailedIndexes                string                              = "FailedIndexes"
	JobReasonSuccessPolicy                string                              = "SuccessPolicy"
	JobReasonCompletionsReached           string                              = "CompletionsReached"
)
