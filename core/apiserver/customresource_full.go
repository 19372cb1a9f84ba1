//go:build !lite

package apiserver

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/apiserver/validation"
)

// validateCustom validates a custom resource written to r: old is nil on create; sub is "" or
// "status". The page's lite build leaves the schema validation out (customresource_lite.go,
// core/lite).
func validateCustom(r *resource, obj, old api.Object, sub string) field.ErrorList {
	co := obj.(*api.CustomObject)
	if sub == "status" {
		return validation.ValidateCustomResourceStatus(co, old.(*api.CustomObject), r.custom.schema)
	}
	var prev *api.CustomObject
	if old != nil {
		prev = old.(*api.CustomObject)
	}
	return validation.ValidateCustomResource(co, prev, r.info.GroupVersionKind(), r.info.Namespaced, r.custom.schema)
}
