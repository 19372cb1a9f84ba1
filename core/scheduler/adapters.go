package scheduler

import (
	"encoding/json"

	"kubeplay/core/api"
	"kubeplay/core/client"
)

// apiClient adapts the client to framework.APIClient.
type apiClient struct{ c *client.Client }

func (a apiClient) Bind(namespace, name string, b *api.Binding) error {
	return a.c.Bind(namespace, name, b)
}

func (a apiClient) DeletePod(namespace, name string) error {
	_, err := a.c.Resource("pods").Namespace(namespace).Delete(name, client.DeleteOptions{})
	return err
}

func (a apiClient) SetDisruptionTarget(pod *api.Pod, reason, message string) error {
	cond := map[string]any{"type": string(api.DisruptionTarget), "status": string(api.ConditionTrue),
		"reason": reason, "message": message, "lastTransitionTime": api.NewTime(a.c.Sim().Now())}
	return patchStatus(a.c, pod, map[string]any{"conditions": []any{cond}})
}

// patchStatus sends a strategic merge patch to pods/status (conditions merge
// on their type), as kube-scheduler's util.PatchPodStatus does.
func patchStatus(c *client.Client, pod *api.Pod, status map[string]any) error {
	data, err := json.Marshal(map[string]any{"status": status})
	if err != nil {
		return err
	}
	_, err = c.Resource("pods").Namespace(pod.Namespace).Patch(pod.Name, client.StrategicMergePatchType, data, "status")
	return err
}

// recorder adapts client.EventsRecorder to framework.EventRecorder.
type recorder struct{ r *client.EventsRecorder }

func (r recorder) Eventf(regarding, related api.Object, eventType, reason, action, note string) {
	r.r.Eventf(regarding, related, eventType, reason, action, note)
}
