package kubelet

import "time"

// Event reasons (pkg/kubelet/events).
const (
	ReasonPulling            = "Pulling"
	ReasonPulled             = "Pulled"
	ReasonFailed             = "Failed"
	ReasonBackOff            = "BackOff"
	ReasonCreated            = "Created"
	ReasonStarted            = "Started"
	ReasonKilling            = "Killing"
	ReasonUnhealthy          = "Unhealthy"
	ReasonErrImageNeverPull  = "ErrImageNeverPull"
	ReasonInspectFailed      = "InspectFailed"
	ReasonStarting           = "Starting"
	ReasonNodeReady          = "NodeReady"
	ReasonNodeAllocatable    = "NodeAllocatableEnforced"
	ReasonNodeHasMemory      = "NodeHasSufficientMemory"
	ReasonNodeHasNoDisk      = "NodeHasNoDiskPressure"
	ReasonNodeHasPID         = "NodeHasSufficientPID"
	ReasonExceededGrace      = "ExceededGracePeriod"
	ReasonSandboxChanged     = "SandboxChanged"
	ReasonFailedSync         = "FailedSync"
	ReasonNodeNotReady       = "NodeNotReady"
	ReasonRegisteredNode     = "RegisteredNode"
	ReasonFailedPostStartHok = "FailedPostStartHook"
)

// Container waiting reasons.
const (
	WaitingContainerCreating  = "ContainerCreating"
	WaitingPodInitializing    = "PodInitializing"
	WaitingErrImagePull       = "ErrImagePull"
	WaitingImagePullBackOff   = "ImagePullBackOff"
	WaitingErrImageNeverPull  = "ErrImageNeverPull"
	WaitingInvalidImageName   = "InvalidImageName"
	WaitingCrashLoopBackOff   = "CrashLoopBackOff"
	WaitingRunContainerError  = "RunContainerError"
	WaitingCreateConfigError  = "CreateContainerConfigError"
	WaitingCreateContainerErr = "CreateContainerError"
)

// Message formats, v1.35 (docs/kubernetes-fidelity.md §0, §1b, §1c).
const (
	msgPulling          = `Pulling image %q`
	msgPulled           = `Successfully pulled image %q in %v (%v including waiting). Image size: %v bytes.`
	msgAlreadyPresent   = `Container image %q already present on machine and can be accessed by the pod`
	msgPullFailed       = `Failed to pull image %q: %v`
	msgPullBackOff      = `Back-off pulling image %q`
	msgNeverPull        = `Container image %q is not present with pull policy of Never`
	msgInvalidImage     = `Failed to apply default image tag %q: %v`
	msgCreated          = `Container created`
	msgStarted          = `Container started`
	msgStopping         = `Stopping container %s`
	msgLivenessRestart  = `Container %s failed liveness probe, will be restarted`
	msgStartupRestart   = `Container %s failed startup probe, will be restarted`
	msgRedefined        = `Container %s definition changed, will be restarted`
	msgCrashBackOff     = `Back-off restarting failed container %s in pod %s`
	msgCrashWaiting     = `back-off %s restarting failed container=%s pod=%s`
	msgProbeFailed      = `%s probe failed: %s`
	msgNodeStatus       = `Node %s status is now: %s`
	msgStartingKubelet  = `Starting kubelet.`
	msgAllocatable      = `Updated Node Allocatable limit across pods`
	msgContainersNotRdy = `containers with unready status: %s`
	msgInitNotReady     = `containers with incomplete status: %s`
)

// Node condition reasons and messages (pkg/kubelet/nodestatus).
const (
	condReadyReason      = "KubeletReady"
	condReadyMessage     = "kubelet is posting ready status"
	condMemoryReason     = "KubeletHasSufficientMemory"
	condMemoryMessage    = "kubelet has sufficient memory available"
	condDiskReason       = "KubeletHasNoDiskPressure"
	condDiskMessage      = "kubelet has no disk pressure"
	condPIDReason        = "KubeletHasSufficientPID"
	condPIDMessage       = "kubelet has sufficient PID available"
	podCompletedReason   = "PodCompleted"
	containersNotReady   = "ContainersNotReady"
	containersNotInitRsn = "ContainersNotInitialized"
)

// Timings of the simulated node (kubelet defaults where they exist).
const (
	NodeStatusUpdateFrequency = 10 * time.Second
	NodeStatusReportFrequency = 5 * time.Minute
	NodeLeaseDurationSeconds  = 40
	LeaseRenewInterval        = 10 * time.Second // 0.25 × 40s
	LeaseNamespace            = "kube-node-lease"

	InitialCrashLoopBackOff = 10 * time.Second
	MaxCrashLoopBackOff     = 300 * time.Second
	CrashLoopResetAfter     = 600 * time.Second
	ImageBackOffInitial     = 10 * time.Second
	MaxImageBackOff         = 300 * time.Second
	// BackOffPeriod is how often a pod worker retries a pod that failed to
	// sync (image or crash back-off): each retry records the BackOff event again.
	BackOffPeriod = 10 * time.Second

	// SandboxDelay is RunPodSandbox: the pause container and the CNI call.
	SandboxDelay = 250 * time.Millisecond
	// CreateDelay and StartDelay are CreateContainer and StartContainer.
	CreateDelay = 60 * time.Millisecond
	StartDelay  = 80 * time.Millisecond
	// StatusDelay batches the status changes of one burst into one PATCH.
	StatusDelay = 5 * time.Millisecond
	// KillDelay is how long stopping a container takes besides the process.
	KillDelay = 20 * time.Millisecond

	MaxNodeImages = 50
)
