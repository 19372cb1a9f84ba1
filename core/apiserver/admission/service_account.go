package admission

import (
	"fmt"
	"strings"

	"kubeplay/core/api"
)

// ServiceAccountPluginName is the plugin's name.
const ServiceAccountPluginName = "ServiceAccount"

// DefaultServiceAccountName is the account a pod runs as unless it names one.
const DefaultServiceAccountName = "default"

// ServiceAccountTokenMountPath is where the projected token is mounted.
const ServiceAccountTokenMountPath = "/var/run/secrets/kubernetes.io/serviceaccount"

// ServiceAccount sets spec.serviceAccountName, refuses pods whose account
// does not exist, and mounts the kube-api-access-xxxxx projected volume.
type ServiceAccount struct{}

// Name implements Plugin.
func (*ServiceAccount) Name() string { return ServiceAccountPluginName }

// mirrorPodAnnotation marks static pods, which the plugin skips.
const mirrorPodAnnotation = "kubernetes.io/config.mirror"

const nameChars = "bcdfghjklmnpqrstvwxz2456789"

// Admit implements Mutator.
func (*ServiceAccount) Admit(a *Attributes, h Host) (bool, error) {
	pod, ok := isPodCreate(a)
	if !ok {
		return false, nil
	}
	if _, mirror := pod.Annotations[mirrorPodAnnotation]; mirror {
		return false, nil
	}
	if pod.Spec.ServiceAccountName == "" {
		pod.Spec.ServiceAccountName = DefaultServiceAccountName
	}
	obj, err := h.Get("serviceaccounts", a.Namespace, pod.Spec.ServiceAccountName)
	if err != nil {
		nf := api.NewNotFound(api.GroupResource{Resource: "serviceaccount"}, pod.Spec.ServiceAccountName)
		return true, NewForbidden(a, fmt.Errorf("error looking up service account %s/%s: %s", a.Namespace, pod.Spec.ServiceAccountName, nf.Error()))
	}
	sa, _ := obj.(*api.ServiceAccount)
	if automount(sa, pod) {
		mountToken(pod, h)
	}
	return true, nil
}

func automount(sa *api.ServiceAccount, pod *api.Pod) bool {
	if pod.Spec.AutomountServiceAccountToken != nil {
		return *pod.Spec.AutomountServiceAccountToken
	}
	if sa != nil && sa.AutomountServiceAccountToken != nil {
		return *sa.AutomountServiceAccountToken
	}
	return true
}

// mountToken adds the projected kube-api-access volume (token, kube-root-ca.crt,
// namespace) and mounts it read-only into every container.
func mountToken(pod *api.Pod, h Host) {
	volName := ""
	for _, v := range pod.Spec.Volumes {
		if strings.HasPrefix(v.Name, "kube-api-access-") {
			volName = v.Name
		}
	}
	if volName == "" {
		b := make([]byte, 5)
		for i := range b {
			b[i] = nameChars[h.Rand().IntN(len(nameChars))]
		}
		volName = "kube-api-access-" + string(b)
		mode := int32(0644)
		exp := int64(3607)
		pod.Spec.Volumes = append(pod.Spec.Volumes, api.Volume{
			Name: volName,
			VolumeSource: api.VolumeSource{Projected: &api.ProjectedVolumeSource{
				DefaultMode: &mode,
				Sources: []api.VolumeProjection{
					{ServiceAccountToken: &api.ServiceAccountTokenProjection{ExpirationSeconds: &exp, Path: "token"}},
					{ConfigMap: &api.ConfigMapProjection{LocalObjectReference: api.LocalObjectReference{Name: "kube-root-ca.crt"},
						Items: []api.KeyToPath{{Key: "ca.crt", Path: "ca.crt"}}}},
					{DownwardAPI: &api.DownwardAPIProjection{Items: []api.DownwardAPIVolumeFile{{
						Path: "namespace", FieldRef: &api.ObjectFieldSelector{APIVersion: "v1", FieldPath: "metadata.namespace"}}}}},
				},
			}},
		})
	}
	mount := func(c *api.Container) {
		for _, m := range c.VolumeMounts {
			if m.MountPath == ServiceAccountTokenMountPath {
				return
			}
		}
		c.VolumeMounts = append(c.VolumeMounts, api.VolumeMount{Name: volName, ReadOnly: true, MountPath: ServiceAccountTokenMountPath})
	}
	for i := range pod.Spec.InitContainers {
		mount(&pod.Spec.InitContainers[i])
	}
	for i := range pod.Spec.Containers {
		mount(&pod.Spec.Containers[i])
	}
}
