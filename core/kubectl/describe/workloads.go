package describe

import (
	"fmt"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// describePodTemplate writes the "Pod Template:" block of controllers.
func describePodTemplate(w prefixWriter, t *api.PodTemplateSpec) {
	w.Write(level0, "Pod Template:\n")
	if t == nil {
		w.Write(level1, "<unset>")
		return
	}
	printLabelsMultiline(w, "  Labels", t.Labels)
	if len(t.Annotations) > 0 {
		printAnnotationsMultiline(w, "  Annotations", t.Annotations)
	}
	if t.Spec.ServiceAccountName != "" {
		w.Write(level1, "Service Account:\t%s\n", t.Spec.ServiceAccountName)
	}
	if len(t.Spec.InitContainers) > 0 {
		describeContainers(w, "Init Containers", t.Spec.InitContainers, nil, "  ")
	}
	describeContainers(w, "Containers", t.Spec.Containers, nil, "  ")
	describeVolumes(w, t.Spec.Volumes, "  ")
	describeTopologySpreadConstraints(w, t.Spec.TopologySpreadConstraints, "  ")
	if t.Spec.PriorityClassName != "" {
		w.Write(level1, "Priority Class Name:\t%s\n", t.Spec.PriorityClassName)
	}
	printLabelsMultiline(w, "  Node-Selectors", t.Spec.NodeSelector)
	printTolerationsMultiline(w, "  ", "Tolerations", t.Spec.Tolerations)
}

// podCounts tallies pods controlled by uid by phase (getPodStatusForController).
func podCounts(pods []*api.Pod, uid string) (running, waiting, succeeded, failed int) {
	for _, p := range pods {
		owned := false
		for _, r := range p.OwnerReferences {
			if r.Controller != nil && *r.Controller && r.UID == uid {
				owned = true
			}
		}
		if !owned {
			continue
		}
		switch p.Status.Phase {
		case api.PodRunning:
			running++
		case api.PodPending:
			waiting++
		case api.PodSucceeded:
			succeeded++
		case api.PodFailed:
			failed++
		}
	}
	return
}

func replicas(p *int32) int32 {
	if p == nil {
		return 1
	}
	return *p
}

// describeDeployment is kubectl describe deployment.
func describeDeployment(d *api.Deployment, rel Related, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", d.Name)
		w.Write(level0, "Namespace:\t%s\n", d.Namespace)
		w.Write(level0, "CreationTimestamp:\t%s\n", rfc1123z(d.CreationTimestamp.Time))
		printLabelsMultiline(w, "Labels", d.Labels)
		printAnnotationsMultiline(w, "Annotations", d.Annotations)
		w.Write(level0, "Selector:\t%s\n", printers.SelectorString(d.Spec.Selector))
		w.Write(level0, "Replicas:\t%d desired | %d updated | %d total | %d available | %d unavailable\n",
			replicas(d.Spec.Replicas), d.Status.UpdatedReplicas, d.Status.Replicas, d.Status.AvailableReplicas, d.Status.UnavailableReplicas)
		w.Write(level0, "StrategyType:\t%s\n", d.Spec.Strategy.Type)
		w.Write(level0, "MinReadySeconds:\t%d\n", d.Spec.MinReadySeconds)
		if ru := d.Spec.Strategy.RollingUpdate; ru != nil {
			w.Write(level0, "RollingUpdateStrategy:\t%s max unavailable, %s max surge\n", intOrStringPtr(ru.MaxUnavailable), intOrStringPtr(ru.MaxSurge))
		}
		describePodTemplate(w, &d.Spec.Template)
		if len(d.Status.Conditions) > 0 {
			w.Write(level0, "Conditions:\n  Type\tStatus\tReason\n")
			w.Write(level1, "----\t------\t------\n")
			for _, c := range d.Status.Conditions {
				w.Write(level1, "%v \t%v\t%v\n", c.Type, c.Status, c.Reason)
			}
		}
		if len(rel.OldReplicaSets) > 0 || len(rel.NewReplicaSets) > 0 {
			w.Write(level0, "OldReplicaSets:\t%s\n", replicaSetsList(rel.OldReplicaSets))
			w.Write(level0, "NewReplicaSet:\t%s\n", replicaSetsList(rel.NewReplicaSets))
		}
		describeEvents(w, events, now)
	})
}

func intOrStringPtr(v *api.IntOrString) string {
	if v == nil {
		return "<nil>"
	}
	return v.String()
}

func replicaSetsList(rss []*api.ReplicaSet) string {
	parts := make([]string, 0, len(rss))
	for _, rs := range rss {
		parts = append(parts, fmt.Sprintf("%s (%d/%d replicas created)", rs.Name, rs.Status.Replicas, replicas(rs.Spec.Replicas)))
	}
	if len(parts) == 0 {
		return "<none>"
	}
	return strings.Join(parts, ", ")
}

// describeReplicaSet is kubectl describe replicaset.
func describeReplicaSet(rs *api.ReplicaSet, rel Related, events []*api.Event, now time.Time) string {
	running, waiting, succeeded, failed := podCounts(rel.Pods, rs.UID)
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", rs.Name)
		w.Write(level0, "Namespace:\t%s\n", rs.Namespace)
		w.Write(level0, "Selector:\t%s\n", printers.FormatLabelSelector(rs.Spec.Selector))
		printLabelsMultiline(w, "Labels", rs.Labels)
		printAnnotationsMultiline(w, "Annotations", rs.Annotations)
		if c := controllerOf(rs.OwnerReferences); c != "" {
			w.Write(level0, "Controlled By:\t%s\n", c)
		}
		w.Write(level0, "Replicas:\t%d current / %d desired\n", rs.Status.Replicas, replicas(rs.Spec.Replicas))
		w.Write(level0, "Pods Status:\t")
		w.Write(level0, "%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(w, &rs.Spec.Template)
		if len(rs.Status.Conditions) > 0 {
			w.Write(level0, "Conditions:\n  Type\tStatus\tReason\n")
			w.Write(level1, "----\t------\t------\n")
			for _, c := range rs.Status.Conditions {
				w.Write(level1, "%v \t%v\t%v\n", c.Type, c.Status, c.Reason)
			}
		}
		describeEvents(w, events, now)
	})
}

// describeDaemonSet is kubectl describe daemonset.
func describeDaemonSet(ds *api.DaemonSet, rel Related, events []*api.Event, now time.Time) string {
	running, waiting, succeeded, failed := podCounts(rel.Pods, ds.UID)
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", ds.Name)
		w.Write(level0, "Namespace:\t%s\n", ds.Namespace)
		w.Write(level0, "Selector:\t%s\n", printers.SelectorString(ds.Spec.Selector))
		w.Write(level0, "Node-Selector:\t%s\n", printers.FormatLabels(ds.Spec.Template.Spec.NodeSelector))
		printLabelsMultiline(w, "Labels", ds.Labels)
		printAnnotationsMultiline(w, "Annotations", ds.Annotations)
		st := ds.Status
		w.Write(level0, "Desired Number of Nodes Scheduled: %d\n", st.DesiredNumberScheduled)
		w.Write(level0, "Current Number of Nodes Scheduled: %d\n", st.CurrentNumberScheduled)
		w.Write(level0, "Number of Nodes Scheduled with Up-to-date Pods: %d\n", st.UpdatedNumberScheduled)
		w.Write(level0, "Number of Nodes Scheduled with Available Pods: %d\n", st.NumberAvailable)
		w.Write(level0, "Number of Nodes Misscheduled: %d\n", st.NumberMisscheduled)
		w.Write(level0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(w, &ds.Spec.Template)
		describeEvents(w, events, now)
	})
}

// describeJob is kubectl describe job.
func describeJob(j *api.Job, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", j.Name)
		w.Write(level0, "Namespace:\t%s\n", j.Namespace)
		w.Write(level0, "Selector:\t%s\n", printers.SelectorString(j.Spec.Selector))
		printLabelsMultiline(w, "Labels", j.Labels)
		printAnnotationsMultiline(w, "Annotations", j.Annotations)
		if c := controllerOf(j.OwnerReferences); c != "" {
			w.Write(level0, "Controlled By:\t%s\n", c)
		}
		if j.Spec.Parallelism != nil {
			w.Write(level0, "Parallelism:\t%d\n", *j.Spec.Parallelism)
		}
		if j.Spec.Completions != nil {
			w.Write(level0, "Completions:\t%d\n", *j.Spec.Completions)
		} else {
			w.Write(level0, "Completions:\t<unset>\n")
		}
		if j.Spec.CompletionMode != nil {
			w.Write(level0, "Completion Mode:\t%s\n", *j.Spec.CompletionMode)
		}
		if j.Spec.Suspend != nil {
			w.Write(level0, "Suspend:\t%v\n", *j.Spec.Suspend)
		}
		if j.Spec.BackoffLimit != nil {
			w.Write(level0, "Backoff Limit:\t%v\n", *j.Spec.BackoffLimit)
		}
		if j.Spec.TTLSecondsAfterFinished != nil {
			w.Write(level0, "TTL Seconds After Finished:\t%v\n", *j.Spec.TTLSecondsAfterFinished)
		}
		if j.Status.StartTime != nil {
			w.Write(level0, "Start Time:\t%s\n", rfc1123z(j.Status.StartTime.Time))
		}
		if j.Status.CompletionTime != nil {
			w.Write(level0, "Completed At:\t%s\n", rfc1123z(j.Status.CompletionTime.Time))
		}
		if j.Status.StartTime != nil && j.Status.CompletionTime != nil {
			w.Write(level0, "Duration:\t%s\n", printers.HumanDuration(j.Status.CompletionTime.Sub(j.Status.StartTime.Time)))
		}
		if j.Spec.ActiveDeadlineSeconds != nil {
			w.Write(level0, "Active Deadline Seconds:\t%ds\n", *j.Spec.ActiveDeadlineSeconds)
		}
		if j.Status.Ready == nil {
			w.Write(level0, "Pods Statuses:\t%d Active / %d Succeeded / %d Failed\n", j.Status.Active, j.Status.Succeeded, j.Status.Failed)
		} else {
			w.Write(level0, "Pods Statuses:\t%d Active (%d Ready) / %d Succeeded / %d Failed\n", j.Status.Active, *j.Status.Ready, j.Status.Succeeded, j.Status.Failed)
		}
		if j.Spec.CompletionMode != nil && *j.Spec.CompletionMode == api.IndexedCompletion {
			w.Write(level0, "Completed Indexes:\t%s\n", capIndexesListOrNone(j.Status.CompletedIndexes, 50))
		}
		describePodTemplate(w, &j.Spec.Template)
		describeEvents(w, events, now)
	})
}

// capIndexesListOrNone cuts a long index list after the first comma past
// softLimit characters, with "..." (kubectl's capIndexesListOrNone).
func capIndexesListOrNone(indexes string, softLimit int) string {
	if indexes == "" {
		return "<none>"
	}
	ix := softLimit
	for ; ix < len(indexes); ix++ {
		if indexes[ix] == ',' {
			break
		}
	}
	if ix >= len(indexes) {
		return indexes
	}
	return indexes[:ix+1] + "..."
}
