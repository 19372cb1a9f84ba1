// Package dynamicresources is kube-scheduler's DynamicResources plugin
// (Dynamic Resource Allocation, GA and on by default in v1.35). A pod whose
// spec.resourceClaims name ResourceClaims waits until they exist
// (PreEnqueue), until the DeviceClasses their requests ask for exist
// (PreFilter), and until devices can be allocated on a node (Filter).
//
// kubeplay allocates no devices: no DRA driver runs, and selecting devices
// from ResourceSlices needs CEL. Filter therefore rejects every node of a
// pod with unallocated claims, as a kind cluster without a driver does.
package dynamicresources

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.DynamicResources

// Messages as v1.35 words them.
const (
	ReasonCannotAllocate    = "cannot allocate all claims"
	MsgNoClaimsToDeallocate = "no new claims to deallocate"
	MsgStillNotSchedulable  = "still not schedulable"
	stateKey                = "PreFilter" + Name
)

// DynamicResources is the plugin.
type DynamicResources struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &DynamicResources{h: h} }

// Name implements Plugin.
func (*DynamicResources) Name() string { return Name }

// state holds the pod's claims once PreFilter accepted them all.
type state struct{ claims []*api.DeviceResourceClaim }

// ClaimName resolves one entry of a pod's spec.resourceClaims to the name of
// its ResourceClaim (resourceclaim.Name): a named claim, or the claim the
// resource claim controller recorded for a template. mustCheckOwner is set
// for generated claims, which the pod must own.
func ClaimName(pod *api.Pod, pc *api.PodResourceClaim) (name *string, mustCheckOwner bool, err error) {
	switch {
	case pc.ResourceClaimName != nil:
		return pc.ResourceClaimName, false, nil
	case pc.ResourceClaimTemplateName != nil:
		for _, st := range pod.Status.ResourceClaimStatuses {
			if st.Name == pc.Name {
				return st.ResourceClaimName, true, nil
			}
		}
		return nil, false, fmt.Errorf("pod %q: ResourceClaim not created yet", pod.Namespace+"/"+pod.Name)
	}
	return nil, false, fmt.Errorf("pod %q, spec.resourceClaim %q: none of the supported fields are set", pod.Namespace+"/"+pod.Name, pc.Name)
}

// podClaims returns the pod's ResourceClaims, or why one is not usable yet.
func (p *DynamicResources) podClaims(pod *api.Pod) ([]*api.DeviceResourceClaim, error) {
	l := p.h.DRA()
	var out []*api.DeviceResourceClaim
	for i := range pod.Spec.ResourceClaims {
		name, mustCheckOwner, err := ClaimName(pod, &pod.Spec.ResourceClaims[i])
		if err != nil {
			return nil, err
		}
		if name == nil {
			continue
		}
		var claim *api.DeviceResourceClaim
		ok := false
		if l != nil {
			claim, ok = l.ResourceClaim(pod.Namespace, *name)
		}
		if !ok {
			return nil, fmt.Errorf("resourceclaim.resource.k8s.io %q not found", *name)
		}
		if claim.DeletionTimestamp != nil {
			return nil, fmt.Errorf("resourceclaim %q is being deleted", claim.Name)
		}
		if mustCheckOwner && !ownedBy(claim, pod) {
			return nil, fmt.Errorf("ResourceClaim %s/%s was not created for pod %s/%s (pod is not owner)", claim.Namespace, claim.Name, pod.Namespace, pod.Name)
		}
		out = append(out, claim)
	}
	return out, nil
}

func ownedBy(claim *api.DeviceResourceClaim, pod *api.Pod) bool {
	for _, r := range claim.OwnerReferences {
		if r.UID == pod.UID && r.Controller != nil && *r.Controller {
			return true
		}
	}
	return false
}

// PreEnqueue implements PreEnqueuePlugin: the pod enters the active queue
// only once each of its claims exists.
func (p *DynamicResources) PreEnqueue(pod *api.Pod) *framework.Status {
	if len(pod.Spec.ResourceClaims) == 0 {
		return nil
	}
	if _, err := p.podClaims(pod); err != nil {
		return framework.NewStatus(framework.UnschedulableAndUnresolvable, err.Error())
	}
	return nil
}

// PreFilter implements PreFilterPlugin: every DeviceClass an unallocated
// claim asks for must exist.
func (p *DynamicResources) PreFilter(cs *framework.CycleState, pi *framework.PodInfo, _ []*framework.NodeInfo) (*framework.PreFilterResult, *framework.Status) {
	s := &state{}
	cs.Write(stateKey, s)
	claims, err := p.podClaims(pi.Pod)
	if err != nil {
		return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable, err.Error())
	}
	if len(claims) == 0 {
		return nil, framework.NewStatus(framework.Skip)
	}
	for _, claim := range claims {
		for _, r := range claim.Spec.Devices.Requests {
			switch {
			case r.Exactly != nil:
				if st := p.validateClass(r.Exactly.DeviceClassName, r.Name); st != nil {
					return nil, st
				}
			case len(r.FirstAvailable) > 0:
				for _, sub := range r.FirstAvailable {
					if st := p.validateClass(sub.DeviceClassName, r.Name+"/"+sub.Name); st != nil {
						return nil, st
					}
				}
			default:
				return nil, framework.NewStatus(framework.UnschedulableAndUnresolvable,
					fmt.Sprintf("resource claim %s/%s, request %s: unknown request type", claim.Namespace, claim.Name, r.Name))
			}
		}
	}
	s.claims = claims
	return nil, nil
}

func (p *DynamicResources) validateClass(class, request string) *framework.Status {
	if class == "" {
		return framework.NewStatus(framework.Error, fmt.Sprintf("request %s: unsupported request type", request))
	}
	if l := p.h.DRA(); l != nil {
		if _, ok := l.DeviceClass(class); ok {
			return nil
		}
	}
	return framework.NewStatus(framework.UnschedulableAndUnresolvable, fmt.Sprintf("request %s: device class %s does not exist", request, class))
}

// Filter implements FilterPlugin: no node can allocate the claims' devices.
func (p *DynamicResources) Filter(cs *framework.CycleState, _ *framework.PodInfo, _ *framework.NodeInfo) *framework.Status {
	d, ok := cs.Read(stateKey)
	if !ok || len(d.(*state).claims) == 0 {
		return nil
	}
	return framework.NewStatus(framework.UnschedulableAndUnresolvable, ReasonCannotAllocate)
}

// PostFilter implements PostFilterPlugin. No claim is ever allocated, so
// there is none to deallocate: "no new claims to deallocate", which v1.35
// puts before "preemption:" in every FailedScheduling message, a Pod
// without claims included (as kind v1.35 clusters print it: "0/3 nodes are
// available: 1 node(s) had untolerated taint(s), 2 Insufficient cpu. no new
// claims to deallocate, preemption: ...").
func (p *DynamicResources) PostFilter(cs *framework.CycleState, pi *framework.PodInfo, _ map[string]*framework.Status) (*framework.PostFilterResult, *framework.Status) {
	if d, ok := cs.Read(stateKey); ok && len(d.(*state).claims) > 0 {
		return nil, framework.NewStatus(framework.Unschedulable, MsgStillNotSchedulable)
	}
	return nil, framework.NewStatus(framework.Unschedulable, MsgNoClaimsToDeallocate)
}

var (
	_ framework.PreEnqueuePlugin  = (*DynamicResources)(nil)
	_ framework.PreFilterPlugin   = (*DynamicResources)(nil)
	_ framework.FilterPlugin      = (*DynamicResources)(nil)
	_ framework.PostFilterPlugin  = (*DynamicResources)(nil)
	_ framework.EnqueueExtensions = (*DynamicResources)(nil)
)

// EventsToRegister: a ResourceClaim the pod uses added or changed (another pod's claim cannot help it),
// a DeviceClass or ResourceSlice added or changed.
func (*DynamicResources) EventsToRegister() []framework.ClusterEventWithHint {
	return []framework.ClusterEventWithHint{
		{Event: framework.ClusterEvent{Resource: framework.ResourceClaim, ActionType: framework.Add | framework.Update},
			QueueingHintFn: func(pod *api.Pod, _, newObj api.Object) framework.QueueingHint {
				if claim, ok := newObj.(*api.DeviceResourceClaim); ok && usesClaim(pod, claim) {
					return framework.Queue
				}
				return framework.QueueSkip
			}},
		{Event: framework.ClusterEvent{Resource: framework.DeviceClass, ActionType: framework.Add | framework.Update}},
		{Event: framework.ClusterEvent{Resource: framework.ResourceSlice, ActionType: framework.Add | framework.Update}},
	}
}

// usesClaim reports whether one of pod's resource claims is claim.
func usesClaim(pod *api.Pod, claim *api.DeviceResourceClaim) bool {
	if pod.Namespace != claim.Namespace {
		return false
	}
	for i := range pod.Spec.ResourceClaims {
		if name, _, err := ClaimName(pod, &pod.Spec.ResourceClaims[i]); err == nil && name != nil && *name == claim.Name {
			return true
		}
	}
	return false
}
