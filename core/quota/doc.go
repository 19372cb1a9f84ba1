// Package quota plays Kubernetes' pkg/quota/v1 and its core evaluators
// (pkg/quota/v1/evaluator/core): what one object charges against a
// ResourceQuota, which objects a quota resource name measures, whether a
// pod falls under a quota's scopes, and the resource-list arithmetic. Like
// Kubernetes, one copy serves both kube-apiserver's ResourceQuota admission
// plugin and kube-controller-manager's resource quota controller, so the
// two always agree on status.used. The package is pure: no clients, no
// clock (callers pass the virtual now).
package quota
