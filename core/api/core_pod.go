package api

// Pod is core/v1 Pod.
type Pod struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec   `json:"spec,omitempty"`
	Status     PodStatus `json:"status,omitempty"`
}

// PodSpec is core/v1 PodSpec.
type PodSpec struct {
	Volumes                       []Volume                   `json:"volumes,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
	InitContainers                []Container                `json:"initContainers,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	Containers                    []Container                `json:"containers" patchStrategy:"merge" patchMergeKey:"name"`
	EphemeralContainers           []EphemeralContainer       `json:"ephemeralContainers,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	RestartPolicy                 RestartPolicy              `json:"restartPolicy,omitempty"`
	TerminationGracePeriodSeconds *int64                     `json:"terminationGracePeriodSeconds,omitempty"`
	ActiveDeadlineSeconds         *int64                     `json:"activeDeadlineSeconds,omitempty"`
	DNSPolicy                     DNSPolicy                  `json:"dnsPolicy,omitempty"`
	NodeSelector                  map[string]string          `json:"nodeSelector,omitempty"`
	ServiceAccountName            string                     `json:"serviceAccountName,omitempty"`
	DeprecatedServiceAccount      string                     `json:"serviceAccount,omitempty"`
	AutomountServiceAccountToken  *bool                      `json:"automountServiceAccountToken,omitempty"`
	NodeName                      string                     `json:"nodeName,omitempty"`
	HostNetwork                   bool                       `json:"hostNetwork,omitempty"`
	HostPID                       bool                       `json:"hostPID,omitempty"`
	HostIPC                       bool                       `json:"hostIPC,omitempty"`
	ShareProcessNamespace         *bool                      `json:"shareProcessNamespace,omitempty"`
	SecurityContext               *PodSecurityContext        `json:"securityContext,omitempty"`
	ImagePullSecrets              []LocalObjectReference     `json:"imagePullSecrets,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	Hostname                      string                     `json:"hostname,omitempty"`
	Subdomain                     string                     `json:"subdomain,omitempty"`
	Affinity                      *Affinity                  `json:"affinity,omitempty"`
	SchedulerName                 string                     `json:"schedulerName,omitempty"`
	Tolerations                   []Toleration               `json:"tolerations,omitempty"`
	HostAliases                   []HostAlias                `json:"hostAliases,omitempty" patchStrategy:"merge" patchMergeKey:"ip"`
	PriorityClassName             string                     `json:"priorityClassName,omitempty"`
	Priority                      *int32                     `json:"priority,omitempty"`
	DNSConfig                     *PodDNSConfig              `json:"dnsConfig,omitempty"`
	ReadinessGates                []PodReadinessGate         `json:"readinessGates,omitempty"`
	RuntimeClassName              *string                    `json:"runtimeClassName,omitempty"`
	EnableServiceLinks            *bool                      `json:"enableServiceLinks,omitempty"`
	PreemptionPolicy              *PreemptionPolicy          `json:"preemptionPolicy,omitempty"`
	Overhead                      ResourceList               `json:"overhead,omitempty"`
	TopologySpreadConstraints     []TopologySpreadConstraint `json:"topologySpreadConstraints,omitempty" patchStrategy:"merge" patchMergeKey:"topologyKey"`
	SetHostnameAsFQDN             *bool                      `json:"setHostnameAsFQDN,omitempty"`
	OS                            *PodOS                     `json:"os,omitempty"`
	HostUsers                     *bool                      `json:"hostUsers,omitempty"`
	SchedulingGates               []PodSchedulingGate        `json:"schedulingGates,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	ResourceClaims                []PodResourceClaim         `json:"resourceClaims,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
	Resources                     *ResourceRequirements      `json:"resources,omitempty"`
	HostnameOverride              *string                    `json:"hostnameOverride,omitempty"`
	WorkloadRef                   *WorkloadReference         `json:"workloadRef,omitempty"`
}

// RestartPolicy is core/v1 RestartPolicy.
type RestartPolicy string

// DNSPolicy is core/v1 DNSPolicy.
type DNSPolicy string

// PodSecurityContext is core/v1 PodSecurityContext.
type PodSecurityContext struct {
	SELinuxOptions           *SELinuxOptions                `json:"seLinuxOptions,omitempty"`
	WindowsOptions           *WindowsSecurityContextOptions `json:"windowsOptions,omitempty"`
	RunAsUser                *int64                         `json:"runAsUser,omitempty"`
	RunAsGroup               *int64                         `json:"runAsGroup,omitempty"`
	RunAsNonRoot             *bool                          `json:"runAsNonRoot,omitempty"`
	SupplementalGroups       []int64                        `json:"supplementalGroups,omitempty"`
	SupplementalGroupsPolicy *SupplementalGroupsPolicy      `json:"supplementalGroupsPolicy,omitempty"`
	FSGroup                  *int64                         `json:"fsGroup,omitempty"`
	Sysctls                  []Sysctl                       `json:"sysctls,omitempty"`
	FSGroupChangePolicy      *PodFSGroupChangePolicy        `json:"fsGroupChangePolicy,omitempty"`
	SeccompProfile           *SeccompProfile                `json:"seccompProfile,omitempty"`
	AppArmorProfile          *AppArmorProfile               `json:"appArmorProfile,omitempty"`
	SELinuxChangePolicy      *PodSELinuxChangePolicy        `json:"seLinuxChangePolicy,omitempty"`
}

// SupplementalGroupsPolicy is core/v1 SupplementalGroupsPolicy.
type SupplementalGroupsPolicy string

// Sysctl is core/v1 Sysctl.
type Sysctl struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// PodFSGroupChangePolicy is core/v1 PodFSGroupChangePolicy.
type PodFSGroupChangePolicy string

// PodSELinuxChangePolicy is core/v1 PodSELinuxChangePolicy.
type PodSELinuxChangePolicy string

// HostAlias is core/v1 HostAlias.
type HostAlias struct {
	IP        string   `json:"ip"`
	Hostnames []string `json:"hostnames,omitempty"`
}

// PodDNSConfig is core/v1 PodDNSConfig.
type PodDNSConfig struct {
	Nameservers []string             `json:"nameservers,omitempty"`
	Searches    []string             `json:"searches,omitempty"`
	Options     []PodDNSConfigOption `json:"options,omitempty"`
}

// PodDNSConfigOption is core/v1 PodDNSConfigOption.
type PodDNSConfigOption struct {
	Name  string  `json:"name,omitempty"`
	Value *string `json:"value,omitempty"`
}

// PodReadinessGate is core/v1 PodReadinessGate.
type PodReadinessGate struct {
	ConditionType PodConditionType `json:"conditionType"`
}

// PodConditionType is core/v1 PodConditionType.
type PodConditionType string

// PreemptionPolicy is core/v1 PreemptionPolicy.
type PreemptionPolicy string

// PodOS is core/v1 PodOS.
type PodOS struct {
	Name OSName `json:"name"`
}

// OSName is core/v1 OSName.
type OSName string

// PodSchedulingGate is core/v1 PodSchedulingGate.
type PodSchedulingGate struct {
	Name string `json:"name"`
}

// PodResourceClaim is core/v1 PodResourceClaim.
type PodResourceClaim struct {
	Name                      string  `json:"name"`
	ResourceClaimName         *string `json:"resourceClaimName,omitempty"`
	ResourceClaimTemplateName *string `json:"resourceClaimTemplateName,omitempty"`
}

// WorkloadReference is core/v1 WorkloadReference.
type WorkloadReference struct {
	Name               string `json:"name"`
	PodGroup           string `json:"podGroup"`
	PodGroupReplicaKey string `json:"podGroupReplicaKey,omitempty"`
}

// PodStatus is core/v1 PodStatus.
type PodStatus struct {
	ObservedGeneration          int64                           `json:"observedGeneration,omitempty"`
	Phase                       PodPhase                        `json:"phase,omitempty"`
	Conditions                  []PodCondition                  `json:"conditions,omitempty" patchStrategy:"merge" patchMergeKey:"type"`
	Message                     string                          `json:"message,omitempty"`
	Reason                      string                          `json:"reason,omitempty"`
	NominatedNodeName           string                          `json:"nominatedNodeName,omitempty"`
	HostIP                      string                          `json:"hostIP,omitempty"`
	HostIPs                     []HostIP                        `json:"hostIPs,omitempty" patchStrategy:"merge" patchMergeKey:"ip"`
	PodIP                       string                          `json:"podIP,omitempty"`
	PodIPs                      []PodIP                         `json:"podIPs,omitempty" patchStrategy:"merge" patchMergeKey:"ip"`
	StartTime                   *Time                           `json:"startTime,omitempty"`
	InitContainerStatuses       []ContainerStatus               `json:"initContainerStatuses,omitempty"`
	ContainerStatuses           []ContainerStatus               `json:"containerStatuses,omitempty"`
	QOSClass                    PodQOSClass                     `json:"qosClass,omitempty"`
	EphemeralContainerStatuses  []ContainerStatus               `json:"ephemeralContainerStatuses,omitempty"`
	Resize                      Discarded[PodResizeStatus]      `json:"resize,omitzero"`
	ResourceClaimStatuses       []PodResourceClaimStatus        `json:"resourceClaimStatuses,omitempty" patchStrategy:"merge,retainKeys" patchMergeKey:"name"`
	ExtendedResourceClaimStatus *PodExtendedResourceClaimStatus `json:"extendedResourceClaimStatus,omitempty"`
	AllocatedResources          ResourceList                    `json:"allocatedResources,omitempty"`
	Resources                   *ResourceRequirements           `json:"resources,omitempty"`
}

// PodPhase is core/v1 PodPhase.
type PodPhase string

// PodCondition is core/v1 PodCondition.
type PodCondition struct {
	Type               PodConditionType `json:"type"`
	ObservedGeneration int64            `json:"observedGeneration,omitempty"`
	Status             ConditionStatus  `json:"status"`
	LastProbeTime      Time             `json:"lastProbeTime,omitempty"`
	LastTransitionTime Time             `json:"lastTransitionTime,omitempty"`
	Reason             string           `json:"reason,omitempty"`
	Message            string           `json:"message,omitempty"`
}

// ConditionStatus is core/v1 ConditionStatus.
type ConditionStatus string

// HostIP is core/v1 HostIP.
type HostIP struct {
	IP string `json:"ip"`
}

// PodIP is core/v1 PodIP.
type PodIP struct {
	IP string `json:"ip"`
}

// ContainerStatus is core/v1 ContainerStatus.
type ContainerStatus struct {
	Name                     string                `json:"name"`
	State                    ContainerState        `json:"state,omitempty"`
	LastTerminationState     ContainerState        `json:"lastState,omitempty"`
	Ready                    bool                  `json:"ready"`
	RestartCount             int32                 `json:"restartCount"`
	Image                    string                `json:"image"`
	ImageID                  string                `json:"imageID"`
	ContainerID              string                `json:"containerID,omitempty"`
	Started                  *bool                 `json:"started,omitempty"`
	AllocatedResources       ResourceList          `json:"allocatedResources,omitempty"`
	Resources                *ResourceRequirements `json:"resources,omitempty"`
	VolumeMounts             []VolumeMountStatus   `json:"volumeMounts,omitempty" patchStrategy:"merge" patchMergeKey:"mountPath"`
	User                     *ContainerUser        `json:"user,omitempty"`
	AllocatedResourcesStatus []ResourceStatus      `json:"allocatedResourcesStatus,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	StopSignal               *Signal               `json:"stopSignal,omitempty"`
}

// ContainerState is core/v1 ContainerState.
type ContainerState struct {
	Waiting    *ContainerStateWaiting    `json:"waiting,omitempty"`
	Running    *ContainerStateRunning    `json:"running,omitempty"`
	Terminated *ContainerStateTerminated `json:"terminated,omitempty"`
}

// ContainerStateWaiting is core/v1 ContainerStateWaiting.
type ContainerStateWaiting struct {
	Reason  string `json:"reason,omitempty"`
	Message string `json:"message,omitempty"`
}

// ContainerStateRunning is core/v1 ContainerStateRunning.
type ContainerStateRunning struct {
	StartedAt Time `json:"startedAt,omitempty"`
}

// ContainerStateTerminated is core/v1 ContainerStateTerminated.
type ContainerStateTerminated struct {
	ExitCode    int32  `json:"exitCode"`
	Signal      int32  `json:"signal,omitempty"`
	Reason      string `json:"reason,omitempty"`
	Message     string `json:"message,omitempty"`
	StartedAt   Time   `json:"startedAt,omitempty"`
	FinishedAt  Time   `json:"finishedAt,omitempty"`
	ContainerID string `json:"containerID,omitempty"`
}

// VolumeMountStatus is core/v1 VolumeMountStatus.
type VolumeMountStatus struct {
	Name              string                 `json:"name"`
	MountPath         string                 `json:"mountPath"`
	ReadOnly          bool                   `json:"readOnly,omitempty"`
	RecursiveReadOnly *RecursiveReadOnlyMode `json:"recursiveReadOnly,omitempty"`
}

// ContainerUser is core/v1 ContainerUser.
type ContainerUser struct {
	Linux *LinuxContainerUser `json:"linux,omitempty"`
}

// LinuxContainerUser is core/v1 LinuxContainerUser.
type LinuxContainerUser struct {
	UID                int64   `json:"uid"`
	GID                int64   `json:"gid"`
	SupplementalGroups []int64 `json:"supplementalGroups,omitempty"`
}

// ResourceStatus is core/v1 ResourceStatus.
type ResourceStatus struct {
	Name      ResourceName     `json:"name"`
	Resources []ResourceHealth `json:"resources,omitempty"`
}

// ResourceHealth is core/v1 ResourceHealth.
type ResourceHealth struct {
	ResourceID ResourceID           `json:"resourceID"`
	Health     ResourceHealthStatus `json:"health,omitempty"`
}

// ResourceID is core/v1 ResourceID.
type ResourceID string

// ResourceHealthStatus is core/v1 ResourceHealthStatus.
type ResourceHealthStatus string

// PodQOSClass is core/v1 PodQOSClass.
type PodQOSClass string

// PodResizeStatus is core/v1 PodResizeStatus (a Pod's status.resize, never kept: Discarded).
type PodResizeStatus string

// PodResourceClaimStatus is core/v1 PodResourceClaimStatus.
type PodResourceClaimStatus struct {
	Name              string  `json:"name"`
	ResourceClaimName *string `json:"resourceClaimName,omitempty"`
}

// PodExtendedResourceClaimStatus is core/v1 PodExtendedResourceClaimStatus.
type PodExtendedResourceClaimStatus struct {
	RequestMappings   []ContainerExtendedResourceRequest `json:"requestMappings"`
	ResourceClaimName string                             `json:"resourceClaimName"`
}

// ContainerExtendedResourceRequest is core/v1 ContainerExtendedResourceRequest.
type ContainerExtendedResourceRequest struct {
	ContainerName string `json:"containerName"`
	ResourceName  string `json:"resourceName"`
	RequestName   string `json:"requestName"`
}

// PodList is core/v1 PodList.
type PodList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []Pod `json:"items"`
}

// PodTemplateSpec is core/v1 PodTemplateSpec.
type PodTemplateSpec struct {
	ObjectMeta `json:"metadata,omitempty"`
	Spec       PodSpec `json:"spec,omitempty"`
}

// Binding is core/v1 Binding.
type Binding struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Target     ObjectReference `json:"target"`
}

// ObjectReference is core/v1 ObjectReference.
type ObjectReference struct {
	Kind            string `json:"kind,omitempty"`
	Namespace       string `json:"namespace,omitempty"`
	Name            string `json:"name,omitempty"`
	UID             string `json:"uid,omitempty"`
	APIVersion      string `json:"apiVersion,omitempty"`
	ResourceVersion string `json:"resourceVersion,omitempty"`
	FieldPath       string `json:"fieldPath,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	PreemptLowerPriority           PreemptionPolicy         = "PreemptLowerPriority"
	PreemptNever                   PreemptionPolicy         = "Never"
	ConditionTrue                  ConditionStatus          = "True"
	ConditionFalse                 ConditionStatus          = "False"
	ConditionUnknown               ConditionStatus          = "Unknown"
	ResourceHealthStatusHealthy    ResourceHealthStatus     = "Healthy"
	ResourceHealthStatusUnhealthy  ResourceHealthStatus     = "Unhealthy"
	ResourceHealthStatusUnknown    ResourceHealthStatus     = "Unknown"
	PodPending                     PodPhase                 = "Pending"
	PodRunning                     PodPhase                 = "Running"
	PodSucceeded                   PodPhase                 = "Succeeded"
	PodFailed                      PodPhase                 = "Failed"
	PodUnknown                     PodPhase                 = "Unknown"
	ContainersReady                PodConditionType         = "ContainersReady"
	PodInitialized                 PodConditionType         = "Initialized"
	PodReady                       PodConditionType         = "Ready"
	PodScheduled                   PodConditionType         = "PodScheduled"
	DisruptionTarget               PodConditionType         = "DisruptionTarget"
	PodReadyToStartContainers      PodConditionType         = "PodReadyToStartContainers"
	PodResizePending               PodConditionType         = "PodResizePending"
	PodResizeInProgress            PodConditionType         = "PodResizeInProgress"
	AllContainersRestarting        PodConditionType         = "AllContainersRestarting"
	RestartPolicyAlways            RestartPolicy            = "Always"
	RestartPolicyOnFailure         RestartPolicy            = "OnFailure"
	RestartPolicyNever             RestartPolicy            = "Never"
	DNSClusterFirstWithHostNet     DNSPolicy                = "ClusterFirstWithHostNet"
	DNSClusterFirst                DNSPolicy                = "ClusterFirst"
	DNSDefault                     DNSPolicy                = "Default"
	DNSNone                        DNSPolicy                = "None"
	Linux                          OSName                   = "linux"
	Windows                        OSName                   = "windows"
	FSGroupChangeOnRootMismatch    PodFSGroupChangePolicy   = "OnRootMismatch"
	FSGroupChangeAlways            PodFSGroupChangePolicy   = "Always"
	SupplementalGroupsPolicyMerge  SupplementalGroupsPolicy = "Merge"
	SupplementalGroupsPolicyStrict SupplementalGroupsPolicy = "Strict"
	SELinuxChangePolicyRecursive   PodSELinuxChangePolicy   = "Recursive"
	SELinuxChangePolicyMountOption PodSELinuxChangePolicy   = "MountOption"
	PodQOSGuaranteed               PodQOSClass              = "Guaranteed"
	PodQOSBurstable                PodQOSClass              = "Burstable"
	PodQOSBestEffort               PodQOSClass              = "BestEffort"
)

// PodTemplateOf is the pod template of a workload (ReplicationController,
// ReplicaSet, Deployment, StatefulSet, DaemonSet, Job, CronJob) and its
// field path with a trailing dot ("spec.template."); nil for other objects
// and for a ReplicationController without one.
func PodTemplateOf(obj Object) (*PodTemplateSpec, string) {
	switch o := obj.(type) {
	case *ReplicationController:
		return o.Spec.Template, "spec.template."
	case *Deployment:
		return &o.Spec.Template, "spec.template."
	case *ReplicaSet:
		return &o.Spec.Template, "spec.template."
	case *StatefulSet:
		return &o.Spec.Template, "spec.template."
	case *DaemonSet:
		return &o.Spec.Template, "spec.template."
	case *Job:
		return &o.Spec.Template, "spec.template."
	case *CronJob:
		return &o.Spec.JobTemplate.Spec.Template, "spec.jobTemplate.spec.template."
	}
	return nil, ""
}

// PodSpecOf is the pod spec of a Pod or of a workload's pod template (a
// CronJob's job template's), or nil.
func PodSpecOf(obj Object) *PodSpec {
	if p, ok := obj.(*Pod); ok {
		return &p.Spec
	}
	if t, _ := PodTemplateOf(obj); t != nil {
		return &t.Spec
	}
	return nil
}
