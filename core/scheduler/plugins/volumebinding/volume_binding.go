// Package volumebinding is kube-scheduler's VolumeBinding plugin: a pod's
// PersistentVolumeClaims must exist; an unbound claim of an Immediate
// StorageClass keeps the pod pending; a bound volume's node affinity must
// match the node. Claims of a WaitForFirstConsumer class are provisioned for
// the chosen node when the pod is bound (the scheduler's PreBind).
package volumebinding

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/helper"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.VolumeBinding

// Reasons as v1.35 words them.
const (
	ErrReasonBindConflict     = "node(s) didn't find available persistent volumes to bind"
	ErrReasonNodeConflict     = "node(s) had volume node affinity conflict"
	ErrReasonUnboundImmediate = "pod has unbound immediate PersistentVolumeClaims"
	SelectedNodeAnnotation    = "volume.kubernetes.io/selected-node"
	BindCompletedAnnotation   = "pv.kubernetes.io/bind-completed"
	stateKey                  = "PreFilter" + Name
)

// VolumeBinding is the plugin.
type VolumeBinding struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &VolumeBinding{h: h} }

// Name implements Plugin.
func (*VolumeBinding) Name() string { return Name }

type state struct{ bound []*api.PersistentVolume }

// ClaimNames lists the PersistentVolumeClaims a pod uses: its
// persistentVolumeClaim volumes and its generic ephemeral volumes'
// <pod>-<volume> claims.
func ClaimNames(pod *api.Pod) []string {
	var out []string
	for _, v := range pod.Spec.Volumes {
		switch {
		case v.PersistentVolumeClaim != nil:
			out = append(out, v.PersistentVolumeClaim.ClaimName)
		case v.Ephemeral != nil:
			out = append(out, pod.Name+"-"+v.Name)
		}
	}
	return out
}

// IsWaitForFirstConsumer reports whether an unbound claim waits for a pod
// to be scheduled before it is provisioned.
func IsWaitForFirstConsumer(l framework.VolumeLister, pvc *api.PersistentVolumeClaim) bool {
	if pvc.Spec.StorageClassName == nil || *pvc.Spec.StorageClassName == "" {
		return false
	}
	sc, ok := l.StorageClass(*pvc.Spec.StorageClassName)
	return ok && sc.VolumeBindingMode != nil && *sc.VolumeBindingMode == api.VolumeBindingWaitForFirstConsumer
}

// PreFilter implements PreFilterPlugin.
func (p *VolumeBinding) PreFilter(cs *framework.CycleState, pi *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	claims := ClaimNames(pi.Pod)
	l := p.h.Volumes()
	if len(claims) == 0 || l == nil {
		if len(claims) > 0 {
			return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("persistentvolumeclaim %q not found", claims[0]))
		}
		return nil, framework.NewStatus(framework.Skip)
	}
	st := &state{}
	immediate := false
	for _, name := range claims {
		pvc, ok := l.PVC(pi.Pod.Namespace, name)
		if !ok {
			return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("persistentvolumeclaim %q not found", name))
		}
		if pvc.DeletionTimestamp != nil {
			return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("persistentvolumeclaim %q is being deleted", name))
		}
		if pvc.Spec.VolumeName != "" {
			if pv, ok := l.PV(pvc.Spec.VolumeName); ok {
				st.bound = append(st.bound, pv)
			}
			continue
		}
		if !IsWaitForFirstConsumer(l, pvc) {
			immediate = true
		}
	}
	if immediate {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonUnboundImmediate)
	}
	cs.Write(stateKey, st)
	return nil, nil
}

// Filter implements FilterPlugin: bound volumes' node affinity.
func (p *VolumeBinding) Filter(cs *framework.CycleState, _ *framework.PodInfo, n *framework.NodeInfo) *framework.Status {
	d, ok := cs.Read(stateKey)
	if !ok {
		return nil
	}
	for _, pv := range d.(*state).bound {
		if pv.Spec.NodeAffinity == nil || pv.Spec.NodeAffinity.Required == nil {
			continue
		}
		if !helper.MatchNodeSelectorTerms(n.Node(), pv.Spec.NodeAffinity.Required.NodeSelectorTerms) {
			return framework.NewStatus(framework.UnschedulableAndUnresolvable, ErrReasonNodeConflict)
		}
	}
	return nil
}

var (
	_ framework.PreFilterPlugin   = (*VolumeBinding)(nil)
	_ framework.FilterPlugin      = (*VolumeBinding)(nil)
	_ framework.EnqueueExtensions = (*VolumeBinding)(nil)
)

// EventsToRegister: a StorageClass, PersistentVolumeClaim or PersistentVolume added or changed (a claim
// bound, a volume provisioned), a node added or whose labels or taints changed.
func (*VolumeBinding) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.StorageClass, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.PersistentVolumeClaim, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.PersistentVolume, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.Node, ActionType: framework.Add | framework.UpdateNodeLabel | framework.UpdateNodeTaint}},
	}
}
