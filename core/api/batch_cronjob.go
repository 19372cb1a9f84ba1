package api

// CronJob is batch/v1 CronJob.
type CronJob struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       CronJobSpec   `json:"spec,omitempty"`
	Status     CronJobStatus `json:"status,omitempty"`
}

// CronJobSpec is batch/v1 CronJobSpec.
type CronJobSpec struct {
	Schedule                   string            `json:"schedule"`
	TimeZone                   *string           `json:"timeZone,omitempty"`
	StartingDeadlineSeconds    *int64            `json:"startingDeadlineSeconds,omitempty"`
	ConcurrencyPolicy          ConcurrencyPolicy `json:"concurrencyPolicy,omitempty"`
	Suspend                    *bool             `json:"suspend,omitempty"`
	JobTemplate                JobTemplateSpec   `json:"jobTemplate"`
	SuccessfulJobsHistoryLimit *int32            `json:"successfulJobsHistoryLimit,omitempty"`
	FailedJobsHistoryLimit     *int32            `json:"failedJobsHistoryLimit,omitempty"`
}

// ConcurrencyPolicy is batch/v1 ConcurrencyPolicy.
type ConcurrencyPolicy string

// JobTemplateSpec is batch/v1 JobTemplateSpec.
type JobTemplateSpec struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       JobSpec `json:"spec,omitempty"`
}

// CronJobStatus is batch/v1 CronJobStatus.
type CronJobStatus struct {
	Active             []ObjectReference `json:"active,omitempty"`
	LastScheduleTime   *Time             `json:"lastScheduleTime,omitempty"`
	LastSuccessfulTime *Time             `json:"lastSuccessfulTime,omitempty"`
}

// CronJobList is batch/v1 CronJobList.
type CronJobList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []CronJob `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	AllowConcurrent   ConcurrencyPolicy = "Allow"
	ForbidConcurrent  ConcurrencyPolicy = "Forbid"
	ReplaceConcurrent ConcurrencyPolicy = "Replace"
)
