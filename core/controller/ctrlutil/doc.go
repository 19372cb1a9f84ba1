// Package ctrlutil holds what kube-controller-manager's controllers share
// (Kubernetes pkg/controller/controller_utils.go and friends): the
// pod-template hash, owner references, pod readiness and deletion ranking,
// expectations, the consistency store that lets a controller read its own
// writes, slow-start batches, pod creation with events, and Loop, the
// informer → work queue → sync(key) skeleton every controller is built on.
package ctrlutil
