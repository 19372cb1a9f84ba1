// Package resourceclaim is kube-controller-manager's resourceclaim
// controller (pkg/controller/resourceclaim): for each entry of a Pod's
// spec.resourceClaims that names a ResourceClaimTemplate it creates a
// ResourceClaim from the template, owned by the Pod, and records its name in
// the Pod's status.resourceClaimStatuses. The scheduler waits for that
// record before it considers the Pod.
package resourceclaim

import (
	"encoding/json"
	"fmt"

	"kubeplay/core/api"
	"kubeplay/core/client"
	"kubeplay/core/controller/ctrlutil"
)

// Name is the controller's name.
const Name = "resourceclaim-controller"

// Facts of v1.35's controller.
const (
	// PodClaimNameAnnotation ties a generated claim to the pod's claim entry.
	PodClaimNameAnnotation = "resource.kubernetes.io/pod-claim-name"
	// EventSource is the component of the events it records.
	EventSource = "resource_claim"
	// FailedCreationReason is the Warning event's reason when a claim
	// cannot be created.
	FailedCreationReason = "FailedResourceClaimCreation"
	// maxBaseLen leaves room for the apiserver's five random characters
	// in a 63-character name.
	maxBaseLen = 57
)

// Controller creates the ResourceClaims of pods' claim templates.
type Controller struct {
	*ctrlutil.Loop
	c                          *client.Client
	rec                        *client.Recorder
	podInf, claimInf, tmplsInf *client.Informer
}

// New builds the controller on the manager's shared informers.
func New(ctx *ctrlutil.Context) *Controller {
	c := &Controller{
		c:        ctx.ClientFor(Name),
		podInf:   ctx.Informers.Informer("pods", ""),
		claimInf: ctrlutil.NamespaceIndexed(ctx.Informers.Informer("resourceclaims", "")),
		tmplsInf: ctx.Informers.Informer("resourceclaimtemplates", ""),
	}
	c.rec = client.NewRecorder(c.c, EventSource, "")
	c.Loop = ctrlutil.NewLoop(ctx.Sim, Name, c.sync)
	pod := func(o api.Object) {
		if p, ok := o.(*api.Pod); ok && len(p.Spec.ResourceClaims) > 0 {
			c.EnqueueObject(p)
		}
	}
	c.podInf.AddEventHandler(client.Handler{OnAdd: pod, OnUpdate: func(_, o api.Object) { pod(o) }})
	return c
}

func (c *Controller) sync(key string) error {
	ns, name := client.SplitKey(key)
	pod, ok := ctrlutil.Get[*api.Pod](c.podInf, ns, name)
	if !ok || pod.DeletionTimestamp != nil {
		return nil
	}
	created := map[string]string{}
	var order []string
	for _, pc := range pod.Spec.ResourceClaims {
		claim, err := c.handleClaim(pod, pc)
		if err != nil {
			c.rec.Eventf(pod, api.EventTypeWarning, FailedCreationReason, "PodResourceClaim %s: %v", pc.Name, err)
			return fmt.Errorf("pod %s/%s, PodResourceClaim %s: %v", ns, name, pc.Name, err)
		}
		if claim != "" {
			created[pc.Name] = claim
			order = append(order, pc.Name)
		}
	}
	if len(order) == 0 {
		return nil
	}
	statuses := make([]api.PodResourceClaimStatus, 0, len(order))
	for _, n := range order {
		statuses = append(statuses, api.PodResourceClaimStatus{Name: n, ResourceClaimName: ctrlutil.Ptr(created[n])})
	}
	body, _ := json.Marshal(map[string]any{"status": map[string]any{"resourceClaimStatuses": statuses}})
	c.Trace("patch", "pods", ns, name, "recording the ResourceClaims of pod %s/%s in its status", ns, name)
	if _, err := c.c.Resource("pods").Namespace(ns).Patch(name, client.StrategicMergePatchType, body, "status"); err != nil {
		return fmt.Errorf("update pod %s/%s ResourceClaimStatuses: %v", ns, name, err)
	}
	return nil
}

// handleClaim returns the name of the claim it created (or found orphaned)
// for one template entry of the pod; "" when there is nothing to record.
func (c *Controller) handleClaim(pod *api.Pod, pc api.PodResourceClaim) (string, error) {
	if pc.ResourceClaimTemplateName == nil {
		return "", nil
	}
	for _, st := range pod.Status.ResourceClaimStatuses {
		if st.Name != pc.Name || st.ResourceClaimName == nil {
			continue
		}
		// Recorded already; re-created only if it was deleted meanwhile.
		if claim, ok := ctrlutil.Get[*api.DeviceResourceClaim](c.claimInf, pod.Namespace, *st.ResourceClaimName); ok && ctrlutil.IsControlledBy(claim, pod) {
			return "", nil
		}
	}
	if claim := c.findPodClaim(pod, pc); claim != nil {
		return claim.Name, nil
	}
	tmplName := *pc.ResourceClaimTemplateName
	tmpl, ok := ctrlutil.Get[*api.ResourceClaimTemplate](c.tmplsInf, pod.Namespace, tmplName)
	if !ok {
		nf := api.NewNotFound(api.GroupResource{Group: "resource.k8s.io", Resource: "resourceclaimtemplate"}, tmplName)
		return "", fmt.Errorf("resource claim template %q: %v", tmplName, nf)
	}
	annotations := map[string]string{}
	for k, v := range tmpl.Spec.Annotations {
		annotations[k] = v
	}
	annotations[PodClaimNameAnnotation] = pc.Name
	claim := &api.DeviceResourceClaim{
		ObjectMeta: api.ObjectMeta{
			Namespace:       pod.Namespace,
			GenerateName:    GenerateName(pod.Name, pc.Name),
			OwnerReferences: []api.OwnerReference{ctrlutil.NewControllerRef(pod)},
			Annotations:     annotations,
			Labels:          tmpl.Spec.Labels,
		},
		Spec: api.DeepCopyAs(tmpl).Spec.Spec,
	}
	c.Trace("create", "resourceclaims", pod.Namespace, claim.GenerateName, "creating a ResourceClaim for claim %s of pod %s/%s from template %s", pc.Name, pod.Namespace, pod.Name, tmplName)
	obj, err := c.c.Resource("resourceclaims").Namespace(pod.Namespace).Create(claim)
	if err != nil {
		return "", fmt.Errorf("create ResourceClaim %s: %v", claim.Name, err)
	}
	return obj.GetObjectMeta().Name, nil
}

// findPodClaim returns a claim the pod owns that was generated for pc (one
// created before a failed status update).
func (c *Controller) findPodClaim(pod *api.Pod, pc api.PodResourceClaim) *api.DeviceResourceClaim {
	for _, claim := range ctrlutil.ListIn[*api.DeviceResourceClaim](c.claimInf, pod.Namespace) {
		if ctrlutil.IsControlledBy(claim, pod) && claim.Annotations[PodClaimNameAnnotation] == pc.Name {
			return claim
		}
	}
	return nil
}

// GenerateName is the generateName of the claim for pod claim entry claim:
// "<pod>-<claim>-", or both names cut in proportion to their lengths (with
// no trailing hyphen) when that is longer than 57 characters.
func GenerateName(pod, claim string) string {
	n := pod + "-" + claim + "-"
	if len(n) <= maxBaseLen {
		return n
	}
	return pod[:len(pod)*maxBaseLen/len(n)] + "-" + claim[:len(claim)*maxBaseLen/len(n)]
}
