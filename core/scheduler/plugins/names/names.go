// Package names lists the in-tree plugin names of kube-scheduler's default
// profile (pkg/scheduler/framework/plugins/names).
package names

// Plugin names.
const (
	PrioritySort                    = "PrioritySort"
	SchedulingGates                 = "SchedulingGates"
	NodeUnschedulable               = "NodeUnschedulable"
	NodeName                        = "NodeName"
	TaintToleration                 = "TaintToleration"
	NodeAffinity                    = "NodeAffinity"
	NodePorts                       = "NodePorts"
	NodeResourcesFit                = "NodeResourcesFit"
	PodTopologySpread               = "PodTopologySpread"
	InterPodAffinity                = "InterPodAffinity"
	DefaultPreemption               = "DefaultPreemption"
	NodeResourcesBalancedAllocation = "NodeResourcesBalancedAllocation"
	ImageLocality                   = "ImageLocality"
	DefaultBinder                   = "DefaultBinder"
	VolumeBinding                   = "VolumeBinding"
	DynamicResources                = "DynamicResources"
)
