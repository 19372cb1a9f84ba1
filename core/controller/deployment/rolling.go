package deployment

import (
	"errors"
	"fmt"
	"sort"

	"kubeplay/core/api"
)

// rolloutRolling moves one step of a RollingUpdate: scale the new
// ReplicaSet up within maxSurge, else scale old ones down within
// maxUnavailable; once complete, clean up old revisions.
func (c *Controller) rolloutRolling(d *api.Deployment, rsList []*api.ReplicaSet) error {
	newRS, old, err := c.getAllReplicaSetsAndSyncRevision(d, rsList, true)
	if err != nil {
		return err
	}
	all := append(append([]*api.ReplicaSet(nil), old...), newRS)
	up, err := c.reconcileNewReplicaSet(all, newRS, d)
	if err != nil {
		return err
	}
	if up {
		return c.syncRolloutStatus(all, newRS, d)
	}
	down, err := c.reconcileOldReplicaSets(all, filterActive(old), newRS, d)
	if err != nil {
		return err
	}
	if down {
		return c.syncRolloutStatus(all, newRS, d)
	}
	if deploymentComplete(d, &d.Status) {
		if err := c.cleanupDeployment(old, d); err != nil {
			return err
		}
	}
	return c.syncRolloutStatus(all, newRS, d)
}

func (c *Controller) reconcileNewReplicaSet(all []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment) (bool, error) {
	if replicas(newRS) == *d.Spec.Replicas {
		return false, nil
	}
	if replicas(newRS) > *d.Spec.Replicas {
		scaled, _, err := c.scaleReplicaSetAndRecordEvent(newRS, *d.Spec.Replicas, d)
		return scaled, err
	}
	scaled, _, err := c.scaleReplicaSetAndRecordEvent(newRS, NewRSNewReplicas(d, all, newRS), d)
	return scaled, err
}

// reconcileOldReplicaSets scales old ReplicaSets down as far as
// maxUnavailable allows, unhealthy replicas first.
func (c *Controller) reconcileOldReplicaSets(all, old []*api.ReplicaSet, newRS *api.ReplicaSet, d *api.Deployment) (bool, error) {
	if totalReplicas(old) == 0 {
		return false, nil
	}
	minAvailable := *d.Spec.Replicas - MaxUnavailable(d)
	newUnavailable := replicas(newRS) - newRS.Status.AvailableReplicas
	maxScaledDown := totalReplicas(all) - minAvailable - newUnavailable
	if maxScaledDown <= 0 {
		return false, nil
	}
	old, cleaned, err := c.cleanupUnhealthyReplicas(old, d, maxScaledDown)
	if errors.Is(err, errStaleStatus) {
		// As upstream: no scale-down in this sync; the ReplicaSet's next
		// status update brings the Deployment back.
		return false, nil
	}
	if err != nil {
		return false, err
	}
	all = append(append([]*api.ReplicaSet(nil), old...), newRS)
	scaled, err := c.scaleDownOldReplicaSetsForRollingUpdate(all, old, d)
	if err != nil {
		return false, err
	}
	return cleaned+scaled > 0, nil
}

// errStaleStatus marks a ReplicaSet whose status reports more available
// pods than its spec.replicas (its pods are being deleted).
var errStaleStatus = errors.New("replica set status ahead of its spec")

func (c *Controller) cleanupUnhealthyReplicas(old []*api.ReplicaSet, d *api.Deployment, maxCleanup int32) ([]*api.ReplicaSet, int32, error) {
	old = append([]*api.ReplicaSet(nil), old...)
	byCreation(old)
	var total int32
	for i, rs := range old {
		if total >= maxCleanup {
			break
		}
		if replicas(rs) == 0 || replicas(rs) == rs.Status.AvailableReplicas {
			continue
		}
		n := min(maxCleanup-total, replicas(rs)-rs.Status.AvailableReplicas)
		// A status older than the last scale-down still counts the pods
		// being deleted: more available than spec.replicas would make n
		// negative and this "clean-up" a scale-up, reviving pods past
		// maxSurge. Kubernetes refuses it with this error.
		if n < 0 {
			return nil, total, fmt.Errorf("%w: when cleaning up unhealthy replicas, got invalid request to scale down %s/%s %d -> %d",
				errStaleStatus, rs.Namespace, rs.Name, replicas(rs), replicas(rs)-n)
		}
		_, updated, err := c.scaleReplicaSetAndRecordEvent(rs, replicas(rs)-n, d)
		if err != nil {
			return nil, total, err
		}
		total += n
		old[i] = updated
	}
	return old, total, nil
}

func (c *Controller) scaleDownOldReplicaSetsForRollingUpdate(all, old []*api.ReplicaSet, d *api.Deployment) (int32, error) {
	minAvailable := *d.Spec.Replicas - MaxUnavailable(d)
	available := availableReplicas(all)
	if available <= minAvailable {
		return 0, nil
	}
	old = append([]*api.ReplicaSet(nil), old...)
	sort.SliceStable(old, func(i, j int) bool { return old[i].CreationTimestamp.Before(old[j].CreationTimestamp.Time) })
	var total int32
	want := available - minAvailable
	for _, rs := range old {
		if total >= want {
			break
		}
		if replicas(rs) == 0 {
			continue
		}
		n := min(replicas(rs), want-total)
		if _, _, err := c.scaleReplicaSetAndRecordEvent(rs, replicas(rs)-n, d); err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}
