// Package podgc plays kube-controller-manager's pod garbage collector
// (pkg/controller/podgc): every 20s it force-deletes pods bound to nodes
// that no longer exist (after a 40s quarantine), terminating pods that were
// never scheduled, and terminating pods on out-of-service nodes.
package podgc
