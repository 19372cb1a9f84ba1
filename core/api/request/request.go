package request

import "kubeplay/core/api"

// UserInfo is who a request is from, after authentication.
type UserInfo struct {
	Name   string
	Groups []string
}

// Well-known identities (see authn.go for how they authenticate).
const (
	UserAdmin             = "kubernetes-admin"
	UserScheduler         = "system:kube-scheduler"
	UserControllerManager = "system:kube-controller-manager"
	NodeUserPrefix        = "system:node:"
	GroupMasters          = "system:masters"
	GroupNodes            = "system:nodes"
	GroupAuthenticated    = "system:authenticated"
	ServiceAccountPrefix  = "system:serviceaccount:"
)

// Request is one API call. It is what an HTTP request to kube-apiserver
// carries, already parsed: kubeplay has no wire, but every field a real
// request would have is here.
type Request struct {
	// User is the identity presented by the client (the credential). The
	// apiserver authenticates it: an unknown user is refused with 401.
	User UserInfo
	// Impersonate is kubectl's --as: the apiserver checks that User may
	// impersonate it, then acts as it.
	Impersonate string
	// ImpersonateGroups is kubectl's --as-group: the groups the impersonated
	// user gets (each needs the "impersonate" verb on "groups").
	ImpersonateGroups []string
	// Component names the caller in the trace: kubectl, kube-scheduler,
	// kube-controller-manager/deployment-controller, kubelet/demo-worker...
	Component string

	Verb        string // get list watch create update patch delete deletecollection
	Group       string // "" for core, "apps", "rbac.authorization.k8s.io", ...
	Resource    string // plural lower-case: pods, deployments
	Subresource string // status, binding, scale, log, eviction, or ""
	Namespace   string
	Name        string

	// Body is the object for create and update (and binding, eviction).
	Body api.Object
	// Patch and PatchType for patch: PatchType is one of
	// application/strategic-merge-patch+json, application/merge-patch+json,
	// application/json-patch+json.
	Patch     []byte
	PatchType string

	DryRun bool
	// HandOver marks a create whose caller gives Body away, as a client that serialized it
	// would: from then on Body, and everything it points to, is the server's stored object,
	// shared with its cache, and so is the object the server answers with (not a copy). The
	// caller may read them but must never modify them. The server saves two deep copies per
	// write: kubeplay's fire-and-forget writers use it (the events.k8s.io recorder, the
	// benchmarks' pods). Body must share nothing with other objects. A refused create may
	// have defaulted Body; sending it again is fine.
	HandOver     bool
	FieldManager string
	// FieldValidation is the fieldValidation of a create, update or patch: "Strict" refuses
	// fields the kind does not know (kubectl's default, --validate=strict); otherwise they are
	// dropped. kubeplay's kubectl checks built-in kinds itself; the apiserver checks the custom
	// resources its CRDs' schemas describe.
	FieldValidation string

	// List and watch options.
	LabelSelector   string
	FieldSelector   string
	ResourceVersion string
	// AllowWatchBookmarks and friends are not modelled.

	// Delete options.
	GracePeriodSeconds *int64
	PropagationPolicy  string // Orphan, Background, Foreground; "" = the kind's default
	Preconditions      *api.Preconditions

	// Warnings is filled in by the apiserver: the texts of the response's
	// `Warning: 299 - "..."` headers, in the order they were added. kubectl
	// prints each as `Warning: <text>` on stderr.
	Warnings []string
}

// WatchEvent is one watch notification (watch.Event).
type WatchEvent struct {
	Type   string // ADDED MODIFIED DELETED BOOKMARK ERROR
	Object api.Object
	// Revision is the store revision of the change (the object's resourceVersion).
	Revision int64
}

// Watch event types.
const (
	Added    = "ADDED"
	Modified = "MODIFIED"
	Deleted  = "DELETED"
	Bookmark = "BOOKMARK"
	Error    = "ERROR"
)
