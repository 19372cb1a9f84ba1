// Package framework is kube-scheduler's scheduling framework
// (pkg/scheduler/framework): Status, NodeInfo and PodInfo, the plugin
// interfaces for every extension point, the cycle state and the Framework
// that runs a profile's plugins in order, plus the FitError message builder.
package framework
