package describe

import (
	"bytes"

	"kubeplay/core/api"
)

// PodTemplate renders the "Pod Template:" block as kubectl rollout history
// --revision=N prints it: DescribePodTemplate written straight into a
// buffer through a PrefixWriter, without describe's tabwriter, so the
// label/value separators stay tab characters.
func PodTemplate(t *api.PodTemplateSpec) string {
	var buf bytes.Buffer
	describePodTemplate(prefixWriter{&buf}, t)
	return buf.String()
}
