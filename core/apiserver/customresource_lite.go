//go:build lite

package apiserver

import (
	"kubeplay/core/api"
	"kubeplay/core/api/field"
	"kubeplay/core/lite"
)

// validateCustom stops, in the lite build, a write of a custom resource: the
// lite build creates no CustomResourceDefinition, and the page runs the line
// again in the full build (core/lite).
func validateCustom(*resource, api.Object, api.Object, string) field.ErrorList {
	lite.Need("custom resources")
	return nil
}
