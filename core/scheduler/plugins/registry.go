// Package plugins lists kube-scheduler's in-tree plugins and the default
// profile (pkg/scheduler/apis/config/v1/default_plugins.go) kubeplay runs.
package plugins

import (
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/defaultbinder"
	"kubeplay/core/scheduler/plugins/defaultpreemption"
	"kubeplay/core/scheduler/plugins/dynamicresources"
	"kubeplay/core/scheduler/plugins/imagelocality"
	"kubeplay/core/scheduler/plugins/interpodaffinity"
	"kubeplay/core/scheduler/plugins/names"
	"kubeplay/core/scheduler/plugins/nodeaffinity"
	"kubeplay/core/scheduler/plugins/nodename"
	"kubeplay/core/scheduler/plugins/nodeports"
	"kubeplay/core/scheduler/plugins/noderesources"
	"kubeplay/core/scheduler/plugins/nodeunschedulable"
	"kubeplay/core/scheduler/plugins/podtopologyspread"
	"kubeplay/core/scheduler/plugins/queuesort"
	"kubeplay/core/scheduler/plugins/schedulinggates"
	"kubeplay/core/scheduler/plugins/tainttoleration"
	"kubeplay/core/scheduler/plugins/volumebinding"
)

// Registry maps plugin names to factories.
func Registry() map[string]framework.PluginFactory {
	return map[string]framework.PluginFactory{
		names.SchedulingGates:                 schedulinggates.New,
		names.PrioritySort:                    queuesort.New,
		names.NodeUnschedulable:               nodeunschedulable.New,
		names.NodeName:                        nodename.New,
		names.TaintToleration:                 tainttoleration.New,
		names.NodeAffinity:                    nodeaffinity.New,
		names.NodePorts:                       nodeports.New,
		names.NodeResourcesFit:                noderesources.NewFit,
		names.PodTopologySpread:               podtopologyspread.New,
		names.InterPodAffinity:                interpodaffinity.New,
		names.DefaultPreemption:               defaultpreemption.New,
		names.NodeResourcesBalancedAllocation: noderesources.NewBalancedAllocation,
		names.ImageLocality:                   imagelocality.New,
		names.DefaultBinder:                   defaultbinder.New,
		names.VolumeBinding:                   volumebinding.New,
		names.DynamicResources:                dynamicresources.New,
	}
}

// DefaultProfile is the default-scheduler profile, in v1.35's MultiPoint
// order, with score weights, and DynamicResources inserted before
// DefaultPreemption as the DynamicResourceAllocation feature (on by default)
// does. Of the volume plugins only VolumeBinding runs (VolumeRestrictions,
// NodeVolumeLimits and VolumeZone are not simulated).
func DefaultProfile() []framework.PluginSpec {
	return []framework.PluginSpec{
		{Name: names.SchedulingGates},
		{Name: names.PrioritySort},
		{Name: names.NodeUnschedulable},
		{Name: names.NodeName},
		{Name: names.TaintToleration, Weight: 3},
		{Name: names.NodeAffinity, Weight: 2},
		{Name: names.NodePorts},
		{Name: names.NodeResourcesFit, Weight: 1},
		{Name: names.VolumeBinding},
		{Name: names.PodTopologySpread, Weight: 2},
		{Name: names.InterPodAffinity, Weight: 2},
		{Name: names.DynamicResources},
		{Name: names.DefaultPreemption},
		{Name: names.NodeResourcesBalancedAllocation, Weight: 1},
		{Name: names.ImageLocality, Weight: 1},
		{Name: names.DefaultBinder},
	}
}
