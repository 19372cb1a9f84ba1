// Package controller plays kube-controller-manager: one process running
// many control loops, each in its own subpackage named after the
// Kubernetes controller it plays (deployment, replicaset, garbagecollector,
// nodelifecycle with taint eviction, podgc, namespace, serviceaccount,
// bootstrap (the tokencleaner), job, daemonset, endpointslice). They share
// one set of informers and talk to kube-apiserver as
// system:kube-controller-manager. Stop makes the manager forget everything
// it knew (a crashed process); Start re-lists.
package controller
