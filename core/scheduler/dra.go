package scheduler

import (
	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/dynamicresources"
)

// draListers watch ResourceClaims, DeviceClasses and ResourceSlices for the
// DynamicResources plugin. A change retries the pods it left unschedulable
// and asks its PreEnqueue again about the pods it holds back.
type draListers struct {
	claims, classes, slices *client.Informer
}

func newDRAListers(c *client.Client) *draListers {
	return &draListers{
		claims:  client.NewInformer(c, "resourceclaims", "", client.ListOptions{}, 0),
		classes: client.NewInformer(c, "deviceclasses", "", client.ListOptions{}, 0),
		slices:  client.NewInformer(c, "resourceslices", "", client.ListOptions{}, 0),
	}
}

func (l *draListers) informers() []*client.Informer {
	return []*client.Informer{l.claims, l.classes, l.slices}
}

// run watches the claims (each change concerns the pods using it) and the
// classes and slices (a change concerns every pod with claims).
func (l *draListers) run(sc *Scheduler) {
	l.claims.AddEventHandler(client.Handler{OnAdd: sc.claimChanged, OnUpdate: func(_, o api.Object) { sc.claimChanged(o) }})
	l.claims.Run()
	watchAll([]*client.Informer{l.classes, l.slices}, sc.draChanged)
}

// ResourceClaim implements framework.DRALister.
func (l *draListers) ResourceClaim(ns, name string) (*api.DeviceResourceClaim, bool) {
	o, ok := l.claims.Get(ns, name)
	if !ok {
		return nil, false
	}
	return o.(*api.DeviceResourceClaim), true
}

// DeviceClass implements framework.DRALister.
func (l *draListers) DeviceClass(name string) (*api.DeviceClass, bool) {
	o, ok := l.classes.Get("", name)
	if !ok {
		return nil, false
	}
	return o.(*api.DeviceClass), true
}

// ResourceSlices implements framework.DRALister.
func (l *draListers) ResourceSlices() []*api.ResourceSlice {
	objs := l.slices.List()
	out := make([]*api.ResourceSlice, 0, len(objs))
	for _, o := range objs {
		out = append(out, o.(*api.ResourceSlice))
	}
	return out
}

// draChanged retries the pods DynamicResources rejected or holds back
// (a DeviceClass or ResourceSlice changed).
func (sc *Scheduler) draChanged() { sc.retryDRA(nil) }

// claimChanged retries only the pods that use the claim, as the plugin's
// queueing hint does: another pod's claim cannot help them.
func (sc *Scheduler) claimChanged(obj api.Object) {
	claim, ok := obj.(*api.DeviceResourceClaim)
	if !ok {
		return
	}
	sc.retryDRA(func(pod *api.Pod) bool {
		if pod.Namespace != claim.Namespace {
			return false
		}
		for i := range pod.Spec.ResourceClaims {
			if name, _, err := dynamicresources.ClaimName(pod, &pod.Spec.ResourceClaims[i]); err == nil && name != nil && *name == claim.Name {
				return true
			}
		}
		return false
	})
}

// retryDRA asks PreEnqueue again about the held-back pods with resource
// claims and moves the pods DynamicResources rejected; uses (nil = all)
// narrows both to the pods concerned.
func (sc *Scheduler) retryDRA(uses func(pod *api.Pod) bool) {
	if sc.q == nil {
		return
	}
	concerned := func(qp *framework.QueuedPodInfo) bool {
		return len(qp.Pod.Spec.ResourceClaims) > 0 && (uses == nil || uses(qp.Pod))
	}
	sc.q.RetryGated(concerned)
	sc.q.MoveAllToActiveOrBackoff(func(qp *framework.QueuedPodInfo) bool {
		return qp.UnschedulablePlugins[dynamicresources.Name] && concerned(qp)
	})
}

// watchAll runs informers, calling onChange on each add and update.
func watchAll(infs []*client.Informer, onChange func()) {
	h := client.Handler{OnAdd: func(api.Object) { onChange() }, OnUpdate: func(_, _ api.Object) { onChange() }}
	for _, inf := range infs {
		inf.AddEventHandler(h)
		inf.Run()
	}
}

// stopAll stops informers.
func stopAll(infs []*client.Informer) {
	for _, inf := range infs {
		inf.Stop()
	}
}
