package apiserver

import (
	"fmt"
	"slices"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/trace"
)

// Deleting a CustomResourceDefinition deletes its custom resources first: the CRD storage's
// Delete marks the CRD Terminating and adds the customresourcecleanup finalizer, and
// apiextensions-apiserver's CRD finalizer controller then deletes every object of the resource
// and removes the finalizer, which deletes the CRD and stops serving the resource.

// crdCleanupFinalizer is apiextensions' CustomResourceCleanupFinalizer.
const crdCleanupFinalizer = "customresourcecleanup.apiextensions.k8s.io"

// Timing of the CRD finalizer: it reacts to the CRD's update a few milliseconds after it is
// written, and polls every five seconds while objects with finalizers of their own remain.
const (
	crdFinalizerDelay = 5 * time.Millisecond
	crdFinalizerPoll  = 5 * time.Second
)

// deleteCRD is the first delete of a CRD (apiextensions' REST.Delete): a deletionTimestamp, the
// cleanup finalizer, the Terminating condition. Later deletes are the generic ones.
func (s *Server) deleteCRD(ctx *reqCtx, r *resource, cur *cached) (api.Object, error) {
	crd := copyObject(cur.obj).(*api.CustomResourceDefinition)
	crd.DeletionTimestamp = api.NewTimePtr(s.sim.Now())
	crd.Finalizers = addFinalizer(crd.Finalizers, crdCleanupFinalizer)
	s.setCRDCondition(crd, "Terminating", api.ConditionTrue, "InstanceDeletionPending",
		"CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon")
	ctx.code = api.StatusOK
	if ctx.req.DryRun {
		return crd, nil
	}
	if err := s.storeUpdateEncoded(ctx.req, r, cur, crd); err != nil {
		return nil, err
	}
	return copyObject(crd), nil
}

// setCRDCondition sets one condition of a CRD's status, stamping its transition time when its
// status changes (SetCRDCondition).
func (s *Server) setCRDCondition(crd *api.CustomResourceDefinition, typ string, status api.ConditionStatus, reason, msg string) {
	c := api.CustomResourceDefinitionCondition{Type: typ, Status: status, Reason: reason, Message: msg,
		LastTransitionTime: api.NewTime(s.sim.Now())}
	conds := crd.Status.Conditions
	for i := range conds {
		if conds[i].Type == typ {
			if conds[i].Status == status {
				c.LastTransitionTime = conds[i].LastTransitionTime
			}
			conds[i] = c
			return
		}
	}
	crd.Status.Conditions = append(conds, c)
}

// scheduleCRDFinalizer queues the CRD finalizer for a CRD that has become terminating.
func (s *Server) scheduleCRDFinalizer(name string, after time.Duration) {
	s.sim.After(after, "crd finalizer "+name, func() { s.finalizeCRD(name) })
}

// finalizeCRD is one sync of the CRD finalizer controller.
func (s *Server) finalizeCRD(name string) {
	crds := s.byGR[crdResource]
	cur := crds.get("", name)
	if cur == nil {
		return
	}
	old := cur.obj.(*api.CustomResourceDefinition)
	if old.DeletionTimestamp == nil || !slices.Contains(old.Finalizers, crdCleanupFinalizer) {
		return
	}
	crd := copyObject(old).(*api.CustomResourceDefinition)
	s.setCRDCondition(crd, "Terminating", api.ConditionTrue, "InstanceDeletionInProgress", "CustomResource deletion is in progress")
	if _, err := s.internalUpdate(crds, crd, true); err != nil {
		return
	}
	if r := s.byGR[customGR(crd)]; r != nil && r.custom != nil && crd.ConditionTrue("Established") {
		if left := s.deleteInstances(r); left > 0 {
			s.scheduleCRDFinalizer(name, crdFinalizerPoll)
			return
		}
		s.setCRDCondition(crd, "Terminating", api.ConditionFalse, "InstanceDeletionCompleted", "removed all instances")
	} else {
		s.setCRDCondition(crd, "Terminating", api.ConditionFalse, "NeverEstablished", "resource was never established")
	}
	crd.Finalizers = removeFinalizer(crd.Finalizers, crdCleanupFinalizer)
	crd.ResourceVersion = ""
	_, _ = s.internalUpdate(crds, crd, false)
}

// deleteInstances deletes every object of a custom resource straight from storage, as the
// finalizer does (no admission): an object with finalizers is only marked for deletion. It
// returns how many objects remain.
func (s *Server) deleteInstances(r *resource) int {
	objs := r.list("")
	if len(objs) == 0 {
		return 0
	}
	if s.traceOn() {
		s.trace(trace.Record{Kind: trace.Action, Resource: r.gr.String(),
			Message: fmt.Sprintf("CRD finalizer: deleting %d %s of %s", len(objs), r.info.Kind, r.gr.String())})
	}
	left := 0
	for _, c := range objs {
		m := c.obj.GetObjectMeta()
		if len(m.Finalizers) == 0 {
			_, _ = s.storeDelete(nil, r, c)
			continue
		}
		left++
		if m.DeletionTimestamp == nil {
			obj := copyObject(c.obj)
			zero := int64(0)
			obj.GetObjectMeta().DeletionTimestamp = api.NewTimePtr(s.sim.Now())
			obj.GetObjectMeta().DeletionGracePeriodSeconds = &zero
			_ = s.storeUpdateEncoded(nil, r, c, obj)
		}
	}
	return left
}
