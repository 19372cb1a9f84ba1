// Package admission is kube-apiserver's admission control: a chain of
// in-tree plugins (NamespaceLifecycle, LimitRanger, ServiceAccount,
// NodeRestriction, TaintNodesByCondition, Priority, DefaultTolerationSeconds,
// DefaultStorageClass, ResourceQuota), each in its own file exporting
// PluginName. Mutating plugins run in Admit, validating plugins in Validate,
// in the order kube-apiserver enables them. Rejections are 403 Forbidden
// errors worded as in Kubernetes v1.35.
package admission
