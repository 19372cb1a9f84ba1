package printers

import (
	"fmt"
	"strconv"
	"time"

	"kubeplay/core/api"
)

func deref32(p *int32, def int32) int32 {
	if p == nil {
		return def
	}
	return *p
}

func itoa[T ~int32 | ~int64 | ~int](v T) string { return strconv.FormatInt(int64(v), 10) }

var deploymentColumns = []Column{
	{Name: "Name"}, {Name: "Ready"}, {Name: "Up-to-date"}, {Name: "Available"}, {Name: "Age"},
	{Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}, {Name: "Selector", Priority: 1},
}

func deploymentRow(obj api.Object, now time.Time) []string {
	d := obj.(*api.Deployment)
	names, images := containerCells(d.Spec.Template.Spec.Containers)
	return []string{
		d.Name,
		fmt.Sprintf("%d/%d", d.Status.ReadyReplicas, deref32(d.Spec.Replicas, 1)),
		itoa(d.Status.UpdatedReplicas), itoa(d.Status.AvailableReplicas),
		Since(d.CreationTimestamp.Time, now),
		names, images, SelectorString(d.Spec.Selector),
	}
}

var replicaSetColumns = []Column{
	{Name: "Name"}, {Name: "Desired"}, {Name: "Current"}, {Name: "Ready"}, {Name: "Age"},
	{Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}, {Name: "Selector", Priority: 1},
}

func replicaSetRow(obj api.Object, now time.Time) []string {
	rs := obj.(*api.ReplicaSet)
	names, images := containerCells(rs.Spec.Template.Spec.Containers)
	return []string{
		rs.Name, itoa(deref32(rs.Spec.Replicas, 1)), itoa(rs.Status.Replicas), itoa(rs.Status.ReadyReplicas),
		Since(rs.CreationTimestamp.Time, now),
		names, images, FormatLabelSelector(rs.Spec.Selector),
	}
}

var daemonSetColumns = []Column{
	{Name: "Name"}, {Name: "Desired"}, {Name: "Current"}, {Name: "Ready"}, {Name: "Up-to-date"},
	{Name: "Available"}, {Name: "Node Selector"}, {Name: "Age"},
	{Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}, {Name: "Selector", Priority: 1},
}

func daemonSetRow(obj api.Object, now time.Time) []string {
	ds := obj.(*api.DaemonSet)
	names, images := containerCells(ds.Spec.Template.Spec.Containers)
	st := ds.Status
	return []string{
		ds.Name, itoa(st.DesiredNumberScheduled), itoa(st.CurrentNumberScheduled), itoa(st.NumberReady),
		itoa(st.UpdatedNumberScheduled), itoa(st.NumberAvailable),
		FormatLabels(ds.Spec.Template.Spec.NodeSelector), Since(ds.CreationTimestamp.Time, now),
		names, images, FormatLabelSelector(ds.Spec.Selector),
	}
}

var jobColumns = []Column{
	{Name: "Name"}, {Name: "Status"}, {Name: "Completions"}, {Name: "Duration"}, {Name: "Age"},
	{Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}, {Name: "Selector", Priority: 1},
}

// JobStatus is the STATUS column of kubectl get jobs: Complete, Failed,
// Terminating, Suspended, FailureTarget or Running.
func JobStatus(j *api.Job) string {
	has := func(t string) bool {
		for _, c := range j.Status.Conditions {
			if string(c.Type) == t {
				return string(c.Status) == "True"
			}
		}
		return false
	}
	switch {
	case has("Complete"):
		return "Complete"
	case has("Failed"):
		return "Failed"
	case j.DeletionTimestamp != nil:
		return "Terminating"
	case has("Suspended"):
		return "Suspended"
	case has("FailureTarget"):
		return "FailureTarget"
	}
	return "Running"
}

func jobRow(obj api.Object, now time.Time) []string {
	j := obj.(*api.Job)
	var completions string
	if j.Spec.Completions != nil {
		completions = fmt.Sprintf("%d/%d", j.Status.Succeeded, *j.Spec.Completions)
	} else if p := deref32(j.Spec.Parallelism, 0); p > 1 {
		completions = fmt.Sprintf("%d/1 of %d", j.Status.Succeeded, p)
	} else {
		completions = fmt.Sprintf("%d/1", j.Status.Succeeded)
	}
	var dur string
	switch {
	case j.Status.StartTime == nil:
	case j.Status.CompletionTime == nil:
		dur = HumanDuration(now.Sub(j.Status.StartTime.Time))
	default:
		dur = HumanDuration(j.Status.CompletionTime.Sub(j.Status.StartTime.Time))
	}
	names, images := containerCells(j.Spec.Template.Spec.Containers)
	return []string{
		j.Name, JobStatus(j), completions, dur, Since(j.CreationTimestamp.Time, now),
		names, images, FormatLabelSelector(j.Spec.Selector),
	}
}
