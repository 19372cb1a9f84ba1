// Package cluster wires one cluster: the sim, etcd (core/store), kube-apiserver,
// kube-controller-manager, kube-scheduler and one simulated kubelet per node,
// all on one virtual clock. It plays the part of kind (cluster creation) and of
// kube-controller-manager/app and kube-scheduler/app (component start-up).
package cluster
