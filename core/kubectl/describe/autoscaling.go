package describe

import (
	"fmt"
	"time"

	"kubeplay/core/api"
)

// describeHPA is kubectl describe hpa (describeHorizontalPodAutoscalerV2):
// each metric as "( current / target )", the replica bounds, the scaling
// behaviour when set, the target's pods and the conditions.
func describeHPA(hpa *api.HorizontalPodAutoscaler, events []*api.Event, now time.Time) string {
	return tabbedString(func(w prefixWriter) {
		w.Write(level0, "Name:\t%s\n", hpa.Name)
		w.Write(level0, "Namespace:\t%s\n", hpa.Namespace)
		printLabelsMultiline(w, "Labels", hpa.Labels)
		printAnnotationsMultiline(w, "Annotations", hpa.Annotations)
		w.Write(level0, "CreationTimestamp:\t%s\n", rfc1123z(hpa.CreationTimestamp.Time))
		ref := hpa.Spec.ScaleTargetRef
		w.Write(level0, "Reference:\t%s/%s\n", ref.Kind, ref.Name)
		w.Write(level0, "Metrics:\t( current / target )\n")
		for i, m := range hpa.Spec.Metrics {
			describeMetric(w, m, currentMetric(hpa, i))
		}
		minReplicas := "<unset>"
		if hpa.Spec.MinReplicas != nil {
			minReplicas = fmt.Sprintf("%d", *hpa.Spec.MinReplicas)
		}
		w.Write(level0, "Min replicas:\t%s\n", minReplicas)
		w.Write(level0, "Max replicas:\t%d\n", hpa.Spec.MaxReplicas)
		if b := hpa.Spec.Behavior; b != nil {
			w.Write(level0, "Behavior:\n")
			describeScalingRules(w, "Scale Up", b.ScaleUp)
			describeScalingRules(w, "Scale Down", b.ScaleDown)
		}
		w.Write(level0, "%s pods:\t%d current / %d desired\n", ref.Kind, hpa.Status.CurrentReplicas, hpa.Status.DesiredReplicas)
		if len(hpa.Status.Conditions) > 0 {
			w.Write(level0, "Conditions:\n")
			w.Write(level1, "Type\tStatus\tReason\tMessage\n")
			w.Write(level1, "----\t------\t------\t-------\n")
			for _, c := range hpa.Status.Conditions {
				w.Write(level1, "%v\t%v\t%v\t%v\n", c.Type, c.Status, c.Reason, c.Message)
			}
		}
		describeEvents(w, events, now)
	})
}

// currentMetric is the status's reading of the i-th metric (a resource
// metric is all the controller reports here), or nil.
func currentMetric(hpa *api.HorizontalPodAutoscaler, i int) *api.MetricValueStatus {
	if i < len(hpa.Status.CurrentMetrics) && hpa.Status.CurrentMetrics[i].Resource != nil {
		return &hpa.Status.CurrentMetrics[i].Resource.Current
	}
	return nil
}

func quantityOr(q *api.Quantity, none string) string {
	if q == nil {
		return none
	}
	return q.String()
}

func describeMetric(w prefixWriter, m api.MetricSpec, cur *api.MetricValueStatus) {
	current := "<unknown>"
	switch {
	case m.Resource != nil && m.Type == "Resource", m.ContainerResource != nil && m.Type == "ContainerResource":
		var name, of string
		var target api.MetricTarget
		if m.Resource != nil {
			name, target = string(m.Resource.Name), m.Resource.Target
		} else {
			name, target = string(m.ContainerResource.Name), m.ContainerResource.Target
			of = fmt.Sprintf(" of container \"%s\"", m.ContainerResource.Container)
		}
		if target.AverageValue != nil {
			if cur != nil {
				current = quantityOr(cur.AverageValue, current)
			}
			w.Write(level1, "resource %s%s on pods:\t%s / %s\n", name, of, current, target.AverageValue.String())
			return
		}
		if cur != nil && cur.AverageUtilization != nil {
			current = fmt.Sprintf("%d%% (%s)", *cur.AverageUtilization, quantityOr(cur.AverageValue, "0"))
		}
		goal := "<auto>"
		if target.AverageUtilization != nil {
			goal = fmt.Sprintf("%d%%", *target.AverageUtilization)
		}
		w.Write(level1, "resource %s%s on pods  (as a percentage of request):\t%s / %s\n", name, of, current, goal)
	case m.Pods != nil && m.Type == "Pods":
		w.Write(level1, "%q on pods:\t%s / %s\n", m.Pods.Metric.Name, current, quantityOr(m.Pods.Target.AverageValue, "<unset>"))
	case m.Object != nil && m.Type == "Object":
		obj := m.Object.DescribedObject
		if m.Object.Target.AverageValue != nil {
			w.Write(level1, "%q on %s/%s (target average value):\t%s / %s\n", m.Object.Metric.Name, obj.Kind, obj.Name, current, m.Object.Target.AverageValue.String())
		} else {
			w.Write(level1, "%q on %s/%s (target value):\t%s / %s\n", m.Object.Metric.Name, obj.Kind, obj.Name, current, quantityOr(m.Object.Target.Value, "<unset>"))
		}
	case m.External != nil && m.Type == "External":
		if m.External.Target.AverageValue != nil {
			w.Write(level1, "%q (target average value):\t%s / %s\n", m.External.Metric.Name, current, m.External.Target.AverageValue.String())
		} else {
			w.Write(level1, "%q (target value):\t%s / %s\n", m.External.Metric.Name, current, quantityOr(m.External.Target.Value, "<unset>"))
		}
	default:
		w.Write(level1, "<unknown metric type %q>\n", m.Type)
	}
}

func describeScalingRules(w prefixWriter, direction string, r *api.HPAScalingRules) {
	if r == nil {
		return
	}
	w.Write(level1, "%s:\n", direction)
	if r.StabilizationWindowSeconds != nil {
		w.Write(level2, "Stabilization Window: %d seconds\n", *r.StabilizationWindowSeconds)
	}
	if len(r.Policies) > 0 {
		policy := "Max"
		if r.SelectPolicy != nil {
			policy = *r.SelectPolicy
		}
		w.Write(level2, "Select Policy: %s\n", policy)
		w.Write(level2, "Policies:\n")
		for _, p := range r.Policies {
			w.Write(level3, "- Type: %s\tValue: %d\tPeriod: %d seconds\n", p.Type, p.Value, p.PeriodSeconds)
		}
	}
}
