package describe

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/kubectl/printers"
)

// podsUsingClaim are the pods mounting claim (persistentVolumeClaim or
// generic ephemeral volumes), as kubectl's getPodsForPVC finds them.
func podsUsingClaim(pods []*api.Pod, claim string) []string {
	var out []string
	for _, p := range pods {
		for _, v := range p.Spec.Volumes {
			if (v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == claim) ||
				(v.Ephemeral != nil && p.Name+"-"+v.Name == claim) {
				out = append(out, p.Name)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

func printPodsMultiline(w prefixWriter, title string, names []string) {
	if len(names) == 0 {
		w.Write(level0, "%s:\t<none>\n", title)
		return
	}
	for i, n := range names {
		if i == 0 {
			w.Write(level0, "%s:\t%s\n", title, n)
		} else {
			w.Write(level0, "\t%s\n", n)
		}
	}
}

// describePVC is kubectl describe persistentvolumeclaim.
func describePVC(pvc *api.PersistentVolumeClaim, rel Related, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", pvc.Name)
		w.Write(level0, "Namespace:\t%s\n", pvc.Namespace)
		class := ""
		if pvc.Spec.StorageClassName != nil {
			class = *pvc.Spec.StorageClassName
		}
		w.Write(level0, "StorageClass:\t%s\n", class)
		if c := pvc.Spec.VolumeAttributesClassName; c != nil && *c != "" {
			w.Write(level0, "VolumeAttributesClass:\t%s\n", *c)
		}
		if pvc.DeletionTimestamp != nil {
			w.Write(level0, "Status:\tTerminating (lasts %s)\n", printers.Since(pvc.DeletionTimestamp.Time, now))
		} else {
			w.Write(level0, "Status:\t%v\n", pvc.Status.Phase)
		}
		w.Write(level0, "Volume:\t%s\n", pvc.Spec.VolumeName)
		printLabelsMultiline(w, "Labels", pvc.Labels)
		printAnnotationsMultiline(w, "Annotations", pvc.Annotations)
		w.Write(level0, "Finalizers:\t%v\n", pvc.Finalizers)
		capacity, modes := "", ""
		if pvc.Spec.VolumeName != "" {
			modes = printers.AccessModesString(pvc.Status.AccessModes)
			if q, ok := pvc.Status.Capacity[api.ResourceStorage]; ok {
				capacity = q.String()
			}
		}
		w.Write(level0, "Capacity:\t%s\n", capacity)
		w.Write(level0, "Access Modes:\t%s\n", modes)
		if pvc.Spec.VolumeMode != nil {
			w.Write(level0, "VolumeMode:\t%v\n", *pvc.Spec.VolumeMode)
		}
		if ds := pvc.Spec.DataSource; ds != nil {
			w.Write(level0, "DataSource:\n")
			if ds.APIGroup != nil {
				w.Write(level1, "APIGroup:\t%v\n", *ds.APIGroup)
			}
			w.Write(level1, "Kind:\t%v\n", ds.Kind)
			w.Write(level1, "Name:\t%v\n", ds.Name)
		}
		printPodsMultiline(w, "Used By", podsUsingClaim(rel.Pods, pvc.Name))
		describeEvents(w, events, now)
	})
}

// describePV is kubectl describe persistentvolume.
func describePV(pv *api.PersistentVolume, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", pv.Name)
		printLabelsMultiline(w, "Labels", pv.Labels)
		printAnnotationsMultiline(w, "Annotations", pv.Annotations)
		w.Write(level0, "Finalizers:\t%v\n", pv.Finalizers)
		w.Write(level0, "StorageClass:\t%s\n", pv.Spec.StorageClassName)
		if c := pv.Spec.VolumeAttributesClassName; c != nil && *c != "" {
			w.Write(level0, "VolumeAttributesClass:\t%s\n", *c)
		}
		if pv.DeletionTimestamp != nil {
			w.Write(level0, "Status:\tTerminating (lasts %s)\n", printers.Since(pv.DeletionTimestamp.Time, now))
		} else {
			w.Write(level0, "Status:\t%v\n", pv.Status.Phase)
		}
		claim := ""
		if ref := pv.Spec.ClaimRef; ref != nil {
			claim = ref.Namespace + "/" + ref.Name
		}
		w.Write(level0, "Claim:\t%s\n", claim)
		w.Write(level0, "Reclaim Policy:\t%v\n", pv.Spec.PersistentVolumeReclaimPolicy)
		w.Write(level0, "Access Modes:\t%s\n", printers.AccessModesString(pv.Spec.AccessModes))
		if pv.Spec.VolumeMode != nil {
			w.Write(level0, "VolumeMode:\t%v\n", *pv.Spec.VolumeMode)
		}
		q := pv.Spec.Capacity[api.ResourceStorage]
		w.Write(level0, "Capacity:\t%s\n", q.String())
		if na := pv.Spec.NodeAffinity; na != nil && na.Required != nil {
			w.Write(level0, "Node Affinity:\t\n")
			w.Write(level1, "Required Terms:\t\n")
			for i, t := range na.Required.NodeSelectorTerms {
				w.Write(level2, "Term %d:\t", i)
				for j, r := range t.MatchExpressions {
					if j > 0 {
						w.Write(level0, "\t\t\t")
					}
					w.Write(level0, "%s %s [%s]\n", r.Key, strings.ToLower(string(r.Operator)), strings.Join(r.Values, ", "))
				}
			}
		} else {
			w.Write(level0, "Node Affinity:\t<none>\n")
		}
		w.Write(level0, "Message:\t%s\n", pv.Status.Message)
		w.Write(level0, "Source:\n")
		switch s := pv.Spec.PersistentVolumeSource; {
		case s.HostPath != nil:
			w.Write(level1, "Type:\tHostPath (bare host directory volume)\n")
			w.Write(level1, "Path:\t%v\n", s.HostPath.Path)
			t := ""
			if s.HostPath.Type != nil {
				t = string(*s.HostPath.Type)
			}
			w.Write(level1, "HostPathType:\t%v\n", t)
		case s.Local != nil:
			w.Write(level1, "Type:\tLocalVolume (a persistent volume backed by local storage on a node)\n")
			w.Write(level1, "Path:\t%v\n", s.Local.Path)
		case s.NFS != nil:
			w.Write(level1, "Type:\tNFS (an NFS mount that lasts the lifetime of a pod)\n")
			w.Write(level1, "Server:\t%v\n", s.NFS.Server)
			w.Write(level1, "Path:\t%v\n", s.NFS.Path)
			w.Write(level1, "ReadOnly:\t%v\n", s.NFS.ReadOnly)
		case s.CSI != nil:
			w.Write(level1, "Type:\tCSI (a Container Storage Interface (CSI) volume source)\n")
			w.Write(level1, "Driver:\t%v\n", s.CSI.Driver)
			w.Write(level1, "FSType:\t%v\n", s.CSI.FSType)
			w.Write(level1, "VolumeHandle:\t%v\n", s.CSI.VolumeHandle)
			w.Write(level1, "ReadOnly:\t%v\n", s.CSI.ReadOnly)
		}
		describeEvents(w, events, now)
	})
}

// describeStatefulSet is kubectl describe statefulset.
func describeStatefulSet(ss *api.StatefulSet, rel Related, events []*api.Event, now time.Time) string {
	running, waiting, succeeded, failed := podCounts(rel.Pods, ss.UID)
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", ss.Name)
		w.Write(level0, "Namespace:\t%s\n", ss.Namespace)
		w.Write(level0, "CreationTimestamp:\t%s\n", rfc1123z(ss.CreationTimestamp.Time))
		w.Write(level0, "Selector:\t%s\n", printers.FormatLabelSelector(ss.Spec.Selector))
		printLabelsMultiline(w, "Labels", ss.Labels)
		printAnnotationsMultiline(w, "Annotations", ss.Annotations)
		w.Write(level0, "Replicas:\t%d desired | %d total\n", replicas(ss.Spec.Replicas), ss.Status.Replicas)
		w.Write(level0, "Update Strategy:\t%s\n", ss.Spec.UpdateStrategy.Type)
		if ru := ss.Spec.UpdateStrategy.RollingUpdate; ru != nil {
			if ru.Partition != nil {
				w.Write(level1, "Partition:\t%d\n", *ru.Partition)
			}
			if ru.MaxUnavailable != nil {
				w.Write(level1, "MaxUnavailable:\t%s\n", ru.MaxUnavailable.String())
			}
		}
		w.Write(level0, "Pods Status:\t%d Running / %d Waiting / %d Succeeded / %d Failed\n", running, waiting, succeeded, failed)
		describePodTemplate(w, &ss.Spec.Template)
		describeVolumeClaimTemplates(w, ss.Spec.VolumeClaimTemplates)
		describeEvents(w, events, now)
	})
}

func describeVolumeClaimTemplates(w prefixWriter, templates []api.PersistentVolumeClaim) {
	if len(templates) == 0 {
		w.Write(level0, "Volume Claims:\t<none>\n")
		return
	}
	w.Write(level0, "Volume Claims:\n")
	for _, t := range templates {
		w.Write(level1, "Name:\t%s\n", t.Name)
		class := ""
		if t.Spec.StorageClassName != nil {
			class = *t.Spec.StorageClassName
		}
		w.Write(level1, "StorageClass:\t%s\n", class)
		printLabelsMultilineWithIndent(w, "  ", "Labels", "\t", t.Labels)
		printLabelsMultilineWithIndent(w, "  ", "Annotations", "\t", t.Annotations)
		if q, ok := t.Spec.Resources.Requests[api.ResourceStorage]; ok {
			w.Write(level1, "Capacity:\t%s\n", q.String())
		} else {
			w.Write(level1, "Capacity:\t%s\n", "<default>")
		}
		w.Write(level1, "Access Modes:\t%s\n", fmt.Sprint(t.Spec.AccessModes))
	}
}
