package scheduler

import (
	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/scheduler/framework"
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

// run watches the claims, classes and slices, each change a cluster event for the plugins that
// registered it (DynamicResources: a claim concerns the pods that use it).
func (l *draListers) run(sc *Scheduler) {
	watchEvents(l.claims, framework.ResourceClaim, sc)
	watchEvents(l.classes, framework.DeviceClass, sc)
	watchEvents(l.slices, framework.ResourceSlice, sc)
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

// watchEvents runs an informer whose adds and updates are cluster events about resource.
func watchEvents(inf *client.Informer, resource framework.EventResource, sc *Scheduler) {
	inf.AddEventHandler(client.Handler{
		OnAdd: func(o api.Object) {
			sc.clusterEvent(framework.ClusterEvent{Resource: resource, ActionType: framework.Add}, nil, o)
		},
		OnUpdate: func(old, o api.Object) {
			sc.clusterEvent(framework.ClusterEvent{Resource: resource, ActionType: framework.Update}, old, o)
		},
	})
	inf.Run()
}

// stopAll stops informers.
func stopAll(infs []*client.Informer) {
	for _, inf := range infs {
		inf.Stop()
	}
}
