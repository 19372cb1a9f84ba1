package kubectl

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"

	"kubeplay/core/api"
)

// jobFromCronJob is kubectl create job NAME --from=cronjob/X
// (createJobFromCronJob): the CronJob's job template, annotated
// cronjob.kubernetes.io/instantiate=manual and owned by the CronJob.
func jobFromCronJob(inv *invocation, name, from string) (map[string]any, error) {
	typ, cjName, _ := strings.Cut(from, "/")
	info, err := inv.resolve(typ)
	if err != nil {
		return nil, err
	}
	if cjName == "" {
		return nil, fmt.Errorf("from must be an existing cronjob")
	}
	obj, err := inv.get(info, inv.ns, cjName)
	if err != nil {
		return nil, err
	}
	cj, ok := obj.(*api.CronJob)
	if !ok {
		return nil, fmt.Errorf("from must be an existing cronjob: %v", info.Kind)
	}
	annotations := map[string]string{"cronjob.kubernetes.io/instantiate": "manual"}
	maps.Copy(annotations, cj.Spec.JobTemplate.Annotations)
	t := true
	job := &api.Job{
		TypeMeta: api.TypeMeta{APIVersion: "batch/v1", Kind: "Job"},
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: cj.Namespace, Annotations: annotations, Labels: cj.Spec.JobTemplate.Labels,
			OwnerReferences: []api.OwnerReference{{APIVersion: "batch/v1", Kind: "CronJob", Name: cj.Name, UID: cj.UID, Controller: &t}}},
		Spec: cj.Spec.JobTemplate.Spec,
	}
	data, err := json.Marshal(job)
	if err != nil {
		return nil, err
	}
	var out map[string]any
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, err
	}
	return out, nil
}
