package apiserver

import "kubeplay/core/api"

// Labels the Job strategy puts on a Job's pod template (v1.35 keeps the legacy
// unprefixed ones too).
const (
	jobControllerUIDLabel       = "batch.kubernetes.io/controller-uid"
	jobNameLabel                = "batch.kubernetes.io/job-name"
	legacyJobControllerUIDLabel = "controller-uid"
	legacyJobNameLabel          = "job-name"
)

// generateJobSelector is the Job strategy's selector generation: unless
// spec.manualSelector is true, the pod template is labelled with the Job's
// uid and name and spec.selector matches the uid, so a Job never adopts pods
// that are not its own. A Job without labels takes its template's labels.
func generateJobSelector(job *api.Job) {
	if job.Spec.ManualSelector != nil && *job.Spec.ManualSelector {
		return
	}
	uid, name := job.UID, job.Name
	labels := map[string]string{}
	for k, v := range job.Spec.Template.Labels {
		labels[k] = v
	}
	labels[jobControllerUIDLabel] = uid
	labels[jobNameLabel] = name
	labels[legacyJobControllerUIDLabel] = uid
	labels[legacyJobNameLabel] = name
	job.Spec.Template.Labels = labels
	job.Spec.Selector = &api.LabelSelector{MatchLabels: map[string]string{jobControllerUIDLabel: uid}}
	if len(job.Labels) == 0 {
		job.Labels = map[string]string{}
		for k, v := range labels {
			job.Labels[k] = v
		}
	}
}
