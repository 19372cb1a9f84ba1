//go:build lite

package describe

import (
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/lite"
)

// describeRare stops, in the lite build, kubectl describe of a kind whose
// describer the lite build leaves out (describe_full.go): the page loads the
// full build and runs the line again there (core/lite).
func describeRare(obj api.Object, _ []*api.Event, _ Related, _ time.Time) (string, bool) {
	switch obj.(type) {
	case *api.ResourceQuota, *api.LimitRange, *api.PriorityClass, *api.EndpointSlice, *api.Endpoints,
		*api.Role, *api.ClusterRole, *api.RoleBinding, *api.ClusterRoleBinding,
		*api.PersistentVolumeClaim, *api.PersistentVolume, *api.StatefulSet, *api.HorizontalPodAutoscaler:
		lite.Need("kubectl describe " + strings.ToLower(api.KindFor(obj).Kind))
	}
	return "", false
}
