// Package admission is kube-apiserver's admission control: a chain of
// in-tree plugins (NamespaceLifecycle, LimitRanger, ServiceAccount,
// NodeRestriction, TaintNodesByCondition, PodSecurity, Priority,
// DefaultTolerationSeconds, DefaultStorageClass,
// StorageObjectInUseProtection, DefaultIngressClass, ResourceQuota), each in
// its own file exporting its plugin name (PodSecurity keeps the Pod
// Security Standards' checks in pod_security_checks.go). Mutating plugins
// run in Admit, validating plugins in Validate, in the order kube-apiserver
// enables them. Rejections are 403 Forbidden errors worded as in Kubernetes
// v1.35; validating plugins may add warnings for the response and audit
// annotations to the Attributes (Chain.LastNotes says who added what).
package admission
