//go:build !lite

package describe

import (
	"time"

	"kubeplay/core/api"
)

// describeRare renders the kinds a first session rarely describes (ok is
// false for other kinds). The page's lite build leaves their describers out
// (describe_lite.go, core/lite).
func describeRare(obj api.Object, events []*api.Event, related Related, now time.Time) (string, bool) {
	switch o := obj.(type) {
	case *api.ResourceQuota:
		return describeQuota(o), true
	case *api.LimitRange:
		return describeLimitRange(o), true
	case *api.PriorityClass:
		return describePriorityClass(o, events, now), true
	case *api.EndpointSlice:
		return describeEndpointSlice(o, events, now), true
	case *api.Endpoints:
		return describeEndpoints(o, events, now), true
	case *api.Role:
		return describeRole(&o.ObjectMeta, o.Rules), true
	case *api.ClusterRole:
		return describeRole(&o.ObjectMeta, o.Rules), true
	case *api.RoleBinding:
		return describeBinding(&o.ObjectMeta, o.RoleRef, o.Subjects), true
	case *api.ClusterRoleBinding:
		return describeBinding(&o.ObjectMeta, o.RoleRef, o.Subjects), true
	case *api.PersistentVolumeClaim:
		return describePVC(o, related, events, now), true
	case *api.PersistentVolume:
		return describePV(o, events, now), true
	case *api.StatefulSet:
		return describeStatefulSet(o, related, events, now), true
	case *api.HorizontalPodAutoscaler:
		return describeHPA(o, events, now), true
	}
	return "", false
}
