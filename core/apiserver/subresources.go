package apiserver

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/apiserver/admission"
)

// Subresources: pods/binding (the scheduler's decision), pods/eviction, and
// the scale subresource of Deployments and ReplicaSets.

func successStatus(code int32) *api.Status {
	return &api.Status{TypeMeta: api.TypeMeta{Kind: "Status", APIVersion: "v1"}, Status: "Success", Code: code}
}

// bind is POST pods/<name>/binding: it sets spec.nodeName and the
// PodScheduled condition. A pod is bound once.
func (s *Server) bind(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	b, ok := req.Body.(*api.Binding)
	if !ok || b == nil {
		return nil, api.NewBadRequest("the body of a pods/binding request must be a Binding")
	}
	name := req.Name
	if b.Name != "" && b.Name != name {
		return nil, api.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", b.Name, name))
	}
	if b.Target.Kind != "" && b.Target.Kind != "Node" {
		return nil, api.NewInvalid("Binding", name, field.ErrorList{field.NotSupported(field.NewPath("target", "kind"), b.Target.Kind, []string{"Node", "<empty>"})})
	}
	if b.Target.Name == "" {
		return nil, api.NewInvalid("Binding", name, field.ErrorList{field.Required(field.NewPath("target", "name"), "")})
	}
	cur := r.get(req.Namespace, name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, name)
	}
	bindingGR := api.GroupResource{Resource: "pods/binding"}
	old := cur.obj.(*api.Pod)
	if b.UID != "" && b.UID != old.UID {
		return nil, api.NewConflict(bindingGR, name, fmt.Sprintf("Precondition failed: UID in precondition: %v, UID in object meta: %v", b.UID, old.UID))
	}
	if old.DeletionTimestamp != nil {
		return nil, api.NewConflict(bindingGR, name, fmt.Sprintf("pod %s is being deleted, cannot be assigned to a host", name))
	}
	if old.Spec.NodeName != "" {
		return nil, api.NewConflict(bindingGR, name, fmt.Sprintf("pod %s is already assigned to node %q", name, old.Spec.NodeName))
	}
	ar := &admission.Attributes{Operation: "CREATE", Resource: r.info, Subresource: "binding", Namespace: req.Namespace,
		Name: name, Object: b, User: ctx.user, DryRun: req.DryRun}
	if err := s.admit(ar, req); err != nil {
		return nil, err
	}
	if err := s.validateAdmission(ar, req); err != nil {
		return nil, err
	}
	// A shallow copy: the stored pod is immutable and only nodeName, the
	// annotations and the conditions are replaced, not modified in place.
	pod := shallowCopy(old).(*api.Pod)
	pod.Spec.NodeName = b.Target.Name
	if len(b.Annotations) > 0 {
		ann := make(map[string]string, len(old.Annotations)+len(b.Annotations))
		for k, v := range old.Annotations {
			ann[k] = v
		}
		for k, v := range b.Annotations {
			ann[k] = v
		}
		pod.Annotations = ann
	}
	pod.Status.Conditions = append([]api.PodCondition(nil), old.Status.Conditions...)
	setPodCondition(&pod.Status, api.PodCondition{Type: api.PodScheduled, Status: api.ConditionTrue}, s.sim.Now())
	ctx.code = api.StatusCreated
	if req.DryRun {
		return successStatus(api.StatusCreated), nil
	}
	if err := s.storeUpdateEncoded(req, r, cur, pod); err != nil {
		return nil, err
	}
	return successStatus(api.StatusCreated), nil
}

// setPodCondition adds or updates a condition; the transition time moves
// only when the status changes.
func setPodCondition(st *api.PodStatus, c api.PodCondition, now time.Time) {
	for i := range st.Conditions {
		if st.Conditions[i].Type == c.Type {
			if st.Conditions[i].Status != c.Status {
				c.LastTransitionTime = api.NewTime(now)
			} else {
				c.LastTransitionTime = st.Conditions[i].LastTransitionTime
			}
			st.Conditions[i] = c
			return
		}
	}
	c.LastTransitionTime = api.NewTime(now)
	st.Conditions = append(st.Conditions, c)
}

// evict is POST pods/<name>/eviction (policy/v1): the pod gets the
// DisruptionTarget condition and is deleted gracefully.
func (s *Server) evict(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	ev, ok := req.Body.(*api.Eviction)
	if !ok || ev == nil {
		return nil, api.NewBadRequest("the body of a pods/eviction request must be an Eviction")
	}
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	var grace *int64
	var pre *api.Preconditions
	if ev.DeleteOptions != nil {
		grace, pre = ev.DeleteOptions.GracePeriodSeconds, ev.DeleteOptions.Preconditions
	}
	pod := cur.obj.(*api.Pod)
	if err := s.checkDisruptionBudget(req, pod); err != nil {
		return nil, err
	}
	if pod.DeletionTimestamp == nil && pod.Status.Phase != api.PodSucceeded && pod.Status.Phase != api.PodFailed {
		n := copyObject(pod).(*api.Pod)
		setPodCondition(&n.Status, api.PodCondition{Type: api.DisruptionTarget, Status: api.ConditionTrue,
			Reason: "EvictionByEvictionAPI", Message: "Eviction API: evicting"}, s.sim.Now())
		if !req.DryRun {
			if err := s.storeUpdateEncoded(req, r, cur, n); err != nil {
				return nil, err
			}
			cur = r.get(req.Namespace, req.Name)
		}
	}
	if _, err := s.deleteObject(ctx, r, cur, grace, "", pre); err != nil {
		return nil, err
	}
	ctx.code = api.StatusCreated
	return successStatus(api.StatusCreated), nil
}

func hasScale(r *resource) bool {
	return r.gr.Group == "apps" && (r.gr.Resource == "deployments" || r.gr.Resource == "replicasets" || r.gr.Resource == "statefulsets")
}

// scaleOf builds the autoscaling/v1 Scale of a Deployment or ReplicaSet.
func scaleOf(obj api.Object) *api.Scale {
	m := obj.GetObjectMeta()
	sc := &api.Scale{TypeMeta: api.TypeMeta{Kind: "Scale", APIVersion: "autoscaling/v1"},
		ObjectMeta: api.ObjectMeta{Name: m.Name, Namespace: m.Namespace, UID: m.UID,
			ResourceVersion: m.ResourceVersion, CreationTimestamp: m.CreationTimestamp}}
	switch o := obj.(type) {
	case *api.Deployment:
		if o.Spec.Replicas != nil {
			sc.Spec.Replicas = *o.Spec.Replicas
		}
		sc.Status.Replicas = o.Status.Replicas
		sc.Status.Selector = formatSelector(o.Spec.Selector)
	case *api.ReplicaSet:
		if o.Spec.Replicas != nil {
			sc.Spec.Replicas = *o.Spec.Replicas
		}
		sc.Status.Replicas = o.Status.Replicas
		sc.Status.Selector = formatSelector(o.Spec.Selector)
	}
	return sc
}

func setReplicas(obj api.Object, n int32) {
	switch o := obj.(type) {
	case *api.Deployment:
		o.Spec.Replicas = &n
	case *api.ReplicaSet:
		o.Spec.Replicas = &n
	}
}

// formatSelector renders a LabelSelector as a selector string
// (metav1.FormatLabelSelector).
func formatSelector(sel *api.LabelSelector) string {
	if sel == nil {
		return ""
	}
	var parts []string
	keys := make([]string, 0, len(sel.MatchLabels))
	for k := range sel.MatchLabels {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, k+"="+sel.MatchLabels[k])
	}
	for _, e := range sel.MatchExpressions {
		vals := append([]string(nil), e.Values...)
		sort.Strings(vals)
		switch e.Operator {
		case "In":
			parts = append(parts, e.Key+" in ("+strings.Join(vals, ",")+")")
		case "NotIn":
			parts = append(parts, e.Key+" notin ("+strings.Join(vals, ",")+")")
		case "Exists":
			parts = append(parts, e.Key)
		case "DoesNotExist":
			parts = append(parts, "!"+e.Key)
		}
	}
	return strings.Join(parts, ",")
}

func (s *Server) getScale(ctx *reqCtx) (api.Object, error) {
	cur := ctx.r.get(ctx.req.Namespace, ctx.req.Name)
	if cur == nil {
		return nil, api.NewNotFound(ctx.r.gr, ctx.req.Name)
	}
	return scaleOf(cur.obj), nil
}

func (s *Server) updateScale(ctx *reqCtx) (api.Object, error) {
	sc, ok := ctx.req.Body.(*api.Scale)
	if !ok || sc == nil {
		return nil, api.NewBadRequest("the body of a scale request must be an autoscaling/v1 Scale")
	}
	return s.applyScale(ctx, sc)
}

func (s *Server) patchScale(ctx *reqCtx) (api.Object, error) {
	req, r := ctx.req, ctx.r
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	orig, _ := json.Marshal(scaleOf(cur.obj))
	out, err := applyPatch(req.PatchType, orig, req.Patch, &api.Scale{})
	if err != nil {
		return nil, api.NewBadRequest(err.Error())
	}
	sc := &api.Scale{}
	if err := json.Unmarshal(out, sc); err != nil {
		return nil, api.NewBadRequest(err.Error())
	}
	return s.applyScale(ctx, sc)
}

func (s *Server) applyScale(ctx *reqCtx, sc *api.Scale) (api.Object, error) {
	req, r := ctx.req, ctx.r
	cur := r.get(req.Namespace, req.Name)
	if cur == nil {
		return nil, api.NewNotFound(r.gr, req.Name)
	}
	if sc.Spec.Replicas < 0 {
		return nil, api.NewInvalid("Scale.autoscaling", req.Name, field.ErrorList{field.Invalid(field.NewPath("spec", "replicas"), sc.Spec.Replicas, "must be greater than or equal to 0")})
	}
	obj := copyObject(cur.obj)
	setReplicas(obj, sc.Spec.Replicas)
	obj.GetObjectMeta().ResourceVersion = sc.ResourceVersion
	res, err := s.updateObject(ctx, r, cur, obj, "")
	if err != nil {
		return nil, err
	}
	return scaleOf(res), nil
}
