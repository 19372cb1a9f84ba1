// Package labels plays k8s.io/apimachinery's pkg/labels and pkg/fields: label selector parsing
// (`app=web`, `tier in (a,b)`, `!canary`), matching, metav1.LabelSelector conversion, and field
// selectors (`status.phase=Running,spec.nodeName!=x`), with the error texts kubectl shows.
package labels
