package apiserver

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/api/request"
	"kubeplay/core/apiserver/admission"
	"kubeplay/core/apiserver/defaults"
	"kubeplay/core/apiserver/validation"
	"kubeplay/core/store"
	"kubeplay/core/trace"
)

// The generic registry (k8s.io/apiserver's registry/generic/registry.Store):
// get, list, create and update for every resource, over etcd keys
// /registry/<resource>/<namespace>/<name>.

// eventTTL is kube-apiserver's --event-ttl; leases are reused for a minute
// (--lease-reuse-duration-seconds) so events share them.
const (
	eventTTL        = time.Hour
	leaseReuseAfter = time.Minute
)

func (s *Server) get(ctx *reqCtx) (api.Object, error) {
	c := ctx.r.get(ctx.req.Namespace, ctx.req.Name)
	if c == nil {
		return nil, api.NewNotFound(ctx.r.gr, ctx.req.Name)
	}
	return copyObject(c.obj), nil
}

func gvrString(r *resource) string {
	gv := r.info.Version
	if r.info.Group != "" {
		gv = r.info.Group + "/" + gv
	} else {
		gv = "/" + gv
	}
	return gv + ", Resource=" + r.info.Resource
}

// selectors parses a list's label and field selectors.
func (s *Server) parseFields(r *resource, req *request.Request) (fieldSelector, error) {
	fs, err := parseFieldSelector(req.FieldSelector)
	if err == nil {
		err = fs.check(r)
	}
	if err != nil {
		return nil, api.NewBadRequest(fmt.Sprintf("Unable to find %q that match label selector %q, field selector %q: %v",
			gvrString(r), req.LabelSelector, req.FieldSelector, err))
	}
	return fs, nil
}

// listFilter is the label and field selector of a list request, as a watcher that matches objects.
func (s *Server) listFilter(req *request.Request, r *resource) (*watcher, error) {
	ls, err := parseLabelSelector(req.LabelSelector)
	if err != nil {
		return nil, api.NewBadRequest(err.Error())
	}
	fs, err := s.parseFields(r, req)
	if err != nil {
		return nil, err
	}
	w := &watcher{r: r, ns: req.Namespace, labels: ls, fields: fs}
	if n, ok := fs.exact("metadata.name"); ok {
		w.name = n
	}
	return w, nil
}

func (s *Server) list(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	w, err := s.listFilter(req, r)
	if err != nil {
		return nil, err
	}
	out := &api.List{TypeMeta: api.TypeMeta{Kind: r.info.ListKind, APIVersion: r.info.APIVersion()},
		ListMeta: api.ListMeta{ResourceVersion: strconv.FormatInt(s.store.Rev(), 10)}, Items: []api.Object{}}
	for _, c := range r.list(req.Namespace) {
		if w.matches(c.obj) {
			out.Items = append(out.Items, copyObject(c.obj))
		}
	}
	return out, nil
}

// body returns a private copy of the request body, checked to be of the
// resource's kind, with its TypeMeta set.
func (s *Server) body(ctx *reqCtx) (api.Object, error) {
	b := ctx.req.Body
	if b == nil {
		return nil, api.NewBadRequest("the body of the request was empty")
	}
	info := ctx.r.info
	if !info.Holds(b) {
		tm := b.GetTypeMeta()
		return nil, api.NewBadRequest(fmt.Sprintf("the API version in the data (%s) does not match the expected API version (%s)", tm.APIVersion, info.APIVersion()))
	}
	obj := b
	if !ctx.req.HandOver {
		obj = copyObject(b)
	}
	*obj.GetTypeMeta() = info.TypeMeta()
	return obj, nil
}

func (s *Server) create(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	obj, err := s.body(ctx)
	if err != nil {
		return nil, err
	}
	m := obj.GetObjectMeta()
	if r.info.Namespaced {
		if m.Namespace == "" {
			m.Namespace = req.Namespace
		} else if req.Namespace != "" && m.Namespace != req.Namespace {
			return nil, api.NewBadRequest("the namespace of the provided object does not match the namespace sent on the request")
		}
		if m.Namespace == "" {
			m.Namespace = "default"
		}
	} else {
		m.Namespace = ""
	}
	if r.custom != nil {
		if r.custom.terminating {
			return nil, api.NewForbidden(r.gr, m.Name, "create not allowed while custom resource definition is terminating")
		}
		if err := s.coerce(req, r, obj, nil); err != nil {
			return nil, err
		}
	}
	return s.createObject(ctx, r, obj)
}

// createObject runs defaulting, admission, validation and storage of a new
// object (rest.BeforeCreate and registry.Store.Create).
func (s *Server) createObject(ctx *reqCtx, r *resource, obj api.Object) (api.Object, error) {
	req := ctx.req
	on := s.traceOn()
	m := obj.GetObjectMeta()
	m.UID, m.ResourceVersion, m.Generation = "", "", 0 // selfLink is never kept (api.Discarded)
	m.DeletionTimestamp, m.DeletionGracePeriodSeconds = nil, nil
	m.CreationTimestamp = api.Time{}
	s.hooks.Default(obj)
	prepareForCreate(r, obj)
	if pod, ok := obj.(*api.Pod); ok {
		ctx.warn(defaults.SyncAppArmor(pod))
	}
	if on {
		name := objectName(m)
		if m.Name == "" {
			name += m.GenerateName
		}
		s.stage("decode", req, fmt.Sprintf("decoded %s %s and applied defaults", r.info.Kind, name))
	}
	ar := &admission.Attributes{Operation: "CREATE", Resource: r.info, Subresource: req.Subresource, Namespace: m.Namespace,
		Name: m.Name, Object: obj, User: ctx.user, DryRun: req.DryRun}
	if err := s.admit(ar, req); err != nil {
		return nil, err
	}
	// The name is generated after mutating admission (registry.Store.Create's
	// BeforeCreate), so a mutating plugin's refusal names the generateName.
	generated := false
	if m.Name == "" && m.GenerateName != "" {
		m.Name = GenerateName(s.sim.Rand(), m.GenerateName)
		ar.Name = m.Name
		generated = true
	}
	if m.Name == "" && m.GenerateName == "" {
		return nil, api.NewInvalid(r.info.GroupKind(), "", fieldRequired("metadata.name", "name or generateName is required"))
	}
	if job, ok := obj.(*api.Job); ok && m.Name != "" {
		// rest.BeforeCreate fills the uid before the strategy runs: the
		// Job strategy needs it for its selector.
		m.UID = newUID(s.sim.UIDRand())
		generateJobSelector(job)
	}
	validate := s.hooks.ValidateCreate
	if r.custom != nil {
		validate = func(obj api.Object) field.ErrorList { return validateCustom(r, obj, nil, "") }
	}
	if errs := validate(obj); len(errs) > 0 {
		if on {
			s.stage("validation", req, "invalid: "+errs.Error())
		}
		return nil, api.NewInvalid(r.info.GroupKind(), m.Name, errs)
	}
	if on {
		s.stage("validation", req, r.info.Kind+" is valid")
	}
	canonicalize(obj)
	ctx.warn(validation.Warnings(obj))
	if err := s.validateAdmission(ar, req); err != nil {
		return nil, err
	}
	if err := s.allocate(r, obj); err != nil {
		return nil, err
	}
	if m.UID == "" {
		m.UID = newUID(s.sim.UIDRand())
	}
	m.CreationTimestamp = api.NewTime(s.sim.Now())
	if r.hasSpec {
		m.Generation = 1
	}
	establishCRD(obj, s.sim.Now())
	ctx.code = api.StatusCreated
	if req.DryRun {
		// DryRunnableStorage.Create: the name is checked, nothing stored.
		if kv, _ := s.store.Get(r.key(m.Namespace, m.Name), 0); kv != nil {
			return nil, api.NewAlreadyExists(r.gr, m.Name)
		}
		return answer(req, obj), nil
	}
	for attempt := 0; ; attempt++ {
		err := s.storeCreate(req, r, obj)
		if err == nil {
			break
		}
		if api.IsAlreadyExists(err) && generated && attempt < 7 {
			m.Name = GenerateName(s.sim.Rand(), m.GenerateName)
			continue
		}
		return nil, err
	}
	return answer(req, obj), nil
}

// answer is the object a create answers with: a copy of what was stored,
// or, for a request that handed its body over, the stored object itself.
func answer(req *request.Request, obj api.Object) api.Object {
	if req.HandOver {
		return obj
	}
	return copyObject(obj)
}

func fieldRequired(path, detail string) field.ErrorList {
	return field.ErrorList{field.Required(field.NewPath(path), detail)}
}

// admit runs the mutating admission plugins.
func (s *Server) admit(ar *admission.Attributes, req *request.Request) error {
	err := s.admission.Admit(ar, host{s})
	if s.traceOn() {
		s.stage("admission", req, admissionMessage("mutating", s.admission, err))
	}
	return err
}

// validateAdmission runs the validating admission plugins; their warnings
// go to the response (PodSecurity's "would violate PodSecurity …").
func (s *Server) validateAdmission(ar *admission.Attributes, req *request.Request) error {
	err := s.admission.Validate(ar, host{s})
	(&reqCtx{req: req}).warn(ar.Warnings)
	if s.traceOn() {
		s.stage("admission", req, admissionMessage("validating", s.admission, err))
	}
	return err
}

// admissionMessage is the trace's admission stage: the plugins that acted,
// the verdict naming the plugin that refused, and what each plugin warned
// and wrote to the audit event (kubeplay keeps no audit log: the trace is
// where an audit annotation shows).
func admissionMessage(phase string, a *admission.Chain, err error) string {
	msg := phase + " admission"
	acted := a.LastPlugins()
	if len(acted) > 0 {
		msg += " (" + joinNames(acted) + ")"
	}
	if err != nil {
		return msg + ": rejected by " + acted[len(acted)-1] + ": " + err.Error()
	}
	msg += ": admitted"
	for _, n := range a.LastNotes() {
		for _, w := range n.Warnings {
			msg += "; " + n.Plugin + " warned: " + w
		}
		for _, an := range n.Audit {
			msg += "; " + n.Plugin + " audit annotation: " + an
		}
	}
	return msg
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// encodeStored renders obj as etcd holds it: JSON, without resourceVersion
// (the key's mod revision is the resourceVersion). jsonenc writes what
// encoding/json writes, byte for byte, at a fraction of its cost. The bytes
// are the server's scratch space, good until the next encodeStored: they go
// to the store, which copies them.
func (s *Server) encodeStored(obj api.Object) ([]byte, error) {
	m := obj.GetObjectMeta()
	rv := m.ResourceVersion
	m.ResourceVersion = ""
	data, err := jsonenc.Append(s.encoded[:0], obj)
	m.ResourceVersion = rv
	if err != nil {
		return nil, err
	}
	s.encoded = data
	return data, nil
}

func unmarshalStored(data []byte, obj api.Object) error { return json.Unmarshal(data, obj) }

// storeCreate writes a new object to etcd and sets its resourceVersion.
func (s *Server) storeCreate(req *request.Request, r *resource, obj api.Object) error {
	m := obj.GetObjectMeta()
	key := r.key(m.Namespace, m.Name)
	data, err := s.encodeStored(obj)
	if err != nil {
		return api.NewInternalError(err)
	}
	var lease int64
	if r.gr == (api.GroupResource{Resource: "events"}) {
		lease = s.eventLeaseID()
	}
	s.interned.object(obj, nil)
	s.pendingKey, s.pendingObj = key, obj
	rev, err := s.store.Create(key, data, lease)
	s.pendingKey, s.pendingObj = "", nil
	if err == store.ErrKeyExists {
		return api.NewAlreadyExists(r.gr, m.Name)
	}
	if err != nil {
		return api.NewInternalError(err)
	}
	m.ResourceVersion = strconv.FormatInt(rev, 10)
	s.traceWrite(req, "create", key, rev, len(data))
	return nil
}

// storeUpdate writes a changed object guarded by its current mod revision.
func (s *Server) storeUpdate(req *request.Request, r *resource, cur *cached, obj api.Object, data []byte) error {
	s.interned.object(obj, cur.obj)
	s.pendingKey, s.pendingObj = cur.key, obj
	rev, err := s.store.Update(cur.key, data, cur.modRev)
	s.pendingKey, s.pendingObj = "", nil
	switch err {
	case nil:
	case store.ErrConflict:
		return api.NewConflict(r.gr, obj.GetObjectMeta().Name, api.OptimisticLockErrorMsg)
	case store.ErrKeyNotFound:
		return api.NewNotFound(r.gr, obj.GetObjectMeta().Name)
	default:
		return api.NewInternalError(err)
	}
	obj.GetObjectMeta().ResourceVersion = strconv.FormatInt(rev, 10)
	s.traceWrite(req, "update", cur.key, rev, len(data))
	return nil
}

// storeDelete removes an object from etcd; it returns the object as last
// seen, stamped with the delete revision.
func (s *Server) storeDelete(req *request.Request, r *resource, cur *cached) (api.Object, error) {
	rev, _, err := s.store.Delete(cur.key, cur.modRev)
	switch err {
	case nil:
	case store.ErrConflict:
		return nil, api.NewConflict(r.gr, cur.obj.GetObjectMeta().Name, api.OptimisticLockErrorMsg)
	case store.ErrKeyNotFound:
		return nil, api.NewNotFound(r.gr, cur.obj.GetObjectMeta().Name)
	default:
		return nil, api.NewInternalError(err)
	}
	s.traceWrite(req, "delete", cur.key, rev, 0)
	if r.gr.Group == "" && r.gr.Resource == "services" {
		s.afterServiceDelete(cur.obj.GetObjectMeta())
	}
	return restamp(cur.obj, rev), nil
}

// afterServiceDelete is the Service storage's afterDelete: the Endpoints of
// the Service's name go with it, whoever wrote them (lest a Service made
// again under that name inherit stale ones).
func (s *Server) afterServiceDelete(svc *api.ObjectMeta) {
	r := s.byGR[api.GroupResource{Resource: "endpoints"}]
	if r == nil {
		return
	}
	if cur := r.get(svc.Namespace, svc.Name); cur != nil {
		_, _ = s.storeDelete(nil, r, cur)
	}
}

func (s *Server) traceWrite(req *request.Request, op, key string, rev int64, size int) {
	if !s.traceOn() {
		return
	}
	msg := fmt.Sprintf("%s %s at revision %d", op, key, rev)
	if size > 0 {
		msg += fmt.Sprintf(" (%d bytes)", size)
	}
	rec := trace.Record{Kind: trace.Write, Component: EtcdComponent, From: Component, To: EtcdComponent, Stage: "storage",
		Revision: rev, Message: msg}
	if req != nil {
		rec.Verb, rec.Resource, rec.Namespace, rec.Name = req.Verb, resourceString(req), req.Namespace, req.Name
	}
	s.trace(rec)
}

// eventLeaseID returns an etcd lease for a new Event: one lease serves every
// event created within a minute, with the TTL stretched to cover them all.
func (s *Server) eventLeaseID() int64 {
	now := s.sim.Now()
	if s.eventLease != 0 && now.Sub(s.eventLeaseAt) < leaseReuseAfter {
		if s.store.LeaseExists(s.eventLease) {
			return s.eventLease
		}
	}
	s.eventLease = s.store.GrantLease(eventTTL + leaseReuseAfter)
	s.eventLeaseAt = now
	return s.eventLease
}
