// Package validation is kube-apiserver's validation stage: the per-kind
// Validate* functions of pkg/apis/*/validation and apimachinery's
// objectmeta/label/name rules, with Kubernetes v1.35 field paths and messages.
//
// The apiserver calls ValidateCreate, ValidateUpdate or ValidateStatusUpdate
// after defaulting and admission; a non-empty ErrorList becomes a 422 Invalid
// (api.NewInvalid), which kubectl prints as `The Deployment "x" is invalid: ...`.
package validation
