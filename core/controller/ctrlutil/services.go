package ctrlutil

import (
	"kubeplay/core/api"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
)

// PodServiceHandler is the Pod event handler of the controllers that follow
// Services (endpoints, endpointslices): a Pod's change queues every Service
// of its namespace whose selector matched its labels before or after it
// (GetServicesToUpdateOnPodChange).
func PodServiceHandler(l *Loop, svcInf *client.Informer) client.Handler {
	enqueue := func(objs ...api.Object) {
		for _, o := range objs {
			p := o.(*api.Pod)
			for _, s := range ListIn[*api.Service](svcInf, p.Namespace) {
				if len(s.Spec.Selector) > 0 && labels.SelectorFromSet(labels.Set(s.Spec.Selector)).Matches(labels.Set(p.Labels)) {
					l.EnqueueObject(s)
				}
			}
		}
	}
	return client.Handler{
		OnAdd:    func(obj api.Object) { enqueue(obj) },
		OnUpdate: func(old, obj api.Object) { enqueue(old, obj) },
		OnDelete: func(obj api.Object) { enqueue(obj) },
	}
}

// FindPort resolves a Service port's targetPort on pod (podutil.FindPort): a
// name through the pod's container ports of that name and the port's
// protocol, a number as is.
func FindPort(pod *api.Pod, sp *api.ServicePort) (int32, bool) {
	tp := sp.TargetPort
	if tp.Type == api.String {
		for _, c := range pod.Spec.Containers {
			for _, cp := range c.Ports {
				proto := cp.Protocol
				if proto == "" {
					proto = api.ProtocolTCP
				}
				if cp.Name == tp.StrVal && proto == sp.Protocol {
					return cp.ContainerPort, true
				}
			}
		}
		return 0, false
	}
	if tp.IntVal == 0 {
		return sp.Port, true
	}
	return tp.IntVal, true
}

// EnqueueHandler queues the key of every object added, updated or deleted.
func EnqueueHandler(l *Loop) client.Handler {
	return client.Handler{
		OnAdd:    func(obj api.Object) { l.EnqueueObject(obj) },
		OnUpdate: func(_, obj api.Object) { l.EnqueueObject(obj) },
		OnDelete: func(obj api.Object) { l.EnqueueObject(obj) },
	}
}
