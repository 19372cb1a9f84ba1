package api

// APIService is apiregistration.k8s.io/v1 APIService: one group version the
// API serves, "Local" (spec.service unset) when kube-apiserver serves it
// itself. kubeplay has no aggregated servers: every APIService is Local.
type APIService struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty"`
	Spec       APIServiceSpec   `json:"spec"`
	Status     APIServiceStatus `json:"status,omitempty"`
}

// APIServiceSpec is apiregistration.k8s.io/v1 APIServiceSpec.
type APIServiceSpec struct {
	Service               *APIServiceReference `json:"service,omitempty"`
	Group                 string               `json:"group,omitempty"`
	Version               string               `json:"version,omitempty"`
	InsecureSkipTLSVerify bool                 `json:"insecureSkipTLSVerify,omitempty"`
	CABundle              []byte               `json:"caBundle,omitempty"`
	GroupPriorityMinimum  int32                `json:"groupPriorityMinimum"`
	VersionPriority       int32                `json:"versionPriority"`
}

// APIServiceReference is apiregistration.k8s.io/v1 ServiceReference: the
// Service of an aggregated API server.
type APIServiceReference struct {
	Namespace string `json:"namespace,omitempty"`
	Name      string `json:"name,omitempty"`
	Port      *int32 `json:"port,omitempty"`
}

// APIServiceStatus is apiregistration.k8s.io/v1 APIServiceStatus.
type APIServiceStatus struct {
	Conditions []APIServiceCondition `json:"conditions,omitempty"`
}

// APIServiceCondition is apiregistration.k8s.io/v1 APIServiceCondition.
type APIServiceCondition struct {
	Type               string          `json:"type"`
	Status             ConditionStatus `json:"status"`
	LastTransitionTime Time            `json:"lastTransitionTime,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	Message            string          `json:"message,omitempty"`
}

// APIServiceList is apiregistration.k8s.io/v1 APIServiceList.
type APIServiceList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty"`
	Items    []APIService `json:"items"`
}

// ServedGroupVersion is one group version a v1.35 kube-apiserver serves
// by default, with the priorities its APIService carries (kube-apiserver's
// apiVersionPriorities, cmd/kube-apiserver/app/aggregator.go, and
// DefaultGenericAPIServicePriorities).
type ServedGroupVersion struct {
	Group, Version                        string
	GroupPriorityMinimum, VersionPriority int32
}

// ServedGroupVersions are the group versions of a kind v1.35 cluster
// (stableAPIGroupVersionsEnabledByDefault, the apiextensions and
// apiregistration servers, resource.k8s.io/v1 since v1.34): what
// `kubectl api-versions` lists and the Local APIServices. Some serve
// kinds kubeplay does not model (authentication.k8s.io's reviews,
// certificates, node.k8s.io's RuntimeClass); they are served all the same
// in discovery's list of versions.
var ServedGroupVersions = []ServedGroupVersion{
	{"", "v1", 18000, 1},
	{"admissionregistration.k8s.io", "v1", 16700, 15},
	{"apiextensions.k8s.io", "v1", 16700, 15},
	{"apiregistration.k8s.io", "v1", 18000, 15},
	{"apps", "v1", 17800, 15},
	{"authentication.k8s.io", "v1", 17700, 15},
	{"authorization.k8s.io", "v1", 17600, 15},
	{"autoscaling", "v1", 17500, 15},
	{"autoscaling", "v2", 17500, 30},
	{"batch", "v1", 17400, 15},
	{"certificates.k8s.io", "v1", 17300, 15},
	{"coordination.k8s.io", "v1", 16500, 15},
	{"discovery.k8s.io", "v1", 16200, 15},
	{"events.k8s.io", "v1", 17750, 15},
	{"flowcontrol.apiserver.k8s.io", "v1", 16100, 21},
	{"networking.k8s.io", "v1", 17200, 15},
	{"node.k8s.io", "v1", 16300, 15},
	{"policy", "v1", 17100, 15},
	{"rbac.authorization.k8s.io", "v1", 17000, 15},
	{"resource.k8s.io", "v1", 16200, 21},
	{"scheduling.k8s.io", "v1", 16600, 15},
	{"storage.k8s.io", "v1", 16800, 15},
}

// APIVersion is "apps/v1", or "v1" for the core group.
func (g ServedGroupVersion) APIVersion() string {
	if g.Group == "" {
		return g.Version
	}
	return g.Group + "/" + g.Version
}
