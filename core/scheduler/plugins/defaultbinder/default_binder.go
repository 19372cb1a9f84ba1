// Package defaultbinder is kube-scheduler's DefaultBinder plugin: it binds a
// pod to its node by POSTing a Binding to pods/binding.
package defaultbinder

import (
	"kubeplay/core/api"
	"kubeplay/core/scheduler/framework"
	"kubeplay/core/scheduler/plugins/names"
)

// Name is the plugin name.
const Name = names.DefaultBinder

// DefaultBinder binds through the API.
type DefaultBinder struct{ h framework.Handle }

// New returns the plugin.
func New(h framework.Handle) framework.Plugin { return &DefaultBinder{h: h} }

// The extension points DefaultBinder is registered for (checked at compile time).
var (
	_ framework.BindPlugin = (*DefaultBinder)(nil)
)

// Name implements Plugin.
func (*DefaultBinder) Name() string { return Name }

// Bind POSTs {"kind":"Binding","metadata":{name,namespace,uid},"target":{"kind":"Node","name":node}}.
func (b *DefaultBinder) Bind(_ *framework.CycleState, pod *api.Pod, nodeName string) *framework.Status {
	binding := &api.Binding{
		TypeMeta:   api.TypeMeta{Kind: "Binding", APIVersion: "v1"},
		ObjectMeta: api.ObjectMeta{Namespace: pod.Namespace, Name: pod.Name, UID: pod.UID},
		Target:     api.ObjectReference{Kind: "Node", Name: nodeName},
	}
	if err := b.h.API().Bind(pod.Namespace, pod.Name, binding); err != nil {
		return framework.AsStatus(err)
	}
	return nil
}
