package validation

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
)

// ValidateCreate validates a new object of any served kind. Kinds without
// rules of their own get the ObjectMeta checks.
func ValidateCreate(obj api.Object) field.ErrorList {
	switch o := obj.(type) {
	case *api.Pod:
		return ValidatePod(o)
	case *api.Deployment:
		return ValidateDeployment(o)
	case *api.ReplicaSet:
		return ValidateReplicaSet(o)
	case *api.DaemonSet:
		return ValidateDaemonSet(o)
	case *api.Job:
		return ValidateJob(o)
	case *api.Service:
		return ValidateService(o)
	case *api.Namespace:
		return ValidateNamespace(o)
	case *api.ConfigMap:
		return ValidateConfigMap(o)
	case *api.Secret:
		return ValidateSecret(o)
	case *api.Node:
		return ValidateNode(o)
	case *api.ResourceQuota:
		return ValidateResourceQuota(o)
	case *api.LimitRange:
		return ValidateLimitRange(o)
	case *api.Event:
		return ValidateEvent(o)
	case *api.Binding:
		return ValidateBinding(o)
	case *api.Role:
		return ValidateRole(o)
	case *api.ClusterRole:
		return ValidateClusterRole(o)
	case *api.RoleBinding:
		return ValidateRoleBinding(o)
	case *api.ClusterRoleBinding:
		return ValidateClusterRoleBinding(o)
	case *api.PriorityClass:
		return ValidatePriorityClass(o)
	case *api.Lease:
		return ValidateLease(o)
	case *api.EndpointSlice:
		return ValidateEndpointSlice(o)
	case *api.Endpoints:
		return ValidateEndpoints(o)
	case *api.Eviction:
		return nil
	}
	if errs, ok := validateMoreKinds(obj); ok {
		return errs
	}
	return ValidateObjectMeta(obj.GetObjectMeta(), namespaced(obj), NameIsDNSSubdomain, field.NewPath("metadata"))
}

// ValidateUpdate validates an update of obj over old (same kind): the
// create rules plus each kind's immutable fields.
func ValidateUpdate(obj, old api.Object) field.ErrorList {
	meta := func() field.ErrorList {
		return ValidateObjectMetaUpdate(obj.GetObjectMeta(), old.GetObjectMeta(), field.NewPath("metadata"))
	}
	switch o := obj.(type) {
	case *api.Pod:
		if p, ok := old.(*api.Pod); ok {
			return ValidatePodUpdate(o, p)
		}
	case *api.Deployment:
		if p, ok := old.(*api.Deployment); ok {
			return ValidateDeploymentUpdate(o, p)
		}
	case *api.ReplicaSet:
		if p, ok := old.(*api.ReplicaSet); ok {
			return ValidateReplicaSetUpdate(o, p)
		}
	case *api.DaemonSet:
		if p, ok := old.(*api.DaemonSet); ok {
			return ValidateDaemonSetUpdate(o, p)
		}
	case *api.Job:
		if p, ok := old.(*api.Job); ok {
			return ValidateJobUpdate(o, p)
		}
	case *api.Service:
		if p, ok := old.(*api.Service); ok {
			return ValidateServiceUpdate(o, p)
		}
	case *api.Node:
		if p, ok := old.(*api.Node); ok {
			return ValidateNodeUpdate(o, p)
		}
	case *api.PriorityClass:
		if p, ok := old.(*api.PriorityClass); ok {
			return ValidatePriorityClassUpdate(o, p)
		}
	case *api.ConfigMap:
		if p, ok := old.(*api.ConfigMap); ok {
			errs := append(meta(), validateImmutableData(o.Immutable, p.Immutable,
				semanticEqual(o.Data, p.Data) && semanticEqual(o.BinaryData, p.BinaryData))...)
			return append(errs, ValidateConfigMap(o)...)
		}
	case *api.Secret:
		if p, ok := old.(*api.Secret); ok {
			errs := meta()
			errs = append(errs, ValidateImmutableField(string(o.Type), string(p.Type), field.NewPath("type"))...)
			errs = append(errs, validateImmutableData(o.Immutable, p.Immutable, semanticEqual(o.Data, p.Data))...)
			return append(errs, ValidateSecret(o)...)
		}
	case *api.RoleBinding:
		if p, ok := old.(*api.RoleBinding); ok {
			return append(append(meta(), validateRoleRefUpdate(o.RoleRef, p.RoleRef)...), ValidateRoleBinding(o)...)
		}
	case *api.ClusterRoleBinding:
		if p, ok := old.(*api.ClusterRoleBinding); ok {
			return append(append(meta(), validateRoleRefUpdate(o.RoleRef, p.RoleRef)...), ValidateClusterRoleBinding(o)...)
		}
	case *api.StatefulSet:
		if p, ok := old.(*api.StatefulSet); ok {
			return validateStatefulSetUpdate(o, p)
		}
	case *api.StorageClass:
		if p, ok := old.(*api.StorageClass); ok {
			return append(append(meta(), validateStorageClass(o)...), validateStorageClassUpdate(o, p)...)
		}
	}
	errs := meta()
	for _, e := range ValidateCreate(obj) {
		if !isNameOrNamespaceError(e) {
			errs = append(errs, e)
		}
	}
	return errs
}

// ValidateStatusUpdate validates a write to the status subresource.
func ValidateStatusUpdate(obj, old api.Object) field.ErrorList {
	if o, ok := obj.(*api.Pod); ok {
		if p, ok := old.(*api.Pod); ok {
			return ValidatePodStatusUpdate(o, p)
		}
	}
	errs := ValidateObjectMetaUpdate(obj.GetObjectMeta(), old.GetObjectMeta(), field.NewPath("metadata"))
	status := field.NewPath("status")
	nonneg := func(v int32, name string) {
		errs = append(errs, ValidateNonnegativeField(int64(v), status.Child(name))...)
	}
	switch o := obj.(type) {
	case *api.Deployment:
		nonneg(o.Status.Replicas, "replicas")
		nonneg(o.Status.UpdatedReplicas, "updatedReplicas")
		nonneg(o.Status.ReadyReplicas, "readyReplicas")
		nonneg(o.Status.AvailableReplicas, "availableReplicas")
		nonneg(o.Status.UnavailableReplicas, "unavailableReplicas")
	case *api.ReplicaSet:
		nonneg(o.Status.Replicas, "replicas")
		nonneg(o.Status.FullyLabeledReplicas, "fullyLabeledReplicas")
		nonneg(o.Status.ReadyReplicas, "readyReplicas")
		nonneg(o.Status.AvailableReplicas, "availableReplicas")
		if o.Status.ReadyReplicas > o.Status.Replicas {
			errs = append(errs, field.Invalid(status.Child("readyReplicas"), o.Status.ReadyReplicas, "cannot be greater than status.replicas"))
		}
		if o.Status.AvailableReplicas > o.Status.ReadyReplicas {
			errs = append(errs, field.Invalid(status.Child("availableReplicas"), o.Status.AvailableReplicas, "cannot be greater than readyReplicas"))
		}
	case *api.DaemonSet:
		nonneg(o.Status.CurrentNumberScheduled, "currentNumberScheduled")
		nonneg(o.Status.NumberMisscheduled, "numberMisscheduled")
		nonneg(o.Status.DesiredNumberScheduled, "desiredNumberScheduled")
		nonneg(o.Status.NumberReady, "numberReady")
	case *api.Job:
		nonneg(o.Status.Active, "active")
		nonneg(o.Status.Succeeded, "succeeded")
		nonneg(o.Status.Failed, "failed")
	}
	return errs
}

func namespaced(obj api.Object) bool {
	if r := api.ResourceOf(obj); r != nil {
		return r.Namespaced
	}
	return obj.GetObjectMeta().Namespace != ""
}

func isNameOrNamespaceError(e *field.Error) bool {
	return e.Field == "metadata.name" || e.Field == "metadata.namespace" || e.Field == "metadata.generateName"
}
