// Package volume plays kube-controller-manager's persistentvolume-binder
// controller (pkg/controller/volume/persistentvolume) and, beside it, kind's
// external provisioner rancher.io/local-path (local-path-provisioner in the
// local-path-storage namespace), which provisions a hostPath volume on the
// node the scheduler selected for a WaitForFirstConsumer claim.
package volume
