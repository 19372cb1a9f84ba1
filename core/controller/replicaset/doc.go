// Package replicaset plays kube-controller-manager's ReplicaSet controller
// (pkg/controller/replicaset): it keeps spec.replicas pods matching a
// ReplicaSet's selector, creating them from the template in slow-start
// batches and deleting the extra ones in kube's ranking order, guarded by
// expectations; it adopts matching orphans, releases pods whose labels no
// longer match, and reports replicas, fullyLabeledReplicas, readyReplicas,
// availableReplicas and observedGeneration, waiting for its informers to
// show its own last status update before syncing again. Events come from
// "replicaset-controller".
package replicaset
