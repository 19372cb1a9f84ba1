package scheduler

import (
	"encoding/json"
	"fmt"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/volumebinding"
	"kubeplay/core/trace"
)

// volumeListers watch PersistentVolumeClaims, PersistentVolumes and
// StorageClasses for the VolumeBinding plugin; a change moves the pods it
// left unschedulable back to the queue.
type volumeListers struct {
	pvcs, pvs, classes *client.Informer
}

func newVolumeListers(c *client.Client) *volumeListers {
	return &volumeListers{
		pvcs:    client.NewInformer(c, "persistentvolumeclaims", "", client.ListOptions{}, 0),
		pvs:     client.NewInformer(c, "persistentvolumes", "", client.ListOptions{}, 0),
		classes: client.NewInformer(c, "storageclasses", "", client.ListOptions{}, 0),
	}
}

func (l *volumeListers) informers() []*client.Informer {
	return []*client.Informer{l.pvcs, l.pvs, l.classes}
}

// run watches claims, volumes and classes, each change a cluster event for the plugins that registered
// it (VolumeBinding).
func (l *volumeListers) run(sc *Scheduler) {
	watchEvents(l.pvcs, framework.PersistentVolumeClaim, sc)
	watchEvents(l.pvs, framework.PersistentVolume, sc)
	watchEvents(l.classes, framework.StorageClass, sc)
}

// PVC implements framework.VolumeLister.
func (l *volumeListers) PVC(ns, name string) (*api.PersistentVolumeClaim, bool) {
	o, ok := l.pvcs.Get(ns, name)
	if !ok {
		return nil, false
	}
	return o.(*api.PersistentVolumeClaim), true
}

// PV implements framework.VolumeLister.
func (l *volumeListers) PV(name string) (*api.PersistentVolume, bool) {
	o, ok := l.pvs.Get("", name)
	if !ok {
		return nil, false
	}
	return o.(*api.PersistentVolume), true
}

// StorageClass implements framework.VolumeLister.
func (l *volumeListers) StorageClass(name string) (*api.StorageClass, bool) {
	o, ok := l.classes.Get("", name)
	if !ok {
		return nil, false
	}
	return o.(*api.StorageClass), true
}

// volumeBindPoll is how often PreBind looks whether the claims it asked for
// are bound (the volume binder's poll period).
const volumeBindPoll = time.Second

// preBindVolumes is VolumeBinding's PreBind: each unbound
// WaitForFirstConsumer claim of the pod gets the
// volume.kubernetes.io/selected-node annotation, which starts its
// provisioning; then done runs once every claim is bound.
func (sc *Scheduler) preBindVolumes(pod *api.Pod, node string, done func()) {
	var waiting []string
	for _, name := range volumebinding.ClaimNames(pod) {
		pvc, ok := sc.volumes.PVC(pod.Namespace, name)
		if !ok || pvc.Spec.VolumeName != "" || !volumebinding.IsWaitForFirstConsumer(sc.volumes, pvc) {
			continue
		}
		waiting = append(waiting, name)
		if pvc.Annotations[volumebinding.SelectedNodeAnnotation] == node {
			continue
		}
		body, _ := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": map[string]string{volumebinding.SelectedNodeAnnotation: node}}})
		sc.s.Trace.Add(trace.Record{Kind: trace.Action, Component: Component, Verb: "patch", Resource: "persistentvolumeclaims", Namespace: pod.Namespace, Name: name,
			Message: fmt.Sprintf("VolumeBinding: claim %s/%s waits for its first consumer: selected node %s", pod.Namespace, name, node)})
		if _, err := sc.c.Resource("persistentvolumeclaims").Namespace(pod.Namespace).Patch(name, client.MergePatchType, body); err != nil {
			sc.s.Trace.Add(trace.Record{Kind: trace.Action, Component: Component, Message: "VolumeBinding: " + err.Error()})
		}
	}
	if len(waiting) == 0 {
		done()
		return
	}
	var poll func()
	poll = func() {
		if !sc.running || !sc.cache.IsAssumed(pod) {
			return
		}
		for _, name := range waiting {
			if pvc, ok := sc.volumes.PVC(pod.Namespace, name); !ok || pvc.Spec.VolumeName == "" {
				sc.s.After(volumeBindPoll, "kube-scheduler: waiting for volumes of "+pod.Name, poll)
				return
			}
		}
		done()
	}
	sc.s.After(volumeBindPoll, "kube-scheduler: waiting for volumes of "+pod.Name, poll)
}
