package api

// Namespace is core/v1 Namespace.
type Namespace struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       NamespaceSpec   `json:"spec,omitempty"`
	Status     NamespaceStatus `json:"status,omitempty"`
}

// NamespaceSpec is core/v1 NamespaceSpec.
type NamespaceSpec struct {
	Finalizers []FinalizerName `json:"finalizers,omitempty"`
}

// FinalizerName is core/v1 FinalizerName.
type FinalizerName string

// NamespaceStatus is core/v1 NamespaceStatus.
type NamespaceStatus struct {
	Phase      NamespacePhase       `json:"phase,omitempty"`
	Conditions []NamespaceCondition `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
}

// NamespacePhase is core/v1 NamespacePhase.
type NamespacePhase string

// NamespaceCondition is core/v1 NamespaceCondition.
type NamespaceCondition struct {
	Type               NamespaceConditionType `json:"type"`
	Status             ConditionStatus        `json:"status"`
	LastTransitionTime Time                   `json:"lastTransitionTime,omitempty"`
	Reason             string                 `json:"reason,omitempty"`
	Message            string                 `json:"message,omitempty"`
}

// NamespaceConditionType is core/v1 NamespaceConditionType.
type NamespaceConditionType string

// NamespaceList is core/v1 NamespaceList.
type NamespaceList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Namespace `json:"items"`
}

// Event is core/v1 Event.
type Event struct {
	TypeMeta            `json:",inline"`
	ObjectMeta          `json:"metadata"`
	InvolvedObject      ObjectReference  `json:"involvedObject"`
	Reason              string           `json:"reason,omitempty"`
	Message             string           `json:"message,omitempty"`
	Source              EventSource      `json:"source,omitempty"`
	FirstTimestamp      Time             `json:"firstTimestamp,omitempty"`
	LastTimestamp       Time             `json:"lastTimestamp,omitempty"`
	Count               int32            `json:"count,omitempty"`
	Type                string           `json:"type,omitempty"`
	EventTime           MicroTime        `json:"eventTime,omitempty"`
	Series              *EventSeries     `json:"series,omitempty"`
	Action              string           `json:"action,omitempty"`
	Related             *ObjectReference `json:"related,omitempty"`
	ReportingController string           `json:"reportingComponent"`
	ReportingInstance   string           `json:"reportingInstance"`
}

// EventSource is core/v1 EventSource.
type EventSource struct {
	Component string `json:"component,omitempty"`
	Host      string `json:"host,omitempty"`
}

// EventSeries is core/v1 EventSeries.
type EventSeries struct {
	Count            int32     `json:"count,omitempty"`
	LastObservedTime MicroTime `json:"lastObservedTime,omitempty"`
}

// EventList is core/v1 EventList.
type EventList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Event `json:"items"`
}

// ServiceAccount is core/v1 ServiceAccount.
type ServiceAccount struct {
	TypeMeta                     `json:",inline"`
	ObjectMeta                   `json:"metadata,omitempty"`
	Secrets                      []ObjectReference      `json:"secrets,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	ImagePullSecrets             []LocalObjectReference `json:"imagePullSecrets,omitempty"`
	AutomountServiceAccountToken *bool                  `json:"automountServiceAccountToken,omitempty"`
}

// ServiceAccountList is core/v1 ServiceAccountList.
type ServiceAccountList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ServiceAccount `json:"items"`
}

// ConfigMap is core/v1 ConfigMap.
type ConfigMap struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string]string `json:"data,omitempty"`
	BinaryData map[string][]byte `json:"binaryData,omitempty"`
}

// ConfigMapList is core/v1 ConfigMapList.
type ConfigMapList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ConfigMap `json:"items"`
}

// Secret is core/v1 Secret.
type Secret struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Immutable  *bool             `json:"immutable,omitempty"`
	Data       map[string][]byte `json:"data,omitempty"`
	StringData map[string]string `json:"stringData,omitempty"`
	Type       SecretType        `json:"type,omitempty"`
}

// SecretType is core/v1 SecretType.
type SecretType string

// SecretList is core/v1 SecretList.
type SecretList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Secret `json:"items"`
}

// ResourceQuota is core/v1 ResourceQuota.
type ResourceQuota struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       ResourceQuotaSpec   `json:"spec,omitempty"`
	Status     ResourceQuotaStatus `json:"status,omitempty"`
}

// ResourceQuotaSpec is core/v1 ResourceQuotaSpec.
type ResourceQuotaSpec struct {
	Hard          ResourceList         `json:"hard,omitempty"`
	Scopes        []ResourceQuotaScope `json:"scopes,omitempty"`
	ScopeSelector *ScopeSelector       `json:"scopeSelector,omitempty"`
}

// ResourceQuotaScope is core/v1 ResourceQuotaScope.
type ResourceQuotaScope string

// ScopeSelector is core/v1 ScopeSelector.
type ScopeSelector struct {
	MatchExpressions []ScopedResourceSelectorRequirement `json:"matchExpressions,omitempty"`
}

// ScopedResourceSelectorRequirement is core/v1 ScopedResourceSelectorRequirement.
type ScopedResourceSelectorRequirement struct {
	ScopeName ResourceQuotaScope    `json:"scopeName"`
	Operator  ScopeSelectorOperator `json:"operator"`
	Values    []string              `json:"values,omitempty"`
}

// ScopeSelectorOperator is core/v1 ScopeSelectorOperator.
type ScopeSelectorOperator string

// ResourceQuotaStatus is core/v1 ResourceQuotaStatus.
type ResourceQuotaStatus struct {
	Hard ResourceList `json:"hard,omitempty"`
	Used ResourceList `json:"used,omitempty"`
}

// ResourceQuotaList is core/v1 ResourceQuotaList.
type ResourceQuotaList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []ResourceQuota `json:"items"`
}

// LimitRange is core/v1 LimitRange.
type LimitRange struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       LimitRangeSpec `json:"spec,omitempty"`
}

// LimitRangeSpec is core/v1 LimitRangeSpec.
type LimitRangeSpec struct {
	Limits []LimitRangeItem `json:"limits"`
}

// LimitRangeItem is core/v1 LimitRangeItem.
type LimitRangeItem struct {
	Type                 LimitType    `json:"type"`
	Max                  ResourceList `json:"max,omitempty"`
	Min                  ResourceList `json:"min,omitempty"`
	Default              ResourceList `json:"default,omitempty"`
	DefaultRequest       ResourceList `json:"defaultRequest,omitempty"`
	MaxLimitRequestRatio ResourceList `json:"maxLimitRequestRatio,omitempty"`
}

// LimitType is core/v1 LimitType.
type LimitType string

// LimitRangeList is core/v1 LimitRangeList.
type LimitRangeList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []LimitRange `json:"items"`
}

// Constants as k8s.io/api defines them.
const (
	FinalizerKubernetes                         FinalizerName          = "kubernetes"
	NamespaceActive                             NamespacePhase         = "Active"
	NamespaceTerminating                        NamespacePhase         = "Terminating"
	NamespaceDeletionDiscoveryFailure           NamespaceConditionType = "NamespaceDeletionDiscoveryFailure"
	NamespaceDeletionContentFailure             NamespaceConditionType = "NamespaceDeletionContentFailure"
	NamespaceDeletionGVParsingFailure           NamespaceConditionType = "NamespaceDeletionGroupVersionParsingFailure"
	NamespaceContentRemaining                   NamespaceConditionType = "NamespaceContentRemaining"
	NamespaceFinalizersRemaining                NamespaceConditionType = "NamespaceFinalizersRemaining"
	LimitTypePod                                LimitType              = "Pod"
	LimitTypeContainer                          LimitType              = "Container"
	LimitTypePersistentVolumeClaim              LimitType              = "PersistentVolumeClaim"
	ResourceQuotaScopeTerminating               ResourceQuotaScope     = "Terminating"
	ResourceQuotaScopeNotTerminating            ResourceQuotaScope     = "NotTerminating"
	ResourceQuotaScopeBestEffort                ResourceQuotaScope     = "BestEffort"
	ResourceQuotaScopeNotBestEffort             ResourceQuotaScope     = "NotBestEffort"
	ResourceQuotaScopePriorityClass             ResourceQuotaScope     = "PriorityClass"
	ResourceQuotaScopeCrossNamespacePodAffinity ResourceQuotaScope     = "CrossNamespacePodAffinity"
	ResourceQuotaScopeVolumeAttributesClass     ResourceQuotaScope     = "VolumeAttributesClass"
	ScopeSelectorOpIn                           ScopeSelectorOperator  = "In"
	ScopeSelectorOpNotIn                        ScopeSelectorOperator  = "NotIn"
	ScopeSelectorOpExists                       ScopeSelectorOperator  = "Exists"
	ScopeSelectorOpDoesNotExist                 ScopeSelectorOperator  = "DoesNotExist"
	SecretTypeOpaque                            SecretType             = "Opaque"
	SecretTypeServiceAccountToken               SecretType             = "kubernetes.io/service-account-token"
	SecretTypeDockercfg                         SecretType             = "kubernetes.io/dockercfg"
	SecretTypeDockerConfigJson                  SecretType             = "kubernetes.io/dockerconfigjson"
	SecretTypeBasicAuth                         SecretType             = "kubernetes.io/basic-auth"
	SecretTypeSSHAuth                           SecretType             = "kubernetes.io/ssh-auth"
	SecretTypeTLS                               SecretType             = "kubernetes.io/tls"
	SecretTypeBootstrapToken                    SecretType             = "bootstrap.kubernetes.io/token"
)
