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

// draChanged retries the pods DynamicResources rejected or holds back.
func (sc *Scheduler) draChanged() {
	if sc.q == nil {
		return
	}
	sc.q.RetryGated(func(qp *framework.QueuedPodInfo) bool { return len(qp.Pod.Spec.ResourceClaims) > 0 })
	sc.q.MoveAllToActiveOrBackoff(func(qp *framework.QueuedPodInfo) bool {
		return qp.UnschedulablePlugins[dynamicresources.Name]
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
