package api

// Probe is core/v1 Probe.
type Probe struct {
	ProbeHandler                  `json:",inline"`
	InitialDelaySeconds           int32  `json:"initialDelaySeconds,omitempty"`
	TimeoutSeconds                int32  `json:"timeoutSeconds,omitempty"`
	PeriodSeconds                 int32  `json:"periodSeconds,omitempty"`
	SuccessThreshold              int32  `json:"successThreshold,omitempty"`
	FailureThreshold              int32  `json:"failureThreshold,omitempty"`
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds,omitempty"`
}

// ProbeHandler is core/v1 ProbeHandler.
type ProbeHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	GRPC      *GRPCAction      `json:"grpc,omitempty"`
}

// ExecAction is core/v1 ExecAction.
type ExecAction struct {
	Command []string `json:"command,omitempty"`
}

// HTTPGetAction is core/v1 HTTPGetAction.
type HTTPGetAction struct {
	Path        string       `json:"path,omitempty"`
	Port        IntOrString  `json:"port"`
	Host        string       `json:"host,omitempty"`
	Scheme      URIScheme    `json:"scheme,omitempty"`
	HTTPHeaders []HTTPHeader `json:"httpHeaders,omitempty"`
}

// URIScheme is core/v1 URIScheme.
type URIScheme string

// HTTPHeader is core/v1 HTTPHeader.
type HTTPHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// TCPSocketAction is core/v1 TCPSocketAction.
type TCPSocketAction struct {
	Port IntOrString `json:"port"`
	Host string      `json:"host,omitempty"`
}

// GRPCAction is core/v1 GRPCAction.
type GRPCAction struct {
	Port    int32   `json:"port"`
	Service *string `json:"service"`
}

// Lifecycle is core/v1 Lifecycle.
type Lifecycle struct {
	PostStart  *LifecycleHandler `json:"postStart,omitempty"`
	PreStop    *LifecycleHandler `json:"preStop,omitempty"`
	StopSignal *Signal           `json:"stopSignal,omitempty"`
}

// LifecycleHandler is core/v1 LifecycleHandler.
type LifecycleHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	Sleep     *SleepAction     `json:"sleep,omitempty"`
}

// SleepAction is core/v1 SleepAction.
type SleepAction struct {
	Seconds int64 `json:"seconds"`
}

// Signal is core/v1 Signal.
type Signal string

// Constants as k8s.io/api defines them.
const (
	URISchemeHTTP   URIScheme = "HTTP"
	URISchemeHTTPS  URIScheme = "HTTPS"
	SIGABRT         Signal    = "SIGABRT"
	SIGALRM         Signal    = "SIGALRM"
	SIGBUS          Signal    = "SIGBUS"
	SIGCHLD         Signal    = "SIGCHLD"
	SIGCLD          Signal    = "SIGCLD"
	SIGCONT         Signal    = "SIGCONT"
	SIGFPE          Signal    = "SIGFPE"
	SIGHUP          Signal    = "SIGHUP"
	SIGILL          Signal    = "SIGILL"
	SIGINT          Signal    = "SIGINT"
	SIGIO           Signal    = "SIGIO"
	SIGIOT          Signal    = "SIGIOT"
	SIGKILL         Signal    = "SIGKILL"
	SIGPIPE         Signal    = "SIGPIPE"
	SIGPOLL         Signal    = "SIGPOLL"
	SIGPROF         Signal    = "SIGPROF"
	SIGPWR          Signal    = "SIGPWR"
	SIGQUIT         Signal    = "SIGQUIT"
	SIGSEGV         Signal    = "SIGSEGV"
	SIGSTKFLT       Signal    = "SIGSTKFLT"
	SIGSTOP         Signal    = "SIGSTOP"
	SIGSYS          Signal    = "SIGSYS"
	SIGTERM         Signal    = "SIGTERM"
	SIGTRAP         Signal    = "SIGTRAP"
	SIGTSTP         Signal    = "SIGTSTP"
	SIGTTIN         Signal    = "SIGTTIN"
	SIGTTOU         Signal    = "SIGTTOU"
	SIGURG          Signal    = "SIGURG"
	SIGUSR1         Signal    = "SIGUSR1"
	SIGUSR2         Signal    = "SIGUSR2"
	SIGVTALRM       Signal    = "SIGVTALRM"
	SIGWINCH        Signal    = "SIGWINCH"
	SIGXCPU         Signal    = "SIGXCPU"
	SIGXFSZ         Signal    = "SIGXFSZ"
	SIGRTMIN        Signal    = "SIGRTMIN"
	SIGRTMINPLUS1   Signal    = "SIGRTMIN+1"
	SIGRTMINPLUS2   Signal    = "SIGRTMIN+2"
	SIGRTMINPLUS3   Signal    = "SIGRTMIN+3"
	SIGRTMINPLUS4   Signal    = "SIGRTMIN+4"
	SIGRTMINPLUS5   Signal    = "SIGRTMIN+5"
	SIGRTMINPLUS6   Signal    = "SIGRTMIN+6"
	SIGRTMINPLUS7   Signal    = "SIGRTMIN+7"
	SIGRTMINPLUS8   Signal    = "SIGRTMIN+8"
	SIGRTMINPLUS9   Signal    = "SIGRTMIN+9"
	SIGRTMINPLUS10  Signal    = "SIGRTMIN+10"
	SIGRTMINPLUS11  Signal    = "SIGRTMIN+11"
	SIGRTMINPLUS12  Signal    = "SIGRTMIN+12"
	SIGRTMINPLUS13  Signal    = "SIGRTMIN+13"
	SIGRTMINPLUS14  Signal    = "SIGRTMIN+14"
	SIGRTMINPLUS15  Signal    = "SIGRTMIN+15"
	SIGRTMAXMINUS14 Signal    = "SIGRTMAX-14"
	SIGRTMAXMINUS13 Signal    = "SIGRTMAX-13"
	SIGRTMAXMINUS12 Signal    = "SIGRTMAX-12"
	SIGRTMAXMINUS11 Signal    = "SIGRTMAX-11"
	SIGRTMAXMINUS10 Signal    = "SIGRTMAX-10"
	SIGRTMAXMINUS9  Signal    = "SIGRTMAX-9"
	SIGRTMAXMINUS8  Signal    = "SIGRTMAX-8"
	SIGRTMAXMINUS7  Signal    = "SIGRTMAX-7"
	SIGRTMAXMINUS6  Signal    = "SIGRTMAX-6"
	SIGRTMAXMINUS5  Signal    = "SIGRTMAX-5"
	SIGRTMAXMINUS4  Signal    = "SIGRTMAX-4"
	SIGRTMAXMINUS3  Signal    = "SIGRTMAX-3"
	SIGRTMAXMINUS2  Signal    = "SIGRTMAX-2"
	SIGRTMAXMINUS1  Signal    = "SIGRTMAX-1"
	SIGRTMAX        Signal    = "SIGRTMAX"
)
