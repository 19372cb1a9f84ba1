// Package daemonset plays kube-controller-manager's DaemonSet controller
// (pkg/controller/daemon): one pod per eligible node (nodeSelector, required
// node affinity, taints against the pod's tolerations plus the automatic
// DaemonSet tolerations), placed by kube-scheduler through a required node
// affinity on metadata.name; RollingUpdate replaces pods of an old template
// (controller-revision-hash) maxUnavailable at a time. Events come from
// "daemonset-controller".
package daemonset
