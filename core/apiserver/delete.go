package apiserver

import (
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver/admission"
)

// Deletion: preconditions, graceful deletion of pods, finalizers (the
// object stays, with deletionTimestamp, until they are gone), propagation
// policies (Orphan and Foreground become the orphan and foregroundDeletion
// finalizers the garbage collector honours) and namespace termination.

// namespaceDeletingMsg is the conflict a second delete of a terminating namespace gets.
const namespaceDeletingMsg = "The system is ensuring all content is removed from this namespace.  Upon completion, this namespace will automatically be purged by the system."

func (s *Server) delete(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	return s.deleteObject(ctx, r, cur, req.GracePeriodSeconds, req.PropagationPolicy, req.Preconditions)
}

// deleteObject deletes cur, gracefully where its kind says so. It sets
// ctx.code to 200 when the object is gone and 202 when it lingers.
func (s *Server) deleteObject(ctx *reqCtx, r *resource, cur *cached, grace *int64, policy string, pre *api.Preconditions) (api.Object, error) {
	req := ctx.req
	old := cur.obj
	om := old.GetObjectMeta()
	if pre != nil {
		if pre.UID != nil && *pre.UID != om.UID {
			return nil, api.NewConflict(r.gr, om.Name, fmt.Sprintf("Precondition failed: UID in precondition: %v, UID in object meta: %v", *pre.UID, om.UID))
		}
		if pre.ResourceVersion != nil && *pre.ResourceVersion != om.ResourceVersion {
			return nil, api.NewConflict(r.gr, om.Name, fmt.Sprintf("Precondition failed: ResourceVersion in precondition: %v, ResourceVersion in object meta: %v", *pre.ResourceVersion, om.ResourceVersion))
		}
	}
	switch policy {
	case "", string(api.DeletePropagationBackground), string(api.DeletePropagationOrphan), string(api.DeletePropagationForeground):
	default:
		return nil, api.NewInvalid("DeleteOptions", "", fieldNotSupported("propagationPolicy", policy,
			[]string{string(api.DeletePropagationForeground), string(api.DeletePropagationBackground), string(api.DeletePropagationOrphan)}))
	}
	ar := &admission.Attributes{Operation: "DELETE", Resource: r.info, Namespace: om.Namespace, Name: om.Name,
		OldObject: old, User: ctx.user, DryRun: req.DryRun}
	if err := s.admit(ar, req); err != nil {
		return nil, err
	}
	if err := s.validateAdmission(ar, req); err != nil {
		return nil, err
	}
	ctx.code = api.StatusOK
	if ns, ok := old.(*api.Namespace); ok {
		return s.deleteNamespace(ctx, r, cur, ns)
	}
	if _, ok := old.(*api.CustomResourceDefinition); ok && om.DeletionTimestamp == nil {
		return s.deleteCRD(ctx, r, cur)
	}
	obj := copyObject(old)
	m := obj.GetObjectMeta()
	now := s.sim.Now()

	// Graceful deletion (pods): the kubelet stops the containers, then
	// deletes the pod with grace 0. An unscheduled or finished pod goes at once.
	pendingGrace := false
	if pod, ok := obj.(*api.Pod); ok {
		g := int64(30)
		if pod.Spec.TerminationGracePeriodSeconds != nil {
			g = *pod.Spec.TerminationGracePeriodSeconds
		}
		if grace != nil {
			g = *grace
		}
		if g < 0 || pod.Spec.NodeName == "" || pod.Status.Phase == api.PodSucceeded || pod.Status.Phase == api.PodFailed {
			g = 0
		}
		if g > 0 {
			if m.DeletionTimestamp != nil && m.DeletionGracePeriodSeconds != nil && *m.DeletionGracePeriodSeconds <= g {
				ctx.code = api.StatusAccepted // already terminating, no sooner
				return obj, nil
			}
			if m.DeletionTimestamp == nil && m.Generation > 0 {
				m.Generation++
			}
			m.DeletionTimestamp, m.DeletionGracePeriodSeconds = api.NewTimePtr(now.Add(secondsDuration(g))), &g
			pendingGrace = true
		}
	}

	// Propagation: the garbage collector removes these finalizers.
	switch policy {
	case string(api.DeletePropagationOrphan):
		m.Finalizers = addFinalizer(removeFinalizer(m.Finalizers, api.FinalizerDeleteDependents), api.FinalizerOrphanDependents)
	case string(api.DeletePropagationForeground):
		m.Finalizers = addFinalizer(removeFinalizer(m.Finalizers, api.FinalizerOrphanDependents), api.FinalizerDeleteDependents)
	}
	if pendingGrace || len(m.Finalizers) > 0 {
		if !pendingGrace {
			if m.DeletionTimestamp == nil {
				if m.Generation > 0 {
					m.Generation++
				}
				m.DeletionTimestamp = api.NewTimePtr(now)
			}
			zero := int64(0)
			m.DeletionGracePeriodSeconds = &zero
		}
		ctx.code = api.StatusAccepted
		if s.traceOn() {
			s.stage("storage", req, fmt.Sprintf("deletion pending: deletionTimestamp %s, grace period %ds, finalizers %v",
				m.DeletionTimestamp.UTC().Format("15:04:05"), *m.DeletionGracePeriodSeconds, m.Finalizers))
		}
		if req.DryRun {
			return obj, nil
		}
		data, err := s.encodeStored(obj)
		if err != nil {
			return nil, api.NewInternalError(err)
		}
		if kv, err := s.store.Get(cur.key, 0); err == nil && string(kv.Value) == string(data) {
			return obj, nil // nothing new: the deletion is already pending
		}
		if err := s.storeUpdate(req, r, cur, obj, data); err != nil {
			return nil, err
		}
		return copyObject(obj), nil
	}
	if req.DryRun {
		return obj, nil
	}
	gone, err := s.storeDelete(req, r, cur)
	if err != nil {
		return nil, err
	}
	return copyObject(gone), nil
}

func (s *Server) storeUpdateEncoded(req *request.Request, r *resource, cur *cached, obj api.Object) error {
	data, err := s.encodeStored(obj)
	if err != nil {
		return api.NewInternalError(err)
	}
	return s.storeUpdate(req, r, cur, obj, data)
}

// deleteNamespace starts a namespace's termination: phase Terminating and a
// deletionTimestamp; the namespace controller empties it and removes the
// kubernetes finalizer through the finalize subresource.
func (s *Server) deleteNamespace(ctx *reqCtx, r *resource, cur *cached, old *api.Namespace) (api.Object, error) {
	req := ctx.req
	if old.DeletionTimestamp != nil {
		if len(old.Spec.Finalizers) > 0 {
			return nil, api.NewConflict(r.gr, old.Name, namespaceDeletingMsg)
		}
		if len(old.Finalizers) > 0 {
			ctx.code = api.StatusAccepted
			return copyObject(old), nil
		}
	} else if len(old.Spec.Finalizers) > 0 || len(old.Finalizers) > 0 {
		ns := copyObject(old).(*api.Namespace)
		zero := int64(0)
		ns.DeletionTimestamp, ns.DeletionGracePeriodSeconds = api.NewTimePtr(s.sim.Now()), &zero
		ns.Status.Phase = api.NamespaceTerminating
		ctx.code = api.StatusOK
		if req.DryRun {
			return ns, nil
		}
		if err := s.storeUpdateEncoded(req, r, cur, ns); err != nil {
			return nil, err
		}
		return copyObject(ns), nil
	}
	if req.DryRun {
		return copyObject(old), nil
	}
	gone, err := s.storeDelete(req, r, cur)
	if err != nil {
		return nil, err
	}
	return copyObject(gone), nil
}

// namespacePending reports a terminating namespace whose spec finalizers
// are not done (removing metadata finalizers must not delete it yet).
func namespacePending(obj api.Object) bool {
	ns, ok := obj.(*api.Namespace)
	return ok && len(ns.Spec.Finalizers) > 0
}

// finalize is PUT namespaces/<name>/finalize: it replaces spec.finalizers;
// a terminating namespace left with no finalizers at all is deleted.
func (s *Server) finalize(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	body, err := s.body(ctx)
	if err != nil {
		return nil, err
	}
	cur := r.get("", req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	old := cur.obj.(*api.Namespace)
	if rv := body.GetObjectMeta().ResourceVersion; rv != "" && rv != old.ResourceVersion {
		return nil, api.NewConflict(r.gr, old.Name, api.OptimisticLockErrorMsg)
	}
	ns := copyObject(old).(*api.Namespace)
	ns.Spec.Finalizers = body.(*api.Namespace).Spec.Finalizers
	ctx.code = api.StatusOK
	if ns.DeletionTimestamp != nil && len(ns.Spec.Finalizers) == 0 && len(ns.Finalizers) == 0 {
		if req.DryRun {
			return ns, nil
		}
		if _, err := s.storeDelete(req, r, cur); err != nil {
			return nil, err
		}
		return ns, nil
	}
	return s.commitUpdate(req, r, cur, ns)
}

func (s *Server) deleteCollection(ctx *reqCtx) (api.Object, error) {
	l, err := s.list(ctx)
	if err != nil {
		return nil, err
	}
	req, r := ctx.req, ctx.r
	out := l.(*api.List)
	for i, item := range out.Items {
		m := item.GetObjectMeta()
		cur := r.get(m.Namespace, m.Name)
		if cur == nil {
			continue
		}
		obj, err := s.deleteObject(ctx, r, cur, req.GracePeriodSeconds, req.PropagationPolicy, nil)
		if err != nil {
			return nil, err
		}
		out.Items[i] = obj
	}
	ctx.code = api.StatusOK
	return out, nil
}

func addFinalizer(l []string, f string) []string {
	for _, x := range l {
		if x == f {
			return l
		}
	}
	return append(l, f)
}

func removeFinalizer(l []string, f string) []string {
	out := l[:0:0]
	for _, x := range l {
		if x != f {
			out = append(out, x)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
