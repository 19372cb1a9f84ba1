// Package deployment plays kube-controller-manager's Deployment controller
// (pkg/controller/deployment): for each Deployment it finds or creates the
// ReplicaSet of the current template, named <deployment>-<pod-template-hash>,
// and moves replicas from the old ReplicaSets to the new one: RollingUpdate
// within maxSurge/maxUnavailable, or Recreate. It handles scaling
// (proportionally during a rollout), pause and resume, rollbacks (a template
// equal to an old ReplicaSet's reuses it under a new revision), revision
// history cleanup, minReadySeconds, the progress deadline, and the
// Progressing / Available conditions. It reads its own writes: a
// Deployment is not synced again until the informers show the ReplicaSets
// and Deployment updates its last sync made. Events come from
// "deployment-controller".
package deployment
