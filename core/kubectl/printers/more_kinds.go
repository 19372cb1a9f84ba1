package printers

import (
	"strings"
	"time"

	"kubeplay/core/api"
)

// The tables of the storage, StatefulSet, CronJob, ReplicationController,
// networking, policy, autoscaling, admission and resource kinds, as
// pkg/printers/internalversion prints them in v1.35.
func init() {
	for k, h := range map[string]handler{
		"persistentvolumeclaims":                                         {pvcColumns, pvcRow},
		"persistentvolumes":                                              {pvColumns, pvRow},
		"storageclasses.storage.k8s.io":                                  {storageClassColumns, storageClassRow},
		"statefulsets.apps":                                              {statefulSetColumns, statefulSetRow},
		"cronjobs.batch":                                                 {cronJobColumns, cronJobRow},
		"replicationcontrollers":                                         {rcColumns, rcRow},
		"ingresses.networking.k8s.io":                                    {ingressColumns, ingressRow},
		"ingressclasses.networking.k8s.io":                               {ingressClassColumns, ingressClassRow},
		"networkpolicies.networking.k8s.io":                              {networkPolicyColumns, networkPolicyRow},
		"poddisruptionbudgets.policy":                                    {pdbColumns, pdbRow},
		"horizontalpodautoscalers.autoscaling":                           {hpaColumns, hpaRow},
		"validatingadmissionpolicies.admissionregistration.k8s.io":       {vapColumns, vapRow},
		"validatingadmissionpolicybindings.admissionregistration.k8s.io": {vapbColumns, vapbRow},
		"validatingwebhookconfigurations.admissionregistration.k8s.io":   {vwcColumns, vwcRow},
		"flowschemas.flowcontrol.apiserver.k8s.io":                       {flowSchemaColumns, flowSchemaRow},
		"resourceclaims.resource.k8s.io":                                 {resourceClaimColumns, resourceClaimRow},
		"deviceclasses.resource.k8s.io":                                  {nameAgeColumns, nameAgeRow},
		"resourceclaimtemplates.resource.k8s.io":                         {nameAgeColumns, nameAgeRow},
		"resourceslices.resource.k8s.io":                                 {resourceSliceColumns, resourceSliceRow},
	} {
		handlers[k] = h
	}
}

// AccessModesString abbreviates access modes as kubectl does (RWO,ROX,RWX,RWOP).
func AccessModesString(modes []api.PersistentVolumeAccessMode) string {
	var out []string
	for _, m := range []api.PersistentVolumeAccessMode{api.ReadWriteOnce, api.ReadOnlyMany, api.ReadWriteMany, api.ReadWriteOncePod} {
		for _, have := range modes {
			if have == m {
				out = append(out, map[api.PersistentVolumeAccessMode]string{api.ReadWriteOnce: "RWO", api.ReadOnlyMany: "ROX",
					api.ReadWriteMany: "RWX", api.ReadWriteOncePod: "RWOP"}[m])
				break
			}
		}
	}
	return strings.Join(out, ",")
}

func volumeModeString(m *api.PersistentVolumeMode) string {
	if m == nil {
		return "<unset>"
	}
	return string(*m)
}

func unsetOr(s *string) string {
	if s == nil || *s == "" {
		return "<unset>"
	}
	return *s
}

var pvcColumns = []Column{{Name: "Name"}, {Name: "Status"}, {Name: "Volume"}, {Name: "Capacity"}, {Name: "Access Modes"},
	{Name: "StorageClass"}, {Name: "VolumeAttributesClass"}, {Name: "Age"}, {Name: "VolumeMode", Priority: 1}}

func pvcRow(obj api.Object, now time.Time) []string {
	pvc := obj.(*api.PersistentVolumeClaim)
	phase := string(pvc.Status.Phase)
	if pvc.DeletionTimestamp != nil {
		phase = "Terminating"
	}
	capacity, modes := "", ""
	if pvc.Spec.VolumeName != "" {
		modes = AccessModesString(pvc.Status.AccessModes)
		if q, ok := pvc.Status.Capacity[api.ResourceStorage]; ok {
			capacity = q.String()
		}
	}
	class := ""
	if pvc.Spec.StorageClassName != nil {
		class = *pvc.Spec.StorageClassName
	}
	return []string{pvc.Name, phase, pvc.Spec.VolumeName, capacity, modes, class, unsetOr(pvc.Spec.VolumeAttributesClassName),
		Since(pvc.CreationTimestamp.Time, now), volumeModeString(pvc.Spec.VolumeMode)}
}

var pvColumns = []Column{{Name: "Name"}, {Name: "Capacity"}, {Name: "Access Modes"}, {Name: "Reclaim Policy"}, {Name: "Status"},
	{Name: "Claim"}, {Name: "StorageClass"}, {Name: "VolumeAttributesClass"}, {Name: "Reason"}, {Name: "Age"}, {Name: "VolumeMode", Priority: 1}}

func pvRow(obj api.Object, now time.Time) []string {
	pv := obj.(*api.PersistentVolume)
	claim := ""
	if ref := pv.Spec.ClaimRef; ref != nil {
		claim = ref.Namespace + "/" + ref.Name
	}
	phase := string(pv.Status.Phase)
	if pv.DeletionTimestamp != nil {
		phase = "Terminating"
	}
	capacity := ""
	if q, ok := pv.Spec.Capacity[api.ResourceStorage]; ok {
		capacity = q.String()
	}
	return []string{pv.Name, capacity, AccessModesString(pv.Spec.AccessModes), string(pv.Spec.PersistentVolumeReclaimPolicy), phase,
		claim, pv.Spec.StorageClassName, unsetOr(pv.Spec.VolumeAttributesClassName), pv.Status.Reason, Since(pv.CreationTimestamp.Time, now),
		volumeModeString(pv.Spec.VolumeMode)}
}

var storageClassColumns = []Column{{Name: "Name"}, {Name: "Provisioner"}, {Name: "ReclaimPolicy"}, {Name: "VolumeBindingMode"},
	{Name: "AllowVolumeExpansion"}, {Name: "Age"}}

func storageClassRow(obj api.Object, now time.Time) []string {
	sc := obj.(*api.StorageClass)
	name := sc.Name
	if sc.Annotations["storageclass.kubernetes.io/is-default-class"] == "true" || sc.Annotations["storageclass.beta.kubernetes.io/is-default-class"] == "true" {
		name += " (default)"
	}
	policy, mode := "Delete", "Immediate"
	if sc.ReclaimPolicy != nil {
		policy = string(*sc.ReclaimPolicy)
	}
	if sc.VolumeBindingMode != nil {
		mode = string(*sc.VolumeBindingMode)
	}
	expand := "false"
	if sc.AllowVolumeExpansion != nil && *sc.AllowVolumeExpansion {
		expand = "true"
	}
	return []string{name, sc.Provisioner, policy, mode, expand, Since(sc.CreationTimestamp.Time, now)}
}

var statefulSetColumns = []Column{{Name: "Name"}, {Name: "Ready"}, {Name: "Age"},
	{Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}}

func statefulSetRow(obj api.Object, now time.Time) []string {
	ss := obj.(*api.StatefulSet)
	names, images := containerCells(ss.Spec.Template.Spec.Containers)
	return []string{ss.Name, itoa(ss.Status.ReadyReplicas) + "/" + itoa(deref32(ss.Spec.Replicas, 1)), Since(ss.CreationTimestamp.Time, now), names, images}
}

var cronJobColumns = []Column{{Name: "Name"}, {Name: "Schedule"}, {Name: "Timezone"}, {Name: "Suspend"}, {Name: "Active"},
	{Name: "Last Schedule"}, {Name: "Age"}, {Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}, {Name: "Selector", Priority: 1}}

func cronJobRow(obj api.Object, now time.Time) []string {
	cj := obj.(*api.CronJob)
	last := "<none>"
	if cj.Status.LastScheduleTime != nil {
		last = Since(cj.Status.LastScheduleTime.Time, now)
	}
	tz := "<none>"
	if cj.Spec.TimeZone != nil {
		tz = *cj.Spec.TimeZone
	}
	suspend := "False"
	if cj.Spec.Suspend != nil && *cj.Spec.Suspend {
		suspend = "True"
	}
	names, images := containerCells(cj.Spec.JobTemplate.Spec.Template.Spec.Containers)
	return []string{cj.Name, cj.Spec.Schedule, tz, suspend, itoa(len(cj.Status.Active)), last, Since(cj.CreationTimestamp.Time, now),
		names, images, FormatLabelSelector(cj.Spec.JobTemplate.Spec.Selector)}
}

var rcColumns = []Column{{Name: "Name"}, {Name: "Desired"}, {Name: "Current"}, {Name: "Ready"}, {Name: "Age"},
	{Name: "Containers", Priority: 1}, {Name: "Images", Priority: 1}, {Name: "Selector", Priority: 1}}

func rcRow(obj api.Object, now time.Time) []string {
	rc := obj.(*api.ReplicationController)
	var names, images string
	if rc.Spec.Template != nil {
		names, images = containerCells(rc.Spec.Template.Spec.Containers)
	}
	return []string{rc.Name, itoa(deref32(rc.Spec.Replicas, 1)), itoa(rc.Status.Replicas), itoa(rc.Status.ReadyReplicas),
		Since(rc.CreationTimestamp.Time, now), names, images, FormatLabelSelector(&api.LabelSelector{MatchLabels: rc.Spec.Selector})}
}

var ingressColumns = []Column{{Name: "Name"}, {Name: "Class"}, {Name: "Hosts"}, {Name: "Address"}, {Name: "Ports"}, {Name: "Age"}}

func ingressRow(obj api.Object, now time.Time) []string {
	ing := obj.(*api.Ingress)
	class := "<none>"
	if ing.Spec.IngressClassName != nil {
		class = *ing.Spec.IngressClassName
	}
	var hosts []string
	for _, r := range ing.Spec.Rules {
		if r.Host != "" {
			hosts = append(hosts, r.Host)
		}
	}
	h := "*"
	if len(hosts) > 0 {
		h = strings.Join(hosts, ",")
		if len(hosts) > 3 {
			h = strings.Join(hosts[:3], ",") + " + " + itoa(len(hosts)-3) + " more..."
		}
	}
	var addrs []string
	for _, i := range ing.Status.LoadBalancer.Ingress {
		if i.IP != "" {
			addrs = append(addrs, i.IP)
		} else if i.Hostname != "" {
			addrs = append(addrs, i.Hostname)
		}
	}
	ports := "80"
	if len(ing.Spec.TLS) > 0 {
		ports = "80, 443"
	}
	return []string{ing.Name, class, h, strings.Join(addrs, ","), ports, Since(ing.CreationTimestamp.Time, now)}
}

var ingressClassColumns = []Column{{Name: "Name"}, {Name: "Controller"}, {Name: "Parameters"}, {Name: "Age"}}

func ingressClassRow(obj api.Object, now time.Time) []string {
	ic := obj.(*api.IngressClass)
	params := "<none>"
	if p := ic.Spec.Parameters; p != nil {
		group := "k8s.io"
		if p.APIGroup != nil {
			group = *p.APIGroup
		}
		params = p.Kind + "." + group + "/" + p.Name
	}
	return []string{ic.Name, ic.Spec.Controller, params, Since(ic.CreationTimestamp.Time, now)}
}

var networkPolicyColumns = []Column{{Name: "Name"}, {Name: "Pod-Selector"}, {Name: "Age"}}

func networkPolicyRow(obj api.Object, now time.Time) []string {
	np := obj.(*api.NetworkPolicy)
	return []string{np.Name, FormatLabelSelector(&np.Spec.PodSelector), Since(np.CreationTimestamp.Time, now)}
}

var pdbColumns = []Column{{Name: "Name"}, {Name: "Min Available"}, {Name: "Max Unavailable"}, {Name: "Allowed Disruptions"}, {Name: "Age"}}

func pdbRow(obj api.Object, now time.Time) []string {
	pdb := obj.(*api.PodDisruptionBudget)
	minA, maxU := "N/A", "N/A"
	if pdb.Spec.MinAvailable != nil {
		minA = pdb.Spec.MinAvailable.String()
	}
	if pdb.Spec.MaxUnavailable != nil {
		maxU = pdb.Spec.MaxUnavailable.String()
	}
	return []string{pdb.Name, minA, maxU, itoa(pdb.Status.DisruptionsAllowed), Since(pdb.CreationTimestamp.Time, now)}
}

var hpaColumns = []Column{{Name: "Name"}, {Name: "Reference"}, {Name: "Targets"}, {Name: "MinPods"}, {Name: "MaxPods"}, {Name: "Replicas"}, {Name: "Age"}}

func hpaRow(obj api.Object, now time.Time) []string {
	h := obj.(*api.HorizontalPodAutoscaler)
	ref := h.Spec.ScaleTargetRef.Kind + "/" + h.Spec.ScaleTargetRef.Name
	minPods := "<unset>"
	if h.Spec.MinReplicas != nil {
		minPods = itoa(*h.Spec.MinReplicas)
	}
	return []string{h.Name, ref, HPATargets(h), minPods, itoa(h.Spec.MaxReplicas), itoa(h.Status.CurrentReplicas), Since(h.CreationTimestamp.Time, now)}
}

// HPATargets is formatHPAMetrics without metrics: each target with
// <unknown> current values, as kind prints them (no metrics-server).
func HPATargets(h *api.HorizontalPodAutoscaler) string {
	if len(h.Spec.Metrics) == 0 {
		return "<none>"
	}
	var list []string
	for _, m := range h.Spec.Metrics {
		switch {
		case m.Type == "Resource" && m.Resource != nil:
			t := m.Resource.Target
			switch {
			case t.AverageUtilization != nil:
				list = append(list, string(m.Resource.Name)+": <unknown>/"+itoa(*t.AverageUtilization)+"%")
			case t.AverageValue != nil:
				list = append(list, string(m.Resource.Name)+": <unknown>/"+t.AverageValue.String())
			default:
				list = append(list, string(m.Resource.Name)+": <unknown>/<unset>")
			}
		default:
			list = append(list, "<unknown>/<unset>")
		}
	}
	out := strings.Join(list[:min(2, len(list))], ", ")
	if len(list) > 2 {
		out += " + " + itoa(len(list)-2) + " more..."
	}
	return out
}

var vapColumns = []Column{{Name: "Name"}, {Name: "Validations"}, {Name: "ParamKind"}, {Name: "Age"}}

func vapRow(obj api.Object, now time.Time) []string {
	p := obj.(*api.ValidatingAdmissionPolicy)
	kind := "<unset>"
	if p.Spec.ParamKind != nil {
		kind = p.Spec.ParamKind.APIVersion + "/" + p.Spec.ParamKind.Kind
	}
	return []string{p.Name, itoa(len(p.Spec.Validations)), kind, Since(p.CreationTimestamp.Time, now)}
}

var vapbColumns = []Column{{Name: "Name"}, {Name: "PolicyName"}, {Name: "ParamRef"}, {Name: "Age"}}

func vapbRow(obj api.Object, now time.Time) []string {
	b := obj.(*api.ValidatingAdmissionPolicyBinding)
	ref := "<unset>"
	if r := b.Spec.ParamRef; r != nil {
		if r.Namespace != "" {
			ref = r.Namespace + "/" + r.Name
		} else {
			ref = "*/" + r.Name
		}
	}
	return []string{b.Name, b.Spec.PolicyName, ref, Since(b.CreationTimestamp.Time, now)}
}

var vwcColumns = []Column{{Name: "Name"}, {Name: "Webhooks"}, {Name: "Age"}}

func vwcRow(obj api.Object, now time.Time) []string {
	w := obj.(*api.ValidatingWebhookConfiguration)
	return []string{w.Name, itoa(len(w.Webhooks)), Since(w.CreationTimestamp.Time, now)}
}

var flowSchemaColumns = []Column{{Name: "Name"}, {Name: "PriorityLevel"}, {Name: "MatchingPrecedence"}, {Name: "DistinguisherMethod"},
	{Name: "Age"}, {Name: "MissingPL"}}

func flowSchemaRow(obj api.Object, now time.Time) []string {
	fs := obj.(*api.FlowSchema)
	dm := "<none>"
	if fs.Spec.DistinguisherMethod != nil {
		dm = fs.Spec.DistinguisherMethod.Type
	}
	missing := "?"
	for _, c := range fs.Status.Conditions {
		if c.Type == "Dangling" {
			missing = string(c.Status)
		}
	}
	return []string{fs.Name, fs.Spec.PriorityLevelConfiguration.Name, itoa(fs.Spec.MatchingPrecedence), dm, Since(fs.CreationTimestamp.Time, now), missing}
}

var resourceClaimColumns = []Column{{Name: "Name"}, {Name: "State"}, {Name: "Age"}}

func resourceClaimRow(obj api.Object, now time.Time) []string {
	rc := obj.(*api.DeviceResourceClaim)
	state := "pending"
	if len(rc.Status.ReservedFor) > 0 {
		state = "reserved"
	}
	if rc.DeletionTimestamp != nil {
		state += ",deleted"
	}
	return []string{rc.Name, state, Since(rc.CreationTimestamp.Time, now)}
}

// nameAgeColumns is the table of kinds that print their name and age only
// (DeviceClass, ResourceClaimTemplate).
var nameAgeColumns = []Column{{Name: "Name"}, {Name: "Age"}}

func nameAgeRow(obj api.Object, now time.Time) []string {
	m := obj.GetObjectMeta()
	return []string{m.Name, Since(m.CreationTimestamp.Time, now)}
}

var resourceSliceColumns = []Column{{Name: "Name"}, {Name: "Node"}, {Name: "Driver"}, {Name: "Pool"}, {Name: "Age"}}

func resourceSliceRow(obj api.Object, now time.Time) []string {
	rs := obj.(*api.ResourceSlice)
	node := ""
	if rs.Spec.NodeName != nil {
		node = *rs.Spec.NodeName
	}
	return []string{rs.Name, node, rs.Spec.Driver, rs.Spec.Pool.Name, Since(rs.CreationTimestamp.Time, now)}
}

// componentStatusColumns are printComponentStatus's: the Healthy condition's status, message and error.
var componentStatusColumns = []Column{{Name: "Name"}, {Name: "Status"}, {Name: "Message"}, {Name: "Error"}}

func componentStatusRow(obj api.Object, _ time.Time) []string {
	cs := obj.(*api.ComponentStatus)
	status, message, errText := "Unknown", "", ""
	for _, c := range cs.Conditions {
		if c.Type == "Healthy" {
			status = "Unhealthy"
			if c.Status == api.ConditionTrue {
				status = "Healthy"
			}
			message, errText = c.Message, c.Error
			break
		}
	}
	return []string{cs.Name, status, message, errText}
}
