package deployment

import (
	"kubeplay/core/api"
	"kubeplay/core/controller/ctrlutil"
)

// rolloutRecreate scales every old ReplicaSet to zero, waits until their
// pods are gone, then creates and scales up the new one.
func (c *Controller) rolloutRecreate(d *api.Deployment, rsList []*api.ReplicaSet) error {
	newRS, old, err := c.getAllReplicaSetsAndSyncRevision(d, rsList, false)
	if err != nil {
		return err
	}
	all := append(append([]*api.ReplicaSet(nil), old...), newRS)
	scaledDown := false
	for _, rs := range filterActive(old) {
		scaled, _, err := c.scaleReplicaSetAndRecordEvent(rs, 0, d)
		if err != nil {
			return err
		}
		scaledDown = scaledDown || scaled
	}
	if scaledDown {
		return c.syncRolloutStatus(all, newRS, d)
	}
	if c.oldPodsRunning(newRS, old) {
		return c.syncRolloutStatus(all, newRS, d)
	}
	if newRS == nil {
		newRS, old, err = c.getAllReplicaSetsAndSyncRevision(d, rsList, true)
		if err != nil {
			return err
		}
		all = append(append([]*api.ReplicaSet(nil), old...), newRS)
	}
	if _, _, err := c.scaleReplicaSetAndRecordEvent(newRS, *d.Spec.Replicas, d); err != nil {
		return err
	}
	if deploymentComplete(d, &d.Status) {
		if err := c.cleanupDeployment(old, d); err != nil {
			return err
		}
	}
	return c.syncRolloutStatus(all, newRS, d)
}

// oldPodsRunning: an old ReplicaSet still reports pods, or a pod of one is
// not finished (terminating pods count).
func (c *Controller) oldPodsRunning(newRS *api.ReplicaSet, old []*api.ReplicaSet) bool {
	if actualReplicas(old) > 0 {
		return true
	}
	oldUIDs := map[string]bool{}
	for _, rs := range old {
		oldUIDs[rs.UID] = true
	}
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, "") {
		ref := ctrlutil.GetControllerOf(p)
		if ref == nil || !oldUIDs[ref.UID] || (newRS != nil && ref.UID == newRS.UID) {
			continue
		}
		if p.Status.Phase != api.PodFailed && p.Status.Phase != api.PodSucceeded {
			return true
		}
	}
	return false
}
