package apiserver

import (
	"fmt"
	"strconv"
	"strings"

	"kubeplay/core/api"
)

// Field selectors: terms `field=value`, `field==value` or `field!=value`
// joined by commas (apimachinery's fields.ParseSelector), over the fields
// each resource supports (its registry's field label conversion).

type fieldRequirement struct {
	field, value string
	not          bool
}

type fieldSelector []fieldRequirement

// parseFieldSelector parses s ("" selects everything).
func parseFieldSelector(s string) (fieldSelector, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var out fieldSelector
	for _, term := range splitTerms(s) {
		var r fieldRequirement
		switch {
		case strings.Contains(term, "!="):
			i := strings.Index(term, "!=")
			r = fieldRequirement{field: term[:i], value: term[i+2:], not: true}
		case strings.Contains(term, "=="):
			i := strings.Index(term, "==")
			r = fieldRequirement{field: term[:i], value: term[i+2:]}
		case strings.Contains(term, "="):
			i := strings.Index(term, "=")
			r = fieldRequirement{field: term[:i], value: term[i+1:]}
		default:
			return nil, fmt.Errorf("invalid selector: '%s'; can't understand '%s'", s, term)
		}
		r.field = strings.TrimSpace(r.field)
		r.value = strings.ReplaceAll(strings.TrimSpace(r.value), `\,`, ",")
		out = append(out, r)
	}
	return out, nil
}

func splitTerms(s string) []string {
	var terms []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == ',' {
			terms = append(terms, s[start:i])
			start = i + 1
		}
	}
	return append(terms, s[start:])
}

// exact returns the value of an equality requirement on field.
func (fs fieldSelector) exact(field string) (string, bool) {
	for _, r := range fs {
		if r.field == field && !r.not {
			return r.value, true
		}
	}
	return "", false
}

// check returns the field that r does not support, if any.
func (fs fieldSelector) check(r *resource) error {
	for _, req := range fs {
		if _, ok := fieldValue(r, nil, req.field); !ok {
			return fmt.Errorf("field label not supported: %s", req.field)
		}
	}
	return nil
}

func (fs fieldSelector) matches(r *resource, obj api.Object) bool {
	for _, req := range fs {
		v, _ := fieldValue(r, obj, req.field)
		if (v == req.value) == req.not {
			return false
		}
	}
	return true
}

func (fs fieldSelector) String() string {
	parts := make([]string, len(fs))
	for i, r := range fs {
		op := "="
		if r.not {
			op = "!="
		}
		parts[i] = r.field + op + r.value
	}
	return strings.Join(parts, ",")
}

// fieldValue returns the value of a selectable field of obj, and whether the
// resource supports selecting on it. obj may be nil to ask only the latter.
func fieldValue(r *resource, obj api.Object, field string) (string, bool) {
	var meta *api.ObjectMeta
	if obj != nil {
		meta = obj.GetObjectMeta()
	} else {
		meta = &api.ObjectMeta{}
	}
	switch field {
	case "metadata.name":
		return meta.Name, true
	case "metadata.namespace":
		return meta.Namespace, r.info.Namespaced
	}
	if r.custom != nil {
		return customFieldValue(r, obj, field)
	}
	gr := r.gr
	if gr.Group != "" {
		switch {
		case gr.Resource == "replicasets" && field == "status.replicas":
			if rs, ok := obj.(*api.ReplicaSet); ok {
				return strconv.Itoa(int(rs.Status.Replicas)), true
			}
			return "", true
		case gr.Resource == "jobs" && field == "status.successful":
			if j, ok := obj.(*api.Job); ok {
				return strconv.Itoa(int(j.Status.Succeeded)), true
			}
			return "", true
		}
		return "", false
	}
	switch gr.Resource {
	case "pods":
		p, _ := obj.(*api.Pod)
		if p == nil {
			p = &api.Pod{}
		}
		switch field {
		case "spec.nodeName":
			return p.Spec.NodeName, true
		case "spec.restartPolicy":
			return string(p.Spec.RestartPolicy), true
		case "spec.schedulerName":
			return p.Spec.SchedulerName, true
		case "spec.serviceAccountName":
			return p.Spec.ServiceAccountName, true
		case "spec.hostNetwork":
			return strconv.FormatBool(p.Spec.HostNetwork), true
		case "status.phase":
			return string(p.Status.Phase), true
		case "status.podIP":
			return p.Status.PodIP, true
		case "status.nominatedNodeName":
			return p.Status.NominatedNodeName, true
		}
	case "events":
		e, _ := obj.(*api.Event)
		if e == nil {
			e = &api.Event{}
		}
		switch field {
		case "involvedObject.kind":
			return e.InvolvedObject.Kind, true
		case "involvedObject.namespace":
			return e.InvolvedObject.Namespace, true
		case "involvedObject.name":
			return e.InvolvedObject.Name, true
		case "involvedObject.uid":
			return string(e.InvolvedObject.UID), true
		case "involvedObject.apiVersion":
			return e.InvolvedObject.APIVersion, true
		case "involvedObject.resourceVersion":
			return e.InvolvedObject.ResourceVersion, true
		case "involvedObject.fieldPath":
			return e.InvolvedObject.FieldPath, true
		case "reason":
			return e.Reason, true
		case "reportingComponent":
			return e.ReportingController, true
		case "source":
			return e.Source.Component, true
		case "type":
			return e.Type, true
		}
	case "nodes":
		if field == "spec.unschedulable" {
			n, _ := obj.(*api.Node)
			return strconv.FormatBool(n != nil && n.Spec.Unschedulable), true
		}
	case "namespaces":
		if field == "status.phase" {
			n, _ := obj.(*api.Namespace)
			if n == nil {
				return "", true
			}
			return string(n.Status.Phase), true
		}
	case "secrets":
		if field == "type" {
			s, _ := obj.(*api.Secret)
			if s == nil {
				return "", true
			}
			return string(s.Type), true
		}
	case "services":
		s, _ := obj.(*api.Service)
		if s == nil {
			s = &api.Service{}
		}
		switch field {
		case "spec.clusterIP":
			return s.Spec.ClusterIP, true
		case "spec.type":
			return string(s.Spec.Type), true
		}
	}
	return "", false
}
