package apiserver

import (
	"kubeplay/core/apiserver/defaults"
	"kubeplay/core/apiserver/validation"
)

// The policy stages: SetDefaults_* (package defaults), the registry
// strategies' validation (package validation) and the admission plugins
// kube-apiserver enables by default (package admission).

func defaultHooks() Hooks {
	return Hooks{
		Default:              defaults.Default,
		ValidateCreate:       validation.ValidateCreate,
		ValidateUpdate:       validation.ValidateUpdate,
		ValidateStatusUpdate: validation.ValidateStatusUpdate,
	}
}
