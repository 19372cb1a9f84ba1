package api

// Container is core/v1 Container.
type Container struct {
	Name                     string                   `json:"name"`
	Image                    string                   `json:"image,omitempty"`
	Command                  []string                 `json:"command,omitempty"`
	Args                     []string                 `json:"args,omitempty"`
	WorkingDir               string                   `json:"workingDir,omitempty"`
	Ports                    []ContainerPort          `json:"ports,omitempty" patchStrategy:"merge" patchMergeKey:"containerPort"`
	EnvFrom                  []EnvFromSource          `json:"envFrom,omitempty"`
	Env                      []EnvVar                 `json:"env,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	Resources                ResourceRequirements     `json:"resources,omitempty"`
	ResizePolicy             []ContainerResizePolicy  `json:"resizePolicy,omitempty"`
	RestartPolicy            *ContainerRestartPolicy  `json:"restartPolicy,omitempty"`
	RestartPolicyRules       []ContainerRestartRule   `json:"restartPolicyRules,omitempty"`
	VolumeMounts             []VolumeMount            `json:"volumeMounts,omitempty" patchStrategy:"merge" patchMergeKey:"mountPath"`
	VolumeDevices            []VolumeDevice           `json:"volumeDevices,omitempty" patchStrategy:"merge" patchMergeKey:"devicePath"`
	LivenessProbe            *Probe                   `json:"livenessProbe,omitempty"`
	ReadinessProbe           *Probe                   `json:"readinessProbe,omitempty"`
	StartupProbe             *Probe                   `json:"startupProbe,omitempty"`
	Lifecycle                *Lifecycle               `json:"lifecycle,omitempty"`
	TerminationMessagePath   string                   `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy TerminationMessagePolicy `json:"terminationMessagePolicy,omitempty"`
	ImagePullPolicy          PullPolicy               `json:"imagePullPolicy,omitempty"`
	SecurityContext          *SecurityContext         `json:"securityContext,omitempty"`
	Stdin                    bool                     `json:"stdin,omitempty"`
	StdinOnce                bool                     `json:"stdinOnce,omitempty"`
	TTY                      bool                     `json:"tty,omitempty"`
}

// ContainerPort is core/v1 ContainerPort.
type ContainerPort struct {
	Name          string   `json:"name,omitempty"`
	HostPort      int32    `json:"hostPort,omitempty"`
	ContainerPort int32    `json:"containerPort"`
	Protocol      Protocol `json:"protocol,omitempty"`
	HostIP        string   `json:"hostIP,omitempty"`
}

// Protocol is core/v1 Protocol.
type Protocol string

// EnvFromSource is core/v1 EnvFromSource.
type EnvFromSource struct {
	Prefix       string              `json:"prefix,omitempty"`
	ConfigMapRef *ConfigMapEnvSource `json:"configMapRef,omitempty"`
	SecretRef    *SecretEnvSource    `json:"secretRef,omitempty"`
}

// ConfigMapEnvSource is core/v1 ConfigMapEnvSource.
type ConfigMapEnvSource struct {
	LocalObjectReference `json:",inline"`
	Optional             *bool `json:"optional,omitempty"`
}

// LocalObjectReference is core/v1 LocalObjectReference.
type LocalObjectReference struct {
	Name string `json:"name,omitempty"`
}

// SecretEnvSource is core/v1 SecretEnvSource.
type SecretEnvSource struct {
	LocalObjectReference `json:",inline"`
	Optional             *bool `json:"optional,omitempty"`
}

// EnvVar is core/v1 EnvVar.
type EnvVar struct {
	Name      string        `json:"name"`
	Value     string        `json:"value,omitempty"`
	ValueFrom *EnvVarSource `json:"valueFrom,omitempty"`
}

// EnvVarSource is core/v1 EnvVarSource.
type EnvVarSource struct {
	FieldRef         *ObjectFieldSelector   `json:"fieldRef,omitempty"`
	ResourceFieldRef *ResourceFieldSelector `json:"resourceFieldRef,omitempty"`
	ConfigMapKeyRef  *ConfigMapKeySelector  `json:"configMapKeyRef,omitempty"`
	SecretKeyRef     *SecretKeySelector     `json:"secretKeyRef,omitempty"`
	FileKeyRef       *FileKeySelector       `json:"fileKeyRef,omitempty"`
}

// ObjectFieldSelector is core/v1 ObjectFieldSelector.
type ObjectFieldSelector struct {
	APIVersion string `json:"apiVersion,omitempty"`
	FieldPath  string `json:"fieldPath"`
}

// ResourceFieldSelector is core/v1 ResourceFieldSelector.
type ResourceFieldSelector struct {
	ContainerName string   `json:"containerName,omitempty"`
	Resource      string   `json:"resource"`
	Divisor       Quantity `json:"divisor,omitempty"`
}

// ConfigMapKeySelector is core/v1 ConfigMapKeySelector.
type ConfigMapKeySelector struct {
	LocalObjectReference `json:",inline"`
	Key                  string `json:"key"`
	Optional             *bool  `json:"optional,omitempty"`
}

// SecretKeySelector is core/v1 SecretKeySelector.
type SecretKeySelector struct {
	LocalObjectReference `json:",inline"`
	Key                  string `json:"key"`
	Optional             *bool  `json:"optional,omitempty"`
}

// FileKeySelector is core/v1 FileKeySelector.
type FileKeySelector struct {
	VolumeName string `json:"volumeName"`
	Path       string `json:"path"`
	Key        string `json:"key"`
	Optional   *bool  `json:"optional,omitempty"`
}

// ContainerResizePolicy is core/v1 ContainerResizePolicy.
type ContainerResizePolicy struct {
	ResourceName  ResourceName                `json:"resourceName"`
	RestartPolicy ResourceResizeRestartPolicy `json:"restartPolicy"`
}

// ResourceResizeRestartPolicy is core/v1 ResourceResizeRestartPolicy.
type ResourceResizeRestartPolicy string

// ContainerRestartPolicy is core/v1 ContainerRestartPolicy.
type ContainerRestartPolicy string

// ContainerRestartRule is core/v1 ContainerRestartRule.
type ContainerRestartRule struct {
	Action    ContainerRestartRuleAction       `json:"action,omitempty"`
	ExitCodes *ContainerRestartRuleOnExitCodes `json:"exitCodes,omitempty"`
}

// ContainerRestartRuleAction is core/v1 ContainerRestartRuleAction.
type ContainerRestartRuleAction string

// ContainerRestartRuleOnExitCodes is core/v1 ContainerRestartRuleOnExitCodes.
type ContainerRestartRuleOnExitCodes struct {
	Operator ContainerRestartRuleOnExitCodesOperator `json:"operator,omitempty"`
	Values   []int32                                 `json:"values,omitempty"`
}

// ContainerRestartRuleOnExitCodesOperator is core/v1 ContainerRestartRuleOnExitCodesOperator.
type ContainerRestartRuleOnExitCodesOperator string

// VolumeMount is core/v1 VolumeMount.
type VolumeMount struct {
	Name              string                 `json:"name"`
	ReadOnly          bool                   `json:"readOnly,omitempty"`
	RecursiveReadOnly *RecursiveReadOnlyMode `json:"recursiveReadOnly,omitempty"`
	MountPath         string                 `json:"mountPath"`
	SubPath           string                 `json:"subPath,omitempty"`
	MountPropagation  *MountPropagationMode  `json:"mountPropagation,omitempty"`
	SubPathExpr       string                 `json:"subPathExpr,omitempty"`
}

// RecursiveReadOnlyMode is core/v1 RecursiveReadOnlyMode.
type RecursiveReadOnlyMode string

// MountPropagationMode is core/v1 MountPropagationMode.
type MountPropagationMode string

// VolumeDevice is core/v1 VolumeDevice.
type VolumeDevice struct {
	Name       string `json:"name"`
	DevicePath string `json:"devicePath"`
}

// TerminationMessagePolicy is core/v1 TerminationMessagePolicy.
type TerminationMessagePolicy string

// PullPolicy is core/v1 PullPolicy.
type PullPolicy string

// SecurityContext is core/v1 SecurityContext.
type SecurityContext struct {
	Capabilities             *Capabilities                  `json:"capabilities,omitempty"`
	Privileged               *bool                          `json:"privileged,omitempty"`
	SELinuxOptions           *SELinuxOptions                `json:"seLinuxOptions,omitempty"`
	WindowsOptions           *WindowsSecurityContextOptions `json:"windowsOptions,omitempty"`
	RunAsUser                *int64                         `json:"runAsUser,omitempty"`
	RunAsGroup               *int64                         `json:"runAsGroup,omitempty"`
	RunAsNonRoot             *bool                          `json:"runAsNonRoot,omitempty"`
	ReadOnlyRootFilesystem   *bool                          `json:"readOnlyRootFilesystem,omitempty"`
	AllowPrivilegeEscalation *bool                          `json:"allowPrivilegeEscalation,omitempty"`
	ProcMount                *ProcMountType                 `json:"procMount,omitempty"`
	SeccompProfile           *SeccompProfile                `json:"seccompProfile,omitempty"`
	AppArmorProfile          *AppArmorProfile               `json:"appArmorProfile,omitempty"`
}

// Capabilities is core/v1 Capabilities.
type Capabilities struct {
	Add  []Capability `json:"add,omitempty"`
	Drop []Capability `json:"drop,omitempty"`
}

// Capability is core/v1 Capability.
type Capability string

// SELinuxOptions is core/v1 SELinuxOptions.
type SELinuxOptions struct {
	User  string `json:"user,omitempty"`
	Role  string `json:"role,omitempty"`
	Type  string `json:"type,omitempty"`
	Level string `json:"level,omitempty"`
}

// WindowsSecurityContextOptions is core/v1 WindowsSecurityContextOptions.
type WindowsSecurityContextOptions struct {
	GMSACredentialSpecName *string `json:"gmsaCredentialSpecName,omitempty"`
	GMSACredentialSpec     *string `json:"gmsaCredentialSpec,omitempty"`
	RunAsUserName          *string `json:"runAsUserName,omitempty"`
	HostProcess            *bool   `json:"hostProcess,omitempty"`
}

// ProcMountType is core/v1 ProcMountType.
type ProcMountType string

// SeccompProfile is core/v1 SeccompProfile.
type SeccompProfile struct {
	Type             SeccompProfileType `json:"type"`
	LocalhostProfile *string            `json:"localhostProfile,omitempty"`
}

// SeccompProfileType is core/v1 SeccompProfileType.
type SeccompProfileType string

// AppArmorProfile is core/v1 AppArmorProfile.
type AppArmorProfile struct {
	Type             AppArmorProfileType `json:"type"`
	LocalhostProfile *string             `json:"localhostProfile,omitempty"`
}

// AppArmorProfileType is core/v1 AppArmorProfileType.
type AppArmorProfileType string

// EphemeralContainer is core/v1 EphemeralContainer.
type EphemeralContainer struct {
	EphemeralContainerCommon `json:",inline"`
	TargetContainerName      string `json:"targetContainerName,omitempty"`
}

// EphemeralContainerCommon is core/v1 EphemeralContainerCommon.
type EphemeralContainerCommon struct {
	Name                     string                   `json:"name"`
	Image                    string                   `json:"image,omitempty"`
	Command                  []string                 `json:"command,omitempty"`
	Args                     []string                 `json:"args,omitempty"`
	WorkingDir               string                   `json:"workingDir,omitempty"`
	Ports                    []ContainerPort          `json:"ports,omitempty" patchStrategy:"merge" patchMergeKey:"containerPort"`
	EnvFrom                  []EnvFromSource          `json:"envFrom,omitempty"`
	Env                      []EnvVar                 `json:"env,omitempty" patchStrategy:"merge" patchMergeKey:"name"`
	Resources                ResourceRequirements     `json:"resources,omitempty"`
	ResizePolicy             []ContainerResizePolicy  `json:"resizePolicy,omitempty"`
	RestartPolicy            *ContainerRestartPolicy  `json:"restartPolicy,omitempty"`
	RestartPolicyRules       []ContainerRestartRule   `json:"restartPolicyRules,omitempty"`
	VolumeMounts             []VolumeMount            `json:"volumeMounts,omitempty" patchStrategy:"merge" patchMergeKey:"mountPath"`
	VolumeDevices            []VolumeDevice           `json:"volumeDevices,omitempty" patchStrategy:"merge" patchMergeKey:"devicePath"`
	LivenessProbe            *Probe                   `json:"livenessProbe,omitempty"`
	ReadinessProbe           *Probe                   `json:"readinessProbe,omitempty"`
	StartupProbe             *Probe                   `json:"startupProbe,omitempty"`
	Lifecycle                *Lifecycle               `json:"lifecycle,omitempty"`
	TerminationMessagePath   string                   `json:"terminationMessagePath,omitempty"`
	TerminationMessagePolicy TerminationMessagePolicy `json:"terminationMessagePolicy,omitempty"`
	ImagePullPolicy          PullPolicy               `json:"imagePullPolicy,omitempty"`
	SecurityContext          *SecurityContext         `json:"securityContext,omitempty"`
	Stdin                    bool                     `json:"stdin,omitempty"`
	StdinOnce                bool                     `json:"stdinOnce,omitempty"`
	TTY                      bool                     `json:"tty,omitempty"`
}

// Constants as k8s.io/api defines them.
const (
	ProtocolTCP                                    Protocol                                = "TCP"
	ProtocolUDP                                    Protocol                                = "UDP"
	ProtocolSCTP                                   Protocol                                = "SCTP"
	MountPropagationNone                           MountPropagationMode                    = "None"
	MountPropagationHostToContainer                MountPropagationMode                    = "HostToContainer"
	MountPropagationBidirectional                  MountPropagationMode                    = "Bidirectional"
	RecursiveReadOnlyDisabled                      RecursiveReadOnlyMode                   = "Disabled"
	RecursiveReadOnlyIfPossible                    RecursiveReadOnlyMode                   = "IfPossible"
	RecursiveReadOnlyEnabled                       RecursiveReadOnlyMode                   = "Enabled"
	PullAlways                                     PullPolicy                              = "Always"
	PullNever                                      PullPolicy                              = "Never"
	PullIfNotPresent                               PullPolicy                              = "IfNotPresent"
	NotRequired                                    ResourceResizeRestartPolicy             = "NotRequired"
	RestartContainer                               ResourceResizeRestartPolicy             = "RestartContainer"
	TerminationMessageReadFile                     TerminationMessagePolicy                = "File"
	TerminationMessageFallbackToLogsOnError        TerminationMessagePolicy                = "FallbackToLogsOnError"
	ContainerRestartPolicyAlways                   ContainerRestartPolicy                  = "Always"
	ContainerRestartPolicyNever                    ContainerRestartPolicy                  = "Never"
	ContainerRestartPolicyOnFailure                ContainerRestartPolicy                  = "OnFailure"
	ContainerRestartRuleActionRestart              ContainerRestartRuleAction              = "Restart"
	ContainerRestartRuleActionRestartAllContainers ContainerRestartRuleAction              = "RestartAllContainers"
	ContainerRestartRuleOnExitCodesOpIn            ContainerRestartRuleOnExitCodesOperator = "In"
	ContainerRestartRuleOnExitCodesOpNotIn         ContainerRestartRuleOnExitCodesOperator = "NotIn"
	SeccompProfileTypeUnconfined                   SeccompProfileType                      = "Unconfined"
	SeccompProfileTypeRuntimeDefault               SeccompProfileType                      = "RuntimeDefault"
	SeccompProfileTypeLocalhost                    SeccompProfileType                      = "Localhost"
	AppArmorProfileTypeUnconfined                  AppArmorProfileType                     = "Unconfined"
	AppArmorProfileTypeRuntimeDefault              AppArmorProfileType                     = "RuntimeDefault"
	AppArmorProfileTypeLocalhost                   AppArmorProfileType                     = "Localhost"
	DefaultProcMount                               ProcMountType                           = "Default"
	UnmaskedProcMount                              ProcMountType                           = "Unmasked"
)
