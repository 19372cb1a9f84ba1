package api

import (
	"fmt"
	"reflect"
	"strings"
)

// ResourceInfo describes one served resource the way `kubectl api-resources -o wide` lists it.
type ResourceInfo struct {
	Group      string   // "" for the core group, "apps", ...
	Version    string   // "v1"
	Resource   string   // plural: "pods"
	Singular   string   // "pod"
	Kind       string   // "Pod"
	ListKind   string   // "PodList"
	Namespaced bool     // NAMESPACED column
	ShortNames []string // SHORTNAMES column: "po"
	Verbs      []string // VERBS column, sorted as kubectl prints them
	Categories []string // CATEGORIES column: "all"
	// New returns a new empty object of this kind with its TypeMeta set.
	New func() Object
	// Custom is the CustomResourceDefinition version that serves this resource (its schema,
	// printer columns and subresources); nil for built-in kinds.
	Custom *CustomResourceDefinitionVersion

	goType reflect.Type // the Go type (not pointer) of New()
}

// GroupResource returns {Group, Resource}, which prints "deployments.apps".
func (r *ResourceInfo) GroupResource() GroupResource { return GroupResource{r.Group, r.Resource} }

// APIVersion returns "v1" or "apps/v1".
func (r *ResourceInfo) APIVersion() string {
	return GroupVersionKind{r.Group, r.Version, r.Kind}.APIVersion()
}

// GroupKind returns "Pod" or "Deployment.apps", as validation errors name kinds.
func (r *ResourceInfo) GroupKind() string {
	if r.Group == "" {
		return r.Kind
	}
	return r.Kind + "." + r.Group
}

// Holds reports whether obj is of the resource's Go type: what New returns
// (a *Pod for pods, a *CustomObject for a custom resource).
func (r *ResourceInfo) Holds(obj Object) bool {
	t := reflect.TypeOf(obj)
	return t != nil && t.Kind() == reflect.Pointer && t.Elem() == r.goType
}

// TypeMeta returns the TypeMeta of the resource's objects, as New sets it.
func (r *ResourceInfo) TypeMeta() TypeMeta { return TypeMeta{APIVersion: r.APIVersion(), Kind: r.Kind} }

// GroupVersionKind returns the GVK of the resource's kind.
func (r *ResourceInfo) GroupVersionKind() GroupVersionKind {
	return GroupVersionKind{r.Group, r.Version, r.Kind}
}

// GroupVersionKind is schema.GroupVersionKind.
type GroupVersionKind struct{ Group, Version, Kind string }

// APIVersion returns "v1" or "apps/v1".
func (g GroupVersionKind) APIVersion() string {
	if g.Group == "" {
		return g.Version
	}
	return g.Group + "/" + g.Version
}

// Empty reports whether the GVK is unset.
func (g GroupVersionKind) Empty() bool { return g == GroupVersionKind{} }

// String prints "apps/v1, Kind=Deployment" like schema.GroupVersionKind.
func (g GroupVersionKind) String() string { return g.APIVersion() + ", Kind=" + g.Kind }

// ParseAPIVersion splits "apps/v1" into ("apps", "v1") and "v1" into ("", "v1").
func ParseAPIVersion(apiVersion string) (group, version string) {
	if i := strings.LastIndexByte(apiVersion, '/'); i >= 0 {
		return apiVersion[:i], apiVersion[i+1:]
	}
	return "", apiVersion
}

// GroupVersionKind returns the GVK written in the TypeMeta.
func (t *TypeMeta) GroupVersionKind() GroupVersionKind {
	g, v := ParseAPIVersion(t.APIVersion)
	return GroupVersionKind{g, v, t.Kind}
}

// SetGroupVersionKind writes gvk into the TypeMeta.
func (t *TypeMeta) SetGroupVersionKind(gvk GroupVersionKind) {
	t.APIVersion, t.Kind = gvk.APIVersion(), gvk.Kind
}

// NoKindMatchError is meta.NoKindMatchError: the kind is not served in that version.
// kubectl wraps it: `resource mapping not found for name: "x" namespace: "" from "f.yaml": <this>` +
// "\nensure CRDs are installed first".
type NoKindMatchError struct{ Group, Version, Kind string }

func (e *NoKindMatchError) Error() string {
	return fmt.Sprintf("no matches for kind %q in version %q", e.Kind, GroupVersionKind{e.Group, e.Version, e.Kind}.APIVersion())
}

var allVerbs = []string{"create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"}
var noCollectionVerbs = []string{"create", "delete", "get", "list", "patch", "update", "watch"}

// registry lists every resource kubeplay serves, in `kubectl api-resources` order (core group first,
// then groups alphabetically).
var registry = []*ResourceInfo{
	res("", "bindings", "Binding", true, nil, []string{"create"}, nil, func() Object { return &Binding{} }),
	res("", "componentstatuses", "ComponentStatus", false, []string{"cs"}, []string{"get", "list"}, nil, func() Object { return &ComponentStatus{} }),
	res("", "configmaps", "ConfigMap", true, []string{"cm"}, allVerbs, nil, func() Object { return &ConfigMap{} }),
	res("", "endpoints", "Endpoints", true, []string{"ep"}, allVerbs, nil, func() Object { return &Endpoints{} }),
	res("", "events", "Event", true, []string{"ev"}, allVerbs, nil, func() Object { return &Event{} }),
	res("", "limitranges", "LimitRange", true, []string{"limits"}, allVerbs, nil, func() Object { return &LimitRange{} }),
	res("", "namespaces", "Namespace", false, []string{"ns"}, noCollectionVerbs, nil, func() Object { return &Namespace{} }),
	res("", "nodes", "Node", false, []string{"no"}, allVerbs, nil, func() Object { return &Node{} }),
	res("", "persistentvolumeclaims", "PersistentVolumeClaim", true, []string{"pvc"}, allVerbs, nil, func() Object { return &PersistentVolumeClaim{} }),
	res("", "persistentvolumes", "PersistentVolume", false, []string{"pv"}, allVerbs, nil, func() Object { return &PersistentVolume{} }),
	res("", "pods", "Pod", true, []string{"po"}, allVerbs, []string{"all"}, func() Object { return &Pod{} }),
	res("", "replicationcontrollers", "ReplicationController", true, []string{"rc"}, allVerbs, []string{"all"}, func() Object { return &ReplicationController{} }),
	res("", "resourcequotas", "ResourceQuota", true, []string{"quota"}, allVerbs, nil, func() Object { return &ResourceQuota{} }),
	res("", "secrets", "Secret", true, nil, allVerbs, nil, func() Object { return &Secret{} }),
	res("", "serviceaccounts", "ServiceAccount", true, []string{"sa"}, allVerbs, nil, func() Object { return &ServiceAccount{} }),
	res("", "services", "Service", true, []string{"svc"}, noCollectionVerbs, []string{"all"}, func() Object { return &Service{} }),
	res("admissionregistration.k8s.io", "validatingadmissionpolicies", "ValidatingAdmissionPolicy", false, nil, allVerbs, []string{"api-extensions"}, func() Object { return &ValidatingAdmissionPolicy{} }),
	res("admissionregistration.k8s.io", "validatingadmissionpolicybindings", "ValidatingAdmissionPolicyBinding", false, nil, allVerbs, []string{"api-extensions"}, func() Object { return &ValidatingAdmissionPolicyBinding{} }),
	res("admissionregistration.k8s.io", "validatingwebhookconfigurations", "ValidatingWebhookConfiguration", false, nil, allVerbs, []string{"api-extensions"}, func() Object { return &ValidatingWebhookConfiguration{} }),
	res("apiextensions.k8s.io", "customresourcedefinitions", "CustomResourceDefinition", false, []string{"crd", "crds"}, allVerbs, []string{"api-extensions"}, func() Object { return &CustomResourceDefinition{} }),
	res("apiregistration.k8s.io", "apiservices", "APIService", false, nil, []string{"get", "list"}, []string{"api-extensions"}, func() Object { return &APIService{} }),
	res("apps", "controllerrevisions", "ControllerRevision", true, nil, allVerbs, nil, func() Object { return &ControllerRevision{} }),
	res("apps", "daemonsets", "DaemonSet", true, []string{"ds"}, allVerbs, []string{"all"}, func() Object { return &DaemonSet{} }),
	res("apps", "deployments", "Deployment", true, []string{"deploy"}, allVerbs, []string{"all"}, func() Object { return &Deployment{} }),
	res("apps", "replicasets", "ReplicaSet", true, []string{"rs"}, allVerbs, []string{"all"}, func() Object { return &ReplicaSet{} }),
	res("apps", "statefulsets", "StatefulSet", true, []string{"sts"}, allVerbs, []string{"all"}, func() Object { return &StatefulSet{} }),
	withVersion("v2", res("autoscaling", "horizontalpodautoscalers", "HorizontalPodAutoscaler", true, []string{"hpa"}, allVerbs, []string{"all"}, func() Object { return &HorizontalPodAutoscaler{} })),
	res("batch", "cronjobs", "CronJob", true, []string{"cj"}, allVerbs, []string{"all"}, func() Object { return &CronJob{} }),
	res("batch", "jobs", "Job", true, nil, allVerbs, []string{"all"}, func() Object { return &Job{} }),
	res("coordination.k8s.io", "leases", "Lease", true, nil, allVerbs, nil, func() Object { return &Lease{} }),
	res("discovery.k8s.io", "endpointslices", "EndpointSlice", true, nil, allVerbs, nil, func() Object { return &EndpointSlice{} }),
	res("flowcontrol.apiserver.k8s.io", "flowschemas", "FlowSchema", false, nil, allVerbs, nil, func() Object { return &FlowSchema{} }),
	res("networking.k8s.io", "ingressclasses", "IngressClass", false, nil, allVerbs, nil, func() Object { return &IngressClass{} }),
	res("networking.k8s.io", "ingresses", "Ingress", true, []string{"ing"}, allVerbs, nil, func() Object { return &Ingress{} }),
	res("networking.k8s.io", "networkpolicies", "NetworkPolicy", true, []string{"netpol"}, allVerbs, nil, func() Object { return &NetworkPolicy{} }),
	res("policy", "poddisruptionbudgets", "PodDisruptionBudget", true, []string{"pdb"}, allVerbs, nil, func() Object { return &PodDisruptionBudget{} }),
	res("rbac.authorization.k8s.io", "clusterrolebindings", "ClusterRoleBinding", false, nil, allVerbs, nil, func() Object { return &ClusterRoleBinding{} }),
	res("rbac.authorization.k8s.io", "clusterroles", "ClusterRole", false, nil, allVerbs, nil, func() Object { return &ClusterRole{} }),
	res("rbac.authorization.k8s.io", "rolebindings", "RoleBinding", true, nil, allVerbs, nil, func() Object { return &RoleBinding{} }),
	res("rbac.authorization.k8s.io", "roles", "Role", true, nil, allVerbs, nil, func() Object { return &Role{} }),
	res("resource.k8s.io", "deviceclasses", "DeviceClass", false, nil, allVerbs, nil, func() Object { return &DeviceClass{} }),
	res("resource.k8s.io", "resourceclaims", "ResourceClaim", true, nil, allVerbs, nil, func() Object { return &DeviceResourceClaim{} }),
	res("resource.k8s.io", "resourceclaimtemplates", "ResourceClaimTemplate", true, nil, allVerbs, nil, func() Object { return &ResourceClaimTemplate{} }),
	res("resource.k8s.io", "resourceslices", "ResourceSlice", false, nil, allVerbs, nil, func() Object { return &ResourceSlice{} }),
	res("scheduling.k8s.io", "priorityclasses", "PriorityClass", false, []string{"pc"}, allVerbs, nil, func() Object { return &PriorityClass{} }),
	res("storage.k8s.io", "storageclasses", "StorageClass", false, []string{"sc"}, allVerbs, nil, func() Object { return &StorageClass{} }),
}

// extraKinds are kinds that are not resources of their own but that New, KindFor and Decode know:
// policy/v1 Eviction (the body of pods/eviction) and authentication.k8s.io/v1 TokenRequest (of
// serviceaccounts/token).
var extraKinds = []*ResourceInfo{
	res("policy", "evictions", "Eviction", true, nil, []string{"create"}, nil, func() Object { return &Eviction{} }),
	res("authentication.k8s.io", "tokenrequests", "TokenRequest", true, nil, []string{"create"}, nil, func() Object { return &TokenRequest{} }),
}

// withVersion serves r in another version than v1 (autoscaling/v2).
func withVersion(v string, r *ResourceInfo) *ResourceInfo {
	r.Version = v
	return r
}

func res(group, resource, kind string, namespaced bool, short, verbs, cats []string, newFn func() Object) *ResourceInfo {
	r := &ResourceInfo{Group: group, Version: "v1", Resource: resource, Singular: strings.ToLower(kind), Kind: kind,
		ListKind: kind + "List", Namespaced: namespaced, ShortNames: short, Verbs: verbs, Categories: cats}
	r.goType = reflect.TypeOf(newFn()).Elem()
	r.New = func() Object {
		o := newFn()
		o.GetTypeMeta().SetGroupVersionKind(r.GroupVersionKind())
		return o
	}
	return r
}

var (
	allKinds = append(append([]*ResourceInfo{}, registry...), extraKinds...)
	byGoType = map[reflect.Type]*ResourceInfo{}
	byName   = map[string]*ResourceInfo{}
)

func init() {
	for _, r := range allKinds {
		byGoType[r.goType] = r
	}
	for _, r := range registry {
		for _, n := range append([]string{r.Resource, r.Singular, strings.ToLower(r.Kind)}, r.ShortNames...) {
			if _, taken := byName[n]; !taken {
				byName[n] = r
			}
		}
	}
}

// Resources returns every served resource in `kubectl api-resources` order. Do not modify the result.
func Resources() []*ResourceInfo { return registry }

// ResourceFor resolves what a kubectl user types: plural ("pods"), singular ("pod"), short name ("po"),
// kind in any case ("Pod"), or any of these qualified by group or version.group ("deployments.apps",
// "deploy.v1.apps").
func ResourceFor(name string) (*ResourceInfo, bool) {
	n := strings.ToLower(name)
	if r, ok := byName[n]; ok {
		return r, true
	}
	i := strings.IndexByte(n, '.')
	if i < 0 {
		return nil, false
	}
	r, ok := byName[n[:i]]
	if !ok {
		return nil, false
	}
	qual := n[i+1:]
	if qual == r.Group || qual == r.Version+"."+r.Group || (r.Group == "" && qual == r.Version) {
		return r, true
	}
	return nil, false
}

// ResourceForKind returns the resource of apiVersion+kind (exact case, as in a manifest), or a
// *NoKindMatchError.
func ResourceForKind(apiVersion, kind string) (*ResourceInfo, error) {
	g, v := ParseAPIVersion(apiVersion)
	for _, r := range registry {
		if r.Kind == kind && r.Group == g && r.Version == v {
			return r, nil
		}
	}
	return nil, &NoKindMatchError{Group: g, Version: v, Kind: kind}
}

// New returns a new empty object of apiVersion+kind with TypeMeta set (Eviction included), or a
// *NoKindMatchError.
func New(apiVersion, kind string) (Object, error) {
	g, v := ParseAPIVersion(apiVersion)
	for _, r := range allKinds {
		if r.Kind == kind && r.Group == g && r.Version == v {
			return r.New(), nil
		}
	}
	return nil, &NoKindMatchError{Group: g, Version: v, Kind: kind}
}

// ResourceOf returns the registry entry of obj's Go type (nil for a type kubeplay does not serve).
func ResourceOf(obj Object) *ResourceInfo {
	t := reflect.TypeOf(obj)
	if t == nil || t.Kind() != reflect.Pointer {
		return nil
	}
	return byGoType[t.Elem()]
}

// KindFor returns the GVK of obj from its Go type, so objects with an empty TypeMeta still know their
// kind. It falls back to the TypeMeta for types outside the registry.
func KindFor(obj Object) GroupVersionKind {
	if r := ResourceOf(obj); r != nil {
		return r.GroupVersionKind()
	}
	if obj == nil {
		return GroupVersionKind{}
	}
	return obj.GetTypeMeta().GroupVersionKind()
}

// SetDefaultTypeMeta fills an empty kind/apiVersion from obj's Go type and returns obj.
func SetDefaultTypeMeta(obj Object) Object {
	tm := obj.GetTypeMeta()
	if tm.Kind == "" || tm.APIVersion == "" {
		if gvk := KindFor(obj); !gvk.Empty() {
			tm.SetGroupVersionKind(gvk)
		}
	}
	return obj
}
