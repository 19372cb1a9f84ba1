package apiserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver/admission"
	"kubeplay/core/apiserver/validation"
)

// Update (PUT) and patch (PATCH) of an object or its status: optimistic
// concurrency on metadata.resourceVersion, generation bumped only when the
// spec changes, the status subresource isolated from the main resource.

func (s *Server) update(ctx *reqCtx, sub string) (api.Object, error) {
	req, r := ctx.req, ctx.r
	obj, err := s.body(ctx)
	if err != nil {
		return nil, err
	}
	m := obj.GetObjectMeta()
	if m.Name == "" {
		m.Name = req.Name
	} else if m.Name != req.Name {
		return nil, api.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", m.Name, req.Name))
	}
	if r.info.Namespaced {
		if m.Namespace == "" {
			m.Namespace = req.Namespace
		} else if m.Namespace != req.Namespace {
			return nil, api.NewBadRequest("the namespace of the provided object does not match the namespace sent on the request")
		}
	}
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	if r.custom != nil {
		if err := s.coerce(req, r, obj, nil); err != nil {
			return nil, err
		}
	}
	return s.updateObject(ctx, r, cur, obj, sub)
}

func (s *Server) patch(ctx *reqCtx, sub string) (api.Object, error) {
	req, r := ctx.req, ctx.r
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	if r.custom != nil && (req.PatchType == StrategicMergePatchType || req.PatchType == "") {
		return nil, unsupportedPatch()
	}
	obj, err := s.patched(r, cur.obj, req)
	if err != nil {
		return nil, err
	}
	if r.custom != nil {
		patched, _ := json.Marshal(obj)
		if err := s.coerce(req, r, obj, patched); err != nil {
			return nil, err
		}
	}
	m := obj.GetObjectMeta()
	if m.Name != req.Name {
		return nil, api.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", m.Name, req.Name))
	}
	return s.updateObject(ctx, r, cur, obj, sub)
}

// patched applies the request's patch to cur and decodes the result. A JSON
// merge patch (the kubelet's status writes) is applied to the object
// directly when api.MergePatchObject can vouch for the same result.
func (s *Server) patched(r *resource, cur api.Object, req *request.Request) (api.Object, error) {
	if req.PatchType == MergePatchType && r.custom == nil {
		if obj, ok := api.MergePatchObject(cur, req.Patch); ok {
			*obj.GetTypeMeta() = r.info.TypeMeta()
			return obj, nil
		}
	}
	return s.patchedText(r, cur, req)
}

// patchedText applies the request's patch to cur's JSON and decodes the result.
func (s *Server) patchedText(r *resource, cur api.Object, req *request.Request) (api.Object, error) {
	orig, err := json.Marshal(cur)
	if err != nil {
		return nil, api.NewInternalError(err)
	}
	out, err := applyPatch(req.PatchType, orig, req.Patch, cur)
	if err != nil {
		if se, ok := err.(*api.StatusError); ok {
			return nil, se
		}
		return nil, api.NewBadRequest(err.Error())
	}
	obj := r.info.New()
	dec := json.NewDecoder(bytes.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(obj); err != nil {
		return nil, api.NewBadRequest(err.Error())
	}
	*obj.GetTypeMeta() = r.info.TypeMeta()
	return obj, nil
}

// updateObject turns obj (a private copy) into the new state of cur and
// stores it. sub is "" or "status".
func (s *Server) updateObject(ctx *reqCtx, r *resource, cur *cached, obj api.Object, sub string) (api.Object, error) {
	req := ctx.req
	on := s.traceOn()
	old := cur.obj
	om := old.GetObjectMeta()
	m := obj.GetObjectMeta()
	if m.ResourceVersion != "" && m.ResourceVersion != om.ResourceVersion {
		return nil, api.NewConflict(r.gr, om.Name, api.OptimisticLockErrorMsg)
	}
	if m.UID != "" && m.UID != om.UID {
		return nil, api.NewConflict(r.gr, om.Name, fmt.Sprintf("Precondition failed: UID in precondition: %v, UID in object meta: %v", m.UID, om.UID))
	}
	if sub == "status" {
		// Only the status changes: everything else is the stored object
		// (shared: stored objects are immutable, and only top-level fields
		// of the copy are replaced).
		n := shallowCopy(old)
		copyStatus(n, obj)
		obj, m = n, n.GetObjectMeta()
	} else if r.hasStatus {
		copyStatus(obj, old)
	}
	keepSystemMeta(m, om)
	if sub == "" {
		s.hooks.Default(obj)
	}
	if on {
		s.stage("decode", req, fmt.Sprintf("decoded %s %s and applied defaults", r.info.Kind, objectName(m)))
	}
	ar := &admission.Attributes{Operation: "UPDATE", Resource: r.info, Subresource: sub, Namespace: m.Namespace,
		Name: m.Name, Object: obj, OldObject: old, User: ctx.user, DryRun: req.DryRun}
	if err := s.admit(ar, req); err != nil {
		return nil, err
	}
	validate := s.hooks.ValidateUpdate
	if sub == "status" {
		validate = s.hooks.ValidateStatusUpdate
	}
	if r.custom != nil {
		validate = func(obj, old api.Object) field.ErrorList { return validateCustom(r, obj, old, sub) }
	}
	if errs := validate(obj, old); len(errs) > 0 {
		if on {
			s.stage("validation", req, "invalid: "+errs.Error())
		}
		return nil, api.NewInvalid(r.info.GroupKind(), m.Name, errs)
	}
	if on {
		s.stage("validation", req, r.info.Kind+" is valid")
	}
	canonicalize(obj)
	if err := s.validateAdmission(ar, req); err != nil {
		return nil, err
	}
	if r.hasSpec && sub != "status" && !specEqual(r, obj, old) {
		m.Generation++
		ctx.warn(validation.Warnings(obj))
	} else if _, ok := obj.(*api.Pod); ok && sub == "" {
		ctx.warn(validation.Warnings(obj))
	}
	ctx.code = 200
	return s.commitUpdate(req, r, cur, obj)
}

// commitUpdate stores obj as the new state of cur. An update that changes
// nothing is not written (no new revision, no watch event); an update that
// removes the last finalizer of an object being deleted deletes it.
func (s *Server) commitUpdate(req *request.Request, r *resource, cur *cached, obj api.Object) (api.Object, error) {
	m, om := obj.GetObjectMeta(), cur.obj.GetObjectMeta()
	if m.DeletionTimestamp != nil && len(m.Finalizers) == 0 && om.DeletionTimestamp != nil &&
		(om.DeletionGracePeriodSeconds == nil || *om.DeletionGracePeriodSeconds == 0) && !namespacePending(obj) {
		if req != nil && req.DryRun {
			return copyObject(obj), nil
		}
		if _, err := s.storeDelete(req, r, cur); err != nil {
			return nil, err
		}
		return copyObject(obj), nil
	}
	data, err := s.encodeStored(obj)
	if err != nil {
		return nil, api.NewInternalError(err)
	}
	if kv, err := s.store.Get(cur.key, 0); err == nil && bytes.Equal(kv.Value, data) {
		m.ResourceVersion = om.ResourceVersion
		return copyObject(cur.obj), nil
	}
	if req != nil && req.DryRun {
		return copyObject(obj), nil
	}
	if err := s.storeUpdate(req, r, cur, obj, data); err != nil {
		return nil, err
	}
	return copyObject(obj), nil
}

// internalUpdate writes obj as kube-apiserver itself (no authorization or
// admission): the quota plugin's status charges, the namespace finalizer.
func (s *Server) internalUpdate(r *resource, obj api.Object, status bool) (api.Object, error) {
	m := obj.GetObjectMeta()
	cur := r.get(m.Namespace, m.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, m.Name)
	}
	if m.ResourceVersion != "" && m.ResourceVersion != cur.obj.GetObjectMeta().ResourceVersion {
		return nil, api.NewConflict(r.gr, m.Name, api.OptimisticLockErrorMsg)
	}
	n := copyObject(cur.obj)
	if status {
		copyStatus(n, obj)
	} else {
		n = copyObject(obj)
		keepSystemMeta(n.GetObjectMeta(), cur.obj.GetObjectMeta())
	}
	return s.commitUpdate(nil, r, cur, n)
}

// keepSystemMeta restores the fields clients cannot change on update.
func keepSystemMeta(m, om *api.ObjectMeta) {
	m.Name, m.Namespace, m.UID = om.Name, om.Namespace, om.UID
	m.CreationTimestamp = om.CreationTimestamp
	m.DeletionTimestamp = om.DeletionTimestamp
	m.DeletionGracePeriodSeconds = om.DeletionGracePeriodSeconds
	m.Generation = om.Generation
	m.ResourceVersion = om.ResourceVersion
}

func statusField(obj api.Object) reflect.Value {
	return reflect.ValueOf(obj).Elem().FieldByName("Status")
}

// statusOf returns obj's Status field (invalid Value if it has none).
func statusOf(obj api.Object) reflect.Value { return statusField(obj) }

func setStatus(obj api.Object, st reflect.Value) {
	f := statusField(obj)
	if f.IsValid() && st.IsValid() && f.Type() == st.Type() {
		f.Set(st)
	}
}

// specEqual compares everything but metadata and status, as JSON. The
// fields are encoded through pointers, which saves copying them: no api type
// marshals itself differently when addressable.
func specEqual(r *resource, a, b api.Object) bool {
	va, vb := reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem()
	for _, i := range r.specOnly {
		fa, fb := va.Field(i).Addr().Interface(), vb.Field(i).Addr().Interface()
		ja, err1 := jsonenc.Marshal(fa)
		jb, err2 := jsonenc.Marshal(fb)
		if err1 != nil || err2 != nil || !bytes.Equal(ja, jb) {
			return false
		}
	}
	return true
}

// prepareForCreate resets what a client may not set on create
// (PrepareForCreate of each kind's strategy).
// canonicalize normalizes a valid object before it is stored (the
// strategies' Canonicalize): Endpoints' subsets are repacked.
func canonicalize(obj api.Object) {
	if ep, ok := obj.(*api.Endpoints); ok && len(ep.Subsets) > 0 {
		ep.Subsets = api.RepackSubsets(ep.Subsets)
	}
	if spec := api.PodSpecOf(obj); spec != nil {
		// The v1 conversion writes serviceAccountName's value to the
		// deprecated serviceAccount field of every pod spec it serves
		// (Convert_core_PodSpec_To_v1_PodSpec): a Pod shows
		// "serviceAccount: default".
		spec.DeprecatedServiceAccount = spec.ServiceAccountName
	}
}

func prepareForCreate(r *resource, obj api.Object) {
	switch o := obj.(type) {
	case *api.Pod:
		o.Status = api.PodStatus{Phase: api.PodPending, QOSClass: qosClass(o)}
		if len(o.Spec.SchedulingGates) > 0 {
			// applySchedulingGatedCondition: a gated Pod says why it waits.
			o.Status.Conditions = []api.PodCondition{{Type: api.PodScheduled, Status: api.ConditionFalse,
				Reason: api.PodReasonSchedulingGated, Message: "Scheduling is blocked due to non-empty scheduling gates"}}
		}
		return
	case *api.Namespace:
		o.Status = api.NamespaceStatus{Phase: api.NamespaceActive}
		has := false
		for _, f := range o.Spec.Finalizers {
			has = has || f == api.FinalizerKubernetes
		}
		if !has {
			o.Spec.Finalizers = append(o.Spec.Finalizers, api.FinalizerKubernetes)
		}
		return
	case *api.Node:
		return // a kubelet registers its Node with its status
	case *api.CustomObject:
		if r.hasStatus {
			delete(o.Content, "status")
		}
		return
	}
	if prepareStorageForCreate(obj) {
		return
	}
	if r.hasStatus {
		f := statusField(obj)
		f.Set(reflect.Zero(f.Type()))
	}
}

// qosClass is the pod's QoS class (pkg/apis/core/helper/qos).
func qosClass(p *api.Pod) api.PodQOSClass {
	requests, limits := 0, 0
	guaranteed := true
	containers := append(append([]api.Container{}, p.Spec.InitContainers...), p.Spec.Containers...)
	for _, c := range containers {
		for _, res := range []api.ResourceName{api.ResourceCPU, api.ResourceMemory} {
			rq, hasReq := c.Resources.Requests[res]
			lm, hasLim := c.Resources.Limits[res]
			if hasReq && !rq.IsZero() {
				requests++
			}
			if hasLim && !lm.IsZero() {
				limits++
			}
			if !hasLim || lm.IsZero() || (hasReq && rq.Cmp(lm) != 0) {
				guaranteed = false
			}
		}
	}
	switch {
	case requests == 0 && limits == 0:
		return api.PodQOSBestEffort
	case guaranteed:
		return api.PodQOSGuaranteed
	}
	return api.PodQOSBurstable
}
