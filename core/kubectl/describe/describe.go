package describe

import (
	"fmt"
	"time"

	"kubeplay/core/api"
)

// Related carries the objects a describer shows besides the object itself,
// as kubectl's describers fetch them.
type Related struct {
	// Pods: for ReplicaSets and DaemonSets the pods their selector matches
	// (counted by phase when controlled by the object); for Nodes the node's
	// non-terminated pods.
	Pods []*api.Pod
	// OldReplicaSets and NewReplicaSets of a Deployment.
	OldReplicaSets, NewReplicaSets []*api.ReplicaSet
	// Lease is a Node's kube-node-lease Lease; LeaseErr the error getting it.
	Lease    *api.Lease
	LeaseErr error
	// ResourceQuotas and LimitRanges of a Namespace.
	ResourceQuotas []*api.ResourceQuota
	LimitRanges    []*api.LimitRange
	// EndpointSlices of a Service (label kubernetes.io/service-name).
	EndpointSlices []*api.EndpointSlice
}

// DescribeObject renders obj as kubectl describe does, given the events about
// it and its related objects, at virtual time now. Kinds without a dedicated
// describer get kubectl's generic describer; describeRare has those of the
// rarer kinds.
func DescribeObject(obj api.Object, events []*api.Event, related Related, now time.Time) string {
	switch o := obj.(type) {
	case *api.Pod:
		return describePod(o, events, now)
	case *api.Deployment:
		return describeDeployment(o, related, events, now)
	case *api.ReplicaSet:
		return describeReplicaSet(o, related, events, now)
	case *api.DaemonSet:
		return describeDaemonSet(o, related, events, now)
	case *api.Job:
		return describeJob(o, events, now)
	case *api.Node:
		return describeNode(o, related, events, now)
	case *api.Namespace:
		return describeNamespace(o, related)
	case *api.Service:
		return describeService(o, related, events, now)
	case *api.ConfigMap:
		return describeConfigMap(o, events, now)
	case *api.Secret:
		return describeSecret(o)
	case *api.ServiceAccount:
		return describeServiceAccount(o, events, now)
	}
	if s, ok := describeRare(obj, events, related, now); ok {
		return s
	}
	return describeGeneric(obj, events, now)
}

// wantsEvents reports whether kubectl describe lists events for obj's kind.
func wantsEvents(obj api.Object) bool {
	switch obj.(type) {
	case *api.Secret, *api.ResourceQuota, *api.LimitRange, *api.Namespace,
		*api.Role, *api.ClusterRole, *api.RoleBinding, *api.ClusterRoleBinding:
		return false
	}
	return true
}

// eventSelector is the field selector kubectl's searchEvents uses: name,
// namespace, kind (omitted for pods, whose reference kind describe clears) and uid.
func eventSelector(obj api.Object, kind, uid string) string {
	m := obj.GetObjectMeta()
	sel := fmt.Sprintf("involvedObject.name=%s,involvedObject.namespace=%s", m.Name, m.Namespace)
	if kind != "" {
		sel += ",involvedObject.kind=" + kind
	}
	if uid != "" {
		sel += ",involvedObject.uid=" + uid
	}
	return sel
}
