package api

// Finalizers the garbage collector honours (metav1.FinalizerOrphanDependents
// and metav1.FinalizerDeleteDependents): kube-apiserver adds one when a
// delete asks for Orphan or Foreground propagation.
const (
	FinalizerOrphanDependents = "orphan"
	FinalizerDeleteDependents = "foregroundDeletion"
)
