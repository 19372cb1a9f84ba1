// Package podautoscaler plays kube-controller-manager's
// horizontal-pod-autoscaler controller as it behaves in a kind cluster,
// which runs no metrics-server: every 15 s it reads the target's scale,
// enforces minReplicas and maxReplicas, and reports that the resource
// metrics API is missing (FailedGetResourceMetric), as kind does.
package podautoscaler

import (
	"fmt"
	"time"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name; its events' source is
// horizontal-pod-autoscaler.
const Name = "horizontal-pod-autoscaler-controller"

// SyncPeriod is --horizontal-pod-autoscaler-sync-period.
const SyncPeriod = 15 * time.Second

// metricsAPIError is what the resource metrics client answers without
// metrics-server.
const metricsAPIError = "unable to fetch metrics from resource metrics API: the server could not find the requested resource (get pods.metrics.k8s.io)"

// Controller is the HPA controller.
type Controller struct {
	*ctrlutil.Loop
	c      *client.Client
	rec    *client.Recorder
	hpaInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{c: ctx.ClientFor(Name), hpaInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("horizontalpodautoscalers", ""))}
	c.rec = client.NewRecorder(c.c, "horizontal-pod-autoscaler", "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	c.hpaInf.AddEventHandler(client.Handler{OnAdd: c.EnqueueObject})
	return c
}

var scaleResources = map[string]string{"Deployment": "deployments", "ReplicaSet": "replicasets", "StatefulSet": "statefulsets",
	"ReplicationController": "replicationcontrollers"}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	hpa, ok := ctrlutil.Get[*api.HorizontalPodAutoscaler](c.hpaInf, ns, name)
	if !ok || hpa.DeletionTimestamp != nil {
		return nil
	}
	defer c.EnqueueAfter(key, SyncPeriod)
	now := c.Sim().Now()
	next := api.DeepCopyAs(hpa)
	gen := hpa.Generation
	next.Status.ObservedGeneration = &gen
	ref := hpa.Spec.ScaleTargetRef
	resource, known := scaleResources[ref.Kind]
	var target api.Object
	var err error
	if known {
		target, err = c.c.Resource(resource).Namespace(ns).Get(ref.Name)
	}
	if !known || err != nil {
		msg := fmt.Sprintf("the HPA controller was unable to get the target's current scale: %s", scaleError(ref, resource, known, err))
		c.rec.Eventf(hpa, api.EventTypeWarning, "FailedGetScale", "%s", scaleError(ref, resource, known, err))
		setCondition(next, "AbleToScale", api.ConditionFalse, "FailedGetScale", msg, now)
		return c.write(hpa, next)
	}
	current := replicasOf(target)
	setCondition(next, "AbleToScale", api.ConditionTrue, "SucceededGetScale", "the HPA controller was able to get the target's current scale", now)
	next.Status.CurrentReplicas = current
	minR := ctrlutil.Int32(hpa.Spec.MinReplicas, 1)
	desired, reason := int32(-1), ""
	switch {
	case current == 0 && minR != 0:
		setCondition(next, "ScalingActive", api.ConditionFalse, "ScalingDisabled", "scaling is disabled since the replica count of the target is zero", now)
	case current > hpa.Spec.MaxReplicas:
		desired, reason = hpa.Spec.MaxReplicas, "Current number of replicas above Spec.MaxReplicas"
	case current < minR:
		desired, reason = minR, "Current number of replicas below Spec.MinReplicas"
	default:
		first, invalid := "", 0
		for _, m := range hpa.Spec.Metrics {
			reason, msg, full := metricError(m)
			c.rec.Eventf(hpa, api.EventTypeWarning, reason, "%s", msg)
			if invalid == 0 {
				first = full
				setCondition(next, "ScalingActive", api.ConditionFalse, reason, "the HPA was unable to compute the replica count: "+msg, now)
			}
			invalid++
		}
		if invalid > 0 {
			c.rec.Eventf(hpa, api.EventTypeWarning, "FailedComputeMetricsReplicas", "invalid metrics (%d invalid out of %d), first error is: %s", invalid, len(hpa.Spec.Metrics), first)
		}
	}
	if desired >= 0 {
		next.Status.DesiredReplicas = desired
		if desired != current {
			body := []byte(fmt.Sprintf(`{"spec":{"replicas":%d}}`, desired))
			if _, err := c.c.Resource(resource).Namespace(ns).Patch(ref.Name, client.MergePatchType, body, "scale"); err != nil {
				if _, err2 := c.c.Resource(resource).Namespace(ns).Patch(ref.Name, client.MergePatchType, body); err2 != nil {
					c.rec.Eventf(hpa, api.EventTypeWarning, "FailedRescale", "New size: %d; reason: %s; error: %v", desired, reason, err2)
					return c.write(hpa, next)
				}
			}
			c.rec.Eventf(hpa, api.EventTypeNormal, "SuccessfulRescale", "New size: %d; reason: %s", desired, reason)
			next.Status.LastScaleTime = api.NewTimePtr(now)
			next.Status.CurrentReplicas = current
		}
	}
	return c.write(hpa, next)
}

func scaleError(ref api.CrossVersionObjectReference, resource string, known bool, err error) string {
	if !known {
		return fmt.Sprintf("no matches for kind %q in group %q", ref.Kind, groupOf(ref.APIVersion))
	}
	if api.IsNotFound(err) {
		group := groupOf(ref.APIVersion)
		if group != "" {
			group = "." + group
		}
		return fmt.Sprintf("%s/scale%s %q not found", resource, group, ref.Name)
	}
	return err.Error()
}

func groupOf(apiVersion string) string {
	g, _ := api.ParseAPIVersion(apiVersion)
	return g
}

// metricError is the error each metric kind gets without a metrics API:
// the event reason, the event message and the FailedComputeMetricsReplicas
// form.
func metricError(m api.MetricSpec) (reason, msg, full string) {
	switch {
	case m.Type == "Resource" && m.Resource != nil:
		verb := "utilization"
		if m.Resource.Target.Type != "Utilization" {
			verb = "usage"
		}
		msg = fmt.Sprintf("failed to get %s %s: unable to get metrics for resource %s: %s", m.Resource.Name, verb, m.Resource.Name, metricsAPIError)
		return "FailedGetResourceMetric", msg, fmt.Sprintf("failed to get %s resource metric value: %s", m.Resource.Name, msg)
	case m.Type == "ContainerResource" && m.ContainerResource != nil:
		r := m.ContainerResource
		msg = fmt.Sprintf("failed to get %s utilization: unable to get metrics for resource %s: %s", r.Name, r.Name, metricsAPIError)
		return "FailedGetContainerResourceMetric", msg, fmt.Sprintf("failed to get %s container metric value: %s", r.Name, msg)
	}
	name := ""
	switch {
	case m.Pods != nil:
		name = m.Pods.Metric.Name
	case m.Object != nil:
		name = m.Object.Metric.Name
	case m.External != nil:
		name = m.External.Metric.Name
	}
	api := "custom"
	if m.External != nil {
		api = "external"
	}
	msg = fmt.Sprintf("unable to get metric %s: unable to fetch metrics from %s metrics API: no %s metrics API (%s.metrics.k8s.io) registered", name, api, api, api)
	return "FailedGet" + m.Type + "Metric", msg, fmt.Sprintf("failed to get %s metric value: %s", m.Type, msg)
}

func replicasOf(o api.Object) int32 {
	switch t := o.(type) {
	case *api.Deployment:
		return ctrlutil.Int32(t.Spec.Replicas, 1)
	case *api.ReplicaSet:
		return ctrlutil.Int32(t.Spec.Replicas, 1)
	case *api.StatefulSet:
		return ctrlutil.Int32(t.Spec.Replicas, 1)
	case *api.ReplicationController:
		return ctrlutil.Int32(t.Spec.Replicas, 1)
	}
	return 0
}

func setCondition(h *api.HorizontalPodAutoscaler, typ string, status api.ConditionStatus, reason, msg string, now time.Time) {
	c := api.HorizontalPodAutoscalerCondition{Type: typ, Status: status, Reason: reason, Message: msg, LastTransitionTime: api.NewTime(now)}
	for i, old := range h.Status.Conditions {
		if old.Type == typ {
			if old.Status == status {
				c.LastTransitionTime = old.LastTransitionTime
			}
			h.Status.Conditions[i] = c
			return
		}
	}
	h.Status.Conditions = append(h.Status.Conditions, c)
}

func (c *Controller) write(old, next *api.HorizontalPodAutoscaler) error {
	if fmt.Sprint(old.Status) == fmt.Sprint(next.Status) {
		return nil
	}
	_, err := c.c.Resource("horizontalpodautoscalers").Namespace(next.Namespace).UpdateStatus(next)
	return err
}
