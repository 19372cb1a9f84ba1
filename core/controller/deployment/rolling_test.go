package deployment

import (
	"errors"
	"testing"

	"kubeplay/core/api"
	"kubeplay/core/controller/internal/testenv"
)

// A ReplicaSet's status can lag its last scale-down: until the ReplicaSet
// controller has deleted the surplus pods, it still reports them available.
// Cleaning up an old ReplicaSet's unhealthy replicas must then not turn into
// a scale-up that revives those pods past maxSurge; Kubernetes refuses the
// request ("got invalid request to scale down") and scales nothing this sync.
func TestCleaningUpUnhealthyReplicasNeverScalesAnOldReplicaSetUp(t *testing.T) {
	e := testenv.New(t, "demo-worker")
	c := New(e.Ctx)
	three := int32(3)
	rs := &api.ReplicaSet{ObjectMeta: api.ObjectMeta{Name: "nginx-6d4cf56db6", Namespace: "default"},
		Spec: api.ReplicaSetSpec{Replicas: &three}, Status: api.ReplicaSetStatus{Replicas: 4, AvailableReplicas: 4}}
	old, scaled, err := c.cleanupUnhealthyReplicas([]*api.ReplicaSet{rs}, nginx(5, "nginx:1.28"), 2)
	want := "replica set status ahead of its spec: when cleaning up unhealthy replicas, got invalid request to scale down default/nginx-6d4cf56db6 3 -> 4"
	if !errors.Is(err, errStaleStatus) || err.Error() != want {
		t.Fatalf("err = %v, want %q", err, want)
	}
	if old != nil || scaled != 0 || *rs.Spec.Replicas != 3 {
		t.Errorf("cleanup changed something: %v, %d scaled, spec.replicas %d", old, scaled, *rs.Spec.Replicas)
	}
	for _, o := range e.List("replicasets", "default") {
		t.Errorf("cleanup wrote ReplicaSet %s", o.GetObjectMeta().Name)
	}
}
