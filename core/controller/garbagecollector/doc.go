// Package garbagecollector plays kube-controller-manager's garbage
// collector (pkg/controller/garbagecollector): it keeps a graph of
// ownerReferences across the kinds that own and are owned (Monitored) and
//   - deletes dependents whose owners are all gone (background deletion);
//   - for an owner deleted in the foreground (finalizer foregroundDeletion),
//     deletes its dependents and removes the finalizer once no dependent with
//     blockOwnerDeletion is left;
//   - for an owner deleted with the orphan policy (finalizer orphan), removes
//     the ownerReferences from its dependents, then the finalizer.
//
// An owner missing from the caches is looked up live before a dependent is
// deleted, as the real collector verifies "dangling" references.
package garbagecollector
