package statefulset

import (
	"encoding/json"
	"maps"
	"sort"

	"kubeplay/core/api"
	"kubeplay/core/api/jsonenc"
	"kubeplay/core/api/labels"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
	"kubeplay/core/controller/replicaset"
)

// claim is ClaimPods / ClaimControllerRevisions for one object: it reports
// whether ss owns obj, adopting a matching orphan (a Pod or revision left
// behind by a StatefulSet deleted with --cascade=orphan) with a patch of
// its ownerReferences.
func (c *Controller) claim(ss *api.StatefulSet, sel labels.Selector, resource string, obj api.Object) bool {
	m := obj.GetObjectMeta()
	if ref := ctrlutil.GetControllerOf(obj); ref != nil {
		return ref.UID == ss.UID
	}
	if sel.Empty() || !sel.Matches(labels.Set(m.Labels)) || m.DeletionTimestamp != nil {
		return false
	}
	c.Trace("patch", resource, m.Namespace, m.Name, "adopting orphan %s %s/%s into StatefulSet %s", obj.GetTypeMeta().Kind, m.Namespace, m.Name, ss.Name)
	refs := append(append([]api.OwnerReference(nil), m.OwnerReferences...), ctrlutil.NewControllerRef(ss))
	if err := replicaset.PatchOwnerReferences(c.c, resource, m.Namespace, m.Name, m.UID, refs); err != nil {
		return false
	}
	return true
}

// revisionsOf are the ControllerRevisions ss owns (orphans adopted), oldest
// first.
func (c *Controller) revisionsOf(ss *api.StatefulSet, sel labels.Selector) []*api.ControllerRevision {
	var out []*api.ControllerRevision
	for _, cr := range ctrlutil.ListIn[*api.ControllerRevision](c.crInf, ss.Namespace) {
		if c.claim(ss, sel, "controllerrevisions", cr) {
			out = append(out, cr)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Revision != out[j].Revision {
			return out[i].Revision < out[j].Revision
		}
		return out[i].Name < out[j].Name
	})
	return out
}

// revisionData is what a StatefulSet's ControllerRevision holds: the pod
// template as a replacing patch of spec.template (getPatch).
func revisionData(tmpl *api.PodTemplateSpec) json.RawMessage {
	var t map[string]any
	b, _ := jsonenc.Marshal(tmpl)
	_ = json.Unmarshal(b, &t)
	if t == nil {
		t = map[string]any{}
	}
	t["$patch"] = "replace"
	out, _ := json.Marshal(map[string]any{"spec": map[string]any{"template": t}})
	return out
}

// templateOf is the pod template a revision holds (fallback when it cannot
// be read).
func templateOf(cr *api.ControllerRevision, fallback *api.PodTemplateSpec) *api.PodTemplateSpec {
	var d struct {
		Spec struct {
			Template struct {
				Metadata json.RawMessage `json:"metadata"`
				Spec     json.RawMessage `json:"spec"`
			} `json:"template"`
		} `json:"spec"`
	}
	if cr == nil || json.Unmarshal(cr.Data, &d) != nil || len(d.Spec.Template.Spec) == 0 {
		return fallback
	}
	meta := d.Spec.Template.Metadata
	if len(meta) == 0 || string(meta) == "null" {
		meta = json.RawMessage("{}")
	}
	b, _ := json.Marshal(map[string]json.RawMessage{"apiVersion": json.RawMessage(`"v1"`), "kind": json.RawMessage(`"Pod"`),
		"metadata": meta, "spec": d.Spec.Template.Spec})
	obj, err := api.Decode(b)
	pod, ok := obj.(*api.Pod)
	if err != nil || !ok {
		return fallback
	}
	return &api.PodTemplateSpec{ObjectMeta: pod.ObjectMeta, Spec: pod.Spec}
}

// revisions finds or creates the update revision (the current template)
// and returns it with the current one (status.currentRevision, or the
// update revision when there is none yet), as getStatefulSetRevisions;
// revisions beyond spec.revisionHistoryLimit that no Pod uses are deleted.
func (c *Controller) revisions(ss *api.StatefulSet, revs []*api.ControllerRevision) (current, update *api.ControllerRevision, err error) {
	name := ss.Name + "-" + ctrlutil.ComputeHash(&ss.Spec.Template, ss.Status.CollisionCount)
	var maxRev int64
	for _, r := range revs {
		maxRev = max(maxRev, r.Revision)
		if r.Name == name {
			update = r
		}
	}
	switch {
	case update == nil:
		cr := &api.ControllerRevision{
			ObjectMeta: api.ObjectMeta{Name: name, Namespace: ss.Namespace, Labels: maps.Clone(ss.Spec.Template.Labels),
				OwnerReferences: []api.OwnerReference{ctrlutil.NewControllerRef(ss)}},
			Data: revisionData(&ss.Spec.Template), Revision: maxRev + 1,
		}
		if cr.Labels == nil {
			cr.Labels = map[string]string{}
		}
		cr.Labels[RevisionHashLabel] = name[len(ss.Name)+1:]
		c.Trace("create", "controllerrevisions", ss.Namespace, name, "creating ControllerRevision %s (revision %d) for StatefulSet %s", name, cr.Revision, ss.Name)
		created, err := c.c.Resource("controllerrevisions").Namespace(ss.Namespace).Create(cr)
		if err != nil {
			return nil, nil, err
		}
		update = created.(*api.ControllerRevision)
		revs = append(revs, update)
	case update.Revision < maxRev:
		// Back to an earlier template: its revision becomes the newest.
		next := api.DeepCopyAs(update)
		next.Revision = maxRev + 1
		updated, err := c.c.Resource("controllerrevisions").Namespace(ss.Namespace).Update(next)
		if err != nil {
			return nil, nil, err
		}
		update = updated.(*api.ControllerRevision)
	}
	current = update
	for _, r := range revs {
		if r.Name == ss.Status.CurrentRevision {
			current = r
		}
	}
	c.truncateHistory(ss, revs, current, update)
	return current, update, nil
}

// truncateHistory deletes the oldest revisions beyond
// spec.revisionHistoryLimit (10 by default) that are neither current nor
// update nor a live Pod's.
func (c *Controller) truncateHistory(ss *api.StatefulSet, revs []*api.ControllerRevision, current, update *api.ControllerRevision) {
	limit := int(ctrlutil.Int32(ss.Spec.RevisionHistoryLimit, 10))
	live := map[string]bool{current.Name: true, update.Name: true}
	for _, p := range ctrlutil.ListIn[*api.Pod](c.podInf, ss.Namespace) {
		if ctrlutil.IsControlledBy(p, ss) {
			live[p.Labels[RevisionHashLabel]] = true
		}
	}
	var old []*api.ControllerRevision
	for _, r := range revs {
		if !live[r.Name] {
			old = append(old, r)
		}
	}
	for i := 0; i < len(old)-limit; i++ {
		_, _ = c.c.Resource("controllerrevisions").Namespace(ss.Namespace).Delete(old[i].Name, client.DeleteOptions{})
	}
}
