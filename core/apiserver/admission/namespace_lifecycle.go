package admission

import (
	"fmt"

	"kubeplay/core/api"
)

// NamespaceLifecyclePluginName is the plugin's name.
const NamespaceLifecyclePluginName = "NamespaceLifecycle"

// immortalNamespaces may never be deleted.
var immortalNamespaces = map[string]bool{"default": true, "kube-system": true, "kube-public": true}

// NamespaceLifecycle refuses new objects in a missing or terminating
// namespace and the deletion of the system namespaces.
type NamespaceLifecycle struct{}

// Name implements Plugin.
func (*NamespaceLifecycle) Name() string { return NamespaceLifecyclePluginName }

// Admit implements Mutator (kube-apiserver runs it in the mutating phase).
func (*NamespaceLifecycle) Admit(a *Attributes, h Host) (bool, error) {
	if a.Operation == Delete && a.resource() == "namespaces" && a.Subresource == "" {
		if immortalNamespaces[a.Name] {
			return true, api.NewForbidden(a.groupResource(), a.Name, "this namespace may not be deleted")
		}
		return false, nil
	}
	if a.Operation != Create || a.Namespace == "" || a.resource() == "namespaces" {
		return false, nil
	}
	if a.Resource != nil && !a.Resource.Namespaced {
		return false, nil
	}
	obj, err := h.Get("namespaces", "", a.Namespace)
	if err != nil {
		if api.IsNotFound(err) {
			return true, api.NewNotFound(api.GroupResource{Resource: "namespaces"}, a.Namespace)
		}
		return true, api.NewInternalError(err)
	}
	ns, ok := obj.(*api.Namespace)
	if !ok || (ns.Status.Phase != api.NamespaceTerminating && ns.DeletionTimestamp == nil) {
		return true, nil
	}
	// Events are still allowed in a terminating namespace.
	if a.resource() == "events" {
		return true, nil
	}
	e := NewForbidden(a, fmt.Errorf("unable to create new content in namespace %s because it is being terminated", a.Namespace))
	if se, ok := e.(*api.StatusError); ok && se.ErrStatus.Details != nil {
		se.ErrStatus.Details.Causes = append(se.ErrStatus.Details.Causes, api.StatusCause{
			Type: "NamespaceTerminating", Message: fmt.Sprintf("namespace %s is being terminated", a.Namespace), Field: "metadata.namespace",
		})
	}
	return true, e
}
