// Package defaults is kube-apiserver's defaulting stage: the SetDefaults_*
// functions of pkg/apis/*/v1 (plus the few defaults the registry strategies
// apply on create), so that `kubectl get -o yaml` shows what a real v1.35
// cluster shows.
//
// Default mutates the object in place; it is idempotent.
package defaults
