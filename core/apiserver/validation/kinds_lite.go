//go:build lite

package validation

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/lite"
)

// validateRareKinds stops, in the lite build, the creation of a kind a first
// session never creates (kinds_full.go): the page loads the full build and
// runs the line again there (core/lite).
func validateRareKinds(obj api.Object, _ func(bool) field.ErrorList, _ *field.Path) (field.ErrorList, bool) {
	switch obj.(type) {
	case *api.ReplicationController, *api.IngressClass, *api.CustomResourceDefinition,
		*api.ValidatingAdmissionPolicy, *api.ValidatingAdmissionPolicyBinding,
		*api.ValidatingWebhookConfiguration, *api.FlowSchema, *api.DeviceResourceClaim,
		*api.ResourceClaimTemplate, *api.DeviceClass, *api.ResourceSlice:
		lite.Need(api.KindFor(obj).Kind)
	}
	return nil, false
}
