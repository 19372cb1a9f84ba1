package ctrlutil

import (
	"maps"
	"strings"

	"kubeplay/core/api"
	"kubeplay/core/client"
)

// Event reasons of controller.RealPodControl.
const (
	SuccessfulCreateReason = "SuccessfulCreate"
	FailedCreateReason     = "FailedCreate"
	SuccessfulDeleteReason = "SuccessfulDelete"
	FailedDeleteReason     = "FailedDelete"
)

// PodControl creates and deletes a controller's pods and records the
// SuccessfulCreate / FailedCreate / SuccessfulDelete / FailedDelete events
// on the controller object (controller.RealPodControl).
type PodControl struct {
	Client   *client.Client
	Recorder *client.Recorder
}

// PodFromTemplate builds the pod a controller creates from its template:
// labels, annotations and finalizers copied, generateName "<owner>-", the
// controller reference set (controller.GetPodFromTemplate).
func PodFromTemplate(template *api.PodTemplateSpec, owner api.Object, ref *api.OwnerReference) *api.Pod {
	t := api.DeepCopyAs(&api.Pod{ObjectMeta: template.ObjectMeta, Spec: template.Spec})
	om := owner.GetObjectMeta()
	pod := &api.Pod{
		ObjectMeta: api.ObjectMeta{
			GenerateName: om.Name + "-",
			Namespace:    om.Namespace,
			Labels:       maps.Clone(template.Labels),
			Annotations:  maps.Clone(template.Annotations),
			Finalizers:   append([]string(nil), template.Finalizers...),
		},
		Spec: t.Spec,
	}
	if ref != nil {
		pod.OwnerReferences = []api.OwnerReference{*ref}
	}
	return pod
}

// CreatePod creates pod on behalf of owner and records the outcome. The
// FailedCreate message carries the apiserver's error text, e.g.
// `Error creating: pods "nginx-7c5ddbdf54-" is forbidden: exceeded quota: ...`.
func (pc *PodControl) CreatePod(pod *api.Pod, owner api.Object) (*api.Pod, error) {
	obj, err := pc.Client.Resource("pods").Namespace(pod.Namespace).Create(pod)
	if err != nil {
		if !IsNamespaceTerminating(err) {
			pc.Recorder.Eventf(owner, api.EventTypeWarning, FailedCreateReason, "Error creating: %v", err)
		}
		return nil, err
	}
	created := obj.(*api.Pod)
	pc.Recorder.Eventf(owner, api.EventTypeNormal, SuccessfulCreateReason, "Created pod: %v", created.Name)
	return created, nil
}

// DeletePod deletes the named pod on behalf of owner and records the outcome.
func (pc *PodControl) DeletePod(namespace, name string, owner api.Object) error {
	_, err := pc.Client.Resource("pods").Namespace(namespace).Delete(name, client.DeleteOptions{})
	if err != nil {
		if api.IsNotFound(err) {
			return err
		}
		pc.Recorder.Eventf(owner, api.EventTypeWarning, FailedDeleteReason, "Error deleting: %v", err)
		return err
	}
	pc.Recorder.Eventf(owner, api.EventTypeNormal, SuccessfulDeleteReason, "Deleted pod: %v", name)
	return nil
}

// IsNamespaceTerminating reports the NamespaceLifecycle rejection of a
// create in a terminating namespace.
func IsNamespaceTerminating(err error) bool {
	se, ok := err.(*api.StatusError)
	if !ok {
		return false
	}
	if d := se.ErrStatus.Details; d != nil {
		for _, c := range d.Causes {
			if c.Type == "NamespaceTerminating" {
				return true
			}
		}
	}
	return strings.Contains(se.ErrStatus.Message, "because it is being terminated")
}
